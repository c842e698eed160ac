// The lobby, /: create a game (game, options, seats as humans or bots, hot-seat), hand out
// the seat links, and list the games in progress and finished.

import { api, ApiError, seatStore, toast } from './api.js';
import { SEAT_COLOURS } from './carcassonne/board.js';
import { formatNumber, languageSelector, loadMessages, currentLanguage, t, translatePage } from './i18n.js';
import { h, replace } from './svg.js';

const MAX_SEATS = 6;
const CARCASSONNE_EXPANSIONS = ['inns_cathedrals', 'wonders']; // texts: web.lobby.expansion.<key>[.about]

const form = document.getElementById('new-game');
const gameSelect = document.getElementById('game');
const optionsBox = document.getElementById('options');
const seatsBox = document.getElementById('seats');
const createdBox = document.getElementById('created');
const activeBox = document.getElementById('games-active');
const finishedBox = document.getElementById('games-finished');

let catalog = { games: [], agents: [] };
let seats = [];
const playerName = (i) => t('web.lobby.player', { n: i + 1 });

function agentList() {
  return h('datalist', { id: 'agents' }, ...catalog.agents.map((a) => h('option', { value: a })));
}

function drawSeats() {
  const rows = seats.map((seat, i) => {
    const kind = h('select', {
      'aria-label': t('web.lobby.seat_kind', { n: i + 1 }), class: 'seat-kind',
      onchange: (e) => {
        seats[i] = e.target.value === 'human' ? { kind: 'human', name: playerName(i) } : { kind: 'bot', agent: 'greedy' };
        drawSeats();
      },
    }, h('option', { value: 'human', selected: seat.kind === 'human' || undefined }, t('web.lobby.human')),
    h('option', { value: 'bot', selected: seat.kind === 'bot' || undefined }, t('web.lobby.bot')));
    const field = seat.kind === 'human'
      ? h('input', { type: 'text', class: 'seat-name', value: seat.name || '', maxlength: 60, placeholder: playerName(i),
        'aria-label': t('web.lobby.seat_name', { n: i + 1 }), oninput: (e) => { seat.name = e.target.value; } })
      : h('input', { type: 'text', class: 'seat-agent', value: seat.agent || '', list: 'agents', maxlength: 100,
        placeholder: 'greedy', 'aria-label': t('web.lobby.seat_bot', { n: i + 1 }), title: t('web.lobby.bot_spec'),
        oninput: (e) => { seat.agent = e.target.value; } });
    return h('li', { class: 'seat-row' },
      h('span', { class: 'swatch big', style: `background:${SEAT_COLOURS[i % SEAT_COLOURS.length]}` }),
      h('span', { class: 'seat-number' }, t('web.lobby.seat_number', { n: i + 1 })), kind, field,
      h('button', { type: 'button', class: 'remove-seat', title: t('web.lobby.remove_seat'), 'aria-label': t('web.lobby.remove_seat_n', { n: i + 1 }),
        disabled: seats.length <= 1 || undefined, onclick: () => { seats.splice(i, 1); drawSeats(); } }, '×'));
  });
  replace(seatsBox, agentList(), h('ol', { class: 'seat-list' }, ...rows),
    h('button', { type: 'button', id: 'add-seat', disabled: seats.length >= MAX_SEATS || undefined,
      onclick: () => { seats.push({ kind: 'human', name: playerName(seats.length) }); drawSeats(); } }, t('web.lobby.add_seat')));
}

