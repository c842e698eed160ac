// Small line icons for buttons (drawn as SVG: no icon font, no emoji the device may lack).
import { svg } from './svg.js';

const SHAPES = {
  first: [['path', { d: 'M6 5h2.5v14H6z M19 5v14L9.5 12z' }]],
  prev: [['path', { d: 'M17 5v14L6 12z' }]],
  next: [['path', { d: 'M7 5v14l11-7z' }]],
  last: [['path', { d: 'M15.5 5H18v14h-2.5z M5 5v14l10-7z' }]],
  list: [['path', { d: 'M4 6h16M4 12h16M4 18h16', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round' }]],
  sound: [['path', { d: 'M3 9h4l5-4v14l-5-4H3z' }],
    ['path', { d: 'M15.5 8.5a5 5 0 0 1 0 7M18 6a8.5 8.5 0 0 1 0 12', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' }]],
  mute: [['path', { d: 'M3 9h4l5-4v14l-5-4H3z' }],
    ['path', { d: 'M15.5 9.5l5 5M20.5 9.5l-5 5', fill: 'none', stroke: 'currentColor', 'stroke-width': 2, 'stroke-linecap': 'round' }]],
  bell: [['path', { d: 'M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM9.8 18.5a2.3 2.3 0 0 0 4.4 0z' }]],
  'bell-off': [['path', { d: 'M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zM9.8 18.5a2.3 2.3 0 0 0 4.4 0z', opacity: 0.55 }],
    ['path', { d: 'M4 3.5l16 17', fill: 'none', stroke: 'currentColor', 'stroke-width': 2.2, 'stroke-linecap': 'round' }]],
};

/** The icon `name` (see SHAPES), 1.25em square, in the text colour, hidden from screen readers. */
export function icon(name) {
  return svg('svg', { viewBox: '0 0 24 24', class: `icon icon-${name}`, 'aria-hidden': 'true', fill: 'currentColor' },
    ...SHAPES[name].map(([tag, attrs]) => svg(tag, attrs)));
}
