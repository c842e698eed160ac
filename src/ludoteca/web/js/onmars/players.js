// Each On Mars player board (storage with its limit, Depot crystals, ships, colonists, bots,
// rover, markers, Shelters, tech levels, Blueprints, Scientists, Earth Contracts, Private
// Goals — the cards only for their owner — progress cubes, research and Discovery tiles, OP),
// the log in words and the scoring table (final, or projected if the game ended now). Only
// the observation is shown; a Blueprint or contract the prompt offers is clickable on the board.

import { h } from '../svg.js';
import { blueprintCard, hot, playerName, swatch } from './orbit.js';
import { contractText, goalText, optionLabel, words } from './prompts.js';

function stat(label, value, cls = '') {
  return h('span', { class: `om-stat ${cls}` }, h('small', {}, label), h('strong', {}, String(value)));
}

function list(title, items) {
  return items.length ? h('div', { class: 'om-list' }, h('small', { class: 'muted' }, title), ...items) : null;
}

/** First Colonists A/B cards (`observation.first_colonists`): the viewer's own in full,
 * others' as counts; revealed cards for everyone. Stand-in parts are marked *. */
function taskCards(view, seat) {
  const info = view.observation.first_colonists;
  if (!info) return [];
  const hand = info.seats[seat];
  const aCard = (id) => `A #${id}: ${info.a_cards[id].slice(0, 3).map(words).join(', ')}, ${words(info.a_cards[id][3])}*`;
  const bCard = (id) => `${words(info.b_cards[id].task)} → ${Object.entries(info.b_cards[id].reward).map(([r, n]) => `${n} ${r}`).join(', ')}*`;
  const held = (cards, show, noun) => (Array.isArray(cards) ? cards.map((id) => h('span', { class: 'om-chip om-task' }, show(id)))
    : cards ? [h('span', { class: 'muted' }, `${cards} hidden ${noun}`)] : []);
  return [...held(hand.a_card, aCard, 'A card'), ...held(hand.b_cards, bCard, 'task card(s)'),
    ...hand.revealed_a.map((id) => h('span', { class: 'om-chip done' }, `✓ ${aCard(id)}`)),
    ...hand.revealed_b.map((id) => h('span', { class: 'om-chip done' }, `✓ ${bCard(id)}`))];
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
    list('First Colonists cards', taskCards(view, seat)),
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

/** The scoring table's rows (`observation.scoring`), named as in rules §9, then the tie-breaks. */
export const SCORING_ROWS = [['track', 'OP on the track'], ['progress', 'Progress area'], ['ships', 'Ships in the Hangar'],
  ['quarters', 'Colonists (Living Quarters)'], ['tech', 'Tech tiles'], ['blueprints', 'Blueprints'],
  ['scientists', 'Scientists'], ['contracts', 'Earth Contracts']];
export const TIE_BREAK_ROWS = [['crystals', 'Crystals'], ['advanced_buildings', 'Advanced Buildings'], ['progress_cubes', 'Progress cubes']];

/** The scoring table: rows = categories, one column per player (and Lacerda in a solo game),
 * the totals, then the tie-break values. At the end it is the final scoring with the
 * winner(s) the view names (`view.winners`); before, the same table projected "if the game ended now". */
export function scoringPanel(view) {
  const final = view.terminal;
  const info = view.observation.scoring || { players: [], lacerda: null };
  const columns = view.players.map((p) => ({ seat: p.seat, name: p.name, row: info.players[p.seat] || {}, cls: 'om-score' }));
  if (info.lacerda) columns.push({ seat: view.players.length, name: 'Lacerda', row: info.lacerda, cls: 'om-score-lacerda' });
  const cell = (value) => h('td', { class: value ? '' : 'muted' }, String(value ?? '–'));
  const rows = (list) => list.map(([key, label]) => h('tr', { 'data-row': key }, h('td', {}, label), ...columns.map((c) => cell(c.row[key]))));
  const won = (c) => (view.winners || []).includes(c.seat); // the server's result
  return h('details', { class: `panel om-scoring${final ? ' final' : ''}`, 'data-key': final ? null : 'scoring', open: final || undefined },
    h('summary', {}, final ? 'Final scoring' : 'Oxygen Points — final scoring if the game ended now'),
    final ? null : h('p', { class: 'muted om-projection' }, 'A projection: the OP on the track plus what each category would score now.'),
    h('table', { class: 'breakdown' },
      h('thead', {}, h('tr', {}, h('th', {}, 'OP from'), ...columns.map((c) => h('th', { 'data-seat': c.seat }, swatch(c.seat), c.name)))),
      h('tbody', {}, ...rows(SCORING_ROWS)),
      h('tfoot', {},
        h('tr', { 'data-row': 'total' }, h('th', {}, final ? 'Total' : 'Total if it ended now'),
          ...columns.map((c) => h('th', { class: c.cls, 'data-seat': c.seat }, String(c.row.total ?? view.scores[c.seat])))),
        final ? h('tr', { 'data-row': 'winner' }, h('td', {}, ''), ...columns.map((c) => h('td', {}, won(c) ? 'winner' : ''))) : null)),
    h('table', { class: 'breakdown om-ties' },
      h('caption', { class: 'muted' }, 'Tie-breaks: most crystals → most Advanced Buildings → most progress cubes → shared victory'),
      h('tbody', {}, ...rows(TIE_BREAK_ROWS))),
    info.lacerda ? h('p', { class: 'muted' }, 'Solo: you win by meeting your Solo Goal; Lacerda’s column is for comparison.') : null);
}
