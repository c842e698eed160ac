// Tag and resource icons of our own (issue #24: no two-letter codes): each is a few SVG
// shapes in a 16×16 box on a coloured disc (tags) or rounded square (resources), named in
// the reader's language (title and aria-label from the game's catalog).

import { h, svg } from '../svg.js';
import { t } from '../i18n.js';

const WHITE = '#fff';
const DARK = '#222';

/** The shapes of each glyph, drawn in `ink` on a 16×16 box. */
const GLYPHS = {
  building: (ink) => [svg('path', { d: 'M3 8 L8 3.5 L13 8 V13 H3 Z', fill: ink }), svg('rect', { x: 6.8, y: 9.5, width: 2.4, height: 3.5, fill: 'rgba(0,0,0,0.45)' })],
  space: (ink) => [svg('path', { d: 'M8 2 L9.6 6.4 L14 6.6 L10.5 9.3 L11.8 13.8 L8 11.2 L4.2 13.8 L5.5 9.3 L2 6.6 L6.4 6.4 Z', fill: ink })],
  science: (ink) => [
    svg('ellipse', { cx: 8, cy: 8, rx: 6, ry: 2.2, fill: 'none', stroke: ink, 'stroke-width': 1.2 }),
    svg('ellipse', { cx: 8, cy: 8, rx: 6, ry: 2.2, fill: 'none', stroke: ink, 'stroke-width': 1.2, transform: 'rotate(60 8 8)' }),
    svg('ellipse', { cx: 8, cy: 8, rx: 6, ry: 2.2, fill: 'none', stroke: ink, 'stroke-width': 1.2, transform: 'rotate(-60 8 8)' }),
    svg('circle', { cx: 8, cy: 8, r: 1.4, fill: ink })],
  power: (ink) => [svg('path', { d: 'M9.5 1.5 L4 9 H7.5 L6.5 14.5 L12 7 H8.5 Z', fill: ink })],
  earth: (ink) => [
    svg('circle', { cx: 8, cy: 8, r: 5.5, fill: 'none', stroke: ink, 'stroke-width': 1.3 }),
    svg('ellipse', { cx: 8, cy: 8, rx: 2.3, ry: 5.5, fill: 'none', stroke: ink, 'stroke-width': 1.1 }),
    svg('path', { d: 'M2.5 8 H13.5', stroke: ink, 'stroke-width': 1.1 })],
  jovian: (ink) => [
    svg('circle', { cx: 8, cy: 8, r: 4.2, fill: ink }),
    svg('ellipse', { cx: 8, cy: 8, rx: 7, ry: 2, fill: 'none', stroke: ink, 'stroke-width': 1.2, transform: 'rotate(-20 8 8)' })],
  plant: (ink) => [svg('path', { d: 'M3 13 C3 6 7 3 13 3 C13 9 10 13 3 13 Z', fill: ink }), svg('path', { d: 'M3.5 12.5 L10 6', stroke: 'rgba(0,0,0,0.4)', 'stroke-width': 1 })],
  microbe: (ink) => [
    svg('ellipse', { cx: 6, cy: 7, rx: 3.4, ry: 2.2, fill: ink, transform: 'rotate(-30 6 7)' }),
    svg('ellipse', { cx: 10.5, cy: 10.5, rx: 2.6, ry: 1.8, fill: ink, transform: 'rotate(30 10.5 10.5)' }),
    svg('circle', { cx: 11.5, cy: 4.5, r: 1.3, fill: ink })],
  animal: (ink) => [
    svg('ellipse', { cx: 8, cy: 10.5, rx: 3.2, ry: 2.6, fill: ink }),
    svg('circle', { cx: 4, cy: 6.8, r: 1.4, fill: ink }), svg('circle', { cx: 6.6, cy: 4.3, r: 1.4, fill: ink }),
    svg('circle', { cx: 9.4, cy: 4.3, r: 1.4, fill: ink }), svg('circle', { cx: 12, cy: 6.8, r: 1.4, fill: ink })],
  city: (ink) => [svg('path', { d: 'M2.5 13.5 V8 H5.5 V4.5 H9 V7 H10.5 V2.5 H13.5 V13.5 Z', fill: ink })],
  event: (ink) => [svg('path', { d: 'M8 14 L3 8 H6 V2 H10 V8 H13 Z', fill: ink })],
  wild: (ink) => [svg('text', { x: 8, y: 12, 'text-anchor': 'middle', 'font-size': 11, 'font-weight': 700, fill: ink, text: '?' })],
  megacredits: (ink) => [svg('text', { x: 8, y: 12, 'text-anchor': 'middle', 'font-size': 10.5, 'font-weight': 700, fill: ink, text: '€' })],
  steel: (ink) => [svg('path', { d: 'M2.5 5 H13.5 V7 H9.2 V11 H13.5 V13 H2.5 V11 H6.8 V7 H2.5 Z', fill: ink })],
  titanium: (ink) => [svg('path', { d: 'M8 2 L13 8 L8 14 L3 8 Z', fill: ink }), svg('path', { d: 'M8 2 L8 14 M3 8 H13', stroke: 'rgba(0,0,0,0.35)', 'stroke-width': 0.9 })],
  plants: (ink) => GLYPHS.plant(ink),
  energy: (ink) => GLYPHS.power(ink),
  heat: (ink) => [svg('path', { d: 'M8 1.5 C10 5 13 6.5 13 10 A5 5 0 0 1 3 10 C3 7.5 5 6.5 5.5 4.5 C6.5 6 7 7 7.5 7.5 C8.5 5.5 8.5 3.5 8 1.5 Z', fill: ink })],
  cards: (ink) => [svg('rect', { x: 4, y: 2.5, width: 8, height: 11, rx: 1.2, fill: ink }), svg('rect', { x: 5.5, y: 4, width: 5, height: 3, fill: 'rgba(0,0,0,0.35)' })],
};

