// The Carcassonne board in SVG: tiles, Wonders, meeples, the last move, legal squares,
// the preview of the tile in hand, clickable meeple spots, the coordinates along the edges
// and the square a log entry points at. Pan and zoom by PanZoom.
//
// Square (x, y) (x east, y north) is drawn at SVG (100x, -100y), 100 units a side.

import { PanZoom } from '../panzoom.js';
import { formatNumber, render as say, t } from '../i18n.js';
import { h, svg } from '../svg.js';
import { SIZE, buildingsGraphic, spotPoint, tileGraphic, wonderCentreGraphic } from './tiles.js';

import { SEAT_COLOURS } from '../seats.js';

export { SEAT_COLOURS }; // one list for the lobby and every table
export const SEAT_NAMES = ['blue', 'red', 'yellow', 'black', 'purple', 'orange']; // texts: web.colour.<name>

/** A seat's colour in words, in the reader's language. */
export const colourName = (seat) => t(`web.colour.${SEAT_NAMES[seat % SEAT_NAMES.length]}`);

const MEEPLE = 'M-4.8,-11.2a4.8,4.8 0 1 0 9.6,0a4.8,4.8 0 1 0 -9.6,0Z M-4.5,-7.5L-11.5,-4.5Q-14,0 -10,1L-6,0.5L-9.5,11Q-9.5,12.5 -8,12.5'
  + 'L-2.5,12.5L0,7L2.5,12.5L8,12.5Q9.5,12.5 9.5,11L6,0.5L10,1Q14,0 11.5,-4.5L4.5,-7.5Z';

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

/** A meeple figure centred on (x, y); farmers lie down. */
export function meepleFigure(seat, x, y, { big = false, lying = false, title } = {}) {
  const scale = big ? 1.45 : 1.05;
  const colour = seatColour(seat);
  const edge = seat % SEAT_COLOURS.length === 3 ? '#f4f4f4' : '#1b1b1b';
  return svg('g', { class: 'meeple', transform: `translate(${x},${y}) rotate(${lying ? -90 : 0}) scale(${scale})` },
    title ? svg('title', { text: title }) : null,
    svg('path', { d: MEEPLE, fill: colour, stroke: edge, 'stroke-width': 1.3, 'stroke-linejoin': 'round' }));
}

/** A small standalone SVG of a meeple, for side panels. */
export function meepleIcon(seat, { big = false, size = 18 } = {}) {
  const s = big ? size * 1.3 : size;
  return svg('svg', { class: 'meeple-icon', width: s, height: s, viewBox: '-15 -20 30 34', 'aria-hidden': 'true' },
    svg('path', { d: MEEPLE, fill: seatColour(seat), stroke: '#1b1b1b', 'stroke-width': 1.2 }));
}

const squareXY = (x, y) => [x * SIZE, -y * SIZE];
/** The SVG box [x0, y0, x1, y1] around squares [{x, y}]. */
const squaresBox = (squares) => {
  const xs = squares.map((s) => s.x);
  const ys = squares.map((s) => s.y);
  return [Math.min(...xs) * SIZE, -Math.max(...ys) * SIZE, (Math.max(...xs) + 1) * SIZE, (1 - Math.min(...ys)) * SIZE];
};

/** A touch screen (the finger is the pointer): pieces are drawn at least tap-sized. */
export const coarsePointer = () => window.matchMedia('(pointer: coarse)').matches;
/** A touch event, or (keyboard, unknown source) a touch screen. */
export const byTouch = (e) => (e && e.pointerType ? e.pointerType !== 'mouse' : coarsePointer());
const TOUCH_MIN_ZOOM = 0.5; // px per unit: a square is 47 px, a target at least 44
const TOUCH_SPOT_ZOOM = 2.6; // a meeple marker (21 units across) about 50 px
const tileTransform = (x, y, rotation) => {
  const [sx, sy] = squareXY(x, y);
  return `translate(${sx},${sy})${rotation ? ` rotate(${rotation},50,50)` : ''}`;
};

