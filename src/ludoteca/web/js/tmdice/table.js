// The Dice Game's table: the map and tracks, your tray and hand, the other seats, milestones
// and awards, the score, the log, and the current decision.
//
// Every choice comes from the view's prompt and is sent as its canonical text: `place`
// options become highlighted map areas; dice options (keep, pay, gift) clickable dice, also
// in your tray; card options (play, discard, use, corporation, bonus) clickable cards, also in
// your hand and among your cards in play; colours and turned faces dice-like buttons; every
// other option a labelled button. The turn panel lists every option, so none is out of reach.

import { ZoomBox } from '../panzoom.js';
import { h, replace } from '../svg.js';
import { render, t } from '../i18n.js';
import { seatColour } from '../carcassonne/board.js';
import { mapView, tracksView } from './board.js';
import { goalsPanel, logPanel, playerName, scoringPanel, seatView } from './panels.js';
import { cardView, colourDie, colourName, die, say, wildToken } from './pieces.js';
import { markHandOff, sendAction, useStylesheet } from '../tables.js';
import { resultTitle } from '../result.js';

const STYLESHEET = '/static/css/tmdice.css';
const CARD_VERBS = ['play', 'discard', 'use', 'corporation', 'bonus'];
const IN_VIEW = ['play', 'discard', 'use']; // card options whose card is also on your side of the table
const DICE_VERBS = ['keep', 'pay', 'gift'];
// the decision kinds the step line names (tm_dice.table.step.<kind>)
const STEPS = ['corporation', 'gift', 'turn', 'support', 'main', 'end', 'keep', 'discard', 'pay', 'place', 'colour',
  'bonus', 'turn-die', 'order', 'terminal', 'roll', 'draw', 'deal', 'stack', 'award', 'milestone'];
// buttons with a second line (tm_dice.table.detail.<verb>)
const DETAILS = ['production', 'actions', 'turn-die', 'draw-cards', 'support', 'skip', 'pass'];

/** The short badge of a card or die choice ("Play", "Jogar"). */
function verbLabel(verb) {
  return t(`tm_dice.table.verb.${verb}`);
}

/** The names of the players (for `core.seat` in messages). */
function names(view) {
  return view.players.map((p) => p.name);
}

function verbOf(option) {
  return (option.payload && option.payload.verb) || option.text.split(' ')[0];
}

export class TMDiceTable {
  /** ctx: {components, act(text), undo(), held: [seats], hotseat, gameId}. */
  constructor(root, ctx) {
    useStylesheet(STYLESHEET);
    this.ctx = ctx;
    this.components = ctx.components;
    this.view = null;
    this.busy = false;
    this.boardBox = h('section', { class: 'tmd-board' });
    this.mapBox = h('div', { class: 'tmd-map-zoom' }); // kept: its zoom outlives the redraws
    this.mineBox = h('div', { class: 'tmd-mine' });
    this.turnPanel = h('section', { class: 'panel turn-panel', 'aria-live': 'polite' });
    this.sidePanels = h('div', { class: 'side-panels' });
    root.classList.add('tmdice');
    replace(root, h('div', { class: 'tmd-main' }, this.boardBox, this.mineBox),
      h('aside', { class: 'side tmd-side' }, this.turnPanel, this.sidePanels));
    this.zoom = new ZoomBox(this.mapBox);
  }

  destroy() {}

  send(text) {
    return sendAction(this, text);
  }

  render(view) {
    const previous = this.view;
    this.view = view;
    this.draw();
    markHandOff(this, previous, view);
  }

