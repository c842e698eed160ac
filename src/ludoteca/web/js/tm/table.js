// The Terraforming Mars table: the Tharsis map, the parameters and round, the player's hand,
// the current decision with the standard projects always in view, every player's board,
// milestones and awards, the score and the log.
//
// Decisions come from the view's prompt (kinds from the game's `decision_text`): `place` and
// `claim-space` options (payload space) become highlighted spaces; `play` options mark the
// playable hand cards with their price; `pay` gets the payment widget; `research`, `sell` and
// `keep` a card picker; `target` options make played cards clickable, `player` options the
// player boards; anything else is a labelled button. Clicking sends the option's canonical text.
// Every word shown is a message rendered in the reader's language: the prompt's and options'
// messages (the game's `texts.py`), the log entries' messages, and the table's own texts
// (`web/messages/tm.<lang>.json`, keys `web.tm.*`).

import { toast } from '../api.js';
import { render, t } from '../i18n.js';
import { ZoomBox } from '../panzoom.js';
import { h, replace } from '../svg.js';
import { actionLines, cardBox } from './cards.js';
import { TharsisMap } from './map.js';
import { goalsPanel, logPanel, names, playerBoard, playerName, scoringPanel, statusPanel, swatch } from './panels.js';
import { amountWidget, argOf, cardPicker, choiceButtons, optionLabel, paymentWidget, verbOf } from './prompts.js';
import { markHandOff, sendAction, useStylesheet } from '../tables.js';
import { resultTitle } from '../result.js';

const CSS_HREF = '/static/css/tm.css';
const MENU_VERBS = new Set(['play', 'use', 'project', 'convert', 'claim', 'fund', 'pass', 'end']);
const PICKED_VERBS = { research: 'buy', sell: 'sell', keep: 'keep' };

export class TerraformingMarsTable {
  /** ctx: {components, act(text), undo(), held: [seats], hotseat, gameId}. */
  constructor(root, ctx) {
    useStylesheet(CSS_HREF);
    this.ctx = ctx;
    this.components = ctx.components;
    this.view = null;
    this.busy = false;
    this.decision = null; // per-decision widget state: {key, chosen, amount}
    this.plan = null; // a marked set of cards being sent one option at a time
    this.statusBox = h('div', { class: 'tm-status-wrap' });
    this.mapWrap = h('section', { class: 'tm-map-wrap' });
    this.choiceBox = h('section', { class: 'panel tm-choice', hidden: true });
    this.handBox = h('section', { class: 'panel tm-hand' });
    this.turnPanel = h('section', { class: 'panel turn-panel tm-turn', 'aria-live': 'polite' });
    this.projectsBox = h('section', { class: 'panel tm-projects' });
    this.sidePanels = h('div', { class: 'side-panels' });
    root.classList.add('tm-table');
    replace(root,
      h('div', { class: 'tm-main' }, this.statusBox, this.choiceBox, this.mapWrap, this.handBox),
      h('aside', { class: 'side tm-side' }, this.turnPanel, this.projectsBox, this.sidePanels));
    this.map = new TharsisMap(this.mapWrap, this.components, { onSpace: (option) => this.send(option.text) });
    this.zoom = new ZoomBox(this.mapWrap);
  }

  destroy() {}

  async send(text) {
    await sendAction(this, text);
    this.continuePlan();
  }

  render(view) {
    const key = `${view.state_id}:${view.seat}`;
    const previous = this.view;
    if (!this.decision || this.decision.key !== key) this.decision = { key };
    const kept = view.prompt && (view.prompt.kind === this.plan?.kind || view.prompt.kind === 'pay'); // Helion may pay with heat
    if (this.plan && (this.plan.seat !== view.seat || !kept)) this.plan = null;
    this.view = view;
    this.draw();
    markHandOff(this, previous, view);
    this.continuePlan();
  }

  options() {
    return this.view && this.view.prompt ? this.view.prompt.options : [];
  }