export class Board {
  /**
   * `components`: the component data; `handlers`: {onPlace(option), onSquare(x, y), onSpot(option)}.
   */
  constructor(container, components, handlers) {
    this.components = components;
    this.handlers = handlers;
    this.defIds = new Map();
    this.svg = svg('svg', { class: 'board', role: 'img', 'aria-label': t('web.carcassonne.board') });
    const defs = svg('defs', {},
      svg('pattern', { id: 'grid', width: SIZE, height: SIZE, patternUnits: 'userSpaceOnUse' },
        svg('path', { d: `M${SIZE},0H0V${SIZE}`, fill: 'none', stroke: 'rgba(80,70,50,0.12)', 'stroke-width': 1.5 })));
    Object.values(components.tiles).forEach((tile, i) => {
      const id = `tile-def-${i}`;
      this.defIds.set(tile.id, id);
      if (tile.wonder && !tile.features.length && tile.edges === '----') {
        const wonder = components.wonders[tile.wonder];
        defs.append(svg('g', { id }, wonderCentreGraphic(t(`carcassonne.wonder.${wonder ? wonder.key : tile.wonder}.name`))));
      } else {
        defs.append(svg('g', { id }, tileGraphic(tile)));
      }
    });
    this.layers = {};
    this.svg.append(defs, svg('rect', { x: -1e5, y: -1e5, width: 2e5, height: 2e5, fill: 'url(#grid)', class: 'table' }));
    for (const name of ['coords', 'tiles', 'wonders', 'marks', 'highlight', 'meeples', 'targets', 'ghost', 'spots']) {
      this.layers[name] = svg('g', { class: `layer-${name}` });
      this.svg.append(this.layers[name]);
    }
    this.controls = h('div', { class: 'zoom-controls' },
      h('button', { type: 'button', title: t('web.carcassonne.zoom_in'), 'aria-label': t('web.carcassonne.zoom_in'), onclick: () => this.pz.zoomBy(1.25) }, '+'),
      h('button', { type: 'button', title: t('web.carcassonne.zoom_out'), 'aria-label': t('web.carcassonne.zoom_out'), onclick: () => this.pz.zoomBy(0.8) }, '−'),
      h('button', { type: 'button', title: t('web.carcassonne.fit'), 'aria-label': t('web.carcassonne.fit'), onclick: () => this.fit() }, '⤢'));
    container.append(this.svg, this.controls);
    this.pz = new PanZoom(this.svg);
    this.box = null;
    this.model = null;
    this.highlighted = null; // the "x,y" a log entry outlines
  }

  tile(id) {
    return this.components.tiles[id];
  }

  fit() {
    if (this.box) this.pz.fit(this.box);
    this.pz.userMoved = false;
  }

  useTile(id, x, y, rotation, attrs = {}) {
    const ref = this.defIds.get(id);
    const tile = this.tile(id);
    const upright = tile && tile.wonder && tile.edges === '----'; // the monument keeps its name upright
    const g = svg('g', { class: 'tile', 'data-x': x, 'data-y': y, 'data-tile': id, ...attrs });
    if (ref) {
      g.append(svg('use', { href: `#${ref}`, transform: tileTransform(x, y, upright ? 0 : rotation) }));
      const buildings = tile && !upright ? buildingsGraphic(tile, rotation) : null;
      if (buildings) g.append(svg('g', { transform: tileTransform(x, y, 0) }, buildings));
    } else {
      const [sx, sy] = squareXY(x, y);
      g.append(svg('rect', { x: sx, y: sy, width: SIZE, height: SIZE, class: 'unknown-tile' }),
        svg('text', { x: sx + 50, y: sy + 55, class: 'unknown-label', text: id }));
    }
    const [sx, sy] = squareXY(x, y);
    g.append(svg('rect', { x: sx, y: sy, width: SIZE, height: SIZE, class: 'tile-edge' }));
    return g;
  }

