// The On Mars colony map in SVG: the hexes of the map (axial q,r, pointy top, coordinates
// written in each hex), the starting Mine and the research hexes (stand-ins), the buildings
// by type (Shelters and Advanced Building markers in their owner's colour, a Mine's worker),
// crystals, Discovery and research tiles, every rover and bot, and the hexes a prompt offers
// (highlighted; clicking one calls its `onClick`).
//
// It only draws the observation and the targets the table hands it: no rule is known here.

import { t } from '../i18n.js';
import { hexPoints, svg } from '../svg.js';
import { seatColour } from '../tm/map.js';

const R = 26;
const SQRT3 = Math.sqrt(3);

/** Fill colour of each building type; its short label is `on_mars.ui.short.<type>`. */
export const BUILDING_LOOK = {
  mine: '#7b6f66', generator: '#e2b93b', water_extractor: '#3f86c9',
  greenhouse: '#4f9a3c', oxygen_condenser: '#9fd3e0', shelter: '#ded6c8',
};

/** The centre of hex (q, r) in map units. */
export function hexCentre(q, r) {
  return [R * SQRT3 * (q + r / 2), R * 1.5 * r];
}

export function hexKey(q, r) {
  return `${q},${r}`;
}

function named(kind, id) {
  return t(`on_mars.${kind}.${id}`);
}

/** Pieces on each hex: {key: [{kind: 'rover'|'bot', seat}]}, from every player board. */
function piecesByHex(obs, components) {
  const out = {};
  const add = (key, piece) => { (out[key] = out[key] || []).push(piece); };
  const mine = components.map.starting_mine;
  obs.players.forEach((p, seat) => {
    add(p.rover ? hexKey(...p.rover) : hexKey(...mine), { kind: 'rover', seat });
    for (const b of p.bots) add(hexKey(...b), { kind: 'bot', seat });
  });
  const solo = obs.lacerda && obs.lacerda.board;
  if (solo) for (const b of solo.bots || []) add(hexKey(...b), { kind: 'bot', seat: obs.players.length });
  return out;
}

function buildingGlyph(b, x, y) {
  const fill = BUILDING_LOOK[b.kind] || '#aaa';
  const label = t(`on_mars.ui.short.${b.kind}`);
  const parts = [svg('polygon', { class: 'om-building', points: hexPoints(x, y, R * 0.78), fill,
    stroke: b.owner >= 0 ? seatColour(b.owner) : '#3a2a20', 'stroke-width': b.owner >= 0 ? 4 : 1.5 }),
  svg('text', { class: 'om-building-label', x, y: y - 6, text: label })];
  if (b.advanced >= 0) {
    parts.push(svg('rect', { class: 'om-advanced', x: x - 13, y: y + 1, width: 9, height: 9, fill: seatColour(b.advanced) },
      svg('title', { text: t('on_mars.ui.legend.adv') })));
  }
  if (b.miner >= 0) {
    parts.push(svg('circle', { class: 'om-miner', cx: x + 8, cy: y + 6, r: 4.5, fill: seatColour(b.miner) },
      svg('title', { text: t('on_mars.ui.miner') })));
  }
  return svg('g', { class: `om-bld bld-${b.kind}`, 'data-kind': b.kind }, svg('title', {
    text: [named('building', b.kind), b.owner >= 0 ? t('on_mars.ui.shelter_of', { n: b.owner + 1 }) : '', b.advanced >= 0 ? t('on_mars.ui.advanced') : ''].filter(Boolean).join(' · '),
  }), ...parts);
}

function pieceGlyph(piece, x, y, names) {
  const colour = seatColour(piece.seat);
  const who = names[piece.seat] || t('core.seat', { n: piece.seat + 1 });
  if (piece.kind === 'rover') {
    return svg('g', { class: 'om-piece om-rover', 'data-seat': piece.seat },
      svg('title', { text: t('on_mars.ui.rover_of', { name: who }) }),
      svg('rect', { x: x - 6, y: y - 4, width: 12, height: 8, rx: 2, fill: colour, stroke: '#111' }),
      svg('circle', { cx: x - 3.5, cy: y + 5, r: 2, fill: '#111' }), svg('circle', { cx: x + 3.5, cy: y + 5, r: 2, fill: '#111' }));
  }
  return svg('g', { class: 'om-piece om-bot', 'data-seat': piece.seat }, svg('title', { text: t('on_mars.ui.bot_of', { name: who }) }),
    svg('circle', { cx: x, cy: y, r: 5, fill: colour, stroke: '#111' }),
    svg('text', { class: 'om-piece-label', x, y: y + 2.5, text: t('on_mars.ui.bot_letter') }));
}

