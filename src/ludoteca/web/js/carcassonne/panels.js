// The side panels of the Carcassonne table: players, Wonders, the score breakdown and the log.

import { h } from '../svg.js';
import { SEAT_NAMES, meepleIcon, seatColour } from './board.js';

const FEATURE_WORDS = {
  city: ['the city', 'a knight'],
  road: ['the road', 'a thief'],
  field: ['the field', 'a farmer'],
  monastery: ['the monastery', 'a monk'],
};

/** "Ana" for seat 0, from the view's players. */
export function playerName(view, seat) {
  const p = view.players[seat];
  return p ? p.name : `Seat ${seat + 1}`;
}

export function wonderName(components, key) {
  return (components.wonders[key] || {}).name || key;
}

function shortTile(id) {
  if (!id) return '?';
  if (id.startsWith('wonder:')) return id;
  return id.includes(':') ? id.split(':')[1] : id;
}

/** A plain-words description of a meeple spot, e.g. "a knight in the city (N)". */
export function describeSpot(spot, big = false) {
  const [kind, where] = spot.split(' ');
  const [place, who] = FEATURE_WORDS[kind] || [kind, 'a meeple'];
  const figure = big ? 'the big meeple' : who;
  return `${figure} on ${place}${where ? ` (${where})` : ''}`;
}

/** One action of the log in words (without the player's name). */
export function describeAction(text, view, components) {
  const [verb, ...rest] = text.split(' ');
  const arg = rest.join(' ');
  switch (verb) {
    case 'draw': return `drew tile ${shortTile(arg)}`;
    case '(chance)': return 'drew a tile';
    case 'place': {
      const [xy, rot] = rest;
      return `placed it at (${xy.replace(',', ', ')})${rot && rot !== 'r0' ? `, turned ${rot.slice(1)}°` : ''}`;
    }
    case 'place-wonder': return `built their Wonder centred on (${rest[0].replace(',', ', ')})`;
    case 'meeple':
    case 'big': {
      const onArm = /^-?\d+,-?\d+$/.test(rest[0]);
      const spot = onArm ? rest.slice(1).join(' ') : arg;
      return `put ${describeSpot(spot, verb === 'big')}${onArm ? ' of the Wonder' : ''}`;
    }
    case 'skip': return 'no meeple';
    case 'hold': return 'kept their Wonder for later';
    case 'helper': return 'took a helper tile';
    case 'wonder': return `took the Wonder ${wonderName(components, arg)}`;
    case 'choose': return `chose tile ${shortTile(arg)}`;
    case 'order': return `set the claim order: ${arg.split(',').map((s) => playerName(view, Number(s))).join(', ')}`;
    default: return text;
  }
}

/** The log as one line per turn (a draw and what its player did), newest first. */
export function logPanel(view, components) {
  const groups = [];
  for (const entry of view.log) {
    let group = groups[groups.length - 1];
    if (!group || entry.seat === null || (group.seat !== null && entry.seat !== group.seat)) {
      group = { seat: entry.seat, parts: [] };
      groups.push(group);
    }
    if (group.seat === null) group.seat = entry.seat;
    group.parts.push(describeAction(entry.action, view, components));
  }
  const latest = groups[groups.length - 1];
  if (latest && latest.seat === null && view.to_act !== null && view.to_act !== undefined && !view.terminal) {
    latest.seat = view.to_act; // the tile just drawn, for the player about to place it
  }
  const items = groups.reverse().map((g) => h('li', { class: 'log-item' },
    g.seat !== null ? h('span', { class: 'swatch', style: `background:${seatColour(g.seat)}` }) : null,
    h('strong', {}, g.seat !== null ? playerName(view, g.seat) : 'Chance'),
    ' ', g.parts.join(' · ')));
  return h('details', { class: 'panel log-panel', open: true },
    h('summary', {}, 'Moves'),
    items.length ? h('ol', { class: 'log', reversed: true }, ...items) : h('p', { class: 'muted' }, 'No moves yet.'));
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
      h('span', { class: 'swatch big', style: `background:${seatColour(seat)}`, title: SEAT_NAMES[seat % 6] }),
      h('span', { class: 'player-name' }, p.name,
        p.kind === 'bot' ? h('span', { class: 'tag' }, `bot · ${p.agent}`) : null,
        held.includes(seat) ? h('span', { class: 'tag you' }, 'you') : null,
        acting ? h('span', { class: 'tag turn' }, 'to play') : null),
      h('span', { class: 'score', title: 'points' }, String(view.scores[seat] ?? 0)),
      h('span', { class: 'supply', title: `${supply} meeple(s)${big ? ' and the big meeple' : ''} left` },
        ...figures, supply || big ? null : h('span', { class: 'muted' }, 'no meeples left')));
  });
  return h('section', { class: 'panel players-panel' }, h('ul', { class: 'players' }, ...rows));
}

