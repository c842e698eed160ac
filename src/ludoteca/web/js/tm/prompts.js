// Terraforming Mars decisions drawn for people. Every widget here only arranges the prompt's
// own options and sends one of their canonical texts: the payment widget moves between the
// offered payments, card pickers send the offered buy/reject, sell or keep options one at a
// time, and any option without a special drawing becomes a labelled button.

import { render as say } from '../i18n.js';
import { h } from '../svg.js';
import { cardBox, cardName } from './cards.js';
import { playerName } from './panels.js';

/** The verb of an option's canonical text ("play", "project", ...). */
/** A milestone's or award's name in the reader's language (the id if unknown). */
function goalName(list, id) {
  const goal = list.find((g) => g.id === id);
  return goal ? say(goal.name) : id;
}

export function verbOf(option) {
  return option.text.split(' ')[0];
}

export function argOf(option) {
  return option.text.split(' ').slice(1).join(' ');
}

/** A readable label for any option, from its text and payload. */
export function optionLabel(option, view, components) {
  const p = option.payload || {};
  const arg = argOf(option);
  const card = () => (components.cards[arg] || components.corporations[arg] ? cardName(components, arg) : p.name || arg);
  switch (verbOf(option)) {
    case 'play': return `Play ${card()} (${p.price ?? '?'} M€)`;
    case 'use': return `Use the action of ${card()}`;
    case 'buy': return `Buy ${card()}`;
    case 'reject': return `Do not buy ${card()}`;
    case 'sell': return `Sell ${card()}`;
    case 'keep': return `Keep ${card()}`;
    case 'discard': return `Discard ${card()}`;
    case 'draft': return `Draft ${card()}`;
    case 'target': return `${card()}${p.resources ? ` (${p.resources} on it)` : ''}`;
    case 'corporation': return `${card()} (${p.megacredits} M€)`;
    case 'project': {
      const pr = components.projects.find((x) => x.id === arg);
      return pr ? `${say(pr.name)} (${pr.cost} M€): ${say(pr.text)}` : `Standard project ${arg}`;
    }
    case 'convert': return arg === 'plants' ? 'Convert plants into a greenery' : 'Convert heat: raise the temperature';
    case 'claim': return `Claim ${goalName(components.milestones, arg)}`;
    case 'fund': return `Fund ${goalName(components.awards, arg)}`;
    case 'pass': return 'Pass (no more actions this generation)';
    case 'end': return 'End my turn';
    case 'done': return 'Done';
    case 'yes': return 'Yes';
    case 'no': return 'No';
    case 'nobody': return 'Nobody';
    case 'player': return arg === 'neutral' ? 'The neutral player' : playerName(view, Number(arg));
    case 'option': return `Option ${p.option ?? arg}${p.effect ? `: ${p.effect}` : ''}`;
    case 'amount': return `X = ${arg}`;
    case 'place': return `Space ${p.space || arg}${p.name ? ` ${p.name}` : ''}${p.bonus ? ` (${p.bonus})` : ''}`;
    case 'pay': return payText(p);
    default: return option.text;
  }
}

/** "8 M€ + 5 steel" for a payment payload. */
export function payText(p) {
  const parts = [`${p.megacredits} M€`];
  for (const r of ['steel', 'titanium', 'heat']) if (p[r]) parts.push(`${p[r]} ${r}`);
  return parts.join(' + ');
}

/** Buttons for options, each labelled in words. */
export function choiceButtons(view, components, options, send, cls = '') {
  return h('div', { class: `choices ${cls}` }, ...options.map((o) => h('button', {
    type: 'button', class: `choice${['pass', 'done', 'no', 'nobody'].includes(verbOf(o)) ? ' skip' : ''}`,
    'data-action': o.text, onclick: () => send(o.text),
  }, optionLabel(o, view, components))));
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
  const price = /pay (\d+) M€/.exec(view.prompt.text);
  const rates = {
    steel: Number((/steel (\d+)/.exec(view.prompt.text) || [0, 2])[1]),
    titanium: Number((/titanium (\d+)/.exec(view.prompt.text) || [0, 3])[1]),
    heat: 1,
  };
  const kinds = ['steel', 'titanium', 'heat'].filter((r) => pays.some((o) => o.payload[r] > 0));
  const step = (r, d) => {
    const want = cur[r] + d;
    const same = (o) => kinds.every((k) => k === r || o.payload[k] === cur[k]);
    const next = pays.find((o) => o.payload[r] === want && same(o)) || pays.find((o) => o.payload[r] === want);
    if (next) { state.chosen = next.text; redraw(); }
  };
  const rows = kinds.map((r) => h('div', { class: 'tm-pay-row', 'data-resource': r },
    h('span', { class: 'tm-pay-name' }, `${r} (${rates[r]} M€ each)`),
    h('button', { type: 'button', class: 'stepper', 'data-step': '-1', 'aria-label': `less ${r}`,
      disabled: !pays.some((o) => o.payload[r] === cur[r] - 1) || undefined, onclick: () => step(r, -1) }, '−'),
    h('span', { class: 'tm-pay-count' }, String(cur[r])),
    h('button', { type: 'button', class: 'stepper', 'data-step': '1', 'aria-label': `more ${r}`,
      disabled: !pays.some((o) => o.payload[r] === cur[r] + 1) || undefined, onclick: () => step(r, 1) }, '+')));
  const value = cur.megacredits + kinds.reduce((sum, r) => sum + cur[r] * rates[r], 0);
  return h('div', { class: 'tm-payment' },
    h('p', {}, 'Price: ', h('strong', { class: 'tm-price' }, price ? `${price[1]} M€` : '?')),
    ...rows,
    h('div', { class: 'tm-pay-row' }, h('span', { class: 'tm-pay-name' }, 'M€'), h('span', { class: 'tm-pay-count tm-pay-mc' }, String(cur.megacredits))),
    h('p', { class: 'tm-pay-total' }, `You pay ${payText(cur)} = ${value} M€ of value`,
      price && value > Number(price[1]) ? h('small', { class: 'muted' }, ' (no change is given)') : null),
    h('button', { type: 'button', class: 'primary tm-pay-confirm', 'data-action': current.text, onclick: () => send(current.text) },
      `Pay ${payText(cur)}`));
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
      h('p', {}, `${title} The cards are shown above the map; click to mark or unmark one.`),
      note ? h('p', { class: 'hint' }, note(plan.picks.size)) : null,
      mustPick && !plan.picks.size ? h('p', { class: 'hint' }, 'Mark at least one card.') : null,
      h('button', {
        type: 'button', class: 'primary tm-confirm', disabled: (mustPick && !plan.picks.size) || undefined, onclick: onConfirm,
      }, `Confirm (${plan.picks.size} marked)`)),
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
    h('button', { type: 'button', class: 'primary', onclick: () => send(`amount ${state.amount}`) }, 'Confirm'));
}
