// Each On Mars player board (storage with its limit, Depot crystals, ships, colonists, bots,
// rover, markers, Shelters, tech levels, Blueprints, Scientists, Earth Contracts, Private
// Goals — the cards only for their owner — progress cubes, research and Discovery tiles, OP),
// the log in words and the scoring table (final, or projected if the game ended now). Only
// the observation is shown; a Blueprint or contract the prompt offers is clickable on the board.

import { render, t } from '../i18n.js';
import { h } from '../svg.js';
import { blueprintCard, hot, playerName, swatch } from './orbit.js';
import { contractText, goalText, named } from './prompts.js';

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
  const aCard = (id) => `${t('on_mars.ui.a_card', { id })}: ${info.a_cards[id].slice(0, 3).map((b) => named('building', b)).join(', ')}, ${named('building', info.a_cards[id][3])}*`;
  const bCard = (id) => `${named('fc_task', info.b_cards[id].task)} → ${Object.entries(info.b_cards[id].reward).map(([r, n]) => t(`on_mars.amount.${r}`, { n })).join(', ')}*`;
  const held = (cards, show, noun) => (Array.isArray(cards) ? cards.map((id) => h('span', { class: 'om-chip om-task' }, show(id)))
    : cards ? [h('span', { class: 'muted' }, t(noun, { n: cards }))] : []);
  return [...held(hand.a_card, aCard, 'on_mars.ui.hidden_a'), ...held(hand.b_cards, bCard, 'on_mars.ui.hidden_b'),
    ...hand.revealed_a.map((id) => h('span', { class: 'om-chip done' }, `✓ ${aCard(id)}`)),
    ...hand.revealed_b.map((id) => h('span', { class: 'om-chip done' }, `✓ ${bCard(id)}`))];
}

/** One seat's board; `self`: the viewer holds this seat (its secrets are shown). */
export function playerBoard(view, components, seat, options, send) {
  const p = view.observation.players[seat];
  const limit = 6 - p.shelters_left;
  const acting = view.to_act === seat;
  const storage = components.resources.map((r) => h('span', { class: `om-res res-${r}`, 'data-resource': r, title: t('on_mars.ui.storage_limit', { n: limit }) },
    h('small', {}, named('resource', r)), h('strong', { class: 'om-res-count' }, String(p.storage[r])), h('small', { class: 'muted' }, `/${limit}`)));
  const pick = (text) => options.find((o) => o.text === text);
  const tech = Object.entries(p.lab).map(([tile, [col]]) => {
    const type = tile.split(':').pop();
    return h('span', { ...hot(pick(`develop ${type.replace(/_/g, '-')}`), send, 'om-chip om-lab-chip') },
      `${named('tech', type)} ${t('on_mars.ui.level_short', { n: (components.lab[col] || { level: col + 1 }).level })}`);
  });
  const executive = components.executive_actions.map((a) => h('span', {
    ...hot(pick(`executive ${a.id.replace(/_/g, '-')}`), send, 'om-chip om-exec'), title: render(components.texts.executive_actions[a.id]) },
  `${named('executive', a.id)} (${a.cost})`));
  const mine = Array.isArray(p.goals);
  const goals = mine ? p.goals.map((g) => h('span', { class: 'om-chip om-goal', 'data-goal': g }, goalText(components, g))) : [];
  return h('section', { class: `panel om-player${acting ? ' acting' : ''}`, 'data-seat': seat },
    h('h3', {}, swatch(seat), playerName(view, seat),
      h('span', { class: 'om-op', title: t('on_mars.ui.op_long') }, t('on_mars.amount.op', { n: p.op })),
      h('span', { class: 'tag' }, p.space ? t('on_mars.ui.side_space', { side: named('side', p.side), n: p.space }) : t('on_mars.ui.side', { side: named('side', p.side) })),
      acting ? h('span', { class: 'tag turn' }, t('on_mars.ui.to_act')) : null),
    h('div', { class: 'om-storage' }, ...storage),
    h('div', { class: 'om-stats' },
      stat(t('on_mars.ui.stat.crystals'), p.incoming ? `${p.depot} (+${p.incoming})` : p.depot, 'om-depot'),
      stat(t('on_mars.ui.stat.ships_depot'), p.ships_depot), stat(t('on_mars.ui.stat.hangar'), p.hangar),
      stat(t('on_mars.ui.stat.quarters'), p.quarters, 'om-quarters'), stat(t('on_mars.ui.stat.working'), p.working),
      stat(t('on_mars.ui.stat.supply'), p.supply),
      stat(t('on_mars.ui.stat.bots'), `${p.bots.length} (${p.bots_off})`), stat(t('on_mars.ui.stat.rover'), p.rover ? p.rover.join(',') : t('on_mars.ui.start')),
      stat(t('on_mars.ui.stat.markers'), p.markers), stat(t('on_mars.ui.stat.shelters_left'), p.shelters_left)),
    list(t('on_mars.ui.list.tech'), tech),
    view.seat === seat ? list(t('on_mars.ui.list.executive'), executive) : null,
    list(t('on_mars.ui.list.blueprints'), p.blueprints.map((id) => blueprintCard(components, id, pick(`blueprint ${id}`), send))),
    list(t('on_mars.ui.list.built'), p.built_blueprints.map((id) => blueprintCard(components, id, pick(`blueprint ${id}`), send, h('small', { class: 'tag' }, t('on_mars.ui.built'))))),
    list(t('on_mars.ui.list.scientists'), p.scientists.map((s) => h('span', { class: 'om-chip', title: render(components.texts.scientists[s].gives) }, named('scientist', s)))),
    list(t('on_mars.ui.list.contracts'), [...p.contracts.map((c) => h('span', { ...hot(pick(`contract ${c}`), send, 'om-chip') }, contractText(components, c))),
      ...p.contracts_done.map((c) => h('span', { class: 'om-chip done' }, `✓ ${contractText(components, c)}`))]),
    list(t('on_mars.ui.list.goals'), mine ? goals : p.goals ? [h('span', { class: 'muted' }, t('on_mars.ui.hidden_goals', { n: p.goals }))] : []),
    list(t('on_mars.ui.list.first_colonists'), taskCards(view, seat)),
    p.goal_done !== null ? list(t('on_mars.ui.list.goal_done'), [h('span', { class: 'om-chip done' }, goalText(components, p.goal_done))]) : null,
    list(t('on_mars.ui.list.progress'), p.progress.map((r) => h('span', { class: `om-chip res-${r}` }, named('resource', r)))),
    list(t('on_mars.ui.list.research'), p.research.map((x) => h('span', { class: 'om-chip', title: render(components.texts.research_tiles[x]) }, named('research', x)))),
    list(t('on_mars.ui.list.discoveries'), Array.isArray(p.discoveries) ? p.discoveries.map((d) => h('span', { class: 'om-chip' }, named('discovery', d)))
      : p.discoveries ? [h('span', { class: 'muted' }, t('on_mars.ui.face_down', { n: p.discoveries }))] : []));
}

