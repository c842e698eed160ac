// The Tharsis map in SVG: 61 Mars spaces and the 2 off-map city spaces, their placement
// bonuses, ocean-reserved and named spaces, the tiles in play in their owner's colour, Land
// Claim markers, and the legal spaces of a placement prompt (clicked to choose them).
//
// Space centres come from the component data (hexagons of radius 1, pointy top), scaled by R.

import { has, t } from '../i18n.js';
import { hexPoints, svg } from '../svg.js';
import { glyph } from './icons.js';

import { SEAT_COLOURS } from '../seats.js';

export { SEAT_COLOURS }; // one list for the lobby and every table
export const NEUTRAL_COLOUR = '#9a9a9a';
const R = 34;

export function seatColour(owner) {
  if (owner === null || owner === undefined) return null;
  if (owner === 'neutral') return NEUTRAL_COLOUR;
  return SEAT_COLOURS[owner % SEAT_COLOURS.length];
}

const TILE_LOOK = { // colour, and whether the tile shows its name
  ocean: ['#3f86c9', false], greenery: ['#4f9a3c', false], city: ['#8c8c8c', false], capital: ['#8c8c8c', true],
};
/** A tile's name on the map: a short form for the special tiles (a hexagon is small). */
function tileLabel(tile) {
  return has(`web.tm.tile_short.${tile}`) ? t(`web.tm.tile_short.${tile}`) : t(`terraforming_mars.tile.${tile}`);
}

function tileName(tile) {
  return t(`terraforming_mars.tile.${tile}`);
}

/** A space's printed name (Tharsis Tholus, Noctis City...), in the reader's language. */
function spaceName(s) {
  return s.name ? t(`terraforming_mars.space.${s.id}.name`) : '';
}

/** The placement bonus as icons: one per resource or card, 12 units wide, centred on cx. */
function bonusGlyphs(space, cx, cy) {
  const kinds = [];
  for (const [name, n] of Object.entries(space.bonus)) {
    for (let i = 0; i < n; i += 1) kinds.push(name);
  }
  const step = 13;
  const x0 = cx - ((kinds.length - 1) * step) / 2;
  return kinds.map((kind, i) => svg('g', { class: 'bonus', 'data-bonus': kind, transform: `translate(${x0 + i * step - 6},${cy - 6}) scale(0.75)` },
    ...glyph(kind, false)));
}

function bonusText(space) {
  return Object.entries(space.bonus).map(([name, n]) => (name === 'cards' ? t('terraforming_mars.word.cards', { n })
    : t(`terraforming_mars.resource.${name}`, { n }))).join(', ');
}

export class TharsisMap {
  /** handlers: {onSpace(option)}: a highlighted space was chosen. */
  constructor(container, components, handlers) {
    this.components = components;
    this.handlers = handlers;
    const xs = components.spaces.map((s) => s.x * R);
    const ys = components.spaces.map((s) => s.y * R);
    const pad = R * 1.2;
    const box = [Math.min(...xs) - pad, Math.min(...ys) - pad - 10, Math.max(...xs) - Math.min(...xs) + 2 * pad,
      Math.max(...ys) - Math.min(...ys) + 2 * pad + 10];
    this.svg = svg('svg', {
      class: 'tm-map', viewBox: box.join(' '), role: 'img', 'aria-label': t('web.tm.map'), preserveAspectRatio: 'xMidYMid meet',
    });
    this.svg.append(svg('circle', { cx: 0, cy: 0, r: R * 8.6, class: 'mars-disc' }));
    this.spaceLayer = svg('g', { class: 'layer-spaces' });
    this.tileLayer = svg('g', { class: 'layer-tiles' });
    this.targetLayer = svg('g', { class: 'layer-targets' });
    this.svg.append(this.spaceLayer, this.tileLayer, this.targetLayer);
    for (const s of components.spaces) this.spaceLayer.append(this.spaceGraphic(s));
    container.append(this.svg);
  }

