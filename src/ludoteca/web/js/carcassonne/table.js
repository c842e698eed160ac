// The Carcassonne table: the board, the tile in hand, the current decision and the side panels.
//
// Decisions come from the view's prompt: place options (payload x, y, rotation, tile) become
// highlighted squares for the current rotation; meeple options (payload spot, x, y, big)
// become markers on the tile; every other option (skip, hold, Wonder claims, order, ...)
// becomes a button. Clicking sends the option's canonical text.

import { render as say, t } from '../i18n.js';
import { h, replace } from '../svg.js';
import { Board, byTouch, seatColour, tilePicture, wonderPicture } from './board.js';
import {
  logPanel, names, placementOf, playerName, playersPanel, scoringPanel, spotMessage, tileLabel, wonderName, wondersPanel,
} from './panels.js';
import { bagPanel, scoreTrack } from './overview.js';
import { markHandOff, sendAction, useStylesheet } from '../tables.js';
import { resultTitle } from '../result.js';

const ROTATIONS = [0, 90, 180, 270];
const STYLESHEET = '/static/css/carcassonne.css';

function isPlacement(option) {
  const p = option.payload || {};
  return p.x !== undefined && p.y !== undefined && p.rotation !== undefined && typeof p.tile === 'string';
}

function isSpot(option) {
  const p = option.payload || {};
  return typeof p.spot === 'string' && p.x !== undefined && p.y !== undefined;
}

/** The latest tile or Wonder placement in the log: {x, y, seat, wonder}. */
function lastPlacement(log) {
  for (let i = log.length - 1; i >= 0; i -= 1) {
    const square = placementOf(log[i].action);
    if (square) return { ...square, seat: log[i].seat ?? 0 };
  }
  return null;
}

export class CarcassonneTable {
  /** ctx: {components, act(text), undo(), held: [seats], hotseat, gameId}. */
  constructor(root, ctx) {
    this.ctx = ctx;
    this.components = ctx.components;
    this.rotation = 0;
    this.big = false;
    this.view = null;
    this.lastSeat = null;
    this.busy = false;
    this.boardWrap = h('section', { class: 'board-wrap' });
    this.turnPanel = h('section', { class: 'panel turn-panel', 'aria-live': 'polite' });
    this.sidePanels = h('div', { class: 'side-panels' });
    this.side = h('aside', { class: 'side' }, this.turnPanel, this.sidePanels);
    root.classList.add('carcassonne');
    useStylesheet(STYLESHEET);
    this.bagOpen = false;
    replace(root, this.boardWrap, this.side);
    this.board = new Board(this.boardWrap, this.components, {
      onPlace: (option, e) => this.placeOrTry(option, e),
      onSpot: (option) => this.send(option.text),
      onSquare: (x, y, e) => this.turnTo(x, y, byTouch(e)),
    });
    if (this.components.design_note) {
      this.boardWrap.append(h('div', { class: 'board-note' }, t('web.carcassonne.design_note')));
    }
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
  }

  destroy() {
    document.removeEventListener('keydown', this.keys);
  }