/** The Wonders: on display, held, built; a note that the layouts are our own design. */
export function wondersPanel(view, components) {
  const w = view.observation.wonders;
  if (!w) return null;
  const name = (key) => h('span', { class: 'wonder-chip', title: (components.wonders[key] || {}).power || '' },
    wonderName(components, key));
  const held = view.players.map((p) => [p, w.held[p.seat]]).filter(([, key]) => key);
  return h('details', { class: 'panel wonders-panel', open: true },
    h('summary', {}, 'Wonders of Humanity'),
    h('p', {}, 'On display: ', ...(w.display.length ? w.display.map(name) : ['none left']),
      w.display.length ? h('span', { class: 'muted' }, ` — the next pair claims one at ${w.threshold} points`) : null),
    held.length ? h('p', {}, 'Claimed: ', ...held.flatMap(([p, key]) => [`${p.name} `, name(key), ' '])) : null,
    w.placed.length ? h('p', {}, 'Built: ', ...w.placed.flatMap((x) => [name(x.key), ` (${playerName(view, x.owner)}) `])) : null,
    h('p', { class: 'design-note' }, 'Wonder layouts: our own design'));
}

function categoryOf(event, components) {
  if (event.kind.startsWith('wonder:')) return [`${wonderName(components, event.kind.slice(7))} (Wonder)`, 50];
  const names = {
    city: ['Cities', 10], road: ['Roads', 20], monastery: ['Monasteries', 30], field: ['Fields (farmers)', 40],
  };
  const [label, order] = names[event.kind] || [event.kind, 60];
  if (event.kind === 'field') return [label, order];
  return [`${label} ${event.final ? 'unfinished (final scoring)' : 'completed'}`, order + (event.final ? 1 : 0)];
}

function describeEvent(event, view, components) {
  const who = event.seats.map((s) => playerName(view, s)).join(' & ');
  const what = event.kind.startsWith('wonder:') ? `${wonderName(components, event.kind.slice(7))} power`
    : `${event.kind}${event.tiles ? ` of ${event.tiles} tile${event.tiles === 1 ? '' : 's'}` : ''}`;
  const when = event.final ? 'final scoring' : `turn ${event.turn + 1}`;
  return `${when}: ${what} — ${who || 'nobody'} +${event.points}`;
}

/**
 * Why everyone has their points: a table of points per feature kind and player, and every
 * scored feature (hover one to see where it is). Open and first at the end of the game.
 */
export function scoringPanel(view, components, onShow) {
  const events = view.scoring || [];
  const players = view.players;
  const rows = new Map();
  for (const e of events) {
    const [label, order] = categoryOf(e, components);
    if (!rows.has(label)) rows.set(label, { order, points: players.map(() => 0) });
    for (const s of e.seats) rows.get(label).points[s] += e.points;
  }
  const sorted = [...rows.entries()].sort((a, b) => a[1].order - b[1].order);
  const totals = players.map((p) => sorted.reduce((sum, [, r]) => sum + r.points[p.seat], 0));
  const table = h('table', { class: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Points from'),
      ...players.map((p) => h('th', {}, h('span', { class: 'swatch', style: `background:${seatColour(p.seat)}` }), p.name)))),
    h('tbody', {}, ...sorted.map(([label, r]) => h('tr', {}, h('td', {}, label),
      ...r.points.map((v) => h('td', { class: v ? '' : 'muted' }, String(v)))))),
    h('tfoot', {}, h('tr', {}, h('th', {}, 'Total'), ...totals.map((v, i) => h('th', {}, String(view.scores[i] ?? v))))));
  const list = h('ol', { class: 'events' }, ...events.slice().reverse().map((e) => h('li', {
    tabindex: 0,
    onmouseenter: () => onShow(e.at[0], e.at[1]),
    onfocus: () => onShow(e.at[0], e.at[1]),
  }, describeEvent(e, view, components))));
  const open = view.terminal;
  return h('details', { class: `panel scoring-panel${open ? ' final' : ''}`, open: open || undefined },
    h('summary', {}, open ? 'Final score breakdown' : 'Points so far'),
    events.length ? table : h('p', { class: 'muted' }, 'Nothing scored yet.'),
    events.length ? h('details', { class: 'event-list', open: open || undefined },
      h('summary', {}, `Every scored feature (${events.length})`), list) : null);
}