  /**
   * Draw `model`: {tiles: [{x, y, tile, rotation}], meeples, wonders (placed list), last: {x, y, seat, wonder},
   * placed: {x, y}, targets: [{x, y, option, tile, rotation, wonder}], others: [{x, y}],
   * spots: [{x, y, spot, option, big, label}], seat, candidate: {x, y} (a square tried by a tap) or null}.
   * On a touch screen the board is never drawn below TOUCH_MIN_ZOOM, and a meeple decision
   * zooms onto its tile so that the markers are big enough for a finger.
   */
  update(model) {
    this.model = model;
    const tilesAt = new Map();
    const L = this.layers;
    L.tiles.replaceChildren(...model.tiles.map((t) => {
      tilesAt.set(`${t.x},${t.y}`, t);
      const g = this.useTile(t.tile, t.x, t.y, t.rotation);
      g.prepend(svg('title', { text: this.squareTitle(t) }));
      return g;
    }));
    L.wonders.replaceChildren(...(model.wonders || []).map((w) => this.wonderOutline(w)));
    const marks = [];
    if (model.last) marks.push(this.squareMark(model.last, 'last-move', seatColour(model.last.seat)));
    if (model.placed) marks.push(this.squareMark(model.placed, 'just-placed', '#ffffff'));
    L.marks.replaceChildren(...marks);
    L.meeples.replaceChildren(...model.meeples.map((m) => {
      const t = tilesAt.get(`${m.x},${m.y}`);
      const [px, py] = t ? spotPoint(this.tile(t.tile), t.rotation, m.spot) : [50, 50];
      const [sx, sy] = squareXY(m.x, m.y);
      return meepleFigure(m.seat, sx + px, sy + py,
        { big: m.big, lying: m.feature === 'field', title: `${colourName(m.seat)}: ${say(m.label)}` });
    }));
    this.drawTargets(model);
    this.drawSpots(model, tilesAt);
    this.box = this.bounds(model);
    this.drawCoords(this.box);
    const touch = coarsePointer();
    const spotBox = model.spots.length ? squaresBox(model.spots) : null;
    if (spotBox && touch) this.pz.fit(spotBox, 12, TOUCH_SPOT_ZOOM, TOUCH_SPOT_ZOOM * 0.85); // markers big enough to tap
    else if (!this.pz.userMoved) this.pz.fit(this.box, 60, 1.1, touch ? TOUCH_MIN_ZOOM : undefined);
    else if (spotBox) this.pz.reveal(spotBox);
  }

  bounds(model) {
    const xs = [];
    const ys = [];
    const squares = [...model.tiles, ...model.targets, ...(model.others || [])];
    for (const t of squares) {
      const reach = t.wonder ? 1 : 0;
      xs.push(t.x - reach, t.x + reach);
      ys.push(t.y - reach, t.y + reach);
    }
    if (!xs.length) return [0, 0, SIZE, SIZE];
    return [Math.min(...xs) * SIZE, -Math.max(...ys) * SIZE, (Math.max(...xs) + 1) * SIZE, (-Math.min(...ys) + 1) * SIZE];
  }

  /** "Square (2, -1): city edge east; ..." — where a placed tile is and what it shows, turned. */
  squareTitle(placed) {
    const tile = this.tile(placed.tile);
    const turns = ((placed.rotation / 90) % 4 + 4) % 4;
    const words = tile && tile.description ? say(tile.description[turns])
      : (tile && tile.wonder ? t(`carcassonne.wonder.${tile.wonder}.name`) : placed.tile);
    return t('web.carcassonne.tile_at', { x: placed.x, y: placed.y, tile: words });
  }

  /** Light labels along the top (x) and left (y) edges of `box`, one per column and row. */
  drawCoords(box) {
    const [left, top, right, bottom] = box;
    const labels = [];
    for (let x = Math.round(left / SIZE); x < Math.round(right / SIZE); x += 1) {
      labels.push(svg('text', { x: x * SIZE + SIZE / 2, y: top - 12, class: 'coord coord-x', 'data-x': x, text: formatNumber(x) }));
    }
    for (let y = Math.round(-top / SIZE); y > Math.round(-bottom / SIZE); y -= 1) {
      labels.push(svg('text', { x: left - 12, y: -y * SIZE + SIZE / 2, class: 'coord coord-y', 'data-y': y, text: formatNumber(y) }));
    }
    this.layers.coords.replaceChildren(svg('title', { text: t('web.carcassonne.coordinates') }), ...labels);
  }

