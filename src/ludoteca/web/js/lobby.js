// The lobby, /: create a game (game, options, seats as humans or bots, hot-seat), hand out
// the seat links, and list the games in progress and finished. The option form is built from
// the game's declared options (`options_form.js`); the seats follow its player range.

import { api, ApiError, seatStore, toast } from './api.js';
import { agentLabel, currentLanguage, formatNumber, languageSelector, loadMessages, render as say, seatName, t, translatePage } from './i18n.js';
import { clearFieldErrors, optionsForm, readOptions, showFieldError } from './options_form.js';
import { seatColour } from './seats.js';
import { h, replace } from './svg.js';

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

const chosenGame = () => catalog.games.find((g) => g.name === gameSelect.value);
const playerRange = () => {
  const game = chosenGame();
  return game ? [game.min_players, game.max_players] : [1, 1];
};
// A bot seat plays at a difficulty level (each game maps easy, medium and hard to its own
// bots: `ludoteca agents GAME`) or by a custom spec typed in full (greedy, mcts:time=1...).
const LEVELS = ['easy', 'medium', 'hard'];
const CUSTOM = 'custom';
const newBot = () => ({ kind: 'bot', agent: 'medium' });
const newSeat = (i) => (i === 0 ? { kind: 'human', name: playerName(0) } : newBot());
/** A bot seat to create: a level's bot is named by the level in the creator's language. */
const botSeat = (agent) => (LEVELS.includes(agent) ? { kind: 'bot', agent, name: agentLabel(agent) } : { kind: 'bot', agent });
/** What the seat's select shows: human, a level, or custom (any other spec). */
const seatChoice = (seat) => (seat.kind === 'human' ? 'human'
  : (LEVELS.includes(seat.agent) && !seat.custom ? seat.agent : CUSTOM));

/** Keep the seats within the chosen game's player range (adding bots, dropping the last seats). */
function fitSeats() {
  const [low, high] = playerRange();
  while (seats.length < low) seats.push(newSeat(seats.length));
  if (seats.length > high) seats.length = high;
}

function drawSeats() {
  const [low, high] = playerRange();
  const players = (chosenGame()?.options || []).find((s) => s.name === 'players');
  const rows = seats.map((seat, i) => {
    const kind = h('select', {
      'aria-label': t('web.lobby.seat_kind', { n: i + 1 }), class: 'seat-kind',
      onchange: (e) => {
        const v = e.target.value;
        if (v === 'human') seats[i] = { kind: 'human', name: playerName(i) };
        else if (v === CUSTOM) seats[i] = { kind: 'bot', agent: 'greedy', custom: true };
        else seats[i] = { kind: 'bot', agent: v };
        drawSeats();
      },
    }, ...['human', ...LEVELS, CUSTOM].map((v) => h('option', { value: v, selected: seatChoice(seat) === v || undefined },
      t(v === 'human' ? 'web.lobby.human' : `web.lobby.bot_${v}`))));
    const field = seat.kind === 'human'
      ? h('input', { type: 'text', class: 'seat-name', value: seat.name || '', maxlength: 60, placeholder: playerName(i),
        'aria-label': t('web.lobby.seat_name', { n: i + 1 }), oninput: (e) => { seat.name = e.target.value; } })
      : seatChoice(seat) !== CUSTOM ? h('span', { class: 'seat-level muted' }, t(`web.lobby.level_${seat.agent}`))
      : h('input', { type: 'text', class: 'seat-agent', value: seat.agent || '', list: 'agents', maxlength: 100,
        placeholder: 'greedy', 'aria-label': t('web.lobby.seat_bot', { n: i + 1 }), title: t('web.lobby.bot_spec'),
        oninput: (e) => { seat.agent = e.target.value; } });
    return h('li', { class: 'seat-row' },
      h('span', { class: 'swatch big', style: `background:${seatColour(i)}` }),
      h('span', { class: 'seat-number' }, t('web.lobby.seat_number', { n: i + 1 })), kind, field,
      h('button', { type: 'button', class: 'remove-seat', title: t('web.lobby.remove_seat'), 'aria-label': t('web.lobby.remove_seat_n', { n: i + 1 }),
        disabled: seats.length <= low || undefined, onclick: () => { seats.splice(i, 1); drawSeats(); } }, '×'));
  });
  replace(seatsBox, agentList(),
    h('small', { class: 'help muted', id: 'option-players-help' },
      players ? t(players.about) : t('web.form.players_fixed', { n: low })),
    h('ol', { class: 'seat-list' }, ...rows),
    h('p', { class: 'field-error', id: 'option-players-error', role: 'alert', hidden: true }),
    h('button', { type: 'button', id: 'add-seat', disabled: seats.length >= high || undefined,
      onclick: () => { seats.push({ kind: 'human', name: playerName(seats.length) }); drawSeats(); } }, t('web.lobby.add_seat')));
}

