// On Mars decisions in words. Every option of the prompt is labelled by its message (the
// game's, rendered in the reader's language by js/i18n.js), with what it gives (issue #24)
// beside it and as the button's title; the map-related options are decoded from their
// canonical text (docs/on-mars.md) into hexes: `at q,r` picks a hex, `step q,r d` moves the
// piece on q,r one hex in direction d. Nothing here decides what is legal.

import { render, t } from '../i18n.js';
import { h } from '../svg.js';
import { hexKey } from './map.js';

/** Axial steps of the notation's directions. */
export const DIRECTIONS = { e: [1, 0], ne: [1, -1], nw: [0, -1], w: [-1, 0], sw: [-1, 1], se: [0, 1] };

export function verbOf(option) {
  return option.text.split(' ')[0];
}

export function argsOf(option) {
  return option.text.split(' ').slice(1);
}

/** The catalog's name of an id of a kind: named('building', 'water_extractor') -> "Extrator de Água". */
export function named(kind, id) {
  return t(`on_mars.${kind}.${String(id).replace(/-/g, '_')}`);
}

/** The hex an `at q,r` option names, as "q,r", or null. */
export function hexOf(option) {
  return verbOf(option) === 'at' ? argsOf(option)[0] : null;
}

/** A `step q,r d` option as {from, to, dir} ("q,r" keys), or null. */
export function stepOf(option) {
  if (verbOf(option) !== 'step') return null;
  const [from, dir] = argsOf(option);
  const [q, r] = from.split(',').map(Number);
  const [dq, dr] = DIRECTIONS[dir];
  return { from, to: hexKey(q + dq, r + dr), dir };
}

/** A component's text from the catalog: "#3 Automated Production" in the reader's language. */
export function blueprintName(components, id) {
  const b = components.blueprints[String(id)];
  return b ? render(b.name) : `#${id}`;
}

export function contractText(components, id) {
  const m = components.texts.contracts[String(id)];
  return m ? render(m) : t('on_mars.ui.contract', { id });
}

export function goalText(components, id) {
  const m = components.texts.private_goals[String(id)];
  return m ? render(m) : t('on_mars.ui.goal', { id });
}

/** A readable label for any option: its message in the reader's language. */
export function optionLabel(option, names = null) {
  return option.message ? render(option.message, names) : option.text;
}

/** What the option gives (issue #24), or '' when it says it all. */
export function optionGives(option, names = null) {
  return option.message && option.message.gives ? render(option.message.gives, names) : '';
}

/** Buttons for options, each labelled in words, what it gives as its title, its text in data-action. */
export function choiceButtons(components, options, send, names = null) {
  return h('div', { class: 'choices om-choices' }, ...options.map((o) => {
    const gives = optionGives(o, names);
    return h('button', {
      type: 'button', class: `choice${['skip', 'stay'].includes(verbOf(o)) || o.text === 'boost 0' ? ' skip' : ''}`,
      'data-action': o.text, title: gives || undefined, onclick: () => send(o.text),
    }, optionLabel(o, names), gives ? h('small', { class: 'om-gives' }, gives) : null);
  }));
}
