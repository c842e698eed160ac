// The information panels of the Terraforming Mars table: the global parameters and the
// round, each player's board, milestones and awards with their standings, the log in words
// and the score breakdown. They only show the observation; buttons they hold send prompt options.
// Every text comes from the catalogs (`t`, `render`): the log lines are the entries' messages.

import { agentLabel, render, t } from '../i18n.js';
import { h } from '../svg.js';
import { cardBox } from './cards.js';
import { resourceIcon, tagIcon } from './icons.js';
import { seatColour } from './map.js';

const RESOURCES = ['megacredits', 'steel', 'titanium', 'plants', 'energy', 'heat'];

export function playerName(view, seat) {
  if (seat === 'neutral') return t('web.tm.neutral');
  const p = view.players[seat];
  return p ? p.name : t('core.seat', { n: seat + 1 });
}

/** A component text: a message (rendered) or a plain string. */
export function words(value) {
  return value && typeof value === 'object' ? render(value) : (value ?? '');
}

/** The players' names by seat, for `render` (a `core.seat` param shows the name). */
export function names(view) {
  return Object.fromEntries(view.players.map((p) => [p.seat, p.name]));
}

export function swatch(seat) {
  return h('span', { class: 'swatch', style: `background:${seatColour(seat)}` });
}

function scale(param, value, spec, unit) {
  const name = t(`terraforming_mars.parameter.${param}`);
  const label = name.charAt(0).toUpperCase() + name.slice(1);
  const span = spec.max - spec.min;
  const pct = Math.max(0, Math.min(100, ((value - spec.min) / span) * 100));
  const ticks = spec.bonuses.map((b) => h('span', {
    class: 'tm-bonus-tick', style: `left:${((b.at - spec.min) / span) * 100}%`, title: t('web.tm.bonus_at', { at: `${b.at}${unit}`, bonus: words(b.text) }),
  }));
  return h('div', { class: 'tm-param', 'data-param': param },
    h('span', { class: 'tm-param-label' }, label),
    h('span', { class: 'tm-param-bar' }, h('span', { class: 'tm-param-fill', style: `width:${pct}%` }), ...ticks),
    h('span', { class: 'tm-param-value' }, `${value}${unit}`, value >= spec.max ? ' ✓' : h('small', { class: 'muted' }, ` / ${spec.max}${unit}`)));
}

/** Whose turn and what is being resolved: the seat's own prompt when it decides ("Playing
 * Kelp Farming — Choose where to place a greenery tile…"), else who is to act. */
function whoseTurn(view) {
  const obs = view.observation;
  const acting = view.to_act;
  if (view.terminal) return t('web.table.game_over');
  if (acting === null || acting === undefined) return t('web.tm.dealing');
  if (view.prompt && view.prompt.message) return render(view.prompt.message, names(view));
  const name = playerName(view, acting);
  return obs.phase === 'action' ? t('web.tm.to_act_action', { name, n: Math.min(obs.actions_taken + 1, 2) })
    : t('web.tm.to_act', { name });
}

/** Generation, phase, first player, whose turn and actions taken, and the three parameters. */
export function statusPanel(view, components) {
  const obs = view.observation;
  const p = obs.parameters;
  const spec = components.parameters;
  const acting = view.to_act;
  return h('section', { class: 'panel tm-status' },
    h('div', { class: 'tm-round' },
      h('span', {}, h('strong', {}, t('web.tm.generation', { n: obs.generation }))),
      h('span', { class: 'tm-phase' }, t(`web.tm.phase.${obs.phase}`)),
      h('span', {}, `${t('web.tm.first_player')} `, swatch(obs.first_player), playerName(view, obs.first_player)),
      h('span', { class: 'muted' }, t('web.tm.deck', { deck: obs.deck_size, discards: obs.discard_size }))),
    h('p', { class: `tm-whose${view.prompt ? ' tm-resolving' : ''}` },
      acting !== null && acting !== undefined && !view.terminal ? swatch(acting) : null, whoseTurn(view)),
    h('div', { class: 'tm-params' },
      scale('temperature', p.temperature, spec.temperature, ' °C'),
      scale('oxygen', p.oxygen, spec.oxygen, '%'),
      scale('oceans', p.oceans, spec.oceans, '')));
}

