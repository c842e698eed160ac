// The Dice Game's board: the map of areas in SVG (ocean areas, tiles in their placer's
// colour, placement bonuses, the legal areas of a placement prompt as clickable targets),
// the three global parameter tracks with their bonus steps, the VP track with its bonus
// card steps, and the dice pool. Area (q, r) is axial: pointy-top hexagons of radius R.

import { t } from '../i18n.js';
import { h, hexPoints, svg } from '../svg.js';
import { seatColour } from '../carcassonne/board.js';
import { colon, colourName, say, standinBadge } from './pieces.js';

const R = 40;
const SQRT3 = Math.sqrt(3);

function tileWord(tile) {
  return t(`tm_dice.tile.${tile}`);
}

function centre(area) {
  return [R * SQRT3 * (area.q + area.r / 2), R * 1.5 * area.r];
}

const DIE_FILL = { green: '#3f9a41', gray: '#8b8f94', blue: '#2f78d0', red: '#d1433a', yellow: '#e6bd22', any: '#f4f1ea' };

/**
 * A placement bonus effect (the data's `{op, colour, n}`) as the hex's small print: "+1" and
 * a die of the colour, a card, or a wild token (the words are the hex's tooltip).
 */
function bonusMark(op, x, y) {
  const n = `+${op.n || 1}`;
  let icon;
  if (op.op === 'gain_die') {
    icon = svg('rect', { class: 'bonus-die', x: x + 1, y: y - 8, width: 10, height: 10, rx: 2, fill: DIE_FILL[op.colour] || DIE_FILL.any });
  } else if (op.op === 'draw') {
    icon = svg('rect', { class: 'bonus-card', x: x + 2, y: y - 9, width: 8, height: 11, rx: 1.5 });
  } else if (op.op === 'gain_wild') {
    icon = svg('circle', { class: 'bonus-wild', cx: x + 6, cy: y - 3, r: 5 });
  } else return svg('text', { class: 'bonus', x, y }, t('tm_dice.table.short.bonus'));
  return svg('g', { class: 'bonus-mark', 'data-op': op.op }, svg('text', { class: 'bonus', x: x - 6, y }, n), icon);
}

/**
 * The map. tiles: [{area, tile, seat}] (seat -1: placed by nobody); targets: {label: option};
 * onPick(option). Returns the section with the SVG and the stand-in note.
 */
export function mapView(components, view, targets, onPick) {
  const obs = view.observation;
  const placed = new Map((obs.board || []).map((t) => [t.area, t]));
  const areas = components.map.areas;
  const xs = areas.map((a) => centre(a)[0]);
  const ys = areas.map((a) => centre(a)[1]);
  const pad = R + 4;
  const box = [Math.min(...xs) - pad, Math.min(...ys) - pad, Math.max(...xs) - Math.min(...xs) + 2 * pad,
    Math.max(...ys) - Math.min(...ys) + 2 * pad];
  const cells = areas.map((area) => {
    const [cx, cy] = centre(area);
    const tile = placed.get(area.label);
    const option = targets[area.label];
    const classes = ['area', area.ocean ? 'ocean-area' : 'land', tile ? `has-${tile.tile}` : '', option ? 'legal' : ''];
    const who = tile && tile.seat >= 0 ? view.players[tile.seat] : null;
    const words = [area.ocean ? t('tm_dice.table.ocean_area', { area: area.label }) : area.label,
      tile ? (who ? t('tm_dice.table.tile_of', { tile: tileWord(tile.tile), name: who.name }) : tileWord(tile.tile)) : null,
      area.bonus ? t('tm_dice.table.bonus', { bonus: say(area.bonus) }) : null, option ? t('tm_dice.table.click_to_place') : null]
      .filter(Boolean);
    const parts = [svg('title', { text: words.join(' — ') }),
      svg('polygon', { class: 'hex', points: hexPoints(cx, cy, R - 1.5) })];
    if (tile) {
      parts.push(svg('polygon', { class: `tile tile-${tile.tile}`, points: hexPoints(cx, cy, R - 7) }));
      if (tile.seat >= 0) {
        parts.push(svg('circle', { class: 'owner', cx, cy: cy + R * 0.42, r: 7, fill: seatColour(tile.seat) }));
      }
      parts.push(svg('text', { class: 'tile-word', x: cx, y: cy + 4 }, tileWord(tile.tile)));
    } else if (area.bonus_ops && area.bonus_ops.length) {
      area.bonus_ops.forEach((op, i, all) => parts.push(bonusMark(op, cx, cy + 6 + (i - (all.length - 1) / 2) * 13)));
    }
    parts.push(svg('text', { class: 'area-label', x: cx, y: cy - R * 0.5 }, area.label));
    const attrs = { class: classes.filter(Boolean).join(' '), 'data-area': area.label };
    if (option) {
      Object.assign(attrs, {
        tabindex: 0, role: 'button', 'aria-label': t('tm_dice.option.place', { area: area.label }), 'data-action': option.text,
        onclick: () => onPick(option),
        onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); onPick(option); } },
      });
    }
    return svg('g', attrs, ...parts);
  });
  const map = svg('svg', { class: 'tmd-map', viewBox: box.map((v) => v.toFixed(0)).join(' '), role: 'img', 'aria-label': t('tm_dice.table.map') },
    ...cells);
  return h('div', { class: 'map-box' }, map,
    components.map.standin ? h('p', { class: 'map-note' }, `${t('tm_dice.table.map_note')} `,
      standinBadge(components.map.standin)) : null);
}