  /** Outline square (x, y) until cleared (`highlight(null)`), and bring it into view. */
  highlight(x, y) {
    if (x === null || x === undefined) {
      this.layers.highlight.replaceChildren();
      this.highlighted = null;
      return;
    }
    const [sx, sy] = squareXY(x, y);
    this.highlighted = `${x},${y}`;
    this.layers.highlight.replaceChildren(svg('rect', {
      x: sx - 4, y: sy - 4, width: SIZE + 8, height: SIZE + 8, rx: 6, class: 'log-highlight', 'data-x': x, 'data-y': y,
    }));
    this.pz.reveal([sx - 50, sy - 50, sx + 150, sy + 150]);
  }

  squareMark(sq, cls, colour) {
    const [sx, sy] = squareXY(sq.x, sq.y);
    if (sq.wonder) return svg('path', { d: plus(sx, sy, 3), class: cls, stroke: colour });
    return svg('rect', { x: sx + 3, y: sy + 3, width: SIZE - 6, height: SIZE - 6, rx: 4, class: cls, stroke: colour });
  }

  wonderOutline(w) {
    const [sx, sy] = squareXY(w.x, w.y);
    const name = t(`carcassonne.wonder.${w.key}.name`);
    const owner = meepleFigure(w.owner, sx + 84, sy + 20, { title: t('web.carcassonne.wonder_of', { wonder: name, colour: colourName(w.owner) }) });
    return svg('g', { class: 'wonder-outline' },
      svg('title', { text: name }),
      svg('path', { d: plus(sx, sy, 0), class: 'wonder-border' }),
      owner);
  }

  drawTargets(model) {
    const L = this.layers;
    const tried = model.candidate;
    this.candidate = tried ? model.targets.find((t) => t.x === tried.x && t.y === tried.y) || null : null;
    const others = (model.others || []).map((o) => {
      const [sx, sy] = squareXY(o.x, o.y);
      return svg('rect', {
        x: sx + 6, y: sy + 6, width: SIZE - 12, height: SIZE - 12, rx: 6, class: 'target-other',
        'data-x': o.x, 'data-y': o.y, onclick: (e) => this.handlers.onSquare(o.x, o.y, e),
      }, svg('title', { text: t('web.carcassonne.other_rotation', { x: o.x, y: o.y }) }));
    });
    const targets = model.targets.map((t) => {
      const [sx, sy] = squareXY(t.x, t.y);
      const rect = svg('rect', {
        x: sx + 3, y: sy + 3, width: SIZE - 6, height: SIZE - 6, rx: 6, class: 'target',
        'data-x': t.x, 'data-y': t.y, 'data-rotation': t.rotation, 'data-action': t.option.text,
        onclick: (e) => this.handlers.onPlace(t.option, e),
        onpointerenter: () => this.showGhost(t),
        onpointerleave: () => this.showCandidate(),
      }, svg('title', { text: say(t.option.message) }));
      if (t === this.candidate) rect.classList.add('candidate');
      return rect;
    });
    L.targets.replaceChildren(...others, ...targets);
    this.showCandidate();
  }

  /** The tile tried on a square by a tap (model.candidate {x, y}) stays shown there. */
  showCandidate() {
    const c = this.candidate;
    if (!c) return this.layers.ghost.replaceChildren();
    this.showGhost(c);
    const [sx, sy] = squareXY(c.x, c.y);
    return this.layers.ghost.append(svg('rect', { x: sx + 2, y: sy + 2, width: SIZE - 4, height: SIZE - 4, rx: 5, class: 'candidate-mark' }));
  }

  showGhost(t) {
    const g = svg('g', { class: 'ghost' });
    if (t.wonder) {
      const wonder = this.components.wonders[t.wonder];
      if (wonder) {
        const k = t.rotation / 90;
        const offsets = [[0, 1], [1, 0], [0, -1], [-1, 0]];
        g.append(this.useTile(wonder.centre, t.x, t.y, t.rotation));
        offsets.forEach(([dx, dy], side) => {
          const arm = wonder.arms[(side - k + 4) % 4];
          g.append(this.useTile(arm, t.x + dx, t.y + dy, t.rotation));
        });
      }
    } else {
      g.append(this.useTile(t.tile, t.x, t.y, t.rotation));
    }
    this.layers.ghost.replaceChildren(g);
  }