/** Background and ink of every tag and resource. */
export const COLOURS = {
  building: ['#8a5a2b', WHITE], space: ['#1f1f1f', WHITE], science: ['#f2f2f2', DARK], power: ['#7b3fb5', WHITE],
  earth: ['#2f6fdb', WHITE], jovian: ['#c26a1b', WHITE], plant: ['#2f8a3a', WHITE], microbe: ['#6aa84f', WHITE],
  animal: ['#3c6e1f', WHITE], city: ['#6c6c6c', WHITE], event: ['#c0392b', WHITE], wild: ['#888', WHITE],
  megacredits: ['#d9a520', DARK], steel: ['#8a5a2b', WHITE], titanium: ['#5d5a50', '#f0e6a0'], plants: ['#2f8a3a', WHITE],
  energy: ['#7b3fb5', WHITE], heat: ['#d8632a', '#ffe2a0'], cards: ['#2f6fdb', WHITE],
};

/** The glyph of `kind` as SVG children of a 16×16 box, on its background (`round`: a disc). */
export function glyph(kind, round) {
  const [bg, ink] = COLOURS[kind] || COLOURS.wild;
  const back = round ? svg('circle', { cx: 8, cy: 8, r: 7.6, fill: bg, stroke: 'rgba(0,0,0,0.35)', 'stroke-width': 0.6 })
    : svg('rect', { x: 0.4, y: 0.4, width: 15.2, height: 15.2, rx: 3, fill: bg, stroke: 'rgba(0,0,0,0.3)', 'stroke-width': 0.6 });
  return [back, ...(GLYPHS[kind] || GLYPHS.wild)(ink)];
}

function icon(kind, round, label, cls) {
  return h('span', { class: cls, 'data-icon': kind, title: label, role: 'img', 'aria-label': label },
    svg('svg', { viewBox: '0 0 16 16', width: 16, height: 16, 'aria-hidden': 'true' }, ...glyph(kind, round)));
}

/** A tag as a small round icon, named in the reader's language. */
export function tagIcon(tag) {
  return icon(tag, true, t(`terraforming_mars.tag.${tag}`), 'tm-icon tm-tag');
}

/** A standard resource as a small square icon; `n` for its name ("3 steel"), default 1. */
export function resourceIcon(resource, n = 1) {
  return icon(resource, false, t(`terraforming_mars.resource.${resource}`, { n }), 'tm-icon tm-res-icon');
}
