// Carcassonne tiles drawn from the component data (GET /api/games/{id}/components).
//
// A tile is drawn in its own frame, 0..100 on both axes, north up, at rotation 0; the
// board turns it (rotation rK = K degrees clockwise, side N goes to E). Nothing here is
// drawn per tile id: cities, roads, fields, monasteries, inns, cathedrals and pennants
// come from each tile's features (sides N/E/S/W, field thirds N0..W2).

import { pt, svg } from '../svg.js';

export const SIZE = 100;
const SIDES = 'NESW';
const CORNER_START = [[0, 0], [100, 0], [100, 100], [0, 100]]; // side i runs clockwise
const CORNER_END = [[100, 0], [100, 100], [0, 100], [0, 0]];
const MID = [[50, 0], [100, 50], [50, 100], [0, 50]];
const INWARD = [[0, 1], [-1, 0], [0, -1], [1, 0]];
const ALONG = [[1, 0], [0, 1], [-1, 0], [0, -1]];
const CENTRE = [50, 50];
const CURVE = 27.6; // cubic handle for a quarter circle of radius 50

export const COLOURS = {
  field: '#8fc062',
  hedge: '#4f7f30',
  city: '#d49a55',
  cityWall: '#6d4321',
  road: '#f6efdc',
  roadEdge: '#8b7f66',
  roof: '#b3472f',
  wall: '#f3e7cd',
  pennant: '#2c5cb8',
  lake: '#4ea8e2',
  plaza: '#e8d9b0',
  wonder: '#c9971c',
};

const add = (p, v, k = 1) => [p[0] + v[0] * k, p[1] + v[1] * k];
const lerp = (a, b, t) => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t];
const side = (letter) => SIDES.indexOf(letter);

function thirdPoint(third, depth) {
  const s = side(third[0]);
  const i = Number(third[1]);
  return add(lerp(CORNER_START[s], CORNER_END[s], (2 * i + 1) / 6), INWARD[s], depth);
}

/** Runs of consecutive sides (clockwise), e.g. [0, 1, 3] -> [[3, 0, 1]]. */
function runs(sides) {
  const set = new Set(sides);
  const out = [];
  for (let s = 0; s < 4; s += 1) {
    if (!set.has(s) || set.has((s + 3) % 4)) continue;
    const run = [s];
    while (set.has((run[run.length - 1] + 1) % 4) && run.length < 4) run.push((run[run.length - 1] + 1) % 4);
    out.push(run);
  }
  return out;
}

/** The closed outline of a city and its walls (the inner curves), in the tile frame. */
export function cityShape(sides) {
  if (sides.length === 4) return { fill: 'M0,0H100V100H0Z', walls: '' };
  const rs = runs(sides);
  let fill = '';
  let walls = '';
  rs.forEach((run, k) => {
    const last = run[run.length - 1];
    const next = rs[(k + 1) % rs.length];
    if (k === 0) fill += `M${pt(CORNER_START[run[0]])}`;
    for (const s of run) fill += `L${pt(CORNER_END[s])}`;
    const from = CORNER_END[last];
    const to = CORNER_START[next[0]];
    const gap = (next[0] - last - 1 + 8) % 4 || 4;
    let control;
    if (rs.length === 1 && run.length === 1) control = add(MID[run[0]], INWARD[run[0]], 46); // a cap
    else if (rs.length === 1 && run.length === 2) {
      control = lerp(CENTRE, CORNER_END[(last + 1) % 4], 0.16); // a corner, bulging a little
    } else {
      const g = (last + 1) % 4; // one field side between city sides
      control = add(MID[g], INWARD[g], gap === 1 && rs.length === 1 ? 56 : 42);
    }
    const curve = `Q${pt(control)} ${pt(to)}`;
    fill += curve;
    walls += `M${pt(from)}${curve}`;
  });
  return { fill: `${fill}Z`, walls };
}

function coversCentre(tile) {
  return tile.features.some((f) => f.kind === 'city' && f.sides.length >= 2);
}