/** One player's board: resources and production, TR, VP, tags, cards in play. */
export function playerBoard(view, components, seat, { held, targets = new Map(), onTarget, onPlayer }) {
  const obs = view.observation;
  const info = obs.players_info[seat];
  const vp = (obs.vp || [])[seat];
  const acting = view.to_act === seat;
  const cells = RESOURCES.map((r) => h('div', { class: `tm-res res-${r}`, 'data-resource': r },
    resourceIcon(r, info.resources[r]),
    h('span', { class: 'tm-res-count' }, String(info.resources[r])),
    h('span', { class: 'tm-res-prod', title: t('web.tm.production', { what: t(`terraforming_mars.resource.${r}`, { n: info.production[r] }) }) },
      `${info.production[r] >= 0 ? '+' : ''}${info.production[r]}`)));
  const used = new Set(info.actions_used);
  const played = info.played.map((id) => {
    const c = components.cards[id] || {};
    const active = c.actions > 0;
    const option = targets.get(id);
    return cardBox(components, id, {
      compact: true, resources: info.card_resources[id], used: active ? used.has(id) : undefined,
      onClick: option ? () => onTarget(option) : undefined, selected: Boolean(option),
    });
  });
  const corp = info.corporation;
  const tags = Object.entries(info.tags).map(([tag, n]) => h('span', { class: 'tm-tag-count', 'data-tag': tag }, tagIcon(tag), String(n)));
  const extra = [];
  if (info.passed) extra.push(h('span', { class: 'tag' }, t('web.tm.passed')));
  if (!held.includes(seat) || info.hand === undefined) extra.push(h('span', { class: 'muted' }, t('web.tm.in_hand', { n: info.hand_size })));
  const pick = onPlayer ? h('button', { type: 'button', class: 'choice primary', onclick: onPlayer }, t('web.tm.choose_player', { name: playerName(view, seat) })) : null;
  return h('details', { class: `panel tm-player${acting ? ' acting' : ''}`, 'data-seat': seat, 'data-key': `player-${seat}`, open: true },
    h('summary', {},
      swatch(seat), h('span', { class: 'player-name' }, playerName(view, seat)),
      view.players[seat].kind === 'bot' ? h('span', { class: 'tag' }, `${t('core.bot')} · ${agentLabel(view.players[seat].agent)}`) : null,
      held.includes(seat) ? h('span', { class: 'tag you' }, t('core.you')) : null,
      acting ? h('span', { class: 'tag turn' }, t('core.to_play')) : null,
      h('span', { class: 'tm-tr', title: t('web.tm.tr_title') }, t('web.tm.tr', { n: info.tr })),
      vp ? h('span', { class: 'tm-vp-total', title: t('web.tm.vp_title') }, t('web.tm.vp', { n: vp.total })) : null),
    pick,
    h('div', { class: 'tm-corp' }, corp ? cardBox(components, corp, { compact: true, resources: info.card_resources[corp],
      used: (components.corporations[corp] || {}).actions > 0 ? used.has(corp) : undefined,
      onClick: targets.get(corp) ? () => onTarget(targets.get(corp)) : undefined })
      : h('span', { class: 'muted' }, info.corporation_chosen ? t('web.tm.corporation_hidden') : t('web.tm.choosing_corporation'))),
    h('div', { class: 'tm-resources' }, ...cells),
    tags.length ? h('div', { class: 'tm-tag-line' }, ...tags) : null,
    extra.length ? h('div', { class: 'tm-extra' }, ...extra) : null,
    played.length ? h('div', { class: 'tm-played' }, ...played) : h('p', { class: 'muted' }, t('web.tm.no_cards_in_play')));
}

