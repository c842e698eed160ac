// What every game's table (renderer) shares: its stylesheet link and the guarded send.
import { h } from './svg.js';

/** Link the stylesheet at `href` once, whatever number of tables ask for it. */
export function useStylesheet(href) {
  if (document.querySelector(`link[href="${href}"]`)) return;
  document.head.append(h('link', { rel: 'stylesheet', href }));
}

/** Send `text` for `table` unless one of its sends is in flight; its turn panel shows it is busy. */
export async function sendAction(table, text) {
  if (table.busy) return;
  table.busy = true;
  table.turnPanel.classList.add('busy');
  try {
    await table.ctx.act(text);
  } finally {
    table.busy = false;
    table.turnPanel.classList.remove('busy');
  }
}

/** In hot-seat play, flash the turn panel when the seat at the screen changes. */
export function markHandOff(table, previous, view) {
  if (!previous || view.seat === previous.seat || !table.ctx.hotseat || !view.prompt) return;
  table.turnPanel.classList.remove('handoff');
  void table.turnPanel.offsetWidth; // restart the animation
  table.turnPanel.classList.add('handoff');
}
