// The server's HTTP and WebSocket API, and the seat tokens this browser holds.
import { render, t } from './i18n.js';

export class ApiError extends Error {
  /** `body`: the error's JSON, e.g. {detail, option, message} for a refused game option. */
  constructor(status, detail, body = null) {
    super(detail || `HTTP ${status}`);
    this.status = status;
    this.detail = detail;
    this.body = body;
  }

  /** Why the server refused, in the reader's language when it worded it, else its English detail. */
  get reason() {
    const message = this.body && this.body.message;
    if (message && message.key) {
      try {
        return render(message);
      } catch (err) {
        return this.detail;
      }
    }
    return this.detail;
  }
}

/** Call the JSON API: api('/api/games', {method: 'POST', body: {...}}). */
export async function api(path, { method = 'GET', body } = {}) {
  const init = { method, headers: { Accept: 'application/json' } };
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ApiError(0, t('web.error.unreachable', { error: err.message }));
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = null; }
  if (!response.ok) {
    throw new ApiError(response.status, (data && data.detail) || text || response.statusText, data);
  }
  return data;
}

export function viewUrl(gameId, token) {
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  return `/api/games/${encodeURIComponent(gameId)}/view${q}`;
}

/**
 * Follow a seat's view over the WebSocket; reconnects by itself (with back-off).
 * onView(view) gets every view; onStatus('live' | 'connecting' | 'closed', reason) the link's state.
 * Returns {close()}.
 */
export function followView(gameId, token, onView, onStatus = () => {}) {
  let socket = null;
  let closed = false;
  let delay = 500;
  let timer = null;
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const q = token ? `?token=${encodeURIComponent(token)}` : '';
  const url = `${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}${q}`;

  function connect() {
    if (closed) return;
    onStatus('connecting');
    socket = new WebSocket(url);
    socket.onopen = () => { delay = 500; onStatus('live'); };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch { return; }
      if (message && message.type === 'view') onView(message.view);
    };
    socket.onclose = (event) => {
      socket = null;
      if (closed) return;
      if (event.code === 4404 || event.code === 4403) {
        closed = true;
        onStatus('closed', t(event.code === 4404 ? 'server.error.no_game' : 'server.error.bad_token'));
        return;
      }
      onStatus('connecting');
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }
  connect();
  return {
    close() {
      closed = true;
      clearTimeout(timer);
      if (socket) socket.close();
    },
  };
}

const PREFIX = 'ludoteca.seats.';

/** Seat tokens this browser holds for a game: {tokens: {seat: token}, hotseat, names}. */
export const seatStore = {
  get(gameId) {
    try {
      return JSON.parse(localStorage.getItem(PREFIX + gameId)) || null;
    } catch {
      return null;
    }
  },
  save(gameId, entry) {
    const old = seatStore.get(gameId) || { tokens: {}, hotseat: false };
    const merged = { ...old, ...entry, tokens: { ...old.tokens, ...(entry.tokens || {}) } };
    try { localStorage.setItem(PREFIX + gameId, JSON.stringify(merged)); } catch { /* private mode */ }
    return merged;
  },
};

/** A short message at the bottom of the page; kind 'error' shows in red. */
export function toast(message, kind = 'info') {
  let box = document.getElementById('toasts');
  if (!box) {
    box = document.createElement('div');
    box.id = 'toasts';
    document.body.append(box);
  }
  const item = document.createElement('div');
  item.className = `toast ${kind}`;
  item.setAttribute('role', kind === 'error' ? 'alert' : 'status');
  item.textContent = message;
  box.append(item);
  setTimeout(() => item.remove(), kind === 'error' ? 7000 : 3500);
}