function drawOptions() {
  const game = chosenGame();
  if (!game) return replace(optionsBox);
  fitSeats();
  drawSeats();
  return replace(optionsBox, ...optionsForm(game));
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
      h('span', { class: 'swatch', style: `background:${seatColour(s.seat)}` }),
      h('strong', {}, s.name), ' ',
      s.url ? [h('input', { type: 'text', readonly: true, value: s.url, class: 'link', 'aria-label': t('web.lobby.link_for', { name: s.name }) }),
        copyButton(s.url), h('a', { href: s.url, target: '_blank', rel: 'noopener' }, t('web.lobby.open'))]
        : h('span', { class: 'muted' }, `${t('core.bot')} · ${agentLabel(s.agent)}`))),
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
  clearFieldErrors(form);
  const { options, errors } = readOptions(chosenGame(), optionsBox);
  if (errors.length) {
    for (const [name, message] of errors) showFieldError(form, name, message);
    return;
  }
  const hotseat = document.getElementById('hotseat').checked;
  const body = {
    game: gameSelect.value,
    options,
    undo: document.getElementById('undo').checked,
    seats: seats.map((s, i) => (s.kind === 'human' ? { kind: 'human', name: (s.name || '').trim() || playerName(i) }
      : botSeat((s.agent || '').trim() || 'greedy'))),
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
    const refused = err instanceof ApiError && err.body && err.body.option;
    if (refused && showFieldError(form, refused, err.body.message || err.detail)) return;
    toast(err instanceof ApiError ? t('web.lobby.cannot_create', { error: err.reason }) : String(err), 'error');
  } finally {
    button.disabled = false;
  }
}

function gameRow(g) {
  const won = g.winners || []; // the server's result (null until a finished game is loaded)
  const players = g.players.map((p, i) => h('span', {
    class: `who${won.includes(p.seat) ? ' winner' : ''}${g.to_act === p.seat ? ' acting' : ''}`,
  }, h('span', { class: 'swatch', style: `background:${seatColour(i)}` }),
  `${p.kind === 'bot' ? t('web.lobby.bot_named', { name: seatName(p) }) : p.name} ${formatNumber(g.scores[i] ?? 0)}`));
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
  const known = catalog.games.find((c) => c.name === g.game);
  const title = known ? say({ key: known.title_key, params: {} }) : g.game;
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
  seats = [newSeat(0), newSeat(1)];
  catalog = await api('/api/catalog');
  replace(gameSelect, ...catalog.games.map((g) => h('option', { value: g.name }, say({ key: g.title_key, params: {} }))));
  gameSelect.addEventListener('change', drawOptions);
  form.addEventListener('submit', create);
  seatsBox.dataset.option = 'players'; // the players option is the seat count: its errors show here
  drawOptions();
  loadGames();
  setInterval(() => { if (!document.hidden) loadGames(); }, 5000);
}

start().catch((err) => toast(`${t('web.lobby.cannot_start')} ${err.message}`, 'error'));
