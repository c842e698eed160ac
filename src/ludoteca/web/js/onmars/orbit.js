// The shared boards of the On Mars table: the round bar (round, colony level, shuttle,
// missions left, end), the orbit and colony action spaces with the colonists on them, the
// turn-order track, the Blueprint display, the Tech Grid, the Lab, the Warehouse and the
// Exploration space, the Life Support System, the Scientist/Contract spaces, the missions and
// Lacerda's board in a solo game. Anything the prompt offers is clickable where it is drawn
// (`hot`); the turn panel lists the same options as buttons too. Stand-ins are labelled.

import { t } from '../i18n.js';
import { h } from '../svg.js';
import { seatColour } from '../tm/map.js';
import { blueprintName, contractText, words } from './prompts.js';

export function playerName(view, seat) {
  const p = view.players[seat];
  return p ? p.name : seat === view.players.length ? 'Lacerda' : `Seat ${seat + 1}`;
}

export function swatch(seat) {
  return h('span', { class: 'swatch', style: `background:${seatColour(seat)}` });
}

/** The stand-in mark shown beside unofficial content. */
export function standin(components) {
  return h('span', { class: 'om-standin', title: t('core.standin') }, t('core.standin')); // components.standin_label, translated
}

/** Attributes that make an element send `option` when clicked (nothing when there is no option). */
export function hot(option, send, cls = '') {
  if (!option) return { class: cls };
  return { class: `${cls} om-pick`, role: 'button', tabindex: 0, 'data-action': option.text, title: option.text,
    onclick: () => send(option.text),
    onkeydown: (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); send(option.text); } } };
}

function find(options, text) {
  return options.find((o) => o.text === text);
}

function slug(id) {
  return id.replace(/_/g, '-');
}

function costText(cost) {
  const parts = Object.entries(cost || {}).map(([r, n]) => `${n} ${r}`);
  return parts.length ? parts.join(' + ') : 'free';
}

/** Round, stage, colony level, shuttle, missions left and the end countdown. */
export function roundBar(view, components) {
  const obs = view.observation;
  const [side, number, travelled] = obs.shuttle;
  const to = view.to_act;
  return h('section', { class: 'panel om-status' },
    h('span', {}, h('strong', {}, `Round ${obs.round}`)),
    h('span', { class: 'om-stage' }, words(obs.stage)),
    h('span', { class: 'om-level', 'data-level': obs.colony_level }, `Colony level ${obs.colony_level}`),
    h('span', { class: 'om-shuttle' }, `Shuttle: ${side} side, ${number}${travelled ? ' (travelled)' : ''}`),
    h('span', {}, `Missions still needed: ${Math.max(0, obs.remaining_missions)}`),
    obs.end_rounds >= 0 ? h('span', { class: 'tag turn' }, `end triggered: ${obs.end_rounds} round(s) left`) : null,
    to !== null && to !== undefined ? h('span', { class: 'om-whose' }, swatch(to), `${playerName(view, to)} to act`) : null,
    standin(components));
}

function colonists(seats) {
  return h('span', { class: 'om-colonists' }, ...seats.map((s) => h('span', { class: 'om-colonist', title: `colonist of seat ${s + 1}`,
    style: `background:${seatColour(s)}` })));
}

/** The action spaces of both sides, with the colonists on them; a main-action option makes its space clickable. */
export function actionSpaces(view, components, options, send) {
  const obs = view.observation;
  const group = (title, ids) => h('div', { class: 'om-action-group' }, h('h4', {}, title),
    h('div', { class: 'om-actions' }, ...ids.map((id) => {
      const slots = obs.action_slots[id] || [];
      const room = components.action_slots[id] || 0;
      return h('div', { ...hot(find(options, slug(id)), send, 'om-action'), 'data-main': slug(id) },
        h('span', { class: 'om-action-name' }, words(id)),
        room ? h('small', { class: 'muted' }, `${slots.length}/${room}`) : null,
        colonists(slots));
    })));
  return h('section', { class: 'panel om-orbit' },
    h('h3', {}, 'Action spaces'),
    group('Orbit', components.orbit_actions), group('Colony', components.colony_actions));
}

