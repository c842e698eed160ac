// The shared boards of the On Mars table: the round bar (round, colony level, shuttle,
// missions left, end), the orbit and colony action spaces with the colonists on them, the
// turn-order track, the Blueprint display, the Tech Grid, the Lab, the Warehouse and the
// Exploration space, the Life Support System, the Scientist/Contract spaces, the missions and
// Lacerda's board in a solo game. Anything the prompt offers is clickable where it is drawn
// (`hot`); the turn panel lists the same options as buttons too. Stand-ins are labelled.

import { render, t } from '../i18n.js';
import { h } from '../svg.js';
import { seatColour } from '../tm/map.js';
import { blueprintName, contractText, named } from './prompts.js';

export function playerName(view, seat) {
  const p = view.players[seat];
  return p ? p.name : seat === view.players.length ? t('on_mars.ui.lacerda') : t('core.seat', { n: seat + 1 });
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
  const gives = option.message && option.message.gives ? render(option.message.gives) : '';
  const label = option.message ? render(option.message) : option.text;
  return { class: `${cls} om-pick`, role: 'button', tabindex: 0, 'data-action': option.text, title: gives ? `${label} — ${gives}` : label,
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
  const parts = Object.entries(cost || {}).map(([r, n]) => t(`on_mars.amount.${r}`, { n }));
  return parts.length ? parts.join(' + ') : t('on_mars.free');
}

/** Round, stage, colony level, shuttle, missions left and the end countdown. */
export function roundBar(view, components) {
  const obs = view.observation;
  const [side, number, travelled] = obs.shuttle;
  const to = view.to_act;
  return h('section', { class: 'panel om-status' },
    h('span', {}, h('strong', {}, t('on_mars.ui.round', { n: obs.round }))),
    h('span', { class: 'om-stage' }, named('stage', obs.stage)),
    h('span', { class: 'om-level', 'data-level': obs.colony_level }, t('on_mars.ui.colony_level', { n: obs.colony_level })),
    h('span', { class: 'om-shuttle' }, t(travelled ? 'on_mars.ui.shuttle_travelled' : 'on_mars.ui.shuttle', { side: named('side', side), n: number })),
    h('span', {}, t('on_mars.ui.missions_needed', { n: Math.max(0, obs.remaining_missions) })),
    obs.end_rounds >= 0 ? h('span', { class: 'tag turn' }, t('on_mars.ui.end_triggered', { n: obs.end_rounds })) : null,
    to !== null && to !== undefined ? h('span', { class: 'om-whose' }, swatch(to), t('on_mars.ui.player_to_act', { name: playerName(view, to) })) : null,
    standin(components));
}

function colonists(seats) {
  return h('span', { class: 'om-colonists' }, ...seats.map((s) => h('span', { class: 'om-colonist', title: t('on_mars.ui.colonist_of', { n: s + 1 }),
    style: `background:${seatColour(s)}` })));
}

/** The action spaces of both sides, with the colonists on them; a main-action option makes its space clickable. */
export function actionSpaces(view, components, options, send) {
  const obs = view.observation;
  const group = (title, ids) => h('div', { class: 'om-action-group' }, h('h4', {}, title),
    h('div', { class: 'om-actions' }, ...ids.map((id) => {
      const slots = obs.action_slots[id] || [];
      const room = components.action_slots[id] || 0;
      return h('div', { title: render(components.texts.main_actions[id]), ...hot(find(options, slug(id)), send, 'om-action'), 'data-main': slug(id) },
        h('span', { class: 'om-action-name' }, named('action', id)),
        room ? h('small', { class: 'muted' }, `${slots.length}/${room}`) : null,
        colonists(slots));
    })));
  return h('section', { class: 'panel om-orbit' },
    h('h3', {}, t('on_mars.ui.action_spaces')),
    group(t('on_mars.side.orbit'), components.orbit_actions), group(t('on_mars.side.colony'), components.colony_actions));
}

/** The turn-order track: 8 spaces, their side and benefit (stand-ins) and who is on each. */
export function turnOrder(view, components, options, send) {
  const obs = view.observation;
  const on = {};
  obs.players.forEach((p, seat) => { if (p.space) (on[p.space] = on[p.space] || []).push(seat); });
  if (obs.lacerda_space) (on[obs.lacerda_space] = on[obs.lacerda_space] || []).push(view.players.length);
  return h('section', { class: 'panel om-turn-order' }, h('h4', {}, t('on_mars.ui.turn_order'), ' ', standin(components)),
    h('div', { class: 'om-track' }, ...components.turn_order.map((x) => h('div', {
      title: render(components.texts.turn_order[String(x.space)]),
      ...hot(find(options, `space ${x.space}`), send, `om-space side-${x.side}`), 'data-space': x.space,
    }, h('strong', {}, String(x.space)), h('small', {}, named('benefit', x.benefit)), colonists(on[x.space] || [])))));
}

/** A Blueprint card; clickable when `option` is given. */
export function blueprintCard(components, id, option, send, extra = null) {
  const b = components.blueprints[String(id)];
  if (!b) return h('div', { class: 'om-blueprint', 'data-blueprint': id }, `#${id}`);
  return h('div', { title: render(b.gives), ...hot(option, send, `om-blueprint level-${b.level}`), 'data-blueprint': id },
    h('strong', {}, blueprintName(components, id)),
    h('small', {}, t('on_mars.ui.blueprint_line', { n: b.level, building: named('building', b.building), scientist: named('scientist', b.scientist) })),
    h('small', {}, t('on_mars.ui.blueprint_action', { action: render(b.action) })), b.standin ? standin(components) : null, extra);
}

function techGrid(obs, components, options, send) {
  const rows = [];
  let i = 0;
  for (const row of components.tech_grid) {
    const cells = [];
    for (let k = 0; k < row.spaces; k += 1, i += 1) {
      const tile = obs.tech_grid[i];
      const option = options.find((o) => o.text.startsWith(`tech ${i} `) || o.text === `tech ${i}`);
      const type = tile ? tile.split(':').pop() : null;
      cells.push(h('div', { title: type ? render(components.texts.techs[type]) : undefined, ...hot(option, send, `om-tech${tile ? '' : ' empty'}`), 'data-grid': i },
        type ? named('tech', type) : '—'));
    }
    rows.push(h('div', { class: 'om-grid-row' }, h('small', { class: 'muted' }, `${t(`on_mars.ui.grid_row.${row.row}`)}: ${costText(row.cost)}`), ...cells));
  }
  return h('div', { class: 'om-tech-grid' }, h('h4', {}, t('on_mars.ui.tech_grid'), ' ', standin(components)), ...rows);
}

function lab(view, components, options, send) {
  const obs = view.observation;
  const tiles = components.lab.map(() => []);
  obs.players.forEach((p, seat) => {
    for (const [tile, [col, space]] of Object.entries(p.lab)) tiles[col].push({ tile, space, seat });
  });
  const spaceOptions = options.filter((o) => o.text.startsWith('lab '));
  return h('div', { class: 'om-lab' }, h('h4', {}, t('on_mars.ui.lab'), ' ', standin(components)),
    h('div', { class: 'om-lab-cols' }, ...components.lab.map((col, c) => h('div', { class: 'om-lab-col', 'data-level': col.level },
      h('strong', {}, t('on_mars.ui.level_short', { n: col.level })), h('small', {}, `${t('on_mars.amount.op', { n: col.op })} · ${costText(col.enter_cost)}`),
      ...tiles[c].sort((a, b) => a.space - b.space).map((x) => h('span', { class: 'om-lab-tile', title: `${playerName(view, x.seat)}: ${named('tech', x.tile.split(':').pop())}` },
        swatch(x.seat), named('tech', x.tile.split(':').pop())))))),
    spaceOptions.length ? h('div', { class: 'om-inline-options' }, ...spaceOptions.map((o) => h('button', {
      type: 'button', class: 'choice', 'data-action': o.text, onclick: () => send(o.text) }, render(o.message)))) : null);
}

function lssBoard(obs, components) {
  return h('div', { class: 'om-lss' }, h('h4', {}, t('on_mars.ui.lss')),
    h('div', { class: 'om-lss-cols' }, ...components.lss_columns.map((b) => h('div', { class: 'om-lss-col', 'data-building': b },
      h('span', { class: 'om-lss-bar', style: `height:${Math.min(100, ((obs.lss[b] || 0) / (components.lss_rows || 6)) * 100)}%` }),
      h('small', {}, `${named('building', b)} ${obs.lss[b] ?? 0}`)))),
    h('small', {}, t('on_mars.ui.lss_rewards'), ' ', obs.lss_rewards.map((r) => render(components.texts.lss_rewards[r])).join(' · ')));
}

function science(view, components, options, send) {
  const obs = view.observation;
  return h('div', { class: 'om-science' }, h('h4', {}, t('on_mars.ui.science')),
    h('div', { class: 'om-science-row' }, ...obs.science_spaces.map((x, i) => {
      if (x === null || x === undefined) return h('span', { class: 'om-science-space empty' }, t('on_mars.ui.empty_space', { n: i + 1 }));
      const isContract = typeof x === 'number';
      const option = find(options, isContract ? `contract ${x}` : `hire ${slug(x)}`);
      return h('span', { title: isContract ? undefined : render(components.texts.scientists[x].gives), ...hot(option, send, `om-science-space ${isContract ? 'contract' : 'scientist'}`) },
        isContract ? contractText(components, x) : named('scientist', x));
    })));
}

/** Blueprint display, Tech Grid, Lab, Warehouse, Exploration, LSS and the Scientist spaces. */
export function orbitBoard(view, components, options, send) {
  const obs = view.observation;
  const at = (id) => options.find((o) => o.text === `blueprint ${id}`);
  const wares = Object.entries(obs.warehouse).map(([r, n]) => h('span', { ...hot(find(options, `take ${r}`), send, 'om-ware'), 'data-ware': r }, `${named('resource', r)} ${n}`));
  return h('section', { class: 'panel om-boards' },
    h('h4', {}, t('on_mars.ui.blueprint_display')),
    h('div', { class: 'om-card-row om-display' }, ...obs.blueprint_display.map((id) => blueprintCard(components, id, at(id), send))),
    techGrid(obs, components, options, send),
    lab(view, components, options, send),
    h('div', { class: 'om-row' }, h('h4', {}, t('on_mars.ui.warehouse')), ...wares),
    h('div', { class: 'om-row' }, h('h4', {}, t('on_mars.ui.exploration'), ' ', standin(components)),
      ...obs.exploration.map((k) => h('span', { class: 'om-chip' }, named('discovery', k)))),
    lssBoard(obs, components),
    science(view, components, options, send));
}

/** The missions in play: what each counts and how many contributions are still needed. */
export function missionsPanel(view, components) {
  const rows = view.observation.missions.map(([id, left]) => {
    const m = components.texts.missions[String(id)];
    return h('li', { class: `om-mission${left <= 0 ? ' done' : ''}`, 'data-mission': id },
      h('strong', {}, m ? render(m) : `#${id}`), ' — ',
      left <= 0 ? t('on_mars.ui.mission_done') : t('on_mars.ui.mission_left', { n: left }));
  });
  return h('details', { class: 'panel om-missions', 'data-key': 'missions', open: true }, h('summary', {}, t('on_mars.ui.missions')),
    h('ol', {}, ...rows), h('small', {}, t('on_mars.ui.mission_split'), ' ', standin(components)));
}

/** Lacerda's board in a solo game (public part). */
export function lacerdaPanel(view, components) {
  const l = view.observation.lacerda;
  if (!l) return null;
  const board = l.board || {};
  const card = l.card ? t(l.card.travels ? 'on_mars.solo.card.travels' : 'on_mars.solo.card.stays', l.card) : t('on_mars.ui.no_card');
  const reqs = Object.entries(l.requirements || {}).map(([k, ok]) => h('li', { class: ok ? 'met' : '' }, `${ok ? '✓' : '✗'} ${named('solo.requires', k)}`));
  return h('details', { class: 'panel om-lacerda', 'data-key': 'lacerda', open: true }, h('summary', {}, swatch(view.players.length), t('on_mars.ui.lacerda_board')),
    h('p', {}, t('on_mars.ui.solo_goal', { goal: l.solo_goal ? named('solo_goal', l.solo_goal) : t('on_mars.ui.not_chosen') })),
    h('p', {}, t('on_mars.ui.lacerda_cards', { card, n: l.cards_left, discard: l.discard.join(', ') || '—' })),
    h('p', {}, t('on_mars.ui.lacerda_state', { passes: l.passes, building: named('building', l.next_building), bots: l.bots_on_board })),
    h('p', {}, t('on_mars.ui.lacerda_score', { op: board.op ?? 0, built: (board.built_blueprints || []).length, contracts: (board.contracts || []).length })),
    reqs.length ? h('ul', { class: 'om-reqs' }, ...reqs) : null,
    l.player_wins !== undefined ? h('p', { class: 'tag turn' }, l.player_wins ? t('on_mars.ui.you_beat_lacerda') : t('on_mars.ui.lacerda_wins')) : null);
}
