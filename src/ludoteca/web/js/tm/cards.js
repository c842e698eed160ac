// Terraforming Mars cards drawn from their data (components.cards / corporations): cost, tags,
// requirements, generated effect text and VP; a card opens larger in a dialog. Nothing here
// decides what is legal: "playable" and the price after discounts come from the prompt.
// Every text of a card is a message (games/terraforming_mars/card_text.py), rendered here in
// the reader's language; a line starts lower case and is shown with a capital first letter.

import { render as say, t } from '../i18n.js';
import { h } from '../svg.js';
import { tagIcon } from './icons.js';

const UI = 'terraforming_mars.card_ui.';
const NOTE = 'terraforming_mars.effect.note';
const ACTION = 'terraforming_mars.effect.action';

/** A resource's label on a player's board ("Steel", "Aço", "Acier"). */
export function resourceName(resource) {
  return t(`terraforming_mars.resource_label.${resource}`);
}

/** The printed data of a card or corporation id, or a stand-in for an unknown id. */
export function cardData(components, id) {
  return components.cards[id] || components.corporations[id]
    || { id, name: { key: 'core.notation', params: { text: id } }, type: 'automated', cost: 0, tags: [], requirements: [], vp: null, lines: [], actions: 0 };
}

/** A card's or corporation's name, in the reader's language. */
export function cardName(components, id) {
  return say(cardData(components, id).name);
}

/** A rendered line of card text, with a capital first letter. */
export function sayLine(message) {
  const text = say(message);
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export const isNote = (line) => line.key === NOTE;

/** The lines of a card that are actions ("Action: spend 1 energy to gain 2 M€"), rendered. */
export function actionLines(card) {
  return (card.lines || []).filter((l) => l.key.startsWith(ACTION)).map(sayLine);
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
  const name = say(c.name);
  const cost = c.type === 'corporation' ? null : h('span', { class: 'tm-cost', title: t('terraforming_mars.card_ui.printed_cost') },
    price !== undefined && price !== c.cost ? [h('s', {}, String(c.cost)), ` ${price}`] : String(c.cost));
  const tags = c.type === 'event' ? [...c.tags, 'event'] : c.tags;
  const extra = [];
  if (opts.resources) {
    extra.push(h('span', { class: 'tm-res-on-card', title: t(`${UI}on_card.${c.resource_type || 'any'}`, { n: opts.resources }) }, `● ${opts.resources}`));
  }
  if (opts.used !== undefined) extra.push(h('span', { class: `tm-action-mark ${opts.used ? 'used' : 'ready'}` }, opts.used ? t('terraforming_mars.card_ui.action_used') : t('terraforming_mars.card_ui.action_ready')));
  // a compact card without a decision to make opens larger when clicked
  const click = opts.onClick || (opts.compact ? () => openCard(components, id) : null);
  const box = h('div', {
    class: classes.join(' '), 'data-card': id, tabindex: click ? 0 : undefined, role: click ? 'button' : undefined,
    title: opts.compact ? [name, ...c.requirements.map((r) => t('terraforming_mars.card_ui.requires', { what: r })), ...c.lines.map(sayLine), say(c.vp)].join('\n') : undefined,
    onclick: click ? (e) => { e.stopPropagation(); click(id); } : undefined,
    onkeydown: click ? (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); click(id); } } : undefined,
  },
  h('div', { class: 'tm-card-head' }, cost, h('span', { class: 'tm-card-name' }, name), h('span', { class: 'tm-tags' }, ...tags.map(tagChip))),
  opts.compact ? null : cardBody(c, opts.requirementsMet),
  extra.length ? h('div', { class: 'tm-card-foot' }, ...extra) : null,
  opts.compact ? null : h('button', {
    type: 'button', class: 'tm-zoom', title: t('terraforming_mars.card_ui.open_larger'), 'aria-label': t('terraforming_mars.card_ui.open_named', { name }),
    onclick: (e) => { e.stopPropagation(); openCard(components, id); },
  }, '⤢'));
  return box;
}

function cardBody(c, met) {
  const mark = met === true ? ' ✓' : met === false ? ` ✗ ${t('terraforming_mars.card_ui.not_met')}` : '';
  return h('div', { class: 'tm-card-body' },
    c.requirements.length ? h('div', { class: `tm-req${met === true ? ' met' : met === false ? ' unmet' : ''}` },
      t('terraforming_mars.card_ui.requires', { what: c.requirements }), mark) : null,
    ...c.lines.filter((l) => !isNote(l)).map((l) => h('div', { class: 'tm-line' }, sayLine(l))),
    c.start ? h('div', { class: 'tm-line tm-start' }, t('terraforming_mars.card_ui.starts_with', { what: c.start })) : null,
    c.vp ? h('div', { class: 'tm-vp' }, say(c.vp)) : null);
}

/** The card, large, in a modal dialog (with its rule notes). */
export function openCard(components, id) {
  const c = cardData(components, id);
  const name = say(c.name);
  const dialog = h('dialog', { class: 'tm-dialog', 'aria-label': name });
  const close = () => { dialog.close(); dialog.remove(); };
  dialog.append(
    h('div', { class: `tm-card large type-${c.type}` },
      h('div', { class: 'tm-card-head' },
        c.type === 'corporation' ? null : h('span', { class: 'tm-cost' }, String(c.cost)),
        h('span', { class: 'tm-card-name' }, name),
        h('span', { class: 'tm-tags' }, ...(c.type === 'event' ? [...c.tags, 'event'] : c.tags).map(tagChip))),
      cardBody(c),
      ...c.lines.filter(isNote).map((l) => h('p', { class: 'tm-note' }, say(l))),
      h('p', { class: 'muted tm-meta' }, [`#${c.number}`, t(`terraforming_mars.card_type.${c.type}`), c.set ? t(`${UI}set.${c.set}`) : null].filter(Boolean).join(' · '))),
    h('button', { type: 'button', class: 'primary', onclick: close }, t('terraforming_mars.card_ui.close')));
  dialog.addEventListener('click', (e) => { if (e.target === dialog) close(); });
  dialog.addEventListener('cancel', () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}