  own() {
    const v = this.view;
    return v.seat !== null && v.seat !== undefined ? v.observation.players_info[v.seat] : null;
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const obs = view.observation;
    const options = this.options();
    const names = Object.fromEntries(view.players.map((p) => [p.seat, p.name]));
    const places = options.filter((o) => verbOf(o) === 'place' && o.payload && o.payload.space);
    const lastPlace = [...view.log].reverse().find((e) => e.action.startsWith('place '));
    this.map.update({
      tiles: obs.board.map((t) => ({ ...t, ownerName: t.owner === null ? '' : playerName(view, t.owner) })),
      claims: obs.claims || {},
      names,
      targets: places.map((o) => ({ space: o.payload.space, option: o, label: t('web.tm.place_here', { where: optionLabel(o, view) }) })),
      last: lastPlace ? argOf({ text: lastPlace.action }) : null,
    });
    replace(this.statusBox, statusPanel(view, this.components));
    this.drawHand(view, options);
    this.drawTurn(view, options);
    this.projectsBox.hidden = view.terminal;
    if (!view.terminal) this.drawProjects(view, options);
    const targets = new Map(options.filter((o) => verbOf(o) === 'target').map((o) => [argOf(o), o]));
    const players = new Map(options.filter((o) => verbOf(o) === 'player').map((o) => [argOf(o), o]));
    const boards = view.players.map((p) => playerBoard(view, this.components, p.seat, {
      held: this.ctx.held, targets, onTarget: (o) => this.send(o.text),
      onPlayer: players.get(String(p.seat)) ? () => this.send(players.get(String(p.seat)).text) : null,
    }));
    const folded = (d) => (d.dataset.key === 'scoring' ? d.open : !d.open); // the panels the player opened or closed
    const changed = new Set([...this.sidePanels.querySelectorAll('details[data-key]')].filter(folded).map((d) => d.dataset.key));
    replace(this.sidePanels,
      view.terminal ? scoringPanel(view) : null,
      ...boards,
      goalsPanel(view, this.components, options, (t) => this.send(t)),
      view.terminal ? null : scoringPanel(view),
      logPanel(view));
    for (const d of this.sidePanels.querySelectorAll('details[data-key]')) if (changed.has(d.dataset.key)) d.open = !d.open;
  }

  /** The own hand (and, while buying, the offer): price and playability from the `play` options. */
  drawHand(view, options) {
    const mine = this.own();
    if (!mine || mine.hand === undefined) {
      replace(this.handBox, h('h3', {}, t('web.tm.hands')), h('p', { class: 'muted' },
        view.players.map((p) => t('web.tm.hand_of', { name: p.name, n: view.observation.players_info[p.seat].hand_size })).join(' · ')));
      return;
    }
    const plays = new Map(options.filter((o) => verbOf(o) === 'play').map((o) => [argOf(o), o]));
    const menu = view.prompt && view.prompt.kind === 'action';
    const discards = new Map(options.filter((o) => verbOf(o) === 'discard').map((o) => [argOf(o), o]));
    // `hand_details` (price after discounts, requirements met) when the game's observation has it
    const details = new Map((mine.hand_details || []).map((d) => [d.id, d]));
    const cards = mine.hand.map((id) => {
      const play = plays.get(id);
      const pick = play || discards.get(id);
      const detail = details.get(id);
      return cardBox(this.components, id, {
        price: play ? play.payload.price : detail ? detail.cost : undefined,
        playable: menu ? Boolean(play) : undefined,
        requirementsMet: detail ? detail.requirements_met : undefined,
        onClick: pick ? () => this.send(pick.text) : undefined,
      });
    });
    const hint = menu ? t('web.tm.playable', { n: plays.size, total: mine.hand.length })
      : discards.size ? t('web.tm.click_to_discard') : '';
    replace(this.handBox,
      h('h3', {}, t('web.tm.your_hand', { n: mine.hand.length }), hint ? h('small', { class: 'muted' }, ` · ${hint}`) : null),
      cards.length ? h('div', { class: 'tm-card-row' }, ...cards) : h('p', { class: 'muted' }, t('web.tm.no_cards_in_hand')));
  }

  whoseTurn(view) {
    if (view.terminal) {
      return resultTitle(view);
    }
    if (view.to_act === null || view.to_act === undefined) return h('h2', { class: 'turn-title' }, t('web.tm.dealing'));
    const name = playerName(view, view.to_act);
    return h('h2', { class: 'turn-title' }, swatch(view.to_act), view.prompt ? t('core.your_turn_name', { name }) : t('core.playing', { name }));
  }

