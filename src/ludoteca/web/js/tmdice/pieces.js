// The pieces of The Dice Game as HTML: dice, wild tokens, cost icons, cards and the
// stand-in label. Everything is drawn from the component data (components_tm_dice.py);
// a piece is a button only when the prompt offers it (`onPick`), never by any rule here.

import { t } from '../i18n.js';
import { h } from '../svg.js';

export const STANDIN_MARK = '*';

/** The resource record of an id, or a plain one for an unknown id. */
export function resource(components, id) {
  return components.resources[id] || { id, name: id, short: id.slice(0, 3), colour: 'white', standin: null };
}

export function resourceName(components, id) {
  if (id === 'wild') return 'wild token';
  return resource(components, id).name;
}

export function cardData(components, id) {
  return components.cards[id] || { id, name: id, kind: 'project', colour: null, cost: [], effects: [], standin: null };
}

/** "Heat Vents*" for a stand-in: the mark a compact mention carries (legend: standinLegend). */
export function cardName(components, id) {
  const card = cardData(components, id);
  return `${card.name}${card.standin ? STANDIN_MARK : ''}`;
}

const STANDIN_EN = 'Ludoteca stand-in (not official)'; // components' standin_label (core.standin)

/** The full label, shown on every stand-in card, milestone, corporation, die face and the map. */
export function standinBadge(text) {
  if (!text) return null;
  const label = text === STANDIN_EN ? t('core.standin') : text; // other notes stay as the data says
  return h('span', { class: 'standin', title: label }, label);
}

/** The legend of the `*` mark, for panels that mention stand-ins by name. */
export function standinLegend(components) {
  return h('p', { class: 'standin-legend' }, `${STANDIN_MARK} ${t('core.standin')}`);
}

/**
 * A die showing a resource; a button when `onPick` is given. Stand-in faces carry the mark
 * and the label in their tooltip.
 */
export function die(components, id, { onPick = null, action = null, size = '', count = 0 } = {}) {
  const r = resource(components, id);
  const label = `${r.name}${r.standin ? ` (${r.standin})` : ''}`;
  const attrs = {
    class: `die${onPick ? ' pick' : ''}${size ? ` ${size}` : ''}`,
    'data-resource': id, 'data-colour': r.colour, title: label, 'aria-label': label,
  };
  const face = [h('span', { class: 'face' }, r.short), r.standin ? h('sup', {}, STANDIN_MARK) : null,
    count > 1 ? h('span', { class: 'count' }, `×${count}`) : null];
  if (!onPick) return h('span', attrs, ...face);
  return h('button', { ...attrs, type: 'button', 'data-action': action, onclick: onPick }, ...face);
}

/** A blank die of a colour (taking a die, choosing a colour), with its faces' odds as a tooltip. */
export function colourDie(colour, { onPick = null, action = null, odds = null } = {}) {
  const title = odds ? `${colour}: ${Object.entries(odds).map(([f, p]) => `${f} ${Math.round(p * 100)}%`).join(', ')}` : colour;
  const attrs = { class: `die blank${onPick ? ' pick' : ''}`, 'data-colour': colour, title };
  if (!onPick) return h('span', attrs, h('span', { class: 'face' }, colour));
  return h('button', { ...attrs, type: 'button', 'data-action': action, onclick: onPick }, h('span', { class: 'face' }, colour));
}

export function wildToken({ onPick = null, action = null, count = 0 } = {}) {
  const attrs = { class: `wild${onPick ? ' pick' : ''}`, title: 'wild token: pays any one icon', 'data-resource': 'wild' };
  const body = [h('span', { class: 'face' }, 'W'), count > 1 ? h('span', { class: 'count' }, `×${count}`) : null];
  if (!onPick) return h('span', attrs, ...body);
  return h('button', { ...attrs, type: 'button', 'data-action': action, onclick: onPick }, ...body);
}

