// The game at a glance: the score track (a bar per seat in its colour) and the bag (each
// kind of tile still to come, drawn small with how many are left).

import { formatNumber, t } from '../i18n.js';
import { h } from '../svg.js';
import { seatColour, tilePicture } from './board.js';
import { playerName, tileLabel } from './panels.js';

const LAP = 50; // the printed track has 50 spaces; the scale grows by laps beyond them

/** The length the bars are measured against: one lap, or as many laps as the leader needs. */
export function trackLength(scores) {
  const top = Math.max(0, ...scores);
  return Math.max(LAP, Math.ceil(top / LAP) * LAP);
}

/**
 * A compact score track: one row per seat, its bar as long as its score on a track of
 * `trackLength` (tick marks every 10 points), its colour, its name and its score.
 */
export function scoreTrack(view) {
  const scores = view.players.map((p) => view.scores[p.seat] ?? 0);
  const length = trackLength(scores);
  const rows = view.players.map((p, i) => {
    const score = scores[i];
    const label = t('web.carcassonne.track_row', { name: playerName(view, p.seat), points: { key: 'core.points', params: { n: score } } });
    return h('li', { class: 'track-row', 'data-seat': p.seat, 'data-score': score, title: label },
      h('span', { class: 'track-name' }, playerName(view, p.seat)),
      h('span', { class: 'track-bar', role: 'img', 'aria-label': label, style: `--ticks:${(100 * 10) / length}%` },
        h('span', { class: 'track-fill', style: `width:${(100 * score) / length}%;background:${seatColour(p.seat)}` })),
      h('span', { class: 'track-score' }, formatNumber(score)));
  });
  return h('section', { class: 'panel score-track', 'aria-label': t('web.carcassonne.score_track'), 'data-length': length },
    h('h3', {}, t('web.carcassonne.score_track')),
    h('ol', { class: 'track' }, ...rows));
}

/**
 * The tiles still to come by kind, from the view's `bag` (the tile ids this seat has not
 * seen, with their counts: public in Carcassonne, unlike their order; with Abu Simbel it
 * also counts the tiles others hold face down, and says so). Closed at first;
 * `onToggle(open)` remembers the reader's choice across redraws.
 */
export function bagPanel(view, components, open, onToggle) {
  const obs = view.observation;
  const bag = Object.entries(obs.bag || {}).filter(([, n]) => n > 0);
  const total = bag.reduce((sum, [, n]) => sum + n, 0);
  const items = bag.map(([id, n]) => {
    const label = t('web.carcassonne.bag_kind', { n, tile: tileLabel(components, id) });
    return h('li', { class: 'bag-kind', 'data-tile': id, 'data-count': n, title: label, 'aria-label': label },
      tilePicture(components, id, 0, 44), h('span', { class: 'bag-count' }, `×${formatNumber(n)}`));
  });
  const panel = h('details', { class: 'panel bag-panel', open: open || undefined },
    h('summary', {}, t('web.carcassonne.bag_summary', { n: obs.tiles_left ?? total })),
    items.length ? h('ul', { class: 'bag' }, ...items) : h('p', { class: 'muted' }, t('web.carcassonne.bag_empty')),
    obs.tiles_left !== undefined && total > obs.tiles_left ? h('p', { class: 'hint' }, t('web.carcassonne.bag_unseen')) : null);
  panel.addEventListener('toggle', () => onToggle(panel.open));
  return panel;
}