  drawTurn(view, options) {
    const parts = [this.whoseTurn(view)];
    const prompt = view.prompt;
    if (prompt) {
      parts.push(h('p', { class: 'tm-prompt-text', 'data-kind': prompt.kind }, render(prompt.message, names(view))));
      this.mainChoice = null;
      parts.push(...this.decisionWidget(view, prompt, options));
    }
    const main = prompt ? this.mainChoice : null;
    this.choiceBox.hidden = !main;
    replace(this.choiceBox, main);
    const footer = [];
    if (view.can_undo) footer.push(h('button', { type: 'button', class: 'undo', onclick: () => this.ctx.undo() }, t('web.table.undo')));
    parts.push(h('div', { class: 'turn-footer' }, ...footer));
    replace(this.turnPanel, ...parts);
  }

  decisionWidget(view, prompt, options) {
    const send = (t) => this.send(t);
    const redraw = () => this.draw();
    const kind = prompt.kind;
    const rest = (handled) => {
      const left = options.filter((o) => !handled(o));
      return left.length ? [choiceButtons(view, this.components, left, send)] : [];
    };
    if (kind === 'action') {
      const uses = options.filter((o) => verbOf(o) === 'use');
      const goals = options.filter((o) => verbOf(o) === 'claim' || verbOf(o) === 'fund').length;
      return [
        h('p', { class: 'hint' }, t('web.tm.menu_hint')),
        uses.length ? h('h4', {}, t('web.tm.card_actions')) : null,
        ...uses.map((o) => this.useButton(o, view)),
        goals ? h('p', { class: 'hint' }, t('web.tm.goals_available', { n: goals })) : null,
        ...rest((o) => MENU_VERBS.has(verbOf(o))),
      ];
    }
    if (kind === 'pay') {
      return [paymentWidget(view, options, this.decision, send, redraw), ...rest((o) => verbOf(o) === 'pay')];
    }
    if (kind === 'place' || kind === 'claim-space') {
      const spaces = options.filter((o) => verbOf(o) === 'place');
      return [h('p', { class: 'hint tm-place-hint' }, t('web.tm.place_hint', { n: spaces.length })),
        h('details', { class: 'tm-space-list' }, h('summary', {}, t('web.tm.from_the_list')),
          choiceButtons(view, this.components, spaces, send)),
        ...rest((o) => verbOf(o) === 'place')];
    }
    if (kind === 'corporation') {
      const corps = options.filter((o) => verbOf(o) === 'corporation');
      const dealt = (this.own() || {}).offer || [];
      this.mainChoice = h('div', {}, h('h3', {}, t('web.tm.choose_corporation')), h('div', { class: 'tm-card-row' }, ...corps.map((o) => h('div', { class: 'tm-corp-choice' },
        cardBox(this.components, argOf(o), { onClick: () => send(o.text) }),
        h('button', { type: 'button', class: 'choice primary', 'data-action': o.text, onclick: () => send(o.text) }, t('web.tm.choose', { what: optionLabel(o, view) }))))),
      // the project cards dealt with the corporations: the choice depends on them (as at the real table)
      dealt.length ? h('div', { class: 'tm-dealt' }, h('h3', {}, t('web.tm.dealt_cards', { n: dealt.length })),
        h('div', { class: 'tm-card-row' }, ...dealt.map((id) => cardBox(this.components, id, {})))) : null);
      return [h('p', { class: 'hint' }, t('web.tm.corporation_hint')), ...rest((o) => verbOf(o) === 'corporation')];
    }
    if (PICKED_VERBS[kind]) return this.picker(view, kind, options);
    if (kind === 'draft') {
      const picks = options.filter((o) => verbOf(o) === 'draft');
      this.mainChoice = h('div', {}, h('h3', {}, t('web.tm.draft_title')),
        h('div', { class: 'tm-card-row' }, ...picks.map((o) => cardBox(this.components, argOf(o), { onClick: () => send(o.text) }))));
      return [h('p', { class: 'hint' }, t('web.tm.draft_hint')),
        ...rest((o) => verbOf(o) === 'draft')];
    }
    if (kind === 'amount') return [amountWidget(view, options, this.decision, send, redraw), ...rest((o) => verbOf(o) === 'amount')];
    if (kind === 'target' || kind === 'copy') {
      return [h('p', { class: 'hint' }, t('web.tm.target_hint')),
        choiceButtons(view, this.components, options, send)];
    }
    if (kind === 'discard') return [h('p', { class: 'hint' }, t('web.tm.discard_hint')), choiceButtons(view, this.components, options, send)];
    return [choiceButtons(view, this.components, options, send)];
  }

