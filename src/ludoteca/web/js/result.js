// The end of a game as the server decided it: `view.winners` (the rules' tie-breaks and
// solo goals applied by the game's `winners()`). No table computes a result itself.

import { t } from './i18n.js';
import { h } from './svg.js';

/** "Game over — Ana wins with 84 points", a shared win, a lost solo game, or no winner. */
export function resultText(view) {
  const winners = view.winners || [];
  if (!winners.length) {
    return view.players.length === 1 ? t('web.result.solo_lost', { name: view.players[0].name }) : t('web.result.nobody');
  }
  const names = winners.map((seat) => view.players[seat].name).join(' & ');
  const points = { key: 'core.points', params: { n: view.scores[winners[0]] } };
  return t(winners.length > 1 ? 'core.winners' : 'core.winner', { names, points });
}

/** The end-of-game heading of a table's turn panel. */
export function resultTitle(view) {
  return h('h2', { class: 'turn-title over', 'data-winners': (view.winners || []).join(',') }, resultText(view));
}