/** Where a city's meeple stands, and where its pennant / cathedral go (tile frame). */
function cityPoints(feature) {
  const sides = feature.sides.map(side);
  let anchor;
  let badge;
  if (sides.length === 4) {
    anchor = feature.cathedral ? [50, 72] : [50, 54];
    badge = feature.cathedral ? [50, 40] : [70, 30];
  } else if (sides.length === 3) {
    const gap = [0, 1, 2, 3].find((s) => !sides.includes(s));
    anchor = add(CENTRE, INWARD[gap], 12);
    badge = add(add(anchor, INWARD[gap], 12), ALONG[gap], 18);
  } else if (sides.length === 2 && (sides[1] - sides[0]) % 2 === 0) {
    anchor = CENTRE;
    badge = add(CENTRE, INWARD[sides[0]], -24); // along the band, away from the fields' markers
  } else if (sides.length === 2) {
    const run = runs(sides)[0];
    const corner = CORNER_END[run[0]];
    anchor = lerp(CENTRE, corner, 0.36);
    badge = lerp(CENTRE, corner, 0.8);
  } else {
    anchor = add(MID[sides[0]], INWARD[sides[0]], 11);
    badge = add(anchor, ALONG[sides[0]], 22);
  }
  return { anchor, badge };
}

/** A road's path (tile frame), where its meeple stands and where an inn's lake goes. */
function roadShape(tile, feature) {
  const sides = feature.sides.map(side);
  if (sides.length === 2) {
    const [a, b] = sides;
    if ((b - a) % 2 === 0) {
      return { d: `M${pt(MID[a])}L${pt(MID[b])}`, anchor: CENTRE, lake: add(add(CENTRE, ALONG[a], 15), INWARD[a], 18) };
    }
    const [p, q] = (b - a + 4) % 4 === 1 ? [a, b] : [b, a];
    const d = `M${pt(MID[p])}C${pt(add(MID[p], INWARD[p], CURVE))} ${pt(add(MID[q], INWARD[q], CURVE))} `
      + `${pt(MID[q])}`;
    const corner = CORNER_END[p];
    const anchor = lerp(corner, CENTRE, Math.SQRT1_2);
    return { d, anchor, lake: lerp(corner, CENTRE, 0.46) };
  }
  const s = sides[0];
  const inner = tile.edges.indexOf('-');
  const end = inner >= 0 ? MID[inner] : CENTRE; // a Wonder's road runs to the monument
  const depth = coversCentre(tile) ? 14 : 24;
  const anchor = add(MID[s], INWARD[s], depth);
  return { d: `M${pt(MID[s])}L${pt(end)}`, anchor, lake: add(add(MID[s], INWARD[s], 34), ALONG[s], -18) };
}

function fieldAnchor(feature) {
  if (!feature.thirds.length) return CENTRE;
  const middle = feature.thirds.find((t) => t[1] === '1');
  if (middle) return thirdPoint(middle, 17);
  const [a, b] = feature.thirds;
  if (feature.thirds.length === 2) {
    // a pocket in one corner (e.g. inside a road's curve): the marker goes into the corner
    const [p, q] = [side(a[0]), side(b[0])];
    if (a[1] === '2' && b[1] === '0' && q === (p + 1) % 4) return lerp(CORNER_END[p], CENTRE, 0.13);
    if (b[1] === '2' && a[1] === '0' && p === (q + 1) % 4) return lerp(CORNER_END[q], CENTRE, 0.13);
  }
  return thirdPoint(a, 17);
}

/** Where the meeple of `feature` stands, in the tile frame (rotation 0). */
export function featureAnchor(tile, feature) {
  if (feature.kind === 'city') return cityPoints(feature).anchor;
  if (feature.kind === 'road') return roadShape(tile, feature).anchor;
  if (feature.kind === 'field') return fieldAnchor(feature);
  return CENTRE;
}

/** A point of the tile frame after `rotation` degrees clockwise. */
export function rotatePoint(p, rotation) {
  let [x, y] = p;
  for (let k = 0; k < ((rotation / 90) % 4 + 4) % 4; k += 1) [x, y] = [SIZE - y, x];
  return [x, y];
}

/** The feature a board-oriented spot name ("city N", "field E2", "monastery") names. */
export function featureAt(tile, rotation, spot) {
  const [kind, where] = spot.split(' ');
  const k = rotation / 90;
  const unturn = (letter) => SIDES[(side(letter) - k + 8) % 4];
  if (kind === 'monastery') return tile.features.find((f) => f.kind === 'monastery');
  if (kind === 'field' && where === 'inner') return tile.features.find((f) => f.kind === 'field' && !f.thirds.length);
  if (kind === 'field') {
    const third = unturn(where[0]) + where[1];
    return tile.features.find((f) => f.kind === 'field' && f.thirds.includes(third));
  }
  const letter = unturn(where);
  return tile.features.find((f) => f.kind === kind && f.sides.includes(letter));
}

