// The game page, /games/{id}: follows the views of the seats this browser holds (one from
// `?token=`, every stored one with `?hotseat=1`, none for a spectator) over WebSockets, shows
// the freshest one (in hot-seat: the seat that must act) and sends the chosen actions.
// A game with a renderer (Carcassonne) is drawn; any other through the generic table
// (force it with `?view=generic`). When a held seat must act the tab's title and favicon
// say so (`notify.js`); at the end the bar below offers a rematch and the replay
// (`rematch.js`); `?replay=k` steps through an ended game instead (`replay.js`).

import { ApiError, api, followView, seatStore, toast, viewUrl } from './api.js';
import { GenericTable } from './generic.js';
import { languageSelector, loadMessages, render as say, t } from './i18n.js';
import { TurnSignal } from './notify.js';
import { drawEndBar } from './rematch.js';
import { Replay } from './replay.js';
import { h, replace } from './svg.js';
import { dockDecision } from './tables.js';


const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, '').split('/').pop());
const params = new URLSearchParams(location.search);
const app = document.getElementById('app');
const statusDot = document.getElementById('status');
const titleBox = document.getElementById('game-title');
const bar = document.getElementById('game-bar');

const views = new Map(); // seat (or 'spectator') -> latest view
const tokens = new Map(); // seat -> token
const links = new Map(); // key -> socket link state
let table = null;
let shown = null; // the view on screen
let components = null;
let Renderer = null; // the game's own table class (`js/<table>/table.js`, named by the game), if any
let gameTitle = '';
let tableKind = null; // 'renderer' or 'generic'
let signal = null;

function heldSeats() {
  return [...tokens.keys()];
}

function setStatus() {
  const states = [...links.values()];
  const live = states.length && states.every((s) => s === 'live');
  const closed = states.some((s) => s === 'closed');
  statusDot.className = `status ${live ? 'live' : closed ? 'closed' : 'connecting'}`;
  statusDot.textContent = t(live ? 'web.status.live' : closed ? 'web.status.closed' : 'web.status.connecting');
}

function keyOf(view) {
  return view.seat === null || view.seat === undefined ? 'spectator' : view.seat;
}

/**
 * Keep a seat's view. WebSocket pushes arrive in order, so each replaces the last (`force`);
 * an HTTP answer could be overtaken by a push, so it must not be older. A take-back lowers
 * the state_id: its answer, its pushes and a refresh are taken as they are (`force`).
 */
function accept(view, force = false) {
  const key = keyOf(view);
  const old = views.get(key);
  if (!force && old && old.state_id > view.state_id) return;
  views.set(key, view);
  if (view.seat !== null && view.seat !== undefined && !tokens.has(view.seat)) return;
  render();
}

/** The view to show: the freshest; in hot-seat the one whose seat must act. */
function pick() {
  const all = [...views.values()];
  if (!all.length) return null;
  const newest = Math.max(...all.map((v) => v.state_id));
  const fresh = all.filter((v) => v.state_id === newest);
  return fresh.find((v) => v.prompt) || fresh.find((v) => shown && keyOf(v) === keyOf(shown)) || fresh[0];
}

function render() {
  const view = pick();
  if (!view) return;
  if (!table) useTable(view);
  present(view);
  const game = titleOf(view);
  const acting = view.to_act !== null && view.to_act !== undefined ? view.players[view.to_act].name : '';
  signal.update(Boolean(view.prompt), `${game} — Ludoteca`, { game, name: acting });
  drawEndBar(bar, view, { gameId, tokens, replayUrl: replayLink() });
}

/** The game's title in the reader's language (the view's message; else the components' title). */
function titleOf(view) {
  return view.title ? say(view.title) : gameTitle || view.game;
}

/** Draw `view` on the table (a live or a replayed one). */
function present(view) {
  shown = view;
  app.dataset.stateId = String(view.state_id);
  app.dataset.seat = view.seat === null || view.seat === undefined ? '' : String(view.seat);
  const names = view.players.map((p) => p.name).join(` ${t('web.table.versus')} `);
  titleBox.textContent = `${titleOf(view)} · ${names}`;
  table.render(view);
  // a map drawn too small for a finger zooms onto the pieces of a new decision (panzoom.js)
  for (const box of app.querySelectorAll('.zoom-box')) box.zoomBox.focusTargets(`${view.state_id}:${view.seat}`);
}

/** The table that draws `view`: the game's own when it can, else the generic one. */
function kindFor(view) {
  const drawable = components && view.observation && (Renderer && Renderer.draws ? Renderer.draws(view.observation) : view.observation.board);
  return Renderer && drawable && params.get('view') !== 'generic' ? 'renderer' : 'generic';
}

/** Make the table for `view`, or keep the one there if it is of the right kind. */
function useTable(view, ctxExtra = {}) {
  const kind = kindFor(view);
  if (table && kind === tableKind) return;
  if (table) table.destroy();
  app.className = 'table-app';
  const ctx = { components, act, undo, held: heldSeats(), hotseat: tokens.size > 1, gameId, ...ctxExtra };
  table = kind === 'renderer' ? new Renderer(app, ctx) : new GenericTable(app, ctx);
  tableKind = kind;
  dockDecision(app);
}

/** Where this game's replay opens (with the seat's token when one seat is held: its own view). */
function replayLink() {
  const q = new URLSearchParams({ replay: '0' });
  if (tokens.size === 1) q.set('token', [...tokens.values()][0]);
  return `/games/${encodeURIComponent(gameId)}?${q}`;
}