/** Milestones and awards: who claimed/funded them, everyone's standing, and claim/fund buttons. */
export function goalsPanel(view, components, options, send) {
  const obs = view.observation;
  const seats = view.players.map((p) => p.seat);
  const funded = Object.values(obs.awards).filter((x) => x !== null).length;
  const claimed = Object.values(obs.milestones).filter((x) => x !== null).length;
  const row = (goal, owner, verb) => {
    const option = options.find((o) => o.text === `${verb} ${goal.id}`);
    const values = obs.standings[goal.id]; // each seat's metric, as the game counts it
    const name = t(`terraforming_mars.${verb === 'claim' ? 'milestone' : 'award'}.${goal.id}.name`);
    return h('li', { class: `tm-goal${owner !== null && owner !== undefined ? ' taken' : ''}`, 'data-goal': goal.id },
      h('span', { class: 'tm-goal-name', title: words(goal.text) }, name),
      h('small', { class: 'muted' }, words(goal.text)),
      h('span', { class: 'tm-goal-owner' }, owner !== null && owner !== undefined
        ? [swatch(owner), t(verb === 'claim' ? 'web.tm.claimed_by' : 'web.tm.funded_by', { name: playerName(view, owner) })] : ''),
      h('span', { class: 'tm-standings' }, ...seats.map((s) => h('span', { title: playerName(view, s) }, swatch(s), String(values[s])))),
      option ? h('button', { type: 'button', class: 'choice', 'data-action': option.text, onclick: () => send(option.text) },
        verb === 'claim' ? t('web.tm.claim', { cost: components.claim_cost }) : t('web.tm.fund', { cost: components.fund_costs[funded] })) : null);
  };
  return h('details', { class: 'panel tm-goals', 'data-key': 'goals', open: true },
    h('summary', {}, t('web.tm.goals')),
    h('h4', {}, t('web.tm.milestones', { cost: components.claim_cost, n: claimed })),
    h('ul', { class: 'tm-goal-list' }, ...components.milestones.map((g) => row(g, obs.milestones[g.id], 'claim'))),
    h('h4', {}, funded < 3 ? t('web.tm.awards', { cost: components.fund_costs[funded], n: funded }) : t('web.tm.awards_done')),
    h('ul', { class: 'tm-goal-list' }, ...components.awards.map((g) => row(g, obs.awards[g.id], 'fund'))));
}

const SECRET = 'terraforming_mars.secret.';
/** log lines about one card that read as well about several ("did not buy A, B, C") */
const LISTED = new Set(['reject', 'sell', 'discard', 'keep'].map((v) => `terraforming_mars.log.${v}`));

/** A log line's message; secret decisions in a row ("looked at 1 card to buy", ten times)
 * become one with their count added up ("looked at 10 cards to buy"), and a run of cards
 * not bought, sold, discarded or kept one line naming them all. */
function addPart(parts, message) {
  const last = parts[parts.length - 1];
  if (last && message && last.key === message.key && message.key.startsWith(SECRET)) {
    parts[parts.length - 1] = { key: last.key, params: { ...last.params, n: last.params.n + message.params.n } };
  } else if (last && message && last.key === message.key && LISTED.has(message.key)) {
    parts[parts.length - 1] = { key: last.key, params: { card: [last.params.card].flat().concat(message.params.card) } };
  } else {
    parts.push(message);
  }
}

/** The log, one line per run of actions by the same player, newest first (draws are not shown). */
export function logPanel(view) {
  const groups = [];
  for (const entry of view.log) {
    if (entry.seat === null) continue; // draws and deals: hidden
    const last = groups[groups.length - 1];
    const message = entry.message || { key: 'core.notation', params: { text: entry.action } };
    if (last && last.seat === entry.seat) addPart(last.parts, message);
    else groups.push({ seat: entry.seat, parts: [message] });
  }
  const who = names(view);
  const items = groups.reverse().map((g) => h('li', { class: 'log-item' }, swatch(g.seat),
    h('strong', {}, playerName(view, g.seat)), ' ', g.parts.map((m) => render(m, who)).join(' · ')));
  return h('details', { class: 'panel log-panel tm-log', 'data-key': 'log', open: true }, h('summary', {}, t('web.tm.log')),
    items.length ? h('ol', { class: 'log' }, ...items) : h('p', { class: 'muted' }, t('web.table.no_moves')));
}

const VP_ROWS = ['tr', 'milestones', 'awards', 'greenery', 'city', 'cards'];

/** VP per player and source; open and first at the end of the game. */
export function scoringPanel(view) {
  const rows = view.observation.vp || [];
  const final = view.terminal;
  return h('details', {
    class: `panel scoring-panel tm-scoring${final ? ' final' : ''}`, 'data-key': final ? null : 'scoring', open: final || undefined,
  },
    h('summary', {}, final ? t('web.tm.final_scoring') : t('web.tm.vp_so_far')),
    h('table', { class: 'breakdown' },
      h('thead', {}, h('tr', {}, h('th', {}, t('web.tm.vp_from')), ...view.players.map((p) => h('th', {}, swatch(p.seat), p.name)))),
      h('tbody', {}, ...VP_ROWS.map((key) => h('tr', { 'data-row': key }, h('td', {}, t(`web.tm.vp_row.${key}`)),
        ...rows.map((r) => h('td', { class: r[key] ? '' : 'muted' }, String(r[key])))))),
      h('tfoot', {}, h('tr', {}, h('th', {}, t('core.total')), ...rows.map((r) => h('th', {}, String(r.total)))))),
    final ? h('p', { class: 'muted' }, t('web.tm.ties')) : null);
}