  /** The prompt's options sorted by how they are shown. */
  sortOptions(view) {
    const sorted = { areas: {}, dice: [], cards: [], colours: [], turns: [], buttons: [] };
    for (const o of view.prompt ? view.prompt.options : []) {
      const verb = verbOf(o);
      const p = o.payload || {};
      if (verb === 'place' && p.area) sorted.areas[p.area] = o;
      else if (DICE_VERBS.includes(verb) && p.resource) sorted.dice.push(o);
      else if (CARD_VERBS.includes(verb) && p.card) sorted.cards.push(o);
      else if ((verb === 'take' || verb === 'colour') && p.colour) sorted.colours.push(o);
      else if (verb === 'turn' && p.from && p.to) sorted.turns.push(o);
      else sorted.buttons.push(o);
    }
    return sorted;
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const components = this.components;
    const obs = view.observation;
    const sorted = this.sortOptions(view);
    const pick = (option, label) => ({ option, label, onPick: () => this.send(option.text) });
    const dieOption = (r) => sorted.dice.find((o) => o.payload.resource === r);
    const cardOption = (id, verbs) => sorted.cards.find((o) => o.payload.card.id === id && verbs.includes(verbOf(o)));
    const picks = {
      die: (r) => { const o = dieOption(r); return o ? pick(o, verbLabel(verbOf(o))) : null; },
      wild: () => { const o = dieOption('wild'); return o ? pick(o, verbLabel(verbOf(o))) : null; },
      hand: (id) => { const o = cardOption(id, ['play', 'discard']); return o ? pick(o, verbLabel(verbOf(o))) : null; },
      played: (id) => { const o = cardOption(id, ['use']); return o ? pick(o, verbLabel('use')) : null; },
    };
    replace(this.mapBox, mapView(components, view, sorted.areas, (o) => this.send(o.text)));
    replace(this.boardBox, this.mapBox, tracksView(components, view));
    const me = view.seat;
    const mine = me !== null && me !== undefined && obs.seats[me];
    replace(this.mineBox, mine ? seatView(components, view, me, { mine: true, picks, held: this.ctx.held }) : null);
    this.drawTurn(view, sorted);
    const others = obs.seats.map((_, s) => s).filter((s) => s !== me);
    replace(this.sidePanels,
      obs.final ? scoringPanel(view) : null,
      ...others.map((s) => seatView(components, view, s, { held: this.ctx.held })),
      goalsPanel(components, view),
      obs.final ? null : scoringPanel(view),
      logPanel(view));
  }

  whoseTurn(view) {
    const obs = view.observation;
    if (view.terminal && obs.final && obs.final[0].won !== undefined) { // solo: won or lost
      return h('h2', { class: 'turn-title over' }, obs.final[0].won
        ? t('tm_dice.table.over.solo_win', { n: obs.final[0].total }) : t('tm_dice.table.over.solo_loss'));
    }
    if (view.terminal) {
      return resultTitle(view);
    }
    if (view.to_act === null || view.to_act === undefined) return h('h2', { class: 'turn-title' }, t('tm_dice.table.rolling'));
    const name = playerName(view, view.to_act);
    return h('h2', { class: 'turn-title' },
      h('span', { class: 'swatch big', style: `background:${seatColour(view.to_act)}` }),
      view.prompt ? t('core.your_turn_name', { name }) : t('core.playing', { name }));
  }

  stepLine(view) {
    const obs = view.observation;
    const step = STEPS.includes(obs.decision) ? t(`tm_dice.table.step.${obs.decision.replace('-', '_')}`) : obs.decision;
    const whose = obs.turn_seat !== undefined && !view.terminal
      ? t('tm_dice.table.whose_turn', { name: playerName(view, obs.turn_seat), turn: obs.turn }) : '';
    const last = obs.end_triggered && !view.terminal ? h('span', { class: 'tag turn' }, t('tm_dice.table.last_round')) : null;
    const solo = obs.solo ? h('span', { class: 'tag' }, t('tm_dice.table.solo_turn', { turn: obs.solo.turn, turns: obs.solo.turns })) : null;
    return h('p', { class: 'turn-step', 'data-decision': obs.decision }, whose, step, ' ', last, solo);
  }

