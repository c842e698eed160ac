// The game page, /games/{id}: follows the views of the seats this browser holds (one from
// `?token=`, every stored one with `?hotseat=1`, none for a spectator) over WebSockets, shows
// the freshest one (in hot-seat: the seat that must act) and sends the chosen actions.
// A game with a renderer (Carcassonne) is drawn; any other through the generic table
// (force it with `?view=generic`).

import { ApiError, api, followView, seatStore, toast, viewUrl } from './api.js';
import { GenericTable } from './generic.js';
import { languageSelector, loadMessages, render as say, t } from './i18n.js';
import { h, replace } from './svg.js';


const gameId = decodeURIComponent(location.pathname.replace(/\/+$/, '').split('/').pop());
const params = new URLSearchParams(location.search);
const app = document.getElementById('app');
const statusDot = document.getElementById('status');
const titleBox = document.getElementById('game-title');

const views = new Map(); // seat (or 'spectator') -> latest view
const tokens = new Map(); // seat -> token
const links = new Map(); // key -> socket link state
let table = null;
let shown = null; // the view on screen
let components = null;
let Renderer = null; // the game's own table class (`js/<table>/table.js`, named by the game), if any
let gameTitle = '';

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
  if (!table) table = makeTable(view);
  shown = view;
  app.dataset.stateId = String(view.state_id);
  app.dataset.seat = view.seat === null || view.seat === undefined ? '' : String(view.seat);
  const names = view.players.map((p) => p.name).join(` ${t('web.table.versus')} `);
  const game = view.title ? say(view.title) : gameTitle || view.game; // the title in the reader's language
  titleBox.textContent = `${game} · ${names}`;
  document.title = `${view.prompt ? '● ' : ''}${game} — Ludoteca`;
  table.render(view);
}

function makeTable(view) {
  const ctx = { components, act, undo, held: heldSeats(), hotseat: tokens.size > 1, gameId };
  const drawable = components && view.observation && (Renderer && Renderer.draws ? Renderer.draws(view.observation) : view.observation.board);
  if (Renderer && drawable && params.get('view') !== 'generic') return new Renderer(app, ctx);
  return new GenericTable(app, ctx);
}

async function refresh() {
  const jobs = tokens.size ? [...tokens.values()].map((t) => api(viewUrl(gameId, t))) : [api(viewUrl(gameId))];
  const results = await Promise.allSettled(jobs);
  for (const r of results) if (r.status === 'fulfilled') accept(r.value, true);
}

function explain(err) {
  if (!(err instanceof ApiError)) return toast(String(err), 'error');
  if (err.status === 409) {
    toast(t('web.error.moved_on', { error: err.detail }));
  } else if (err.status === 422) {
    toast(t('web.error.not_allowed', { error: err.detail }), 'error');
  } else {
    toast(err.detail || t('web.error.status', { n: err.status }), 'error');
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

async function start() {
  await loadMessages();
  document.getElementById('lang-slot').append(languageSelector());
  document.querySelector('.brand').title = t('web.table.back');
  statusDot.textContent = t('web.status.connecting');
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