function drawOptions() {
  const game = catalog.games.find((g) => g.name === gameSelect.value);
  if (!game) return replace(optionsBox);
  if (game.name === 'carcassonne') {
    return replace(optionsBox, h('fieldset', { class: 'expansions' }, h('legend', {}, t('web.lobby.expansions')),
      ...CARCASSONNE_EXPANSIONS.map((key) => h('label', { class: 'check' },
        h('input', { type: 'checkbox', name: 'expansion', value: key }), ` ${t(`web.lobby.expansion.${key}`)} `,
        h('small', { class: 'muted' }, t(`web.lobby.expansion.${key}.about`))))),
    h('p', { class: 'muted' }, t('web.lobby.carcassonne_players')));
  }
  const defaults = { ...game.default_options };
  delete defaults.players;
  return replace(optionsBox, h('label', {}, t('web.lobby.options_json'),
    h('textarea', { id: 'options-json', rows: 4, spellcheck: 'false' }, JSON.stringify(defaults, null, 2))));
}

function readOptions() {
  if (gameSelect.value === 'carcassonne') {
    const expansions = [...optionsBox.querySelectorAll('input[name=expansion]:checked')].map((i) => i.value);
    return { expansions };
  }
  const area = document.getElementById('options-json');
  const text = area ? area.value.trim() : '';
  return text ? JSON.parse(text) : {};
}

function copyButton(text) {
  return h('button', {
    type: 'button', class: 'copy', onclick: async () => {
      try {
        await navigator.clipboard.writeText(text);
        toast(t('web.lobby.copied'));
      } catch {
        toast(t('web.lobby.copy_by_hand'), 'error');
      }
    },
  }, t('web.lobby.copy'));
}

// seat links come relative unless the server knows its public URL: shown whole, to be sent
const absolute = (url) => new URL(url, window.location.href).href;

function showCreated(created, hotseat) {
  created = { ...created, spectator_url: absolute(created.spectator_url),
    seats: created.seats.map((s) => (s.url ? { ...s, url: absolute(s.url) } : s)) };
  const humans = created.seats.filter((s) => s.token);
  const tableUrl = hotseat ? `/games/${created.game_id}?hotseat=1` : humans.length ? humans[0].url : created.spectator_url;
  replace(createdBox,
    h('h2', {}, t('web.lobby.created')),
    h('p', {}, hotseat ? t('web.lobby.created_hotseat') : t('web.lobby.created_links')),
    h('ul', { class: 'links' }, ...created.seats.map((s) => h('li', {},
      h('span', { class: 'swatch', style: `background:${SEAT_COLOURS[s.seat % SEAT_COLOURS.length]}` }),
      h('strong', {}, s.name), ' ',
      s.url ? [h('input', { type: 'text', readonly: true, value: s.url, class: 'link', 'aria-label': t('web.lobby.link_for', { name: s.name }) }),
        copyButton(s.url), h('a', { href: s.url, target: '_blank', rel: 'noopener' }, t('web.lobby.open'))]
        : h('span', { class: 'muted' }, t('web.lobby.bot_named', { name: s.name })))),
    h('li', {}, h('strong', {}, t('web.lobby.spectators')), ' ',
      h('input', { type: 'text', readonly: true, value: created.spectator_url, class: 'link', 'aria-label': t('web.lobby.spectator_link') }),
      copyButton(created.spectator_url))),
    h('p', {}, h('a', { class: 'button primary', id: 'go-to-table', href: tableUrl },
      hotseat || humans.length ? t('web.lobby.go_to_table') : t('web.lobby.watch_game'))));
  createdBox.hidden = false;
  createdBox.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
}

async function create(event) {
  event.preventDefault();
  let options;
  try {
    options = readOptions();
  } catch (err) {
    toast(t('web.lobby.bad_json', { error: err.message }), 'error');
    return;
  }
  const hotseat = document.getElementById('hotseat').checked;
  const body = {
    game: gameSelect.value,
    options,
    undo: document.getElementById('undo').checked,
    seats: seats.map((s, i) => (s.kind === 'human' ? { kind: 'human', name: (s.name || '').trim() || playerName(i) }
      : { kind: 'bot', agent: (s.agent || '').trim() || 'greedy' })),
  };
  const button = document.getElementById('create');
  button.disabled = true;
  try {
    const created = await api('/api/games', { method: 'POST', body });
    const tokens = Object.fromEntries(created.seats.filter((s) => s.token).map((s) => [s.seat, s.token]));
    if (hotseat) seatStore.save(created.game_id, { tokens, hotseat: true });
    showCreated(created, hotseat);
    loadGames();
  } catch (err) {
    toast(err instanceof ApiError ? t('web.lobby.cannot_create', { error: err.detail }) : String(err), 'error');
  } finally {
    button.disabled = false;
  }
}