function trackView(track, state) {
  const bonusAt = new Map(track.bonuses.map((b) => [b.step, b]));
  const cells = [];
  for (let k = 0; k <= track.steps; k += 1) {
    const bonus = bonusAt.get(k);
    const value = track.start + track.step * k;
    cells.push(h('span', {
      class: `step${k <= state.step ? ' reached' : ''}${k === state.step ? ' here' : ''}${bonus ? ' bonus' : ''}`,
      title: `${value}${track.unit}${bonus ? ` — ${t('tm_dice.table.bonus', { bonus: say(bonus.text) })}` : ''}`, 'data-step': k,
    }, String(value), bonus ? h('sup', {}, '★') : null));
  }
  const bonuses = track.bonuses.map((b) => colon(`${b.value}${track.unit}`, say(b.text))).join(' · ');
  return h('div', { class: 'track', 'data-track': track.id },
    h('div', { class: 'track-head' }, h('strong', {}, say(track.name)), ` ${state.value}${track.unit}`,
      state.complete ? h('span', { class: 'tag done' }, t(`tm_dice.table.complete.${track.id}`)) : h('span', { class: 'muted' }, ` (${state.step}/${track.steps})`)),
    h('div', { class: 'steps' }, ...cells),
    bonuses ? h('div', { class: 'track-bonuses' }, `★ ${bonuses}`) : null,
    standinBadge(track.standin));
}

/** The VP track: every seat's marker, the bonus card steps (5 and 12) marked. */
function vpTrack(components, view) {
  const seats = view.observation.seats;
  const top = Math.max(20, ...seats.map((s) => s.vp + 1));
  const cells = [];
  for (let v = 0; v <= top; v += 1) {
    const here = seats.map((s, i) => [s, i]).filter(([s]) => s.vp === v);
    const bonus = components.vp_bonus_steps.includes(v);
    cells.push(h('span', { class: `vp-cell${bonus ? ' bonus' : ''}`,
      title: bonus ? t('tm_dice.table.vp_bonus_cell', { n: v }) : t('tm_dice.vp', { n: v }) },
      String(v), ...here.map(([, i]) => h('span', { class: 'marker', 'data-seat': i, style: `background:${seatColour(i)}`, title: view.players[i].name }))));
  }
  return h('div', { class: 'vp-track' }, h('div', { class: 'track-head' }, h('strong', {}, t('tm_dice.table.vp_track')),
    h('span', { class: 'muted' }, ` ★ ${t('tm_dice.table.vp_bonus_steps', { steps: components.vp_bonus_steps.join(' · ') })}`)),
  h('div', { class: 'vp-cells' }, ...cells));
}

/** Tracks, VP track, the dice pool and the decks. */
export function tracksView(components, view) {
  const obs = view.observation;
  const pool = components.colours.map((c) => h('span', { class: 'pool-die', 'data-colour': c.id,
    title: t('tm_dice.table.in_pool', { dice: t(`tm_dice.dice.${c.id}`, { n: obs.pool[c.id] }) }) },
    h('span', { class: 'die tiny blank', 'data-colour': c.id }, h('span', { class: 'face' }, '')), ` ${obs.pool[c.id]}`));
  const oursFaces = components.colours.filter((c) => c.standin).map((c) => colourName(components, c.id));
  return h('div', { class: 'tracks' },
    ...components.tracks.map((t) => trackView(t, obs.parameters[t.id])),
    vpTrack(components, view),
    h('div', { class: 'pool' }, h('strong', {}, `${t('tm_dice.table.pool')} `), ...pool),
    oursFaces.length ? h('p', { class: 'faces-note' }, `${t('tm_dice.table.faces_note', { colours: oursFaces.join(', ') })} `,
      standinBadge(components.standin_label)) : null,
    h('p', { class: 'decks muted' }, t('tm_dice.table.decks', {
      deck: obs.deck_size, discard: Object.values(obs.discard || {}).reduce((a, b) => a + b, 0), stack: obs.bonus_stack_size })));
}