async function refresh() {
  const jobs = tokens.size ? [...tokens.values()].map((t) => api(viewUrl(gameId, t))) : [api(viewUrl(gameId))];
  const results = await Promise.allSettled(jobs);
  for (const r of results) if (r.status === 'fulfilled') accept(r.value, true);
}

function explain(err) {
  if (!(err instanceof ApiError)) return toast(String(err), 'error');
  if (err.status === 409) {
    toast(t('web.error.moved_on', { error: err.reason }));
  } else if (err.status === 422) {
    toast(t('web.error.not_allowed', { error: err.reason }), 'error');
  } else {
    toast(err.reason || t('web.error.status', { n: err.status }), 'error');
  }
  return null;
}

async function act(text) {
  const view = shown;
  if (!view || !view.prompt) return;
  const token = tokens.get(view.seat);
  try {
    const next = await api(`/api/games/${encodeURIComponent(gameId)}/actions`, {
      method: 'POST', body: { token, state_id: view.state_id, action: text },
    });
    accept(next);
    if (next.to_act !== null && next.to_act !== next.seat && tokens.has(next.to_act)) await refresh();
  } catch (err) {
    explain(err);
    if (err instanceof ApiError && (err.status === 409 || err.status === 403)) await refresh();
  }
}

async function undo() {
  const view = shown;
  if (!view) return;
  try {
    accept(await api(`/api/games/${encodeURIComponent(gameId)}/undo`, {
      method: 'POST', body: { token: tokens.get(view.seat), state_id: view.state_id },
    }), true);
    await refresh();
  } catch (err) {
    explain(err);
    await refresh();
  }
}

function fail(message) {
  replace(app, h('section', { class: 'panel error-page' }, h('h2', {}, t('web.table.cannot_open')),
    h('p', {}, message), h('p', {}, h('a', { href: '/' }, t('web.table.back')))));
  statusDot.className = 'status closed';
  statusDot.textContent = t('web.status.offline');
}

/** `?replay=k`: step through the ended game; the token's seat sees its own view, else the public one. */
async function startReplay(mode) {
  const token = params.get('token');
  const seat = token ? (await api(viewUrl(gameId, token))).seat : null; // 403 for a wrong link
  if (seat !== null) tokens.set(seat, token);
  mode.textContent = t(token ? 'web.replay.mode_seat' : 'web.replay.mode_public');
  statusDot.hidden = true;
  const leave = token ? `/games/${encodeURIComponent(gameId)}?token=${encodeURIComponent(token)}` : `/games/${encodeURIComponent(gameId)}`;
  const noop = () => {};
  document.title = `${gameTitle} — Ludoteca`;
  try {
    await Replay.open({
      gameId, token, bar, start: params.get('replay'), leaveUrl: leave,
      show: (view) => { useTable(view, { act: noop, undo: noop, replay: true }); present(view); },
    });
  } catch (err) {
    if (err instanceof ApiError && err.status === 409) {
      replace(app, h('section', { class: 'panel error-page' }, h('h2', {}, t('web.replay.not_over')),
        h('p', {}, h('a', { href: leave }, t('web.replay.to_table')))));
      return;
    }
    throw err;
  }
}

async function start() {
  await loadMessages();
  document.getElementById('lang-slot').append(languageSelector());
  document.querySelector('.brand').title = t('web.table.back');
  statusDot.textContent = t('web.status.connecting');
  signal = new TurnSignal();
  const given = params.get('token');
  const stored = seatStore.get(gameId);
  const list = given ? [given] : params.has('hotseat') && stored ? Object.values(stored.tokens) : [];
  try {
    const about = await api(`/api/games/${encodeURIComponent(gameId)}/components`);
    components = about.components;
    gameTitle = about.title;
    if (about.table) Renderer = (await import(`./${about.table}/table.js`)).default;
  } catch (err) {
    fail(err instanceof ApiError && err.status === 404 ? t('web.table.no_game', { id: gameId }) : String(err.message));
    return;
  }
  if (params.has('replay')) {
    await startReplay(document.getElementById('mode'));
    return;
  }
  document.getElementById('notify-slot').append(signal.toggles());
  const first = [];
  for (const token of list) {
    try {
      const view = await api(viewUrl(gameId, token));
      tokens.set(view.seat, token);
      first.push(view);
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) toast(t('web.table.bad_link'), 'error');
      else throw err;
    }
  }
  if (given && tokens.size) seatStore.save(gameId, { tokens: Object.fromEntries(tokens) });
  if (!tokens.size) first.push(await api(viewUrl(gameId)));
  const mode = document.getElementById('mode');
  mode.textContent = tokens.size > 1 ? t('web.table.hotseat', { n: tokens.size }) : t(tokens.size ? 'web.table.your_seat' : 'web.table.spectator');
  if (!tokens.size && stored && Object.keys(stored.tokens).length) {
    mode.append(' · ', h('a', { href: `/games/${encodeURIComponent(gameId)}?hotseat=1` }, t('web.table.play_yours')));
  }
  first.forEach((view) => accept(view));
  const follow = (key, token) => {
    links.set(key, 'connecting');
    followView(gameId, token, (view) => accept(view, true), (state, reason) => {
      links.set(key, state);
      setStatus();
      if (state === 'closed' && reason) toast(t('web.error.live_stopped', { error: reason }), 'error');
    });
  };
  if (tokens.size) for (const [seat, token] of tokens) follow(seat, token);
  else follow('spectator', null);
  setStatus();
}

start().catch((err) => fail(err.message || String(err)));