/** The turn-order track: 8 spaces, their side and benefit (stand-ins) and who is on each. */
export function turnOrder(view, components, options, send) {
  const obs = view.observation;
  const on = {};
  obs.players.forEach((p, seat) => { if (p.space) (on[p.space] = on[p.space] || []).push(seat); });
  if (obs.lacerda_space) (on[obs.lacerda_space] = on[obs.lacerda_space] || []).push(view.players.length);
  return h('section', { class: 'panel om-turn-order' }, h('h4', {}, 'Turn order ', standin(components)),
    h('div', { class: 'om-track' }, ...components.turn_order.map((t) => h('div', {
      ...hot(find(options, `space ${t.space}`), send, `om-space side-${t.side}`), 'data-space': t.space,
    }, h('strong', {}, String(t.space)), h('small', {}, words(t.benefit)), colonists(on[t.space] || [])))));
}

/** A Blueprint card; clickable when `option` is given. */
export function blueprintCard(components, id, option, send, extra = null) {
  const b = components.blueprints[String(id)] || { name: '?', level: '?', building: '?', gain: {}, action: '' };
  return h('div', { ...hot(option, send, `om-blueprint level-${b.level}`), 'data-blueprint': id },
    h('strong', {}, blueprintName(components, id)),
    h('small', {}, `level ${b.level} · ${words(b.building)} · ${words(b.scientist || '')}`),
    h('small', {}, `action: ${b.action}`), b.standin ? standin(components) : null, extra);
}

function techGrid(obs, components, options, send) {
  const rows = [];
  let i = 0;
  for (const row of components.tech_grid) {
    const cells = [];
    for (let k = 0; k < row.spaces; k += 1, i += 1) {
      const tile = obs.tech_grid[i];
      const option = options.find((o) => o.text.startsWith(`tech ${i} `) || o.text === `tech ${i}`);
      cells.push(h('div', { ...hot(option, send, `om-tech${tile ? '' : ' empty'}`), 'data-grid': i },
        tile ? words(tile.split(':').pop()) : '—'));
    }
    rows.push(h('div', { class: 'om-grid-row' }, h('small', { class: 'muted' }, `${row.row}: ${costText(row.cost)}`), ...cells));
  }
  return h('div', { class: 'om-tech-grid' }, h('h4', {}, 'Tech Grid ', standin(components)), ...rows);
}

function lab(view, components, options, send) {
  const obs = view.observation;
  const tiles = components.lab.map(() => []);
  obs.players.forEach((p, seat) => {
    for (const [tile, [col, space]] of Object.entries(p.lab)) tiles[col].push({ tile, space, seat });
  });
  const spaceOptions = options.filter((o) => o.text.startsWith('lab '));
  return h('div', { class: 'om-lab' }, h('h4', {}, 'Lab (tech levels) ', standin(components)),
    h('div', { class: 'om-lab-cols' }, ...components.lab.map((col, c) => h('div', { class: 'om-lab-col', 'data-level': col.level },
      h('strong', {}, `L${col.level}`), h('small', {}, `${col.op} OP · ${costText(col.enter_cost)}`),
      ...tiles[c].sort((a, b) => a.space - b.space).map((t) => h('span', { class: 'om-lab-tile', title: `${playerName(view, t.seat)}: ${t.tile}` },
        swatch(t.seat), words(t.tile.split(':').pop())))))),
    spaceOptions.length ? h('div', { class: 'om-inline-options' }, ...spaceOptions.map((o) => h('button', {
      type: 'button', class: 'choice', 'data-action': o.text, onclick: () => send(o.text) }, `Lab space ${o.text.split(' ')[1]}`))) : null);
}

function lssBoard(obs, components) {
  return h('div', { class: 'om-lss' }, h('h4', {}, 'Life Support System'),
    h('div', { class: 'om-lss-cols' }, ...components.lss_columns.map((b) => h('div', { class: 'om-lss-col', 'data-building': b },
      h('span', { class: 'om-lss-bar', style: `height:${Math.min(100, ((obs.lss[b] || 0) / (components.lss_rows || 6)) * 100)}%` }),
      h('small', {}, `${words(b)} ${obs.lss[b] ?? 0}`)))),
    h('small', {}, 'LSS rewards: ', obs.lss_rewards.map((r) => {
      const x = components.lss_rewards[r];
      return x ? `${words(r)} (${x.op_each} OP each)` : words(r);
    }).join(' · ')));
}

