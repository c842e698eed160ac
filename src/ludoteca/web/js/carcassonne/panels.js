// The side panels of the Carcassonne table: players, Wonders, the score breakdown and the log.

import { agentLabel, formatNumber, render as say, t } from '../i18n.js';
import { h } from '../svg.js';
import { colourName, meepleIcon, seatColour } from './board.js';

/** "Ana" for seat 0, from the view's players. */
export function playerName(view, seat) {
  const p = view.players[seat];
  return p ? p.name : t('core.seat', { n: seat + 1 });
}

export const names = (view) => view.players.map((p) => p.name);

export function wonderName(key) {
  return t(`carcassonne.wonder.${key}.name`);
}

/**
 * A tile type's description in the reader's language, as the tile lies turned `rotation`
 * degrees ("base:D", 90 -> "city edge east; straight road north–south"): the components
 * carry the four messages (display.py); a tile without them is named by its id.
 */
export function tileLabel(components, id, rotation = 0) {
  const tile = components.tiles[id];
  const turns = (((rotation / 90) % 4) + 4) % 4;
  return tile && tile.description ? say(tile.description[turns]) : id;
}

/** A meeple on a spot as a message, e.g. "a knight in the city (N)" (as texts.spot in Python). */
export function spotMessage(spot, big = false) {
  const [kind, where] = spot.split(' ');
  const figure = big ? 'big' : 'meeple';
  if (!where) return { key: `carcassonne.${figure}.${kind}`, params: {} };
  const side = (letter) => ({ key: `carcassonne.side.${letter}`, params: {} });
  const place = where === 'inner' ? { key: 'carcassonne.where.inner', params: {} }
    : where.length === 1 ? side(where) : { key: 'carcassonne.where.third', params: { side: side(where[0]), i: where.slice(1) } };
  return { key: `carcassonne.${figure}.${kind}.at`, params: { where: place } };
}

/** The square a tile or Wonder placement names: "place 2,-1 r90" -> {x: 2, y: -1, wonder: false}, else null. */
export function placementOf(action) {
  const m = /^(place|place-wonder) (-?\d+),(-?\d+) r\d+$/.exec(action || '');
  return m ? { x: Number(m[2]), y: Number(m[3]), wonder: m[1] === 'place-wonder' } : null;
}

/**
 * The log as one line per turn (a draw and what its player did), newest first. A line whose
 * turn placed a tile names its square: tapping, focusing or hovering it with a mouse calls
 * `onSquare(x, y)` (the board outlines that square, the line is marked `shown`; a tap or
 * click adds `true`: bring the board into sight); the mouse leaving it calls
 * `onSquare(null, null)`. `highlighted`: the "x,y" shown when drawn.
 */
export function logPanel(view, onSquare = () => {}, highlighted = null) {
  const groups = [];
  for (const entry of view.log) {
    let group = groups[groups.length - 1];
    if (!group || entry.seat === null || (group.seat !== null && entry.seat !== group.seat)) {
      group = { seat: entry.seat, parts: [], square: null };
      groups.push(group);
    }
    if (group.seat === null) group.seat = entry.seat;
    group.square = placementOf(entry.action) || group.square;
    group.parts.push(entry.message ? say(entry.message, names(view)) : entry.action);
  }
  const latest = groups[groups.length - 1];
  if (latest && latest.seat === null && view.to_act !== null && view.to_act !== undefined && !view.terminal) {
    latest.seat = view.to_act; // the tile just drawn, for the player about to place it
  }
  const items = groups.reverse().map((g) => {
    const sq = g.square;
    const key = sq ? `${sq.x},${sq.y}` : null;
    const attrs = sq ? {
      class: `log-item has-square${key === highlighted ? ' shown' : ''}`, tabindex: 0, role: 'button',
      title: t('web.carcassonne.log_show'), 'data-x': sq.x, 'data-y': sq.y,
      onpointerenter: (e) => { if (e.pointerType === 'mouse') onSquare(sq.x, sq.y); },
      onpointerleave: (e) => { if (e.pointerType === 'mouse') onSquare(null, null); },
      onfocus: () => onSquare(sq.x, sq.y),
      onclick: () => onSquare(sq.x, sq.y, true),
    } : { class: 'log-item' };
    return h('li', attrs,
      g.seat !== null ? h('span', { class: 'swatch', style: `background:${seatColour(g.seat)}` }) : null,
      h('strong', {}, g.seat !== null ? playerName(view, g.seat) : t('core.chance')),
      ' ', g.parts.join(' · '));
  });
  return h('details', { class: 'panel log-panel', open: true },
    h('summary', {}, t('web.table.moves')),
    items.length ? h('ol', { class: 'log', reversed: true }, ...items) : h('p', { class: 'muted' }, t('web.table.no_moves')));
}