function describe(entry, names) {
  if (!entry.message || entry.message.key === 'core.hidden') return t('on_mars.ui.secret_choice');
  return render(entry.message, names);
}

/** The log, one line per run of actions by the same player, newest first. */
export function logPanel(view, components) {
  const groups = [];
  const names = view.players.map((p) => p.name);
  for (const entry of view.log) {
    if (entry.seat === null) continue;
    const last = groups[groups.length - 1];
    if (last && last.seat === entry.seat) last.parts.push(describe(entry, names));
    else groups.push({ seat: entry.seat, parts: [describe(entry, names)] });
  }
  const items = groups.reverse().map((g) => h('li', { class: 'log-item' }, swatch(g.seat), h('strong', {}, playerName(view, g.seat)), ' ', g.parts.join(' · ')));
  return h('details', { class: 'panel log-panel om-log', 'data-key': 'log', open: true }, h('summary', {}, t('on_mars.ui.log')),
    items.length ? h('ol', { class: 'log' }, ...items) : h('p', { class: 'muted' }, t('on_mars.ui.no_moves')));
}

/** The scoring table's rows (`observation.scoring`), named as in rules §9, then the tie-breaks. */
export const SCORING_ROWS = ['track', 'progress', 'ships', 'quarters', 'tech', 'blueprints', 'scientists', 'contracts'];
export const TIE_BREAK_ROWS = ['crystals', 'advanced_buildings', 'progress_cubes'];

/** The scoring table: rows = categories, one column per player (and Lacerda in a solo game),
 * the totals, then the tie-break values. At the end it is the final scoring with the
 * winner(s) the view names (`view.winners`); before, the same table projected "if the game ended now". */
export function scoringPanel(view) {
  const final = view.terminal;
  const info = view.observation.scoring || { players: [], lacerda: null };
  const columns = view.players.map((p) => ({ seat: p.seat, name: p.name, row: info.players[p.seat] || {}, cls: 'om-score' }));
  if (info.lacerda) columns.push({ seat: view.players.length, name: t('on_mars.ui.lacerda'), row: info.lacerda, cls: 'om-score-lacerda' });
  const cell = (value) => h('td', { class: value ? '' : 'muted' }, String(value ?? '–'));
  const rows = (list) => list.map((key) => h('tr', { 'data-row': key }, h('td', {}, t(`on_mars.score.${key}`)), ...columns.map((c) => cell(c.row[key]))));
  const won = (c) => (view.winners || []).includes(c.seat); // the server's result
  return h('details', { class: `panel om-scoring${final ? ' final' : ''}`, 'data-key': final ? null : 'scoring', open: final || undefined },
    h('summary', {}, final ? t('on_mars.score.final') : t('on_mars.score.projected')),
    final ? null : h('p', { class: 'muted om-projection' }, t('on_mars.score.projection_note')),
    h('table', { class: 'breakdown' },
      h('thead', {}, h('tr', {}, h('th', {}, t('on_mars.score.from')), ...columns.map((c) => h('th', { 'data-seat': c.seat }, swatch(c.seat), c.name)))),
      h('tbody', {}, ...rows(SCORING_ROWS)),
      h('tfoot', {},
        h('tr', { 'data-row': 'total' }, h('th', {}, final ? t('core.total') : t('on_mars.score.total_now')),
          ...columns.map((c) => h('th', { class: c.cls, 'data-seat': c.seat }, String(c.row.total ?? view.scores[c.seat])))),
        final ? h('tr', { 'data-row': 'winner' }, h('td', {}, ''), ...columns.map((c) => h('td', {}, won(c) ? t('on_mars.score.winner') : ''))) : null)),
    h('table', { class: 'breakdown om-ties' },
      h('caption', { class: 'muted' }, t('on_mars.score.tie_breaks')),
      h('tbody', {}, ...rows(TIE_BREAK_ROWS))),
    info.lacerda ? h('p', { class: 'muted' }, t('on_mars.score.solo_note')) : null);
}