/**
 * The whole map. `targets`: Map hexKey -> {label, onClick, cls}; `names`: seat -> player name;
 * `last`: hexKey of the latest hex played (outlined).
 */
export function colonyMap(components, obs, { targets = new Map(), names = {}, last = null } = {}) {
  const hexes = components.map.hexes;
  const research = new Map();
  for (const [tile, list] of Object.entries(components.map.research_hexes)) for (const [q, r] of list) research.set(hexKey(q, r), tile);
  const mine = hexKey(...components.map.starting_mine);
  const pieces = piecesByHex(obs, components);
  const crystals = new Set(obs.crystals);
  const xs = hexes.map(([q, r]) => hexCentre(q, r)[0]);
  const ys = hexes.map(([q, r]) => hexCentre(q, r)[1]);
  const pad = R * 1.1;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad, Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const cells = [];
  const overlay = [];
  for (const [q, r] of hexes) {
    const key = hexKey(q, r);
    const [x, y] = hexCentre(q, r);
    const kinds = ['om-hex'];
    if (key === mine) kinds.push('start-mine');
    if (research.has(key)) kinds.push('research-hex');
    const parts = [svg('polygon', { class: kinds.join(' '), points: hexPoints(x, y, R - 0.8) }),
      svg('text', { class: 'om-coord', x, y: y + R * 0.72, text: key })];
    const b = obs.buildings[key];
    if (b) parts.push(buildingGlyph(b, x, y));
    if (crystals.has(key)) {
      parts.push(svg('polygon', { class: 'om-crystal', points: `${x + 11},${y - 14} ${x + 16},${y - 8} ${x + 11},${y - 2} ${x + 6},${y - 8}` },
        svg('title', { text: t('on_mars.ui.legend.crystal') })));
    }
    const disc = obs.discoveries_on_map[key];
    if (disc) {
      parts.push(svg('g', { class: 'om-tile om-discovery' }, svg('title', { text: t('on_mars.ui.discovery_tile', { what: named('discovery', disc) }) }),
        svg('rect', { x: x - 16, y: y - 15, width: 11, height: 11, rx: 2 }), svg('text', { x: x - 10.5, y: y - 6.5, text: t('on_mars.ui.discovery_letter') })));
    }
    const res = obs.research_on_map[key];
    if (res) {
      parts.push(svg('g', { class: 'om-tile om-research' }, svg('title', { text: `${t('on_mars.ui.research_tile', { what: named('research', res) })} (${t('core.standin')})` }),
        svg('rect', { x: x - 5.5, y: y - 19, width: 11, height: 11, rx: 2 }), svg('text', { x, y: y - 10.5, text: t('on_mars.ui.research_letter') })));
    }
    const here = pieces[key] || [];
    here.forEach((piece, i) => {
      const dx = (i - (here.length - 1) / 2) * 12;
      parts.push(pieceGlyph(piece, x + dx, y + (b ? 11 : 2), names));
    });
    const attrs = { class: `om-cell${key === last ? ' last' : ''}`, 'data-hex': key };
    if (research.has(key)) parts.push(svg('title', { text: `${t('on_mars.ui.research_hex')} (${t('core.standin')})` }));
    cells.push(svg('g', attrs, ...parts));
    const target = targets.get(key);
    if (target) {
      overlay.push(svg('g', {
        class: `om-target ${target.cls || ''}`, 'data-hex': key, tabindex: 0, role: 'button', 'aria-label': target.label,
        onclick: target.onClick, onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); target.onClick(); } },
      }, svg('title', { text: target.label }), svg('polygon', { points: hexPoints(x, y, R - 2) })));
    }
  }
  return svg('svg', { class: `om-map${targets.size ? ' choosing' : ''}`, viewBox: box.map((v) => v.toFixed(1)).join(' '),
    preserveAspectRatio: 'xMidYMid meet', role: 'img', 'aria-label': t('on_mars.ui.colony_map') },
  svg('g', { class: 'om-cells' }, ...cells), svg('g', { class: 'om-targets' }, ...overlay));
}
