// Terraforming Mars decisions drawn for people. Every widget here only arranges the prompt's
// own options and sends one of their canonical texts: the payment widget moves between the
// offered payments, card pickers send the offered buy/reject, sell or keep options one at a
// time, and any option without a special drawing becomes a button labelled by its message.

import { render, t } from '../i18n.js';
import { h } from '../svg.js';
import { cardBox, resourceName } from './cards.js';
import { resourceIcon } from './icons.js';
import { names } from './panels.js';

/** The verb of an option's canonical text ("play", "project", ...). */
export function verbOf(option) {
  return option.text.split(' ')[0];
}

export function argOf(option) {
  return option.text.split(' ').slice(1).join(' ');
}

/** An option's words: its message in the reader's language (the notation if it has none). */
export function optionLabel(option, view) {
  return option.message ? render(option.message, names(view)) : option.text;
}

/** The params of the message `key` inside a prompt's message (it may be wrapped in the
 * card being resolved: "Playing Mine — Pay 4 M€…"), or {}. */
export function messageParams(message, key) {
  if (!message) return {};
  if (message.key === key) return message.params || {};
  for (const value of Object.values(message.params || {})) {
    if (value && typeof value === 'object' && 'key' in value) {
      const found = messageParams(value, key);
      if (found !== null && Object.keys(found).length) return found;
    }
  }
  return {};
}

const PAID = ['steel', 'titanium', 'heat'];

/** "8 M€ + 5 steel" for a payment payload, in the reader's language. */
export function payText(p) {
  const parts = [t('terraforming_mars.resource.megacredits', { n: p.megacredits })];
  for (const r of PAID) if (p[r]) parts.push(t(`terraforming_mars.resource.${r}`, { n: p[r] }));
  return parts.join(' + ');
}

/** Buttons for options, each labelled in words. */
export function choiceButtons(view, components, options, send, cls = '') {
  return h('div', { class: `choices ${cls}` }, ...options.map((o) => h('button', {
    type: 'button', class: `choice${['pass', 'done', 'no', 'nobody'].includes(verbOf(o)) ? ' skip' : ''}`,
    'data-action': o.text, onclick: () => send(o.text),
  }, optionLabel(o, view))));
}

/**
 * The payment: steppers over the steel, titanium and heat of the offered payments, the M€ part
 * and the total shown; `chosen` is the option text picked now (default: the fewest M€, then the
 * fewest units, i.e. no needless overpayment). `state`: {chosen} kept by the table per decision.
 */
export function paymentWidget(view, options, state, send, redraw) {
  const pays = options.filter((o) => verbOf(o) === 'pay');
  if (!state.chosen || !pays.some((o) => o.text === state.chosen)) state.chosen = defaultPayment(pays).text;
  const current = pays.find((o) => o.text === state.chosen);
  const cur = current.payload;
  const asked = messageParams(view.prompt.message, 'terraforming_mars.prompt.pay');
  const price = asked.cost;
  const rates = { steel: asked.steel ?? 2, titanium: asked.titanium ?? 3, heat: 1 };
  const kinds = ['steel', 'titanium', 'heat'].filter((r) => pays.some((o) => o.payload[r] > 0));
  const step = (r, d) => {
    const want = cur[r] + d;
    const same = (o) => kinds.every((k) => k === r || o.payload[k] === cur[k]);
    const next = pays.find((o) => o.payload[r] === want && same(o)) || pays.find((o) => o.payload[r] === want);
    if (next) { state.chosen = next.text; redraw(); }
  };
  const rows = kinds.map((r) => h('div', { class: 'tm-pay-row', 'data-resource': r },
    h('span', { class: 'tm-pay-name' }, resourceIcon(r, cur[r]), `${resourceName(r)} ${t('web.tm.pay_rate', { n: rates[r] })}`),
    h('button', { type: 'button', class: 'stepper', 'data-step': '-1', 'aria-label': t('web.tm.one_less'),
      disabled: !pays.some((o) => o.payload[r] === cur[r] - 1) || undefined, onclick: () => step(r, -1) }, '−'),
    h('span', { class: 'tm-pay-count' }, String(cur[r])),
    h('button', { type: 'button', class: 'stepper', 'data-step': '1', 'aria-label': t('web.tm.one_more'),
      disabled: !pays.some((o) => o.payload[r] === cur[r] + 1) || undefined, onclick: () => step(r, 1) }, '+')));
  const value = cur.megacredits + kinds.reduce((sum, r) => sum + cur[r] * rates[r], 0);
  return h('div', { class: 'tm-payment' },
    h('p', {}, `${t('web.tm.price')} `, h('strong', { class: 'tm-price' }, price !== undefined ? t('terraforming_mars.resource.megacredits', { n: price }) : '?')),
    ...rows,
    h('div', { class: 'tm-pay-row' }, h('span', { class: 'tm-pay-name' }, resourceIcon('megacredits', cur.megacredits)), h('span', { class: 'tm-pay-count tm-pay-mc' }, String(cur.megacredits))),
    h('p', { class: 'tm-pay-total' }, t('web.tm.you_pay', { payment: payText(cur), value }),
      price !== undefined && value > price ? h('small', { class: 'muted' }, ` ${t('web.tm.no_change')}`) : null),
    h('button', { type: 'button', class: 'primary tm-pay-confirm', 'data-action': current.text, onclick: () => send(current.text) },
      t('web.tm.pay', { payment: payText(cur) })));
}

