// The pieces of The Dice Game as HTML: dice, wild tokens, cost icons, cards and the
// stand-in label. Everything is drawn from the component data (games/tm_dice/display.py),
// whose texts are messages rendered here in the reader's language (js/i18n.js); a die face
// is a small glyph of our own design (GLYPHS), its name in the tooltip. A piece is a button
// only when the prompt offers it (`onPick`), never by any rule here.

import { currentLanguage, render, t } from '../i18n.js';
import { h, svg } from '../svg.js';

export const STANDIN_MARK = '*';

// One glyph per die face (24×24, drawn in the die's text colour): our own simple shapes.
const GLYPHS = {
  plant: [['path', { d: 'M5 20C5 11 10 5 20 4c0 9-5 15-15 16zM5 20l9-9', fill: 'currentColor', 'fill-opacity': 0.85 }]],
  microbe: [['ellipse', { cx: 12, cy: 12, rx: 8, ry: 6, fill: 'none', 'stroke-width': 2 }],
    ['circle', { cx: 9, cy: 11, r: 1.6 }], ['circle', { cx: 14, cy: 13, r: 1.6 }], ['path', { d: 'M3 9l-1-2M21 15l1 2M12 6V3', fill: 'none', 'stroke-width': 1.5 }]],
  animal: [['ellipse', { cx: 12, cy: 16, rx: 5, ry: 4 }], ['circle', { cx: 6, cy: 10, r: 2 }], ['circle', { cx: 10, cy: 6.5, r: 2 }],
    ['circle', { cx: 14, cy: 6.5, r: 2 }], ['circle', { cx: 18, cy: 10, r: 2 }]],
  city: [['path', { d: 'M3 21V11h5V6h6v5h3V8h4v13z' }], ['path', { d: 'M10 9h2M10 13h2M5 15h1M18 12h1M18 16h1', 'stroke-width': 1.5, stroke: 'rgba(0,0,0,0.45)' }]],
  steel: [['path', { d: 'M4 4h16v3.5h-6v9h6V20H4v-3.5h6v-9H4z' }]],
  titanium: [['path', { d: 'M12 2l8 10-8 10-8-10z' }], ['path', { d: 'M4 12h16M12 2v20', stroke: 'rgba(0,0,0,0.35)', 'stroke-width': 1.2 }]],
  water: [['path', { d: 'M12 2.5C8 8.5 6 11.5 6 15a6 6 0 0 0 12 0c0-3.5-2-6.5-6-12.5z' }]],
  energy: [['path', { d: 'M13.5 2L5 14h6l-1.5 8L19 9.5h-6z' }]],
  oxygen: [['circle', { cx: 9.5, cy: 10.5, r: 6.5, fill: 'none', 'stroke-width': 2.6 }],
    ['circle', { cx: 18.5, cy: 18.5, r: 3, fill: 'none', 'stroke-width': 2 }]],
  heat: [['path', { d: 'M12 2c1 4 6 6 6 12a6 6 0 0 1-12 0c0-3 1.5-4.5 3-6 0 2 1 3 2 3 0-3-1-6 1-9z' }]],
  temperature: [['rect', { x: 9.5, y: 2.5, width: 5, height: 13, rx: 2.5, fill: 'none', 'stroke-width': 2 }], ['circle', { cx: 12, cy: 18, r: 4 }],
    ['path', { d: 'M12 8v9', 'stroke-width': 2.4 }]],
  event: [['path', { d: 'M12 22L4 12h5V2h6v10h5z' }]],
  megacredit: [['circle', { cx: 12, cy: 12, r: 9, fill: 'none', 'stroke-width': 2 }], ['path', { d: 'M7.5 16.5v-9l4.5 5 4.5-5v9', fill: 'none', 'stroke-width': 2 }]],
  pd_science: [['ellipse', { cx: 12, cy: 12, rx: 9.5, ry: 3.6, fill: 'none', 'stroke-width': 1.6 }],
    ['ellipse', { cx: 12, cy: 12, rx: 9.5, ry: 3.6, fill: 'none', 'stroke-width': 1.6, transform: 'rotate(60 12 12)' }],
    ['ellipse', { cx: 12, cy: 12, rx: 9.5, ry: 3.6, fill: 'none', 'stroke-width': 1.6, transform: 'rotate(-60 12 12)' }], ['circle', { cx: 12, cy: 12, r: 2 }]],
  pd_orbit: [['circle', { cx: 12, cy: 12, r: 5.5 }], ['ellipse', { cx: 12, cy: 12, rx: 10.5, ry: 3.5, fill: 'none', 'stroke-width': 1.6, transform: 'rotate(-20 12 12)' }]],
  wild: [['path', { d: 'M12 2l2.6 6.6 7 .4-5.4 4.5 1.8 6.9L12 16.5l-6 3.9 1.8-6.9L2.4 9l7-.4z' }]],
  pips: [['circle', { cx: 6.5, cy: 6.5, r: 2.3 }], ['circle', { cx: 12, cy: 12, r: 2.3 }], ['circle', { cx: 17.5, cy: 17.5, r: 2.3 }]],
  any: [['path', { d: 'M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9', fill: 'none', 'stroke-width': 2.6, 'stroke-linecap': 'round' }],
    ['circle', { cx: 12, cy: 12, r: 2.6 }]],
};

