// Step-through replay of an ended game (issue #24), on the page /games/{id}?replay=k.
//
// The server gives the view at step k (`GET /api/games/{id}/replay`: what the spectators saw
// then, or the seat's own view with its token); the game's own table draws it through its
// `render(view)`, so every game replays with no code of its own. The bar at the bottom steps
// through: first / previous / next / last (also Home, ←, →, End), the step counter, and the
// list of every move (the current one highlighted; tapping a move shows the board just after
// it). The address follows the step (`?replay=k`), so a reload or a shared link opens there.

import { api, toast } from './api.js';
import { icon } from './icons.js';
import { render as say, t } from './i18n.js';
import { h, replace } from './svg.js';

/** The replay API's address for `step` (null: the end). */
export function replayUrl(gameId, step, token = null, fullLog = false) {
  const q = new URLSearchParams();
  if (step !== null && step !== undefined) q.set('step', String(step));
  if (token) q.set('token', token);
  if (fullLog) q.set('full_log', 'true');
  const query = q.toString();
  return `/api/games/${encodeURIComponent(gameId)}/replay${query ? `?${query}` : ''}`;
}

const KEYS = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last' };

export class Replay {
  /**
   * bar: the element the controls go in; show(view): draw a replayed view. Open it with
   * `Replay.open(...)`, which loads the whole log and the first step to show.
   */
  constructor({ gameId, token, bar, show, last, leaveUrl }) {
    this.gameId = gameId;
    this.token = token;
    this.show = show;
    this.steps = last.replay.steps;
    this.entries = last.log;
    this.names = last.players.map((p) => p.name);
    this.step = null;
    this.asked = 0; // the latest request: an older answer arriving late is dropped
    this.cache = new Map([[this.steps, { ...last, log: last.log.slice(-50) }]]);
    this.counter = h('span', { class: 'replay-step', 'aria-live': 'polite' });
    this.buttons = {};
    for (const name of ['first', 'prev', 'next', 'last']) {
      this.buttons[name] = h('button', {
        type: 'button', class: `replay-btn replay-${name}`, title: t(`web.replay.${name}`), 'aria-label': t(`web.replay.${name}`),
        onclick: () => this.move(name),
      }, icon(name));
    }
    this.list = h('ol', { class: 'replay-list' });
    this.drawer = h('section', { class: 'panel replay-log', hidden: !window.matchMedia('(min-width: 900px)').matches },
      h('h3', {}, t('web.table.moves')), this.list);
    const toggle = h('button', {
      type: 'button', class: 'replay-btn replay-moves', title: t('web.replay.moves'), 'aria-label': t('web.replay.moves'),
      onclick: () => { this.drawer.hidden = !this.drawer.hidden; this.scrollToCurrent(); },
    }, icon('list'));
    replace(bar, this.drawer, h('div', { class: 'replay-controls' },
      h('span', { class: 'replay-label' }, t('web.replay.label')),
      this.buttons.first, this.buttons.prev, this.counter, this.buttons.next, this.buttons.last, toggle,
      h('a', { class: 'button replay-leave', href: leaveUrl }, t('web.replay.leave'))));
    bar.hidden = false;
    bar.classList.add('replaying');
    this.drawList();
    this.keys = (e) => this.onKey(e);
    document.addEventListener('keydown', this.keys);
  }

  /** Load the ended game's log and show step `start` ('end', a number, or null: the end). */
  static async open({ gameId, token, bar, show, start, leaveUrl }) {
    const last = await api(replayUrl(gameId, null, token, true));
    const replay = new Replay({ gameId, token, bar, show, last, leaveUrl });
    const wanted = Number.parseInt(start, 10);
    await replay.go(Number.isFinite(wanted) ? wanted : replay.steps);
    return replay;
  }

  onKey(e) {
    if (e.target && ['INPUT', 'TEXTAREA', 'SELECT'].includes(e.target.tagName)) return;
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const name = KEYS[e.key];
    if (!name) return;
    e.preventDefault();
    this.move(name);
  }

  move(name) {
    const step = this.step ?? this.steps;
    const to = { first: 0, prev: step - 1, next: step + 1, last: this.steps }[name];
    return this.go(to);
  }

  /** Show the board after the first `step` actions (clamped to 0..steps). */
  async go(step) {
    const target = Math.max(0, Math.min(this.steps, step));
    if (target === this.step) return;
    const asked = ++this.asked;
    let view;
    try {
      view = await this.load(target);
    } catch (err) {
      toast(t('web.replay.failed', { error: err.reason || err.message }), 'error');
      return;
    }
    if (asked !== this.asked) return;
    this.step = target;
    this.show(view);
    this.drawPosition();
    if (target < this.steps) this.load(target + 1).catch(() => {}); // the next step is the likely one
    const q = new URLSearchParams(location.search);
    q.set('replay', String(target));
    history.replaceState(null, '', `${location.pathname}?${q}`);
  }

  /** The view at `step`, from the cache or the server (a request in flight is shared). */
  load(step) {
    let pending = this.cache.get(step);
    if (!pending) {
      if (this.cache.size > 200) this.cache.clear();
      pending = api(replayUrl(this.gameId, step, this.token));
      pending.catch(() => this.cache.delete(step));
      this.cache.set(step, pending);
    }
    return Promise.resolve(pending);
  }

  drawPosition() {
    this.counter.textContent = t('web.replay.step', { step: this.step, steps: this.steps });
    this.buttons.first.disabled = this.step === 0;
    this.buttons.prev.disabled = this.step === 0;
    this.buttons.next.disabled = this.step === this.steps;
    this.buttons.last.disabled = this.step === this.steps;
    for (const item of this.list.children) {
      const current = Number(item.dataset.step) === this.step;
      item.classList.toggle('current', current);
      if (current) item.setAttribute('aria-current', 'step');
      else item.removeAttribute('aria-current');
    }
    this.scrollToCurrent();
  }

  scrollToCurrent() {
    const item = this.list.querySelector('.current');
    if (item && !this.drawer.hidden) item.scrollIntoView({ block: 'nearest' });
  }

  /** Step 0 (the start), then one row per action: tapping it shows the board just after it. */
  drawList() {
    const row = (step, who, text) => h('li', { 'data-step': step },
      h('button', { type: 'button', class: 'replay-entry', onclick: () => this.go(step) },
        h('span', { class: 'replay-index' }, String(step)), who ? h('strong', {}, who) : null, ' ', text));
    replace(this.list, row(0, null, t('web.replay.start')),
      ...this.entries.map((e) => row(e.index + 1, e.seat === null ? t('core.chance') : e.player,
        e.message ? say(e.message, this.names) : e.action)));
  }

  destroy() {
    document.removeEventListener('keydown', this.keys);
  }
}