function defaultPayment(pays) {
  const units = (o) => o.payload.steel + o.payload.titanium + o.payload.heat;
  return pays.slice().sort((a, b) => a.payload.megacredits - b.payload.megacredits || units(a) - units(b))[0];
}

/**
 * A card picker for a run of single-card decisions (research buys, selling patents, keeping
 * looked-at cards): the player marks cards, then the table sends the matching offered options
 * one by one (`mustPick`: at least one, when the prompt offers no `done`). `plan`: {picks: Set,
 * redraw()}, kept by the table. Returns {cards, controls}: the
 * marked cards (drawn large in the main column) and the confirm button (in the turn panel).
 */
export function cardPicker(view, components, { cards, plan, title, verb, note, mustPick, onConfirm }) {
  const toggle = (id) => {
    if (plan.picks.has(id)) plan.picks.delete(id);
    else plan.picks.add(id);
    plan.redraw();
  };
  return {
    cards: h('div', { class: 'tm-picker', 'data-verb': verb },
      h('h3', {}, title),
      h('div', { class: 'tm-card-row' }, ...cards.map((id) => cardBox(components, id, { selected: plan.picks.has(id), onClick: toggle })))),
    controls: h('div', { class: 'tm-picker-controls' },
      h('p', {}, `${title} ${t('web.tm.picker_hint')}`),
      note ? h('p', { class: 'hint' }, note(plan.picks.size)) : null,
      mustPick && !plan.picks.size ? h('p', { class: 'hint' }, t('web.tm.mark_one')) : null,
      h('button', {
        type: 'button', class: 'primary tm-confirm', disabled: (mustPick && !plan.picks.size) || undefined, onclick: onConfirm,
      }, t('web.tm.confirm_marked', { n: plan.picks.size }))),
  };
}

/** X of an amount prompt, with a stepper over the offered values. */
export function amountWidget(view, options, state, send, redraw) {
  const values = options.filter((o) => verbOf(o) === 'amount').map((o) => Number(argOf(o))).sort((a, b) => a - b);
  if (state.amount === undefined || !values.includes(state.amount)) state.amount = values[values.length - 1];
  const at = values.indexOf(state.amount);
  const move = (d) => { state.amount = values[Math.max(0, Math.min(values.length - 1, at + d))]; redraw(); };
  return h('div', { class: 'tm-amount' },
    h('button', { type: 'button', class: 'stepper', disabled: at <= 0 || undefined, onclick: () => move(-1) }, '−'),
    h('span', { class: 'tm-pay-count' }, `X = ${state.amount}`),
    h('button', { type: 'button', class: 'stepper', disabled: at >= values.length - 1 || undefined, onclick: () => move(1) }, '+'),
    h('button', { type: 'button', class: 'primary', onclick: () => send(`amount ${state.amount}`) }, t('web.tm.confirm')));
}
