// The end of a game (issue #24): the bar under an ended table offers a rematch and the replay.
//
// A seat this browser holds gets "Rematch" (the first seat to click creates it: same seats,
// options and undo, a new deal) or, once another seat started it, the offer to join; either
// way `POST /api/games/{id}/rematch` gives each held seat its own token in the new game and
// the page moves there (hot-seat: every held seat). A spectator sees a link to watch it.

import { ApiError, api, seatStore, toast } from './api.js';
import { t } from './i18n.js';
import { h, replace } from './svg.js';

/** Ask the rematch of `gameId` for every held seat's `tokens` (seat -> token); go there. */
export async function joinRematch(gameId, tokens) {
  const answers = [];
  try {
    for (const token of tokens.values()) {
      answers.push(await api(`/api/games/${encodeURIComponent(gameId)}/rematch`, { method: 'POST', body: { token } }));
    }
  } catch (err) {
    toast(t('web.rematch.failed', { error: err instanceof ApiError ? err.reason : err.message }), 'error');
    return null;
  }
  const next = answers[0].game_id;
  seatStore.save(next, { tokens: Object.fromEntries(answers.map((a) => [a.seat, a.token])), hotseat: answers.length > 1 });
  location.assign(answers.length > 1 ? `/games/${encodeURIComponent(next)}?hotseat=1` : answers[0].url);
  return next;
}

/**
 * Draw (or hide) the end bar for `view` in `bar`. tokens: the held seats' tokens; replayUrl:
 * where the step-through replay of this game opens.
 */
export function drawEndBar(bar, view, { gameId, tokens, replayUrl }) {
  if (!view.terminal) {
    bar.hidden = true;
    bar.dataset.drawn = '';
    return;
  }
  const drawn = `${view.rematch || ''}|${tokens.size}`;
  if (!bar.hidden && bar.dataset.drawn === drawn) return;
  bar.dataset.drawn = drawn;
  const parts = [];
  if (tokens.size) {
    if (view.rematch) parts.push(h('span', { class: 'rematch-offer' }, t('web.rematch.offer')));
    const button = h('button', {
      type: 'button', class: 'primary rematch', title: t('web.rematch.hint'),
      onclick: async () => {
        button.disabled = true;
        if (!(await joinRematch(gameId, tokens))) button.disabled = false;
      },
    }, t(view.rematch ? 'web.rematch.join' : 'web.rematch.start'));
    parts.push(button);
  } else if (view.rematch) {
    parts.push(h('a', { class: 'button primary rematch', href: `/games/${encodeURIComponent(view.rematch)}` }, t('web.rematch.watch')));
  }
  parts.push(h('a', { class: 'button replay-open', href: replayUrl }, t('web.replay.open')));
  replace(bar, h('div', { class: 'end-bar' }, ...parts));
  bar.hidden = false;
}
