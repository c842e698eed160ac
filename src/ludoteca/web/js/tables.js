// What every game's table (renderer) shares: its stylesheet link, the guarded send, the docked decision.
import { t } from './i18n.js';
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

/**
 * Dock the current decision of the table in `root` (its `.turn-panel`, or the generic
 * table's `.prompt-panel`) in a sheet: on a laptop the sheet is invisible (`display:
 * contents`, the panel stays first in the side column); on a phone (style.css, narrow
 * screens) it is a sticky bottom sheet with a handle that collapses it to its title. The
 * sheet's height is kept in the page's --sheet-h, so the page leaves room for it.
 */
export function dockDecision(root) {
  const panel = root.querySelector('.turn-panel, .prompt-panel');
  if (!panel || panel.parentElement.classList.contains('sheet')) return;
  const sheet = h('div', { class: 'sheet' });
  const handle = h('button', {
    type: 'button', class: 'sheet-handle', 'aria-expanded': 'true', 'aria-label': t('web.sheet.collapse'),
    onclick: () => {
      const collapsed = sheet.classList.toggle('collapsed');
      handle.setAttribute('aria-expanded', String(!collapsed));
      handle.setAttribute('aria-label', t(collapsed ? 'web.sheet.expand' : 'web.sheet.collapse'));
    },
  });
  panel.before(sheet);
  sheet.append(handle, panel);
  const page = document.documentElement;
  new ResizeObserver(() => page.style.setProperty('--sheet-h', `${Math.ceil(sheet.getBoundingClientRect().height)}px`)).observe(sheet);
}