  spaceGraphic(s) {
    const cx = s.x * R;
    const cy = s.y * R;
    const kind = s.type === 'off_map' ? 'off-map' : s.type === 'ocean_reserved' ? 'ocean-space' : s.type === 'reserved_named' ? 'named' : 'land';
    const bonus = bonusText(s);
    const title = [t('terraforming_mars.space_ui.space', { id: s.id }), spaceName(s),
      s.type === 'ocean_reserved' ? t('terraforming_mars.space_ui.ocean_reserved') : null,
      s.volcanic ? t('terraforming_mars.space_ui.volcanic') : null,
      bonus ? t('terraforming_mars.space_ui.bonus', { what: bonus }) : null].filter(Boolean).join(' · ');
    return svg('g', { class: `space ${kind}`, 'data-space': s.id },
      svg('title', { text: title }),
      svg('polygon', { points: hexPoints(cx, cy, R - 1.5), class: 'hex' }),
      s.volcanic ? svg('path', { d: `M${cx - 7},${cy - 15}l7,-9l7,9z`, class: 'volcano' }) : null,
      s.name && s.type !== 'land' ? svg('text', { class: 'space-name', x: cx, y: cy + (s.type === 'off_map' ? R + 9 : -14), text: spaceName(s) }) : null,
      ...bonusGlyphs(s, cx, cy + 7),
      svg('text', { class: 'space-id', x: cx, y: cy + R - 8, text: s.id }));
  }

  centre(id) {
    const s = this.components.spaces.find((x) => x.id === id);
    return s ? [s.x * R, s.y * R] : [0, 0];
  }

  /** model: {tiles: [{space, tile, owner}], claims: {space: seat}, targets: [{space, option, label}], last: space id}. */
  update(model) {
    const parts = [];
    for (const tl of model.tiles) {
      const [cx, cy] = this.centre(tl.space);
      const [fill, plain] = TILE_LOOK[tl.tile] || ['#6b4c7a', true];
      const label = plain ? tileLabel(tl.tile) : '';
      const colour = seatColour(tl.owner);
      const g = svg('g', { class: `tile tile-${tl.tile}${tl.space === model.last ? ' last' : ''}`, 'data-space': tl.space, 'data-tile': tl.tile },
        svg('title', { text: colour ? t('web.tm.tile_on_owned', { tile: tileName(tl.tile), space: tl.space, owner: tl.ownerName })
          : t('web.tm.tile_on', { tile: tileName(tl.tile), space: tl.space }) }),
        svg('polygon', { points: hexPoints(cx, cy, R - 3), fill, class: 'tile-hex', stroke: colour || 'rgba(255,255,255,0.7)' }));
      if (tl.tile === 'city' || tl.tile === 'capital') {
        g.append(svg('rect', { x: cx - 9, y: cy - 12, width: 18, height: 14, class: 'city-block' }),
          svg('rect', { x: cx - 4, y: cy - 18, width: 8, height: 8, class: 'city-block' }));
      }
      if (label && tl.tile !== 'city') g.append(svg('text', { class: 'tile-label', x: cx, y: cy + 14, text: label }));
      if (colour) g.append(svg('rect', { x: cx - 6, y: cy + 16, width: 12, height: 8, rx: 2, fill: colour, class: 'owner-cube' }));
      parts.push(g);
    }
    for (const [space, seat] of Object.entries(model.claims || {})) {
      const [cx, cy] = this.centre(space);
      parts.push(svg('g', { class: 'claim', 'data-space': space },
        svg('title', { text: t('web.tm.land_claim_of', { card: t('terraforming_mars.card.land_claim.name'), name: model.names[seat] || t('core.seat', { n: Number(seat) + 1 }) }) }),
        svg('circle', { cx, cy: cy - 12, r: 7, fill: seatColour(seat), stroke: '#fff', 'stroke-width': 2 })));
    }
    this.tileLayer.replaceChildren(...parts);
    this.targetLayer.replaceChildren(...model.targets.map((tg) => {
      const [cx, cy] = this.centre(tg.space);
      const choose = () => this.handlers.onSpace(tg.option);
      return svg('g', {
        class: 'target', 'data-space': tg.space, tabindex: 0, role: 'button', 'aria-label': tg.label,
        onclick: choose, onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); choose(); } },
      }, svg('title', { text: tg.label }), svg('polygon', { points: hexPoints(cx, cy, R - 2) }));
    }));
    this.svg.classList.toggle('choosing', model.targets.length > 0);
  }
}