/** The glyph of a face (a resource id, `wild` or `any`) as an inline SVG, or null. */
export function glyph(id) {
  const shapes = GLYPHS[id];
  if (!shapes) return null;
  return svg('svg', { class: 'glyph', viewBox: '0 0 24 24', 'aria-hidden': 'true', fill: 'currentColor', stroke: 'currentColor', 'stroke-width': 0 },
    ...shapes.map(([tag, attrs]) => svg(tag, attrs)));
}

/** "label: text" with the language's punctuation (French puts a space before the colon). */
export function colon(label, text) {
  return t('tm_dice.table.colon', { label, text });
}

/** A probability as a percentage in the reader's language ("17%", "17 %"). */
export function percent(p) {
  return new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 0 }).format(p);
}

/** A message rendered, '' for none. */
export function say(message) {
  return message ? render(message) : '';
}

/** The resource record of an id, or a plain one for an unknown id. */
export function resource(components, id) {
  return components.resources[id] || { id, name: { key: 'core.notation', params: { text: id } }, colour: 'white', standin: null };
}

/** A resource's name in the reader's language (`wild`: a wild token). */
export function resourceName(components, id) {
  if (id === 'wild') return t('tm_dice.resource.wild');
  return say(resource(components, id).name);
}

export function cardData(components, id) {
  return components.cards[id]
    || { id, name: { key: 'core.notation', params: { text: id } }, kind: 'project', colour: null, cost: [], effects: [], standin: null };
}

/** "Heat Vents*" for a stand-in: the mark a compact mention carries (legend: standinLegend). */
export function cardName(components, id) {
  const card = cardData(components, id);
  return `${say(card.name)}${card.standin ? STANDIN_MARK : ''}`;
}

/** A card's effects in words, joined. */
export function cardEffects(card, sep = ' · ') {
  return card.effects.map(say).join(sep);
}

/** The full label (a message), shown on every stand-in card, milestone, corporation, die face and the map. */
export function standinBadge(label) {
  if (!label) return null;
  const text = say(label);
  return h('span', { class: 'standin', title: text }, text);
}

/** The legend of the `*` mark, for panels that mention stand-ins by name. */
export function standinLegend() {
  return h('p', { class: 'standin-legend' }, `${STANDIN_MARK} ${t('core.standin')}`);
}

/**
 * A die showing a resource (its glyph); a button when `onPick` is given. Stand-in faces
 * carry the mark and the label in their tooltip.
 */
export function die(components, id, { onPick = null, action = null, size = '', count = 0 } = {}) {
  const r = resource(components, id);
  const label = `${say(r.name)}${r.standin ? ` (${say(r.standin)})` : ''}`;
  const attrs = {
    class: `die${onPick ? ' pick' : ''}${size ? ` ${size}` : ''}`,
    'data-resource': id, 'data-colour': r.colour, title: label, 'aria-label': label,
  };
  const face = [h('span', { class: 'face' }, glyph(id) || say(r.name)), r.standin ? h('sup', {}, STANDIN_MARK) : null,
    count > 1 ? h('span', { class: 'count' }, `×${count}`) : null];
  if (!onPick) return h('span', attrs, ...face);
  return h('button', { ...attrs, type: 'button', 'data-action': action, onclick: onPick }, ...face);
}

/** A colour's name. */
export function colourName(components, colour) {
  const c = components.colours.find((x) => x.id === colour);
  return c ? say(c.name) : t(`tm_dice.colour.${colour}`);
}

/** A blank die of a colour (taking a die, choosing a colour), with its faces' odds as a tooltip. */
export function colourDie(components, colour, { onPick = null, action = null, odds = null } = {}) {
  const name = colourName(components, colour);
  const title = odds ? colon(name, Object.entries(odds).map(([f, p]) => `${resourceName(components, f)} ${percent(p)}`).join(', ')) : name;
  const attrs = { class: `die blank${onPick ? ' pick' : ''}`, 'data-colour': colour, title, 'aria-label': title };
  const face = h('span', { class: 'face' }, glyph('pips'));
  if (!onPick) return h('span', attrs, face);
  return h('button', { ...attrs, type: 'button', 'data-action': action, onclick: onPick }, face);
}

