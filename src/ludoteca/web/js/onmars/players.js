// Each On Mars player board (storage with its limit, Depot crystals, ships, colonists, bots,
// rover, markers, Shelters, tech levels, Blueprints, Scientists, Earth Contracts, Private
// Goals — the cards only for their owner — progress cubes, research and Discovery tiles, OP),
// the log in words and the final scores. Only the observation is shown; a Blueprint or
// contract the prompt offers is clickable on the board.

import { h } from '../svg.js';
import { blueprintCard, hot, playerName, swatch } from './orbit.js';
import { contractText, goalText, optionLabel, words } from './prompts.js';

function stat(label, value, cls = '') {
  return h('span', { class: `om-stat ${cls}` }, h('small', {}, label), h('strong', {}, String(value)));
}

function list(title, items) {
  return items.length ? h('div', { class: 'om-list' }, h('small', { class: 'muted' }, title), ...items) : null;
}

/** One seat's board; `self`: the viewer holds this seat (its secrets are shown). */
export function playerBoard(view, components, seat, options, send) {
  const p = view.observation.players[seat];
  const limit = 6 - p.shelters_left;
  const acting = view.to_act === seat;
  const storage = components.resources.map((r) => h('span', { class: `om-res res-${r}`, 'data-resource': r, title: `storage limit ${limit}` },
    h('small', {}, r), h('strong', { class: 'om-res-count' }, String(p.storage[r])), h('small', { class: 'muted' }, `/${limit}`)));
  const pick = (text) => options.find((o) => o.text === text);
  const tech = Object.entries(p.lab).map(([tile, [col]]) => {
    const type = tile.split(':').pop();
    return h('span', { ...hot(pick(`develop ${type.replace(/_/g, '-')}`), send, 'om-chip om-lab-chip') },
      `${words(type)} L${(components.lab[col] || { level: col + 1 }).level}`);
  });
  const executive = components.executive_actions.map((a) => h('span', {
    ...hot(pick(`executive ${a.id.replace(/_/g, '-')}`), send, 'om-chip om-exec'), title: `costs ${a.cost} crystals` },
  `${words(a.id)} (${a.cost})`));
  const mine = Array.isArray(p.goals);
  const goals = mine ? p.goals.map((g) => h('span', { class: 'om-chip om-goal', 'data-goal': g }, goalText(components, g))) : [];
  return h('section', { class: `panel om-player${acting ? ' acting' : ''}`, 'data-seat': seat },
    h('h3', {}, swatch(seat), playerName(view, seat),
      h('span', { class: 'om-op', title: 'Oxygen Points' }, `${p.op} OP`),
      h('span', { class: 'tag' }, `${p.side} side${p.space ? ` · space ${p.space}` : ''}`),
      acting ? h('span', { class: 'tag turn' }, 'to act') : null),
    h('div', { class: 'om-storage' }, ...storage),
    h('div', { class: 'om-stats' },
      stat('crystals', p.incoming ? `${p.depot} (+${p.incoming})` : p.depot, 'om-depot'),
      stat('ships on Depot', p.ships_depot), stat('hangar', p.hangar),
      stat('quarters', p.quarters, 'om-quarters'), stat('working', p.working), stat('supply', p.supply),
      stat('bots (off)', `${p.bots.length} (${p.bots_off})`), stat('rover', p.rover ? p.rover.join(',') : 'start'),
      stat('markers', p.markers), stat('shelters left', p.shelters_left)),
    list('Tech levels', tech),
    view.seat === seat ? list('Executive actions (crystal cost)', executive) : null,
    list('Blueprints (not built)', p.blueprints.map((id) => blueprintCard(components, id, pick(`blueprint ${id}`), send))),
    list('Built Advanced Buildings', p.built_blueprints.map((id) => blueprintCard(components, id, pick(`blueprint ${id}`), send, h('small', { class: 'tag' }, 'built')))),
    list('Scientists', p.scientists.map((s) => h('span', { class: 'om-chip' }, `The ${words(s)}`))),
    list('Earth Contracts', [...p.contracts.map((c) => h('span', { ...hot(pick(`contract ${c}`), send, 'om-chip') }, contractText(components, c))),
      ...p.contracts_done.map((c) => h('span', { class: 'om-chip done' }, `✓ ${contractText(components, c)}`))]),
    list('Private Goals', mine ? goals : p.goals ? [h('span', { class: 'muted' }, `${p.goals} hidden card(s)`)] : []),
    p.goal_done !== null ? list('Private Goal done', [h('span', { class: 'om-chip done' }, goalText(components, p.goal_done))]) : null,
    list('Progress', p.progress.map((r) => h('span', { class: `om-chip res-${r}` }, r))),
    list('Research tiles', p.research.map((t) => h('span', { class: 'om-chip' }, words(t)))),
    list('Discoveries', Array.isArray(p.discoveries) ? p.discoveries.map((d) => h('span', { class: 'om-chip' }, words(d)))
      : p.discoveries ? [h('span', { class: 'muted' }, `${p.discoveries} face down`)] : []));
}

function describe(entry, components) {
  if (entry.action === '(hidden)') return 'made a secret choice';
  return optionLabel({ text: entry.action }, components);
}

/** The log, one line per run of actions by the same player, newest first. */
export function logPanel(view, components) {
  const groups = [];
  for (const entry of view.log) {
    if (entry.seat === null) continue;
    const last = groups[groups.length - 1];
    if (last && last.seat === entry.seat) last.parts.push(describe(entry, components));
    else groups.push({ seat: entry.seat, parts: [describe(entry, components)] });
  }
  const items = groups.reverse().map((g) => h('li', { class: 'log-item' }, swatch(g.seat), h('strong', {}, playerName(view, g.seat)), ' ', g.parts.join(' · ')));
  return h('details', { class: 'panel log-panel om-log', 'data-key': 'log', open: true }, h('summary', {}, 'Log'),
    items.length ? h('ol', { class: 'log' }, ...items) : h('p', { class: 'muted' }, 'No moves yet.'));
}

/** The scores (OP) per player; at the end, the winner(s) from the game's returns. */
export function scoringPanel(view) {
  const final = view.terminal;
  const rows = view.players.map((p) => h('tr', { 'data-seat': p.seat }, h('td', {}, swatch(p.seat), p.name),
    h('td', { class: 'om-score' }, String(view.scores[p.seat])),
    final ? h('td', {}, view.returns && view.returns[p.seat] > 0 ? 'winner' : '') : null));
  return h('details', { class: `panel om-scoring${final ? ' final' : ''}`, 'data-key': final ? null : 'scoring', open: final || undefined },
    h('summary', {}, final ? 'Final scoring' : 'Oxygen Points so far'),
    h('table', { class: 'breakdown' }, h('thead', {}, h('tr', {}, h('th', {}, 'Player'), h('th', {}, 'OP'), final ? h('th', {}, '') : null)),
      h('tbody', {}, ...rows)));
}