/** Players: colour, name, score, meeples (and big meeple) left, whose turn. */
export function playersPanel(view, held) {
  const obs = view.observation;
  const rows = view.players.map((p) => {
    const seat = p.seat;
    const supply = (obs.supply || [])[seat] ?? 0;
    const big = (obs.big_supply || [])[seat] ?? 0;
    const acting = view.to_act === seat;
    const figures = [];
    for (let i = 0; i < supply; i += 1) figures.push(meepleIcon(seat, { size: 13 }));
    if (big) figures.push(meepleIcon(seat, { big: true, size: 13 }));
    return h('li', { class: `player${acting ? ' acting' : ''}`, 'data-seat': seat },
      h('span', { class: 'swatch big', style: `background:${seatColour(seat)}`, title: colourName(seat) }),
      h('span', { class: 'player-name' }, p.name,
        p.kind === 'bot' ? h('span', { class: 'tag' }, `${t('core.bot')} · ${agentLabel(p.agent)}`) : null,
        held.includes(seat) ? h('span', { class: 'tag you' }, t('core.you')) : null,
        acting ? h('span', { class: 'tag turn' }, t('core.to_play')) : null),
      h('span', { class: 'score', title: t('core.points', { n: view.scores[seat] ?? 0 }) }, formatNumber(view.scores[seat] ?? 0)),
      h('span', { class: 'supply', title: t(big ? 'web.carcassonne.supply_big' : 'web.carcassonne.supply', { n: supply }) },
        ...figures, supply || big ? null : h('span', { class: 'muted' }, t('web.carcassonne.no_meeples'))));
  });
  return h('section', { class: 'panel players-panel' }, h('ul', { class: 'players' }, ...rows));
}

/** The Wonders: on display, held, built; a note that the layouts are our own design. */
export function wondersPanel(view) {
  const w = view.observation.wonders;
  if (!w) return null;
  const name = (key) => h('span', { class: 'wonder-chip', title: t(`carcassonne.wonder.${key}.power`) }, wonderName(key));
  const held = view.players.map((p) => [p, w.held[p.seat]]).filter(([, key]) => key);
  return h('details', { class: 'panel wonders-panel', open: true },
    h('summary', {}, t('web.carcassonne.wonders')),
    h('p', {}, `${t('web.carcassonne.on_display')} `, ...(w.display.length ? w.display.map(name) : [t('web.carcassonne.none_left')]),
      w.display.length ? h('span', { class: 'muted' }, ` — ${t('web.carcassonne.next_claim', { n: w.threshold })}`) : null),
    held.length ? h('p', {}, `${t('web.carcassonne.claimed')} `, ...held.flatMap(([p, key]) => [`${p.name} `, name(key), ' '])) : null,
    w.placed.length ? h('p', {}, `${t('web.carcassonne.built')} `, ...w.placed.flatMap((x) => [name(x.key), ` (${playerName(view, x.owner)}) `])) : null,
    h('p', { class: 'design-note' }, t('web.carcassonne.design_note')));
}

const CATEGORY_ORDER = { city: 10, road: 20, monastery: 30, field: 40 };

/** The breakdown row of an event: its label (as texts.score_category in Python) and order. */
function categoryOf(event) {
  if (event.kind.startsWith('wonder:')) return [t('carcassonne.breakdown.wonder', { wonder: { key: `carcassonne.wonder.${event.kind.slice(7)}.name`, params: {} } }), 50];
  const order = CATEGORY_ORDER[event.kind] ?? 60;
  if (event.kind === 'field') return [t('carcassonne.breakdown.field'), order];
  return [t(`carcassonne.breakdown.${event.kind}.${event.final ? 'final' : 'done'}`), order + (event.final ? 1 : 0)];
}

/**
 * Why everyone has their points: a table of points per feature kind and player, and every
 * scored feature (hover one to see where it is). Open and first at the end of the game.
 */
export function scoringPanel(view, onShow) {
  const events = view.scoring || [];
  const players = view.players;
  const rows = new Map();
  for (const e of events) {
    const [label, order] = categoryOf(e);
    if (!rows.has(label)) rows.set(label, { order, points: players.map(() => 0) });
    for (const s of e.seats) rows.get(label).points[s] += e.points;
  }
  const sorted = [...rows.entries()].sort((a, b) => a[1].order - b[1].order);
  const totals = players.map((p) => sorted.reduce((sum, [, r]) => sum + r.points[p.seat], 0));
  const table = h('table', { class: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', {}, t('web.carcassonne.points_from')),
      ...players.map((p) => h('th', {}, h('span', { class: 'swatch', style: `background:${seatColour(p.seat)}` }), p.name)))),
    h('tbody', {}, ...sorted.map(([label, r]) => h('tr', {}, h('td', {}, label),
      ...r.points.map((v) => h('td', { class: v ? '' : 'muted' }, formatNumber(v)))))),
    h('tfoot', {}, h('tr', {}, h('th', {}, t('core.total')), ...totals.map((v, i) => h('th', {}, formatNumber(view.scores[i] ?? v))))));
  const list = h('ol', { class: 'events' }, ...events.slice().reverse().map((e) => h('li', {
    tabindex: 0,
    onmouseenter: () => onShow(e.at[0], e.at[1]),
    onfocus: () => onShow(e.at[0], e.at[1]),
  }, e.message ? say(e.message, names(view)) : `${e.kind} +${e.points}`)));
  const open = view.terminal;
  return h('details', { class: `panel scoring-panel${open ? ' final' : ''}`, open: open || undefined },
    h('summary', {}, t(open ? 'web.carcassonne.final_breakdown' : 'web.carcassonne.points_so_far')),
    events.length ? table : h('p', { class: 'muted' }, t('web.carcassonne.nothing_scored')),
    events.length ? h('details', { class: 'event-list', open: open || undefined },
      h('summary', {}, t('web.carcassonne.every_event', { n: events.length })), list) : null);
}