function gameRow(g) {
  const best = Math.max(...g.scores);
  const players = g.players.map((p, i) => h('span', {
    class: `who${g.status === 'finished' && g.scores[i] === best ? ' winner' : ''}${g.to_act === p.seat ? ' acting' : ''}`,
  }, h('span', { class: 'swatch', style: `background:${SEAT_COLOURS[i % SEAT_COLOURS.length]}` }),
  `${p.kind === 'bot' ? t('web.lobby.bot_named', { name: p.name }) : p.name} ${formatNumber(g.scores[i] ?? 0)}`));
  const mine = seatStore.get(g.game_id);
  const actions = [h('a', { href: `/games/${g.game_id}` }, g.status === 'finished' ? t('web.lobby.view') : t('web.lobby.watch'))];
  if (mine && Object.keys(mine.tokens || {}).length && g.status !== 'finished') {
    actions.unshift(h('a', { href: `/games/${g.game_id}?hotseat=1`, class: 'play' }, t('web.lobby.play')));
  }
  if (g.status === 'finished') {
    actions.push(h('a', { href: `/games/${g.game_id}?replay=0`, class: 'replay' }, t('web.replay.lobby_link')),
      h('a', { href: `/api/games/${g.game_id}/record` }, t('web.lobby.record')));
  }
  const created = new Date(g.created);
  const title = (catalog.games.find((c) => c.name === g.game) || {}).title || g.game;
  return h('tr', { 'data-game': g.game_id },
    h('td', {}, title), h('td', { class: 'players-cell' }, ...players),
    h('td', { class: 'num' }, formatNumber(g.state_id)),
    h('td', { title: created.toISOString() }, created.toLocaleString(currentLanguage())),
    h('td', { class: 'actions' }, ...actions.flatMap((a, i) => (i ? [' · ', a] : [a]))));
}

function gamesTable(games, empty) {
  if (!games.length) return h('p', { class: 'muted' }, empty);
  return h('table', { class: 'games' },
    h('thead', {}, h('tr', {}, h('th', {}, t('web.lobby.col_game')), h('th', {}, t('web.lobby.col_players')), h('th', {}, t('web.lobby.col_moves')),
      h('th', {}, t('web.lobby.col_started')), h('th', {}, ''))),
    h('tbody', {}, ...games.map(gameRow)));
}

async function loadGames() {
  try {
    const { games } = await api('/api/games?limit=100');
    replace(activeBox, gamesTable(games.filter((g) => g.status === 'active'), t('web.lobby.none_active')));
    replace(finishedBox, gamesTable(games.filter((g) => g.status === 'finished'), t('web.lobby.none_finished')));
  } catch (err) {
    replace(activeBox, h('p', { class: 'muted' }, t('web.lobby.cannot_list', { error: err.message })));
  }
}

async function start() {
  await loadMessages();
  translatePage();
  document.title = t('web.lobby.page_title');
  document.getElementById('lang-slot').append(languageSelector());
  seats = [{ kind: 'human', name: playerName(0) }, { kind: 'bot', agent: 'greedy' }];
  catalog = await api('/api/catalog');
  replace(gameSelect, ...catalog.games.map((g) => h('option', { value: g.name }, g.title)));
  gameSelect.addEventListener('change', drawOptions);
  form.addEventListener('submit', create);
  drawOptions();
  drawSeats();
  loadGames();
  setInterval(() => { if (!document.hidden) loadGames(); }, 5000);
}

start().catch((err) => toast(`${t('web.lobby.cannot_start')} ${err.message}`, 'error'));
