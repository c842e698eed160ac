// The Tharsis map in SVG: 61 Mars spaces and the 2 off-map city spaces, their placement
// bonuses, ocean-reserved and named spaces, the tiles in play in their owner's colour, Land
// Claim markers, and the legal spaces of a placement prompt (clicked to choose them).
//
// Space centres come from the component data (hexagons of radius 1, pointy top), scaled by R.

import { render as say, t } from '../i18n.js';
import { hexPoints, svg } from '../svg.js';

import { SEAT_COLOURS } from '../seats.js';

export { SEAT_COLOURS }; // one list for the lobby and every table
export const NEUTRAL_COLOUR = '#9a9a9a';
const R = 34;

export function seatColour(owner) {
  if (owner === null || owner === undefined) return null;
  if (owner === 'neutral') return NEUTRAL_COLOUR;
  return SEAT_COLOURS[owner % SEAT_COLOURS.length];
}

const BONUS_GLYPHS = {
  plants: ['P', '#3f9a3a'], steel: ['S', '#8a5a2b'], titanium: ['T', '#7d7a6a'], cards: ['C', '#2f6fdb'],
  heat: ['H', '#d8632a'], energy: ['E', '#7b3fb5'], megacredits: ['M', '#c9a227'],
};
const TILE_LOOK = {
  ocean: ['#3f86c9', ''], greenery: ['#4f9a3c', ''], city: ['#8c8c8c', 'city'], capital: ['#8c8c8c', 'capital'],
};
const SPECIAL_LABELS = {
  natural_preserve: 'preserve', nuclear_zone: 'nuclear', lava_flows: 'lava', mohole_area: 'mohole',
  ecological_zone: 'eco zone', mining_rights: 'mining', mining_area: 'mining', commercial_district: 'commerce',
  industrial_center: 'industry', restricted_area: 'restricted',
};

function bonusGlyphs(space, cx, cy) {
  const glyphs = [];
  for (const [name, n] of Object.entries(space.bonus)) {
    for (let i = 0; i < n; i += 1) glyphs.push(BONUS_GLYPHS[name] || [name[0].toUpperCase(), '#666']);
  }
  const step = 13;
  const x0 = cx - ((glyphs.length - 1) * step) / 2;
  return glyphs.map(([letter, colour], i) => svg('g', { class: 'bonus', transform: `translate(${x0 + i * step},${cy})` },
    svg('rect', { x: -6, y: -6, width: 12, height: 12, rx: 3, fill: colour }),
    svg('text', { class: 'bonus-letter', y: 4, text: letter })));
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
      class: 'tm-map', viewBox: box.join(' '), role: 'img', 'aria-label': 'The Tharsis map', preserveAspectRatio: 'xMidYMid meet',
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
    const name = s.name ? say(s.name) : null;
    const title = [t('terraforming_mars.space_ui.space', { id: s.id }), name,
      s.type === 'ocean_reserved' ? t('terraforming_mars.space_ui.ocean_reserved') : null,
      s.volcanic ? t('terraforming_mars.space_ui.volcanic') : null,
      s.bonus_text ? t('terraforming_mars.space_ui.bonus', { what: s.bonus_text }) : null].filter(Boolean).join(' · ');
    return svg('g', { class: `space ${kind}`, 'data-space': s.id },
      svg('title', { text: title }),
      svg('polygon', { points: hexPoints(cx, cy, R - 1.5), class: 'hex' }),
      s.volcanic ? svg('path', { d: `M${cx - 7},${cy - 15}l7,-9l7,9z`, class: 'volcano' }) : null,
      name && s.type !== 'land' ? svg('text', { class: 'space-name', x: cx, y: cy + (s.type === 'off_map' ? R + 9 : -14), text: name }) : null,
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
    for (const t of model.tiles) {
      const [cx, cy] = this.centre(t.space);
      const [fill, label] = TILE_LOOK[t.tile] || ['#6b4c7a', SPECIAL_LABELS[t.tile] || t.tile];
      const colour = seatColour(t.owner);
      const g = svg('g', { class: `tile tile-${t.tile}${t.space === model.last ? ' last' : ''}`, 'data-space': t.space, 'data-tile': t.tile },
        svg('title', { text: `${t.tile.replace(/_/g, ' ')}${colour ? ` (${t.ownerName})` : ''} on ${t.space}` }),
        svg('polygon', { points: hexPoints(cx, cy, R - 3), fill, class: 'tile-hex', stroke: colour || 'rgba(255,255,255,0.7)' }));
      if (t.tile === 'city' || t.tile === 'capital') {
        g.append(svg('rect', { x: cx - 9, y: cy - 12, width: 18, height: 14, class: 'city-block' }),
          svg('rect', { x: cx - 4, y: cy - 18, width: 8, height: 8, class: 'city-block' }));
      }
      if (label && t.tile !== 'city') g.append(svg('text', { class: 'tile-label', x: cx, y: cy + 14, text: label }));
      if (colour) g.append(svg('rect', { x: cx - 6, y: cy + 16, width: 12, height: 8, rx: 2, fill: colour, class: 'owner-cube' }));
      parts.push(g);
    }
    for (const [space, seat] of Object.entries(model.claims || {})) {
      const [cx, cy] = this.centre(space);
      parts.push(svg('g', { class: 'claim', 'data-space': space },
        svg('title', { text: `Land Claim of ${model.names[seat] || `seat ${seat}`}` }),
        svg('circle', { cx, cy: cy - 12, r: 7, fill: seatColour(seat), stroke: '#fff', 'stroke-width': 2 })));
    }
    this.tileLayer.replaceChildren(...parts);
    this.targetLayer.replaceChildren(...model.targets.map((t) => {
      const [cx, cy] = this.centre(t.space);
      const choose = () => this.handlers.onSpace(t.option);
      return svg('g', {
        class: 'target', 'data-space': t.space, tabindex: 0, role: 'button', 'aria-label': t.label,
        onclick: choose, onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); choose(); } },
      }, svg('title', { text: t.label }), svg('polygon', { points: hexPoints(cx, cy, R - 2) }));
    }));
    this.svg.classList.toggle('choosing', model.targets.length > 0);
  }
}