/** A cost icon: a face, a coloured "?" (any_<colour>) or the white "?" (any). */
export function costIcon(components, icon) {
  if (icon === 'any') return h('span', { class: 'die tiny blank', 'data-colour': 'white', title: 'any resource' }, h('span', { class: 'face' }, '?'));
  if (icon.startsWith('any_')) {
    const colour = icon.slice(4);
    return h('span', { class: 'die tiny blank', 'data-colour': colour, title: `any ${colour} resource` }, h('span', { class: 'face' }, '?'));
  }
  return die(components, icon, { size: 'tiny' });
}

export function costRow(components, icons, label = 'cost') {
  if (!icons || !icons.length) return null;
  return h('span', { class: 'cost', title: `${label}: ${icons.join(', ')}` }, ...icons.map((i) => costIcon(components, i)));
}

/**
 * A card with its cost and effects. opts: {count, used, verb (badge on a choice), pay (icons
 * after discounts), onPick, action, compact}.
 */
export function cardView(components, id, opts = {}) {
  const card = cardData(components, id);
  const { count = 1, used = false, verb = null, pay = null, onPick = null, action = null, compact = false } = opts;
  const kind = card.kind === 'corporation' ? 'corporation' : card.colour || 'plain';
  const classes = ['card', `card-${kind}`, card.kind === 'bonus' ? 'bonus' : '', used ? 'used' : '', onPick ? 'pick' : '',
    compact ? 'compact' : ''].filter(Boolean).join(' ');
  const tags = [];
  if (card.kind === 'bonus') tags.push(h('span', { class: 'tag' }, 'bonus card'));
  if (card.action) tags.push(h('span', { class: 'tag' }, `${card.action} action`));
  if (card.vp_end) tags.push(h('span', { class: 'tag vp' }, `${card.vp_end} VP at the end`));
  if (used) tags.push(h('span', { class: 'tag used' }, 'used'));
  const body = [
    h('span', { class: 'card-head' },
      h('span', { class: 'card-name' }, card.name), count > 1 ? h('span', { class: 'count' }, `×${count}`) : null,
      verb ? h('span', { class: 'verb' }, verb) : null),
    card.cost.length ? h('span', { class: 'card-cost' }, costRow(components, card.cost),
      pay && pay.join() !== card.cost.join() ? h('span', { class: 'pay' }, ' you pay ', costRow(components, pay, 'you pay')) : null) : null,
    compact ? null : h('span', { class: 'effects' }, ...card.effects.map((e) => h('span', { class: 'effect' }, e))),
    tags.length ? h('span', { class: 'tags' }, ...tags) : null,
    standinBadge(card.standin),
  ];
  const title = `${card.name}${card.cost.length ? ` — cost ${card.cost.join(', ')}` : ''} — ${card.effects.join('; ')}`
    + `${card.standin ? ` — ${card.standin}` : ''}`;
  const attrs = { class: classes, 'data-id': id, 'data-kind': card.kind, title };
  if (!onPick) return h('div', attrs, ...body);
  return h('button', { ...attrs, type: 'button', 'data-action': action, onclick: onPick }, ...body);
}

/** Dice grouped by colour (in the data's order) and face: {resource: n}. */
export function diceTray(components, dice, wild, { pickDie = null, pickWild = null } = {}) {
  const groups = components.colours.map((c) => {
    const faces = Object.keys(components.resources).filter((r) => components.resources[r].colour === c.id && dice[r]);
    if (!faces.length) return null;
    return h('span', { class: 'dice-group', 'data-colour': c.id },
      ...faces.flatMap((r) => {
        const pick = pickDie && pickDie(r);
        return Array.from({ length: dice[r] }, () => die(components, r, pick ? { onPick: pick.onPick, action: pick.action } : {}));
      }));
  }).filter(Boolean);
  const pick = pickWild && pickWild();
  const tokens = wild ? [wildToken({ count: wild, ...(pick || {}) })] : [];
  if (!groups.length && !tokens.length) return h('span', { class: 'dice-tray empty muted' }, 'no dice');
  return h('span', { class: 'dice-tray' }, ...groups, ...tokens);
}
