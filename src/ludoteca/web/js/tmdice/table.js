// The Dice Game's table: the map and tracks, your tray and hand, the other seats, milestones
// and awards, the score, the log, and the current decision.
//
// Every choice comes from the view's prompt and is sent as its canonical text: `place`
// options become highlighted map areas; dice options (keep, pay, gift) clickable dice, also
// in your tray; card options (play, discard, use, corporation, bonus) clickable cards, also in
// your hand and among your cards in play; colours and turned faces dice-like buttons; every
// other option a labelled button. The turn panel lists every option, so none is out of reach.

import { h, replace } from '../svg.js';
import { seatColour } from '../carcassonne/board.js';
import { mapView, tracksView } from './board.js';
import { goalsPanel, logPanel, playerName, scoringPanel, seatView } from './panels.js';
import { cardView, colourDie, die, resourceName, wildToken } from './pieces.js';
import { markHandOff, sendAction, useStylesheet } from '../tables.js';
import { resultTitle } from '../result.js';

const STYLESHEET = '/static/css/tmdice.css';
const CARD_VERBS = { play: 'Play', discard: 'Discard', use: 'Use', corporation: 'Keep', bonus: 'Take' };
const IN_VIEW = ['play', 'discard', 'use']; // card options whose card is also on your side of the table
const DICE_VERBS = { keep: 'Keep', pay: 'Pay with', gift: 'Give' };
const STEPS = {
  corporation: 'choosing corporations', gift: 'the first player’s gift', turn: 'choosing the kind of turn',
  support: 'action turn: support action', main: 'action turn: main action', end: 'free actions or end of turn',
  keep: 'production turn: keep dice', discard: 'production turn: discard cards', pay: 'paying a cost',
  place: 'placing a tile', colour: 'choosing a colour', bonus: 'taking a bonus card', 'turn-die': 'turning a die',
  order: 'choosing which effect of the card comes next',
  terminal: 'game over',
};
const BUTTONS = {
  production: ['Production turn', 'keep dice, discard, draw up to the hand size, produce'],
  actions: ['Action turn', 'one support action, then one main action'],
  'turn-die': ['Turn a die', 'pay any 1 resource, then turn another die to any face'],
  'draw-cards': ['Draw cards', 'pay any 1 resource, draw 2 cards'],
  support: ['Second support action', 'as the main action'],
  done: ['Done', null], end: ['End the turn', null], skip: ['Skip', 'decline this effect'], pass: ['Pass', 'nothing possible'],
};

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
    this.mineBox = h('div', { class: 'tmd-mine' });
    this.turnPanel = h('section', { class: 'panel turn-panel', 'aria-live': 'polite' });
    this.sidePanels = h('div', { class: 'side-panels' });
    root.classList.add('tmdice');
    replace(root, h('div', { class: 'tmd-main' }, this.boardBox, this.mineBox),
      h('aside', { class: 'side tmd-side' }, this.turnPanel, this.sidePanels));
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
      else if (DICE_VERBS[verb] && p.resource) sorted.dice.push(o);
      else if (CARD_VERBS[verb] && p.card) sorted.cards.push(o);
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
      die: (r) => { const o = dieOption(r); return o ? pick(o, DICE_VERBS[verbOf(o)]) : null; },
      wild: () => { const o = dieOption('wild'); return o ? pick(o, DICE_VERBS[verbOf(o)]) : null; },
      hand: (id) => { const o = cardOption(id, ['play', 'discard']); return o ? pick(o, CARD_VERBS[verbOf(o)]) : null; },
      played: (id) => { const o = cardOption(id, ['use']); return o ? pick(o, CARD_VERBS.use) : null; },
    };
    replace(this.boardBox, mapView(components, view, sorted.areas, (o) => this.send(o.text)), tracksView(components, view));
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
      logPanel(view, components));
  }

  whoseTurn(view) {
    const obs = view.observation;
    if (view.terminal && obs.final && obs.final[0].won !== undefined) { // solo: won or lost
      return h('h2', { class: 'turn-title over' }, obs.final[0].won
        ? `Game over — Mars terraformed: a win with ${obs.final[0].total} VP` : 'Game over — Mars not terraformed in time: a loss');
    }
    if (view.terminal) {
      return resultTitle(view);
    }
    if (view.to_act === null || view.to_act === undefined) return h('h2', { class: 'turn-title' }, 'Rolling dice and drawing cards…');
    const name = playerName(view, view.to_act);
    return h('h2', { class: 'turn-title' },
      h('span', { class: 'swatch big', style: `background:${seatColour(view.to_act)}` }),
      view.prompt ? `Your turn, ${name}` : `${name} is playing…`);
  }

  stepLine(view) {
    const obs = view.observation;
    const step = STEPS[obs.decision] || obs.decision;
    const whose = obs.turn_seat !== undefined && !view.terminal ? `${playerName(view, obs.turn_seat)}’s turn ${obs.turn}: ` : '';
    const last = obs.end_triggered && !view.terminal ? h('span', { class: 'tag turn' }, 'last round') : null;
    const solo = obs.solo ? h('span', { class: 'tag' }, `turn ${obs.solo.turn} of ${obs.solo.turns}`) : null;
    return h('p', { class: 'turn-step', 'data-decision': obs.decision }, whose, step, ' ', last, solo);
  }

  drawTurn(view, sorted) {
    const components = this.components;
    const parts = [this.whoseTurn(view), view.terminal ? null : this.stepLine(view)];
    const prompt = view.prompt;
    if (prompt) {
      parts.push(h('p', { class: 'prompt-text' }, prompt.text.replace(/^Seat \d+: /, '')));
      const send = (o) => () => this.send(o.text);
      if (Object.keys(sorted.areas).length) {
        const areas = Object.values(sorted.areas);
        parts.push(h('p', { class: 'hint' }, `Click a highlighted area on the map (${areas.length}).`),
          h('details', { class: 'area-list' }, h('summary', {}, 'or pick from the list'),
            h('div', { class: 'choices' }, ...areas.map((o) => h('button', {
              type: 'button', class: 'choice small', 'data-action': o.text, onclick: send(o),
              title: o.payload.bonus ? `bonus: ${o.payload.bonus.map((b) => b.op).join(', ')}` : '',
            }, o.payload.area)))));
      }
      if (sorted.dice.length) {
        parts.push(h('div', { class: 'choices dice-choices' }, ...sorted.dice.map((o) => {
          const label = `${DICE_VERBS[verbOf(o)]} ${resourceName(components, o.payload.resource)}`;
          const piece = o.payload.resource === 'wild' ? wildToken({ onPick: send(o), action: o.text })
            : die(components, o.payload.resource, { onPick: send(o), action: o.text, size: 'big' });
          piece.classList.add('choice-die');
          piece.title = label;
          return piece;
        })));
      }
      if (sorted.colours.length) {
        parts.push(h('div', { class: 'choices dice-choices' }, ...sorted.colours.map((o) => {
          const piece = colourDie(o.payload.colour, { onPick: send(o), action: o.text, odds: o.payload.faces });
          piece.classList.add('choice-die');
          return h('span', { class: 'labelled' }, piece, h('small', {}, verbOf(o) === 'take' ? `take ${o.payload.colour}` : o.payload.colour));
        })));
      }
      if (sorted.turns.length) {
        parts.push(h('div', { class: 'choices turn-choices' }, ...sorted.turns.map((o) => h('button', {
          type: 'button', class: 'choice turn-choice', 'data-action': o.text, onclick: send(o),
          title: `turn ${resourceName(components, o.payload.from)} to ${resourceName(components, o.payload.to)}`,
        }, die(components, o.payload.from, { size: 'tiny' }), '→', die(components, o.payload.to, { size: 'tiny' })))));
      }
      if (sorted.cards.length) {
        parts.push(h('div', { class: 'cards card-choices' }, ...sorted.cards.map((o) => cardView(components, o.payload.card.id, {
          verb: CARD_VERBS[verbOf(o)], pay: o.payload.pay, onPick: send(o), action: o.text,
          compact: IN_VIEW.includes(verbOf(o)), // its effects show in your hand or cards in play
        }))));
      }
      if (sorted.buttons.length) parts.push(this.buttons(sorted.buttons));
    }
    const footer = [];
    if (view.can_undo) footer.push(h('button', { type: 'button', class: 'undo', onclick: () => this.ctx.undo() }, '↶ Take back'));
    const pending = (view.observation.pending || []).map((t) => t.replace(/seat (\d+)/g, (_, s) => playerName(view, Number(s))));
    if (pending.length && !view.terminal) footer.push(h('span', { class: 'muted pending', title: pending.join('\n') }, `next: ${pending[0]}`));
    parts.push(h('div', { class: 'turn-footer' }, ...footer));
    replace(this.turnPanel, ...parts);
  }

  buttons(options) {
    const components = this.components;
    return h('div', { class: 'choices' }, ...options.map((o) => {
      const verb = verbOf(o);
      let [label, detail] = BUTTONS[o.text] || [o.text, null];
      let icons = null;
      if (verb === 'convert') {
        const conv = components.conversions[o.payload.conversion] || { effect: o.text, cost: o.payload.cost || [] };
        label = `Convert: ${conv.effect}`;
        icons = h('span', { class: 'cost' }, ...(o.payload.cost || conv.cost).map((i) => die(components, i, { size: 'tiny' })));
      }
      return h('button', { type: 'button', class: `choice${verb === 'skip' || verb === 'end' ? ' skip' : ''}`, 'data-action': o.text,
        onclick: () => this.send(o.text) }, icons, h('span', {}, label, detail ? h('small', {}, detail) : null));
    }));
  }
}

export default TMDiceTable;
