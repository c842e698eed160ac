// The On Mars table: the round bar, the colony map, the action spaces and turn order, the
// orbit boards (Blueprint display, Tech Grid, Lab, Warehouse, Exploration, LSS, Scientists and
// Contracts), every player board, the missions, Lacerda's board in a solo game, the scores
// and the log, and the current decision.
//
// Every choice comes from the view's prompt and is sent as its canonical text: `at q,r`
// options become highlighted hexes; `step q,r d` options first highlight the pieces that can
// move, then (a piece chosen, or if only one can move) the hexes it can step to; main actions,
// turn-order spaces, Blueprints, tech tiles, Warehouse items, Scientists and Contracts are
// clickable where they are drawn. The turn panel lists every option as a labelled button
// too (map choices folded under "or choose from the list"), so none is out of reach.

import { render, t } from '../i18n.js';
import { ZoomBox } from '../panzoom.js';
import { h, replace } from '../svg.js';
import { markHandOff, sendAction, useStylesheet } from '../tables.js';
import { colonyMap } from './map.js';
import { actionSpaces, lacerdaPanel, missionsPanel, orbitBoard, playerName, roundBar, swatch, turnOrder } from './orbit.js';
import { logPanel, playerBoard, scoringPanel } from './players.js';
import { choiceButtons, hexOf, optionLabel, stepOf } from './prompts.js';
import { resultTitle } from '../result.js';

const STYLESHEET = '/static/css/onmars.css';

export class OnMarsTable {
  /** The observation is an On Mars one (the page falls back to the generic table otherwise). */
  static draws(observation) {
    return Boolean(observation && observation.buildings && observation.players);
  }

  /** ctx: {components, act(text), undo(), held: [seats], hotseat, gameId}. */
  constructor(root, ctx) {
    useStylesheet(STYLESHEET);
    this.ctx = ctx;
    this.components = ctx.components;
    this.view = null;
    this.busy = false;
    this.moveFrom = null; // the piece chosen in a `step` decision ("q,r"), per decision
    this.decisionKey = null;
    this.statusBox = h('div', { class: 'om-status-wrap' });
    this.mapWrap = h('section', { class: 'om-map-wrap' });
    this.actionsBox = h('div', { class: 'om-actions-wrap' });
    this.boardsBox = h('div', { class: 'om-boards-wrap' });
    this.turnPanel = h('section', { class: 'panel turn-panel om-turn', 'aria-live': 'polite' });
    this.sidePanels = h('div', { class: 'side-panels' });
    root.classList.add('onmars');
    replace(root,
      h('div', { class: 'om-main' }, this.statusBox, h('div', { class: 'om-top' }, this.mapWrap, this.actionsBox), this.boardsBox),
      h('aside', { class: 'side om-side' }, this.turnPanel, this.sidePanels));
    this.zoom = new ZoomBox(this.mapWrap);
  }

  destroy() {}

  send(text) {
    return sendAction(this, text);
  }

  render(view) {
    const key = `${view.state_id}:${view.seat}`;
    if (key !== this.decisionKey) { this.decisionKey = key; this.moveFrom = null; }
    const previous = this.view;
    this.view = view;
    this.draw();
    markHandOff(this, previous, view);
  }

  options() {
    return this.view && this.view.prompt ? this.view.prompt.options : [];
  }