  onKey(e) {
    if (e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    if (e.key === 'r' || e.key === 'R') {
      e.preventDefault();
      this.rotate(e.shiftKey ? -1 : 1);
    } else if (e.key === '+' || e.key === '=') this.board.pz.zoomBy(1.25);
    else if (e.key === '-' || e.key === '_') this.board.pz.zoomBy(0.8);
    else if (e.key === '0') this.board.fit();
  }

  send(text) {
    return sendAction(this, text);
  }

  placements() {
    const prompt = this.view && this.view.prompt;
    return prompt ? prompt.options.filter(isPlacement) : [];
  }

  legalRotations() {
    return ROTATIONS.filter((r) => this.placements().some((o) => o.payload.rotation === r));
  }

  /** Turn the tile in hand to the next (dir 1) or previous (-1) rotation that fits somewhere. */
  rotate(dir = 1) {
    const legal = this.legalRotations();
    if (!legal.length) return;
    let r = this.rotation;
    for (let i = 0; i < 4; i += 1) {
      r = (r + dir * 90 + 360) % 360;
      if (legal.includes(r)) break;
    }
    this.rotation = r;
    this.draw();
  }

  /**
   * A square that fits only in other rotations was clicked, or the tried square tapped
   * again: turn the tile to the next rotation that fits there (`tryIt`: and try it there).
   */
  turnTo(x, y, tryIt = false) {
    const here = this.placements().filter((o) => o.payload.x === x && o.payload.y === y).map((o) => o.payload.rotation);
    if (!here.length) return;
    const next = ROTATIONS.map((_, i) => (this.rotation + 90 * (i + 1)) % 360).find((r) => here.includes(r));
    this.rotation = next ?? here[0];
    if (tryIt) this.candidate = { x, y };
    this.draw();
  }

  /**
   * A highlighted square was chosen. A mouse click places the tile at once; a tap tries it
   * there first (drawn in place), a tap on the tried square turns it, and the sheet's
   * "place it here" button (or a tap on a placement of another square) decides.
   */
  placeOrTry(option, e) {
    if (!byTouch(e)) return this.send(option.text);
    const { x, y } = option.payload;
    if (this.candidate && this.candidate.x === x && this.candidate.y === y) return this.turnTo(x, y, true);
    this.candidate = { x, y };
    this.draw();
    return null;
  }

  /** The placement option of the tried square in the current rotation, if it fits. */
  candidateOption() {
    const c = this.candidate;
    return c ? this.placements().find((o) => o.payload.x === c.x && o.payload.y === c.y && o.payload.rotation === this.rotation) : undefined;
  }

  render(view) {
    const previous = this.view;
    const seatChanged = previous && view.seat !== previous.seat;
    const newDecision = !this.view || view.state_id !== this.view.state_id || seatChanged;
    this.view = view;
    if (newDecision) {
      const legal = this.legalRotations();
      if (legal.length && !legal.includes(this.rotation)) this.rotation = legal[0];
      this.candidate = null;
      const spots = (view.prompt ? view.prompt.options : []).filter(isSpot);
      this.big = spots.length > 0 && !spots.some((o) => !o.payload.big);
    }
    this.draw();
    markHandOff(this, previous, view);
  }

  draw() {
    const view = this.view;
    if (!view) return;
    const obs = view.observation;
    const prompt = view.prompt;
    const options = prompt ? prompt.options : [];
    const placements = options.filter(isPlacement);
    const spotOptions = options.filter(isSpot);
    const targets = placements.filter((o) => o.payload.rotation === this.rotation).map((o) => ({
      x: o.payload.x, y: o.payload.y, rotation: o.payload.rotation, option: o,
      tile: o.payload.tile, wonder: o.text.startsWith('place-wonder') ? o.payload.tile : null,
    }));
    const taken = new Set(targets.map((t) => `${t.x},${t.y}`));
    const others = [];
    for (const o of placements) {
      const key = `${o.payload.x},${o.payload.y}`;
      if (!taken.has(key)) {
        taken.add(key);
        others.push({ x: o.payload.x, y: o.payload.y });
      }
    }
    const spots = spotOptions.filter((o) => Boolean(o.payload.big) === this.big).map((o) => ({
      x: o.payload.x, y: o.payload.y, spot: o.payload.spot, big: o.payload.big, option: o,
      label: say(o.message, names(view)),
    }));
    const last = lastPlacement(view.log);
    const placed = obs.placed && !view.terminal
      ? { ...obs.placed, wonder: Boolean(last && last.wonder && last.x === obs.placed.x && last.y === obs.placed.y) } : null;
    this.board.update({
      tiles: obs.board || [],
      meeples: (obs.meeples || []).map((m) => ({ ...m, label: spotMessage(m.spot, m.big) })),
      wonders: (obs.wonders && obs.wonders.placed) || [],
      last: last && !(placed && placed.x === last.x && placed.y === last.y) ? last : null,
      placed,
      targets,
      others,
      spots,
      seat: view.seat,
      candidate: this.candidate || null,
    });
    const rest = options.filter((o) => !isPlacement(o) && !isSpot(o));
    this.drawTurn(view, { placements, spotOptions, rest });
    const showSquare = (x, y, tapped = false) => {
      this.board.highlight(x, y);
      for (const li of this.sidePanels.querySelectorAll('.log-item.has-square')) {
        li.classList.toggle('shown', Number(li.dataset.x) === x && Number(li.dataset.y) === y);
      }
      // on a phone the board sits above the panels: a tapped line brings it back into sight
      const box = this.boardWrap.getBoundingClientRect();
      const visible = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
      if (tapped && visible < box.height * 0.4) {
        this.boardWrap.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    };
    replace(this.sidePanels,
      view.terminal ? scoringPanel(view, (x, y) => this.board.flash(x, y)) : null,
      scoreTrack(view),
      playersPanel(view, this.ctx.held),
      wondersPanel(view),
      view.terminal ? null : scoringPanel(view, (x, y) => this.board.flash(x, y)),
      bagPanel(view, this.components, this.bagOpen, (open) => { this.bagOpen = open; }),
      logPanel(view, showSquare, this.board.highlighted));
  }

  whoseTurn(view) {
    if (view.terminal) {
      return resultTitle(view);
    }
    if (view.to_act === null || view.to_act === undefined) return h('h2', { class: 'turn-title' }, t('core.drawing'));
    const name = playerName(view, view.to_act);
    const mine = view.prompt !== null && view.prompt !== undefined;
    return h('h2', { class: 'turn-title' },
      h('span', { class: 'swatch big', style: `background:${seatColour(view.to_act)}` }),
      t(mine ? 'core.your_turn_name' : 'core.playing', { name }));
  }

  drawTurn(view, { placements, spotOptions, rest }) {
    const obs = view.observation;
    const parts = [this.whoseTurn(view)];
    const prompt = view.prompt;
    const placingWonder = placements.length && placements[0].text.startsWith('place-wonder');
    if (placements.length) {
      const key = placements[0].payload.tile;
      const picture = placingWonder ? wonderPicture(this.components, key, this.rotation, 132)
        : tilePicture(this.components, key, this.rotation, 104);
      const label = placingWonder ? wonderName(key) : tileLabel(this.components, key, this.rotation);
      parts.push(h('div', { class: 'hand', 'data-rotation': this.rotation, 'data-legal-rotations': this.legalRotations().join(',') },
        h('div', { class: 'hand-picture', title: label }, picture),
        h('div', { class: 'hand-info' },
          h('p', { class: 'hand-label' }, label),
          h('div', { class: 'rotate-buttons' },
            h('button', { type: 'button', class: 'rotate', 'data-dir': -1, title: t('web.carcassonne.turn_left'), onclick: () => this.rotate(-1) }, '⟲'),
            h('button', { type: 'button', class: 'rotate primary', 'data-dir': 1, title: t('web.carcassonne.turn_right'), onclick: () => this.rotate(1) }, `⟳ ${t('web.carcassonne.rotate')}`)),
          h('p', { class: 'hint' }, placingWonder ? t('web.carcassonne.hint_wonder')
            : t('web.carcassonne.hint_tile', { n: this.legalRotations().length })),
          h('p', { class: 'hint touch-hint' }, t('web.carcassonne.hint_tap')))));
      const tried = this.candidateOption();
      if (tried) {
        parts.push(h('div', { class: 'choices' }, h('button', {
          type: 'button', class: 'primary place-here', 'data-action': tried.text, onclick: () => this.send(tried.text),
        }, t('web.carcassonne.place_here'))));
      }
    } else if (obs.tile && !view.terminal) {
      parts.push(h('div', { class: 'hand' },
        h('div', { class: 'hand-picture' }, tilePicture(this.components, obs.tile, 0, 72)),
        h('div', { class: 'hand-info' }, h('p', { class: 'hand-label' },
          view.prompt ? t('web.carcassonne.your_tile', { tile: tileLabel(this.components, obs.tile) })
            : t('web.carcassonne.their_tile', { name: playerName(view, obs.turn_seat ?? view.to_act ?? 0), tile: tileLabel(this.components, obs.tile) })))));
    }
    if (spotOptions.length) {
      const hasBig = spotOptions.some((o) => o.payload.big);
      const hasNormal = spotOptions.some((o) => !o.payload.big);
      parts.push(h('p', { class: 'hint' }, t('web.carcassonne.hint_meeple')));
      if (hasBig && hasNormal) {
        parts.push(h('label', { class: 'big-toggle' },
          h('input', { type: 'checkbox', checked: this.big || undefined, onchange: (e) => { this.big = e.target.checked; this.draw(); } }),
          ` ${t('web.carcassonne.use_big')}`));
      }
    }
    if (prompt && rest.length) parts.push(this.choiceButtons(view, rest, spotOptions.length > 0));
    if (prompt && !placements.length && !spotOptions.length && !rest.length) parts.push(h('p', {}, say(prompt.message, names(view))));
    const footer = [];
    if (view.can_undo) footer.push(h('button', { type: 'button', class: 'undo', onclick: () => this.ctx.undo() }, t('web.table.undo')));
    if (obs.tiles_left !== undefined && !view.terminal) footer.push(h('span', { class: 'muted tiles-left' }, t('web.carcassonne.tiles_left', { n: obs.tiles_left })));
    parts.push(h('div', { class: 'turn-footer' }, ...footer));
    replace(this.turnPanel, ...parts);
  }

  choiceButtons(view, options, afterSpots) {
    const buttons = options.map((o) => {
      const p = o.payload || {};
      const label = say(o.message, names(view));
      let detail = null;
      let picture = null;
      if (p.wonder) {
        detail = t(`carcassonne.wonder.${p.wonder}.power`);
        picture = wonderPicture(this.components, p.wonder, 0, 60);
      } else if (p.tile && this.components.tiles[p.tile]) {
        picture = tilePicture(this.components, p.tile, 0, 48);
      }
      return h('button', { type: 'button', class: `choice${o.text === 'skip' ? ' skip' : ''}`, 'data-action': o.text, onclick: () => this.send(o.text) },
        picture, h('span', {}, label, detail ? h('small', {}, detail) : null));
    });
    return h('div', { class: 'choices' }, ...buttons);
  }
}

export default CarcassonneTable;