  drawSpots(model, tilesAt) {
    const seat = model.seat ?? 0;
    this.layers.spots.replaceChildren(...model.spots.map((s) => {
      const t = tilesAt.get(`${s.x},${s.y}`);
      const [px, py] = t ? spotPoint(this.tile(t.tile), t.rotation, s.spot) : [50, 50];
      const [sx, sy] = squareXY(s.x, s.y);
      return svg('g', {
        class: `spot${s.big ? ' big' : ''}`, transform: `translate(${sx + px},${sy + py})`,
        'data-spot': s.spot, 'data-action': s.option.text, tabindex: 0, role: 'button',
        'aria-label': s.label, onclick: () => this.handlers.onSpot(s.option),
        onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') this.handlers.onSpot(s.option); },
      },
      svg('title', { text: s.label }),
      svg('circle', { r: s.big ? 13 : 10.5, class: 'spot-ring', stroke: seatColour(seat) }),
      svg('circle', { r: s.big ? 6 : 4.5, class: 'spot-dot', fill: seatColour(seat) }));
    }));
  }

  /** Show a ring on square (x, y) for a moment (e.g. where a feature was scored). */
  flash(x, y) {
    const [sx, sy] = squareXY(x, y);
    const ring = svg('circle', { cx: sx + 50, cy: sy + 50, r: 60, class: 'flash' });
    this.layers.marks.append(ring);
    this.pz.reveal([sx - 50, sy - 50, sx + 150, sy + 150]);
    setTimeout(() => ring.remove(), 1800);
  }
}

/** The outline of a Wonder's plus of five squares around the centre at SVG (sx, sy), inset by `i`. */
function plus(sx, sy, i) {
  const a = sx - SIZE + i;
  const b = sx + i;
  const c = sx + SIZE - i;
  const d = sx + 2 * SIZE - i;
  const e = sy - SIZE + i;
  const f = sy + i;
  const g = sy + SIZE - i;
  const k = sy + 2 * SIZE - i;
  return `M${b},${e}H${c}V${f}H${d}V${g}H${c}V${k}H${b}V${g}H${a}V${f}H${b}Z`;
}

/** A small standalone SVG of one tile (for the hand and the buttons), turned by `rotation`. */
export function tilePicture(components, id, rotation = 0, size = 96) {
  const tile = components.tiles[id];
  const pic = svg('svg', { class: 'tile-picture', width: size, height: size, viewBox: '-2 -2 104 104' });
  if (!tile) {
    pic.append(svg('rect', { x: 0, y: 0, width: 100, height: 100, class: 'unknown-tile' }),
      svg('text', { x: 50, y: 55, class: 'unknown-label', text: id }));
    return pic;
  }
  const upright = tile.wonder && tile.edges === '----';
  const art = upright ? wonderCentreGraphic(t(`carcassonne.wonder.${tile.wonder}.name`)) : tileGraphic(tile);
  pic.append(svg('g', { transform: upright ? '' : `rotate(${rotation},50,50)` }, art),
    upright ? null : buildingsGraphic(tile, rotation),
    svg('rect', { x: 0, y: 0, width: 100, height: 100, class: 'tile-edge' }));
  return pic;
}

/** A small standalone SVG of a whole Wonder (five squares), turned by `rotation`. */
export function wonderPicture(components, key, rotation = 0, size = 120) {
  const wonder = components.wonders[key];
  const pic = svg('svg', { class: 'tile-picture wonder-picture', width: size, height: size, viewBox: '-102 -102 304 304' });
  if (!wonder) return pic;
  const k = rotation / 90;
  const offsets = [[0, -1], [1, 0], [0, 1], [-1, 0]]; // SVG frame: N is up
  pic.append(svg('g', {}, wonderCentreGraphic(t(`carcassonne.wonder.${key}.name`))));
  offsets.forEach(([dx, dy], side) => {
    const arm = components.tiles[wonder.arms[(side - k + 4) % 4]];
    pic.append(svg('g', { transform: `translate(${dx * 100},${dy * 100})` },
      svg('g', { transform: `rotate(${rotation},50,50)` }, tileGraphic(arm)), buildingsGraphic(arm, rotation)));
  });
  pic.append(svg('path', { d: plus(0, 0, 0), class: 'wonder-border' }));
  return pic;
}
