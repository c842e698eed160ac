// Terraforming Mars cards drawn from their data (components.cards / corporations): cost, tags,
// requirements, generated effect text and VP; a card opens larger in a dialog. Nothing here
// decides what is legal: "playable" and the price after discounts come from the prompt.

import { h } from '../svg.js';
import { tagIcon } from './icons.js';

export const RESOURCE_NAMES = {
  megacredits: 'M€', steel: 'Steel', titanium: 'Titanium', plants: 'Plants', energy: 'Energy', heat: 'Heat',
};

/** The printed data of a card or corporation id, or a stand-in for an unknown id. */
export function cardData(components, id) {
  return components.cards[id] || components.corporations[id]
    || { id, name: id, type: 'automated', cost: 0, tags: [], requirements: [], vp: null, lines: [] };
}

export function cardName(components, id) {
  return cardData(components, id).name;
}

/** A tag as a small round icon (`icons.js`), named in the reader's language. */
export function tagChip(tag) {
  return tagIcon(tag);
}

/**
 * A card as a small box. `opts`: {price (after discounts, from the prompt), playable (true/false/
 * undefined: unknown), requirementsMet (idem, from the observation), resources (held on it),
 * used (action used this generation), onClick, selected, compact}.
 */
export function cardBox(components, id, opts = {}) {
  const c = cardData(components, id);
  const price = opts.price;
  const classes = ['tm-card', `type-${c.type}`];
  if (opts.playable === true) classes.push('playable');
  if (opts.playable === false) classes.push('unplayable');
  if (opts.selected) classes.push('selected');
  if (opts.compact) classes.push('compact');
  if (opts.onClick) classes.push('clickable');
  const cost = c.type === 'corporation' ? null : h('span', { class: 'tm-cost', title: 'printed cost' },
    price !== undefined && price !== c.cost ? [h('s', {}, String(c.cost)), ` ${price}`] : String(c.cost));
  const tags = c.type === 'event' ? [...c.tags, 'event'] : c.tags;
  const extra = [];
  if (opts.resources) extra.push(h('span', { class: 'tm-res-on-card', title: `${c.resource_type || 'resources'} on this card` }, `● ${opts.resources}`));
  if (opts.used !== undefined) extra.push(h('span', { class: `tm-action-mark ${opts.used ? 'used' : 'ready'}` }, opts.used ? 'action used' : 'action ready'));
  // a compact card without a decision to make opens larger when clicked
  const click = opts.onClick || (opts.compact ? () => openCard(components, id) : null);
  const box = h('div', {
    class: classes.join(' '), 'data-card': id, tabindex: click ? 0 : undefined, role: click ? 'button' : undefined,
    title: opts.compact ? [c.name, ...c.requirements.map((r) => `Requires ${r}`), ...c.lines, c.vp || ''].join('\n') : undefined,
    onclick: click ? (e) => { e.stopPropagation(); click(id); } : undefined,
    onkeydown: click ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); click(id); } } : undefined,
  },
  h('div', { class: 'tm-card-head' }, cost, h('span', { class: 'tm-card-name' }, c.name), h('span', { class: 'tm-tags' }, ...tags.map(tagChip))),
  opts.compact ? null : cardBody(c, opts.requirementsMet),
  extra.length ? h('div', { class: 'tm-card-foot' }, ...extra) : null,
  opts.compact ? null : h('button', {
    type: 'button', class: 'tm-zoom', title: 'Open larger', 'aria-label': `Open ${c.name} larger`,
    onclick: (e) => { e.stopPropagation(); openCard(components, id); },
  }, '⤢'));
  return box;
}

function cardBody(c, met) {
  const mark = met === true ? ' ✓' : met === false ? ' ✗ not met' : '';
  return h('div', { class: 'tm-card-body' },
    c.requirements.length ? h('div', { class: `tm-req${met === true ? ' met' : met === false ? ' unmet' : ''}` },
      'Requires ', c.requirements.join(', '), mark) : null,
    ...c.lines.filter((l) => !l.startsWith('Note:')).map((l) => h('div', { class: 'tm-line' }, l)),
    c.start ? h('div', { class: 'tm-line tm-start' }, 'Starts with ', c.start) : null,
    c.vp ? h('div', { class: 'tm-vp' }, c.vp) : null);
}

/** The card, large, in a modal dialog (with its rule notes). */
export function openCard(components, id) {
  const c = cardData(components, id);
  const dialog = h('dialog', { class: 'tm-dialog', 'aria-label': c.name });
  const close = () => { dialog.close(); dialog.remove(); };
  dialog.append(
    h('div', { class: `tm-card large type-${c.type}` },
      h('div', { class: 'tm-card-head' },
        c.type === 'corporation' ? null : h('span', { class: 'tm-cost' }, String(c.cost)),
        h('span', { class: 'tm-card-name' }, c.name),
        h('span', { class: 'tm-tags' }, ...(c.type === 'event' ? [...c.tags, 'event'] : c.tags).map(tagChip))),
      cardBody(c),
      ...c.lines.filter((l) => l.startsWith('Note:')).map((l) => h('p', { class: 'tm-note' }, l)),
      h('p', { class: 'muted tm-meta' }, `#${c.number} · ${c.type}${c.set ? ` · ${c.set.replace('_', ' ')}` : ''}`)),
    h('button', { type: 'button', class: 'primary', onclick: close }, 'Close'));
  dialog.addEventListener('click', (e) => { if (e.target === dialog) close(); });
  dialog.addEventListener('cancel', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