export function wildToken({ onPick = null, action = null, count = 0 } = {}) {
  const title = t('tm_dice.table.wild_title');
  const attrs = { class: `wild${onPick ? ' pick' : ''}`, title, 'aria-label': title, 'data-resource': 'wild' };
  const body = [h('span', { class: 'face' }, glyph('wild')), count > 1 ? h('span', { class: 'count' }, `×${count}`) : null];
  if (!onPick) return h('span', attrs, ...body);
  return h('button', { ...attrs, type: 'button', 'data-action': action, onclick: onPick }, ...body);
}

/** A cost icon's words: a resource, any resource of a colour, any resource. */
export function iconName(components, icon) {
  if (icon === 'any') return t('tm_dice.icon.any');
  if (icon.startsWith('any_')) return t(`tm_dice.icon.any.${icon.slice(4)}`);
  return resourceName(components, icon);
}

/** A cost icon: a face, a die of a colour showing the "any" glyph (any_<colour>), or a white one (any). */
export function costIcon(components, icon) {
  if (icon === 'any' || icon.startsWith('any_')) {
    const colour = icon === 'any' ? 'white' : icon.slice(4);
    const title = iconName(components, icon);
    return h('span', { class: 'die tiny blank any', 'data-colour': colour, 'data-icon': icon, title, 'aria-label': title },
      h('span', { class: 'face' }, glyph('any')));
  }
  return die(components, icon, { size: 'tiny' });
}

/** Cost icons in a row, identical icons counted ("×3"); the words in the tooltip. */
export function costRow(components, icons, label = t('tm_dice.table.cost')) {
  if (!icons || !icons.length) return null;
  const counted = [];
  for (const i of icons) {
    const last = counted[counted.length - 1];
    if (last && last[0] === i) last[1] += 1;
    else counted.push([i, 1]);
  }
  const words = counted.map(([i, n]) => (n > 1 ? `${n} × ${iconName(components, i)}` : iconName(components, i))).join(', ');
  return h('span', { class: 'cost', title: colon(label, words), 'aria-label': colon(label, words) },
    ...counted.map(([i, n]) => h('span', { class: 'cost-icon' }, costIcon(components, i), n > 1 ? h('small', { class: 'times' }, `×${n}`) : null)));
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
  if (card.kind === 'bonus') tags.push(h('span', { class: 'tag' }, t('tm_dice.table.bonus_card')));
  if (card.action) tags.push(h('span', { class: 'tag' }, t(`tm_dice.table.timing.${card.action}`)));
  if (card.vp_end) tags.push(h('span', { class: 'tag vp' }, t('tm_dice.effect.vp_end', { n: card.vp_end })));
  if (used) tags.push(h('span', { class: 'tag used' }, t('tm_dice.table.used')));
  const name = say(card.name);
  const anyIcon = card.cost.some((i) => i.startsWith('any'));
  const body = [
    h('span', { class: 'card-head' },
      h('span', { class: 'card-name' }, name), count > 1 ? h('span', { class: 'count' }, `×${count}`) : null,
      verb ? h('span', { class: 'verb' }, verb) : null),
    card.cost.length ? h('span', { class: 'card-cost' }, costRow(components, card.cost),
      anyIcon && card.cost_text ? h('small', { class: 'cost-words' }, say(card.cost_text)) : null,
      pay && pay.join() !== card.cost.join()
        ? h('span', { class: 'pay' }, ` ${t('tm_dice.table.you_pay')} `, costRow(components, pay, t('tm_dice.table.you_pay'))) : null) : null,
    compact ? null : h('span', { class: 'effects' }, ...card.effects.map((e) => h('span', { class: 'effect' }, say(e)))),
    tags.length ? h('span', { class: 'tags' }, ...tags) : null,
    standinBadge(card.standin),
  ];
  const title = [name, card.cost_text ? colon(t('tm_dice.table.cost'), say(card.cost_text)) : null, cardEffects(card, '; '),
    card.standin ? say(card.standin) : null].filter(Boolean).join(' — ');
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
        return Array.from({ length: dice[r] }, () => die(components, r, pick ? { onPick: pick.onPick, action: pick.option.text } : {}));
      }));
  }).filter(Boolean);
  const pick = pickWild && pickWild();
  const tokens = wild ? [wildToken({ count: wild, ...(pick ? { onPick: pick.onPick, action: pick.option.text } : {}) })] : [];
  if (!groups.length && !tokens.length) return h('span', { class: 'dice-tray empty muted' }, t('tm_dice.table.no_dice'));
  return h('span', { class: 'dice-tray' }, ...groups, ...tokens);
}