  /** Hexes to highlight: `at` options, or the pieces / destinations of `step` options. */
  mapTargets(options) {
    const targets = new Map();
    const send = (o) => () => this.send(o.text);
    for (const o of options) {
      const hex = hexOf(o);
      if (hex) targets.set(hex, { label: optionLabel(o), onClick: send(o) });
    }
    const steps = options.map((o) => ({ o, s: stepOf(o) })).filter((x) => x.s);
    if (!steps.length) return targets;
    const sources = [...new Set(steps.map((x) => x.s.from))];
    const from = sources.length === 1 ? sources[0] : this.moveFrom;
    if (from && sources.includes(from)) {
      for (const { o, s } of steps) {
        if (s.from === from) targets.set(s.to, { label: optionLabel(o), onClick: send(o), cls: 'om-dest' });
      }
      if (sources.length > 1) {
        targets.set(from, { label: t('on_mars.ui.another_piece'), cls: 'om-source chosen', onClick: () => { this.moveFrom = null; this.draw(); } });
      }
    } else {
      for (const src of sources) {
        targets.set(src, { label: t('on_mars.ui.move_piece', { hex: src }), cls: 'om-source', onClick: () => { this.moveFrom = src; this.draw(); } });
      }
    }
    return targets;
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const components = this.components;
    const options = this.options();
    const send = (t) => this.send(t);
    const names = Object.fromEntries(view.players.map((p) => [p.seat, p.name]));
    this.names = view.players.map((p) => p.name);
    names[view.players.length] = t('on_mars.ui.lacerda');
    const lastHex = [...view.log].reverse().map((e) => { const o = { text: e.action }; return stepOf(o) ? stepOf(o).to : hexOf(o); }).find(Boolean);
    replace(this.statusBox, roundBar(view, components));
    replace(this.mapWrap, colonyMap(components, view.observation, {
      targets: this.mapTargets(options), names, last: lastHex || null,
    }), h('div', { class: 'om-legend' }, legend(components)));
    replace(this.actionsBox, actionSpaces(view, components, options, send), turnOrder(view, components, options, send));
    replace(this.boardsBox, orbitBoard(view, components, options, send));
    this.drawTurn(view, options);
    const me = view.seat;
    const seats = view.players.map((p) => p.seat);
    const order = me !== null && me !== undefined ? [me, ...seats.filter((s) => s !== me)] : seats;
    const folded = (d) => (d.dataset.key === 'scoring' ? d.open : !d.open); // panels the player opened or closed
    const changed = new Set([...this.sidePanels.querySelectorAll('details[data-key]')].filter(folded).map((d) => d.dataset.key));
    replace(this.sidePanels,
      view.terminal ? scoringPanel(view) : null,
      ...order.map((s) => playerBoard(view, components, s, options, send)),
      lacerdaPanel(view, components),
      missionsPanel(view, components),
      view.terminal ? null : scoringPanel(view),
      logPanel(view, components));
    for (const d of this.sidePanels.querySelectorAll('details[data-key]')) if (changed.has(d.dataset.key)) d.open = !d.open;
  }

  whoseTurn(view) {
    if (view.terminal) {
      return resultTitle(view);
    }
    if (view.to_act === null || view.to_act === undefined) return h('h2', { class: 'turn-title' }, t('core.drawing'));
    const name = playerName(view, view.to_act);
    return h('h2', { class: 'turn-title' }, swatch(view.to_act), view.prompt ? t('core.your_turn_name', { name }) : t('core.playing', { name }));
  }

  drawTurn(view, options) {
    const parts = [this.whoseTurn(view)];
    const prompt = view.prompt;
    if (prompt) {
      const onMap = options.filter((o) => hexOf(o) || stepOf(o));
      const rest = options.filter((o) => !onMap.includes(o));
      parts.push(h('p', { class: 'om-prompt-text', 'data-kind': prompt.kind }, render(prompt.message, this.names)));
      if (onMap.length) {
        const hint = onMap.some(stepOf) && !this.moveFrom && new Set(onMap.filter(stepOf).map((o) => stepOf(o).from)).size > 1
          ? t('on_mars.ui.hint_piece') : t('on_mars.ui.hint_hexes', { n: onMap.length });
        parts.push(h('p', { class: 'hint om-map-hint' }, hint),
          h('details', { class: 'om-map-list' }, h('summary', {}, t('on_mars.ui.or_list')), choiceButtons(this.components, onMap, (x) => this.send(x), this.names)));
      }
      if (rest.length) parts.push(choiceButtons(this.components, rest, (x) => this.send(x), this.names));
    } else if (!view.terminal) {
      parts.push(h('p', { class: 'muted' }, t('on_mars.ui.waiting')));
    }
    const footer = [];
    if (view.can_undo) footer.push(h('button', { type: 'button', class: 'undo', onclick: () => this.ctx.undo() }, t('on_mars.ui.take_back')));
    parts.push(h('div', { class: 'turn-footer' }, ...footer));
    replace(this.turnPanel, ...parts);
  }
}

function legend(components) {
  const item = (cls, text) => h('span', { class: `om-key ${cls}` }, text);
  return [h('span', { class: 'om-map-standin' }, t('on_mars.ui.map_layout', { standin: t('core.standin') })),
    ...['crystal', 'disc', 'res', 'rover', 'bot', 'adv', 'miner'].map((k) => item(`k-${k}`, t(`on_mars.ui.legend.${k}`)))];
}

export default OnMarsTable;