function science(view, components, options, send) {
  const obs = view.observation;
  return h('div', { class: 'om-science' }, h('h4', {}, 'Scientists and Earth Contracts'),
    h('div', { class: 'om-science-row' }, ...obs.science_spaces.map((x, i) => {
      if (x === null || x === undefined) return h('span', { class: 'om-science-space empty' }, `space ${i + 1}: empty`);
      const isContract = typeof x === 'number';
      const option = find(options, isContract ? `contract ${x}` : `hire ${slug(x)}`);
      return h('span', { ...hot(option, send, `om-science-space ${isContract ? 'contract' : 'scientist'}`) },
        isContract ? contractText(components, x) : `The ${words(x)}`);
    })));
}

/** Blueprint display, Tech Grid, Lab, Warehouse, Exploration, LSS and the Scientist spaces. */
export function orbitBoard(view, components, options, send) {
  const obs = view.observation;
  const at = (id) => options.find((o) => o.text === `blueprint ${id}`);
  const wares = Object.entries(obs.warehouse).map(([r, n]) => h('span', { ...hot(find(options, `take ${r}`), send, 'om-ware'), 'data-ware': r }, `${r} ${n}`));
  return h('section', { class: 'panel om-boards' },
    h('h4', {}, 'Blueprint display'),
    h('div', { class: 'om-card-row om-display' }, ...obs.blueprint_display.map((id) => blueprintCard(components, id, at(id), send))),
    techGrid(obs, components, options, send),
    lab(view, components, options, send),
    h('div', { class: 'om-row' }, h('h4', {}, 'Warehouse'), ...wares),
    h('div', { class: 'om-row' }, h('h4', {}, 'Exploration ', standin(components)),
      ...obs.exploration.map((k) => h('span', { class: 'om-chip' }, words(k)))),
    lssBoard(obs, components),
    science(view, components, options, send));
}

const MISSION_WORDS = { research_tiles: 'research tiles', blueprints: 'Blueprints', advanced_buildings: 'Advanced Buildings',
  bots_placed: 'bots on Mars', discoveries: 'Discovery tiles' };

/** The missions in play: what each counts and how many contributions are still needed. */
export function missionsPanel(view, components) {
  const rows = view.observation.missions.map(([id, left]) => {
    const m = components.missions[String(id)] || { counts: '?', crystals: 0 };
    return h('li', { class: `om-mission${left <= 0 ? ' done' : ''}`, 'data-mission': id },
      h('strong', {}, `Mission ${id}`), ` ${MISSION_WORDS[m.counts] || words(m.counts)}: `,
      left <= 0 ? 'completed' : `${left} still needed`, h('small', { class: 'muted' }, ` · ${m.crystals} crystal(s) · ${m.length} game`));
  });
  return h('details', { class: 'panel om-missions', 'data-key': 'missions', open: true }, h('summary', {}, 'Missions'),
    h('ol', {}, ...rows), h('small', {}, 'Short/Long split: ', standin(components)));
}

/** Lacerda's board in a solo game (public part). */
export function lacerdaPanel(view, components) {
  const l = view.observation.lacerda;
  if (!l) return null;
  const board = l.board || {};
  const card = l.card ? `card ${l.card.number}: action ${l.card.action}, mission ${l.card.mission}${l.card.travels ? ', travels' : ''}` : 'no card revealed';
  const reqs = Object.entries(l.requirements || {}).map(([k, ok]) => h('li', { class: ok ? 'met' : '' }, `${ok ? '✓' : '✗'} ${words(k)}`));
  return h('details', { class: 'panel om-lacerda', 'data-key': 'lacerda', open: true }, h('summary', {}, swatch(view.players.length), "Lacerda's board"),
    h('p', {}, `Solo Goal: ${l.solo_goal ? words(l.solo_goal) : 'not chosen yet'}`),
    h('p', {}, `Current ${card} · ${l.cards_left} card(s) left · discard: ${l.discard.join(', ') || '—'}`),
    h('p', {}, `Passes ${l.passes} · next building ${words(l.next_building)} · bots on board ${l.bots_on_board}`),
    h('p', {}, `OP ${board.op ?? 0} · Blueprints built ${(board.built_blueprints || []).length} · contracts ${(board.contracts || []).length}`),
    reqs.length ? h('ul', { class: 'om-reqs' }, ...reqs) : null,
    l.player_wins !== undefined ? h('p', { class: 'tag turn' }, l.player_wins ? 'You beat Lacerda!' : 'Lacerda wins.') : null);
}