/** Where a meeple on `spot` stands on a tile placed with `rotation`: 0..100, board frame. */
export function spotPoint(tile, rotation, spot) {
  const feature = tile && featureAt(tile, rotation, spot);
  return rotatePoint(feature ? featureAnchor(tile, feature) : CENTRE, rotation);
}

function hedges(tile) {
  // Two fields that meet with nothing drawn between them: a hedge from the edge to the middle.
  const owner = new Map();
  tile.features.forEach((f, i) => { if (f.kind === 'field') for (const t of f.thirds) owner.set(t, i); });
  const order = [];
  for (const s of SIDES) for (let i = 0; i < 3; i += 1) order.push(`${s}${i}`);
  const lines = [];
  order.forEach((t, i) => {
    const u = order[(i + 1) % 12];
    if (owner.has(t) && owner.has(u) && owner.get(t) !== owner.get(u)) {
      const s = side(t[0]);
      const at = t[0] === u[0] ? lerp(CORNER_START[s], CORNER_END[s], (Number(t[1]) + 1) / 3) : CORNER_END[s];
      lines.push(svg('path', { d: `M${pt(at)}L50,50`, class: 'hedge' }));
    }
  });
  const city = tile.features.find((f) => f.kind === 'city');
  if (lines.length === 1 && city) {
    // the fields also meet at the city: the hedge runs on to its wall (the city covers the end)
    lines.push(svg('path', { d: `M50,50L${pt(MID[side(city.sides[0])])}`, class: 'hedge' }));
  }
  return lines;
}

function building(x, y, scale, roof = COLOURS.roof) {
  return svg('g', { transform: `translate(${x},${y}) scale(${scale})`, class: 'building' },
    svg('rect', { x: -8, y: -4, width: 16, height: 11, fill: COLOURS.wall, stroke: '#5b4a35', 'stroke-width': 1 }),
    svg('path', { d: 'M-10,-3L0,-11L10,-3Z', fill: roof, stroke: '#5b4a35', 'stroke-width': 1 }),
    svg('rect', { x: -2, y: 2, width: 4, height: 5, fill: '#5b4a35' }));
}

function monastery() {
  return svg('g', { class: 'monastery', transform: 'translate(50,50)' },
    svg('rect', { x: -14, y: -6, width: 28, height: 20, rx: 1.5, fill: COLOURS.wall, stroke: '#5b4a35', 'stroke-width': 1.4 }),
    svg('path', { d: 'M-17,-5L0,-19L17,-5Z', fill: COLOURS.roof, stroke: '#5b4a35', 'stroke-width': 1.4 }),
    svg('rect', { x: -4, y: 4, width: 8, height: 10, rx: 4, fill: '#5b4a35' }),
    svg('path', { d: 'M0,-28V-18M-4,-24H4', stroke: '#5b4a35', 'stroke-width': 2 }));
}

function cathedral(x, y) {
  return svg('g', { class: 'cathedral', transform: `translate(${x},${y})` },
    svg('rect', { x: -15, y: -6, width: 30, height: 18, fill: '#ece1c6', stroke: '#4a3a28', 'stroke-width': 1.3 }),
    svg('rect', { x: -15, y: -16, width: 8, height: 12, fill: '#ece1c6', stroke: '#4a3a28', 'stroke-width': 1.3 }),
    svg('rect', { x: 7, y: -16, width: 8, height: 12, fill: '#ece1c6', stroke: '#4a3a28', 'stroke-width': 1.3 }),
    svg('path', { d: 'M0,-24V-6M-6,-17H6', stroke: '#7a1f1f', 'stroke-width': 3.2, 'stroke-linecap': 'round' }),
    svg('rect', { x: -3, y: 3, width: 6, height: 9, rx: 3, fill: '#4a3a28' }));
}

