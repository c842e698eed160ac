// On Mars decisions in words. Every option of the prompt gets a readable label from its
// canonical text (the record notation of docs/on-mars.md) and the component data; the
// map-related options are decoded into hexes: `at q,r` picks a hex, `step q,r d` moves the
// piece on q,r one hex in direction d. Nothing here decides what is legal.

import { h } from '../svg.js';
import { hexKey } from './map.js';

/** Axial steps of the notation's directions. */
export const DIRECTIONS = { e: [1, 0], ne: [1, -1], nw: [0, -1], w: [-1, 0], sw: [-1, 1], se: [0, 1] };
const DIRECTION_WORDS = { e: 'east', ne: 'north-east', nw: 'north-west', w: 'west', sw: 'south-west', se: 'south-east' };

export function verbOf(option) {
  return option.text.split(' ')[0];
}

export function argsOf(option) {
  return option.text.split(' ').slice(1);
}

/** "research-and-development" or "water_extractor" -> "Research and development" / "Water extractor". */
export function words(slug) {
  const s = String(slug).replace(/^pd[-_]/, '').replace(/[-_]/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
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

export function blueprintName(components, id) {
  const b = components.blueprints[String(id)];
  return b ? `#${id} ${b.name}` : `#${id}`;
}

export function contractText(components, id) {
  const c = components.contracts[String(id)];
  if (!c) return `Earth Contract ${id}`;
  const what = c.type === 'upgrade' ? `upgrade 2 ${words(c.building).toLowerCase()}s`
    : `deliver ${Object.entries(c.requires || {}).map(([r, n]) => `${n} ${r}`).join(' + ')}`;
  return `Earth Contract ${id}: ${what} (${c.op_complete} OP, −${Math.abs(c.op_failed)} if not done)`;
}

export function goalText(components, id) {
  const g = components.private_goals[String(id)];
  return g ? `Private Goal ${id}: ${words(g.test).toLowerCase()} ≥ ${g.n} (or ${words(g.alt_reward).toLowerCase()})` : `Private Goal ${id}`;
}

/** A readable label for any option. */
export function optionLabel(option, components) {
  const a = argsOf(option);
  switch (verbOf(option)) {
    case 'space': return `Turn-order space ${a[0]}`;
    case 'shuttle': return `Shuttle on the ${a[0]} side`;
    case 'skip': return 'Skip';
    case 'take': return `Take 1 ${a[0]} from the Warehouse`;
    case 'blueprint': return `Blueprint ${blueprintName(components, a[0])}`;
    case 'tech': return `Tech tile ${a[1] ? words(a[1]) : ''} (grid space ${a[0]})`;
    case 'lab': return `Lab space ${a[0]}`;
    case 'pay': return `Pay with 1 ${a[0]}`;
    case 'extra': return `Pay the placement with a ${a[0]}`;
    case 'boost': return a[0] === '0' ? 'No boost' : `Boost with ${a[0]} colonist${a[0] === '1' ? '' : 's'}`;
    case 'ship': return a[0] === 'colonist-bot' ? 'A colonist and a bot' : 'Two colonists';
    case 'at': return `Hex ${a[0]}`;
    case 'develop': return `Develop ${words(a[0])}`;
    case 'hire': return `Hire the ${words(a[0])}`;
    case 'contract': return contractText(components, a[0]);
    case 'stay': return 'Stay on this side';
    case 'travel': return 'Travel with the shuttle';
    case 'executive': return `Executive action: ${words(a[0])}`;
    case 'step': {
      const s = stepOf(option);
      return `Move the piece on ${s.from} ${DIRECTION_WORDS[s.dir]} to ${s.to}`;
    }
    case 'build': return `Build a ${words(a[0])}`;
    case 'use-tech': return `Use the tech tile of seat ${Number(a[0]) + 1}`;
    case 'discovery': return `Place the ${words(a[0])} Discovery tile`;
    case 'lss': return `LSS benefit: ${words(a[0])}`;
    case 'crystals': return `Spend ${a[0]} crystal${a[0] === '1' ? '' : 's'} for movement`;
    case 'goal': return `Complete Private Goal ${a[0]}: ${a[1] === 'develop' ? 'develop twice' : 'the alternative reward'}`;
    case 'gain': return `Gain 1 ${a[0]}`;
    case 'work': return `Send the ${words(a[0])} to work`;
    case 'discard-goal': return `Discard Private Goal ${a[0]} for a crystal`;
    case 'solo-goal': return `Solo Goal: ${words(a[0])}`;
    default: return words(option.text);
  }
}

/** Buttons for options, each labelled in words and carrying its text in data-action. */
export function choiceButtons(components, options, send) {
  return h('div', { class: 'choices om-choices' }, ...options.map((o) => h('button', {
    type: 'button', class: `choice${['skip', 'stay'].includes(verbOf(o)) || o.text === 'boost 0' ? ' skip' : ''}`,
    'data-action': o.text, onclick: () => send(o.text),
  }, optionLabel(o, components))));
}