  drawTurn(view, sorted) {
    const components = this.components;
    const parts = [this.whoseTurn(view), view.terminal ? null : this.stepLine(view)];
    const prompt = view.prompt;
    if (prompt) {
      parts.push(h('p', { class: 'prompt-text' }, render(prompt.message, names(view))));
      const send = (o) => () => this.send(o.text);
      if (Object.keys(sorted.areas).length) {
        const areas = Object.values(sorted.areas);
        parts.push(h('p', { class: 'hint' }, t('tm_dice.table.hint_areas', { n: areas.length })),
          h('details', { class: 'area-list' }, h('summary', {}, t('tm_dice.table.pick_list')),
            h('div', { class: 'choices' }, ...areas.map((o) => h('button', {
              type: 'button', class: 'choice small', 'data-action': o.text, onclick: send(o),
              title: areaBonus(components, o.payload.area),
            }, o.payload.area)))));
      }
      if (sorted.dice.length) {
        parts.push(h('div', { class: 'choices dice-choices' }, ...sorted.dice.map((o) => {
          const label = render(o.message);
          const piece = o.payload.resource === 'wild' ? wildToken({ onPick: send(o), action: o.text })
            : die(components, o.payload.resource, { onPick: send(o), action: o.text, size: 'big' });
          piece.classList.add('choice-die');
          piece.title = label;
          return piece;
        })));
      }
      if (sorted.colours.length) {
        parts.push(h('div', { class: 'choices dice-choices' }, ...sorted.colours.map((o) => {
          const piece = colourDie(components, o.payload.colour, { onPick: send(o), action: o.text, odds: o.payload.faces });
          piece.classList.add('choice-die');
          piece.setAttribute('aria-label', `${render(o.message)} — ${piece.title}`);
          piece.title = `${render(o.message)} — ${piece.title}`;
          return h('span', { class: 'labelled' }, piece, h('small', {}, colourName(components, o.payload.colour)));
        })));
      }
      if (sorted.turns.length) {
        parts.push(h('div', { class: 'choices turn-choices' }, ...sorted.turns.map((o) => h('button', {
          type: 'button', class: 'choice turn-choice', 'data-action': o.text, onclick: send(o),
          title: render(o.message), 'aria-label': render(o.message),
        }, die(components, o.payload.from, { size: 'tiny' }), '→', die(components, o.payload.to, { size: 'tiny' })))));
      }
      if (sorted.cards.length) {
        parts.push(h('div', { class: 'cards card-choices' }, ...sorted.cards.map((o) => cardView(components, o.payload.card.id, {
          verb: verbLabel(verbOf(o)), pay: o.payload.pay, onPick: send(o), action: o.text,
          compact: IN_VIEW.includes(verbOf(o)), // its effects show in your hand or cards in play
        }))));
      }
      if (sorted.buttons.length) parts.push(this.buttons(sorted.buttons));
    }
    const footer = [];
    if (view.can_undo) footer.push(h('button', { type: 'button', class: 'undo', onclick: () => this.ctx.undo() }, t('web.table.undo')));
    parts.push(h('div', { class: 'turn-footer' }, ...footer));
    replace(this.turnPanel, ...parts);
  }

  buttons(options) {
    const components = this.components;
    return h('div', { class: 'choices' }, ...options.map((o) => {
      const verb = verbOf(o);
      const detail = DETAILS.includes(verb) ? t(`tm_dice.table.detail.${verb.replace('-', '_')}`) : null;
      const icons = verb === 'convert'
        ? h('span', { class: 'cost' }, ...(o.payload.cost || components.conversions[o.payload.conversion].cost)
          .map((i) => die(components, i, { size: 'tiny' })))
        : null;
      return h('button', { type: 'button', class: `choice${verb === 'skip' || verb === 'end' ? ' skip' : ''}`, 'data-action': o.text,
        onclick: () => this.send(o.text) }, icons, h('span', {}, render(o.message, names(this.view)), detail ? h('small', {}, detail) : null));
    }));
  }
}

/** An area's placement bonus in words (a tooltip), '' if none. */
function areaBonus(components, label) {
  const area = components.map.areas.find((a) => a.label === label);
  return area && area.bonus ? t('tm_dice.table.bonus', { bonus: say(area.bonus) }) : '';
}

export default TMDiceTable;