function pennant(x, y, n) {
  return svg('g', { class: 'pennant', transform: `translate(${x},${y})` },
    svg('path', { d: 'M-6,-7H6V0Q6,6 0,8.5Q-6,6 -6,0Z', fill: COLOURS.pennant, stroke: '#fff', 'stroke-width': 1.4 }),
    svg('path', { d: 'M-3,-3L0,1L3,-3', fill: 'none', stroke: '#fff', 'stroke-width': 1.4 }),
    n > 1 ? svg('text', { x: 9, y: 4, class: 'pennant-count', text: `×${n}` }) : null);
}

function inn(road) {
  const p = road.lake;
  return svg('g', { class: 'inn' },
    svg('ellipse', { cx: p[0], cy: p[1], rx: 7.5, ry: 5, fill: COLOURS.lake, stroke: '#2b6c99', 'stroke-width': 1 }),
    svg('path', { d: `M${p[0] - 3},${p[1] - 1}q1.5,-1 3,0t3,0`, fill: 'none', stroke: '#d8f0ff', 'stroke-width': 0.9 }));
}

/** The drawing of a land tile or Wonder arm in its own frame (0..100, rotation 0). */
export function tileGraphic(tile) {
  const g = svg('g', { class: 'tile-art' });
  g.append(svg('rect', { x: 0, y: 0, width: SIZE, height: SIZE, fill: COLOURS.field }));
  g.append(...hedges(tile));
  const roads = tile.features.filter((f) => f.kind === 'road').map((f) => ({ f, ...roadShape(tile, f) }));
  for (const r of roads) g.append(svg('path', { d: r.d, class: 'road-edge' }));
  for (const r of roads) g.append(svg('path', { d: r.d, class: 'road' }));
  const cities = tile.features.filter((f) => f.kind === 'city');
  for (const c of cities) {
    const shape = cityShape(c.sides.map(side));
    g.append(svg('path', { d: shape.fill, class: 'city' }));
    if (shape.walls) g.append(svg('path', { d: shape.walls, class: 'city-wall' }));
  }
  for (const c of cities) {
    const { badge } = cityPoints(c);
    if (c.pennants && !c.cathedral) g.append(pennant(badge[0], badge[1], c.pennants));
  }
  for (const r of roads) if (r.f.inn) g.append(inn(r));
  return g;
}

/**
 * The buildings of a tile (monastery, cathedral, the house where roads end), drawn upright
 * on top of the tile turned by `rotation`: they stand on the tile, they do not turn with it.
 */
export function buildingsGraphic(tile, rotation = 0) {
  const out = [];
  const at = (p) => rotatePoint(p, rotation);
  const roads = tile.features.filter((f) => f.kind === 'road');
  const deadEnds = roads.filter((f) => f.sides.length === 1).length;
  const hasMonastery = tile.features.some((f) => f.kind === 'monastery');
  if (deadEnds && !hasMonastery && !coversCentre(tile) && !tile.edges.includes('-')) {
    out.push(building(50, 50, deadEnds > 1 ? 1.25 : 1.05));
  }
  if (hasMonastery) out.push(monastery());
  for (const c of tile.features.filter((f) => f.kind === 'city' && f.cathedral)) {
    const p = at(cityPoints(c).badge);
    out.push(cathedral(p[0], p[1]));
  }
  return out.length ? svg('g', { class: 'buildings' }, ...out) : null;
}

/** The monument square of a Wonder: a plaza with the Wonder's name (drawn upright). */
export function wonderCentreGraphic(name) {
  const words = String(name).split(/\s+/);
  const lines = words.length > 1 ? [words.slice(0, Math.ceil(words.length / 2)).join(' '),
    words.slice(Math.ceil(words.length / 2)).join(' ')] : words;
  return svg('g', { class: 'tile-art wonder-centre' },
    svg('rect', { x: 0, y: 0, width: SIZE, height: SIZE, fill: COLOURS.plaza }),
    svg('rect', { x: 8, y: 8, width: 84, height: 84, fill: 'none', stroke: COLOURS.wonder, 'stroke-width': 2, 'stroke-dasharray': '4 3' }),
    svg('path', { d: 'M30,62H70V58H66V44H62V58H56V44H52V58H48V44H44V58H38V44H34V58H30Z M28,44H72L50,30Z', fill: '#bca774', stroke: '#6b5a33', 'stroke-width': 1.2 }),
    ...lines.map((line, i) => svg('text', { x: 50, y: 76 + i * 11 - (lines.length - 1) * 2, class: 'wonder-name', text: line })));
}