  useButton(option, view) {
    const id = argOf(option);
    const card = this.components.cards[id] || this.components.corporations[id] || { lines: [] };
    const actions = actionLines(card);
    return h('button', { type: 'button', class: 'choice tm-use', 'data-action': option.text, onclick: () => this.send(option.text) },
      h('span', {}, optionLabel(option, view), h('small', {}, actions.join(' / '))));
  }

  picker(view, kind, options) {
    const verb = PICKED_VERBS[kind];
    const mine = this.own();
    const offered = new Set(options.filter((o) => verbOf(o) === verb || verbOf(o) === 'reject').map(argOf));
    if (!this.plan || this.plan.kind !== kind) {
      this.plan = { kind, seat: view.seat, picks: new Set(), running: false, redraw: () => this.draw() };
    }
    const plan = this.plan;
    if (plan.running) return [h('p', { class: 'hint' }, t('web.tm.sending'))];
    const pool = kind === 'sell' ? mine.hand : mine.offer;
    const cards = kind === 'research' ? pool : pool.filter((id) => offered.has(id));
    const titles = { research: t('web.tm.mark_research'), sell: t('web.tm.mark_sell'), keep: t('web.tm.mark_keep') };
    const extras = options.filter((o) => !['buy', 'reject', 'sell', 'keep'].includes(verbOf(o)));
    const mustPick = kind !== 'research' && !options.some((o) => verbOf(o) === 'done');
    const picker = cardPicker(view, this.components, {
      cards, plan, title: titles[kind], verb, mustPick,
      note: kind === 'research' ? (n) => t('web.tm.research_note', { n, cost: 3 * n, have: mine.resources.megacredits }) : null,
      onConfirm: () => { plan.running = true; this.draw(); this.continuePlan(); },
    });
    this.mainChoice = picker.cards;
    return [picker.controls, extras.length ? choiceButtons(view, this.components, extras, (t) => this.send(t)) : null];
  }

  /** Send the next option of a confirmed card plan, if the current prompt is part of it. */
  continuePlan() {
    const plan = this.plan;
    const view = this.view;
    if (!plan || !plan.running || this.busy || !view || !view.prompt || view.prompt.kind !== plan.kind) return;
    const options = view.prompt.options;
    let next = null;
    if (plan.kind === 'research') {
      const card = options[0] && argOf(options[0]);
      const want = plan.picks.has(card) ? 'buy' : 'reject';
      next = options.find((o) => o.text === `${want} ${card}`);
      if (!next) {
        toast(t('web.tm.cannot_buy', { card: render(options[0].message?.params?.card, names(view)) }), 'error');
        plan.running = false;
        this.draw();
        return;
      }
    } else {
      next = options.find((o) => verbOf(o) === plan.kind && plan.picks.has(argOf(o)))
        || options.find((o) => verbOf(o) === 'done');
    }
    if (!next) {
      plan.running = false;
      this.draw();
      return;
    }
    if (plan.kind !== 'research') plan.picks.delete(argOf(next));
    setTimeout(() => this.send(next.text), 0);
  }

  /** The standard projects, conversions, pass and end: always shown, enabled when offered. */
  drawProjects(view, options) {
    const byText = new Map(options.map((o) => [o.text, o]));
    const button = (text, label, detail) => {
      const o = byText.get(text);
      return h('button', {
        type: 'button', class: 'choice tm-project', 'data-action': text, disabled: o ? undefined : true,
        onclick: () => this.send(text),
      }, h('span', {}, label, detail ? h('small', {}, detail) : null));
    };
    replace(this.projectsBox,
      h('h3', {}, t('web.tm.standard_projects')),
      h('div', { class: 'tm-project-grid' }, ...this.components.projects.map((p) => {
        const name = t(`terraforming_mars.project.${p.id}.name`);
        return button(`project ${p.id}`, p.cost ? `${name} · ${t('terraforming_mars.resource.megacredits', { n: p.cost })}` : name,
          t(`terraforming_mars.project.${p.id}.text`));
      })),
      h('h3', {}, t('web.tm.conversions')),
      h('div', { class: 'tm-project-grid' },
        button('convert plants', t('web.tm.convert_plants'), t('web.tm.convert_plants_detail')),
        button('convert heat', t('web.tm.convert_heat'), t('web.tm.convert_heat_detail'))),
      h('div', { class: 'choices tm-turn-end' },
        button('end', t('web.tm.end_turn'), t('web.tm.end_turn_detail')),
        button('pass', t('web.tm.pass'), t('web.tm.pass_detail'))));
  }
}

export default TerraformingMarsTable;
