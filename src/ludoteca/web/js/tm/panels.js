// The information panels of the Terraforming Mars table: the global parameters and the
// round, each player's board, milestones and awards with their standings, the log in words
// and the score breakdown. They only show the observation; buttons they hold send prompt options.

import { render as say, t } from '../i18n.js';
import { h } from '../svg.js';
import { cardBox, cardName, resourceName, tagChip } from './cards.js';
import { seatColour } from './map.js';

const RESOURCES = ['megacredits', 'steel', 'titanium', 'plants', 'energy', 'heat'];

export function playerName(view, seat) {
  if (seat === 'neutral') return 'Neutral';
  const p = view.players[seat];
  return p ? p.name : `Seat ${seat + 1}`;
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
    class: 'tm-bonus-tick', style: `left:${((b.at - spec.min) / span) * 100}%`, title: `${b.at}${unit}: ${say(b.text)}`,
  }));
  return h('div', { class: 'tm-param', 'data-param': param },
    h('span', { class: 'tm-param-label' }, label),
    h('span', { class: 'tm-param-bar' }, h('span', { class: 'tm-param-fill', style: `width:${pct}%` }), ...ticks),
    h('span', { class: 'tm-param-value' }, `${value}${unit}`, value >= spec.max ? ' ✓' : h('small', { class: 'muted' }, ` / ${spec.max}${unit}`)));
}

/** Generation, phase, first player, whose turn and actions taken, and the three parameters. */
export function statusPanel(view, components) {
  const obs = view.observation;
  const p = obs.parameters;
  const spec = components.parameters;
  const acting = view.to_act;
  const turn = view.terminal ? 'game over'
    : acting === null || acting === undefined ? 'dealing…'
      : `${playerName(view, acting)} to act${obs.phase === 'action' ? ` (action ${Math.min(obs.actions_taken + 1, 2)} of 2)` : ''}`;
  return h('section', { class: 'panel tm-status' },
    h('div', { class: 'tm-round' },
      h('span', {}, h('strong', {}, `Generation ${obs.generation}`)),
      h('span', { class: 'tm-phase' }, obs.phase),
      h('span', {}, 'First player: ', swatch(obs.first_player), playerName(view, obs.first_player)),
      h('span', { class: 'tm-whose' }, acting !== null && acting !== undefined ? swatch(acting) : null, turn),
      h('span', { class: 'muted' }, `deck ${obs.deck_size} · discards ${obs.discard_size}`)),
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
  const cells = RESOURCES.map((r) => h('div', { class: `tm-res res-${r}`, title: resourceName(r) },
    h('span', { class: 'tm-res-name' }, resourceName(r)),
    h('span', { class: 'tm-res-count' }, String(info.resources[r])),
    h('span', { class: 'tm-res-prod', title: 'production' }, `${info.production[r] >= 0 ? '+' : ''}${info.production[r]}`)));
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
  const tags = Object.entries(info.tags).map(([t, n]) => h('span', { class: 'tm-tag-count' }, tagChip(t), String(n)));
  const extra = [];
  if (info.passed) extra.push(h('span', { class: 'tag' }, 'passed'));
  if (!held.includes(seat) || info.hand === undefined) extra.push(h('span', { class: 'muted' }, `${info.hand_size} cards in hand`));
  const pick = onPlayer ? h('button', { type: 'button', class: 'choice primary', onclick: onPlayer }, `Choose ${playerName(view, seat)}`) : null;
  return h('details', { class: `panel tm-player${acting ? ' acting' : ''}`, 'data-seat': seat, 'data-key': `player-${seat}`, open: true },
    h('summary', {},
      swatch(seat), h('span', { class: 'player-name' }, playerName(view, seat)),
      view.players[seat].kind === 'bot' ? h('span', { class: 'tag' }, `bot · ${view.players[seat].agent}`) : null,
      held.includes(seat) ? h('span', { class: 'tag you' }, 'you') : null,
      acting ? h('span', { class: 'tag turn' }, 'to act') : null,
      h('span', { class: 'tm-tr', title: 'terraform rating' }, `TR ${info.tr}`),
      vp ? h('span', { class: 'tm-vp-total', title: 'victory points so far' }, `${vp.total} VP`) : null),
    pick,
    h('div', { class: 'tm-corp' }, corp ? cardBox(components, corp, { compact: true, resources: info.card_resources[corp],
      used: (components.corporations[corp] || {}).actions > 0 ? used.has(corp) : undefined,
      onClick: targets.get(corp) ? () => onTarget(targets.get(corp)) : undefined })
      : h('span', { class: 'muted' }, info.corporation_chosen ? 'corporation chosen (hidden)' : 'choosing a corporation')),
    h('div', { class: 'tm-resources' }, ...cells),
    tags.length ? h('div', { class: 'tm-tag-line' }, ...tags) : null,
    extra.length ? h('div', { class: 'tm-extra' }, ...extra) : null,
    played.length ? h('div', { class: 'tm-played' }, ...played) : h('p', { class: 'muted' }, 'No cards in play.'));
}

/** Milestones and awards: who claimed/funded them, everyone's standing, and claim/fund buttons. */
export function goalsPanel(view, components, options, send) {
  const obs = view.observation;
  const seats = view.players.map((p) => p.seat);
  const funded = Object.values(obs.awards).filter((x) => x !== null).length;
  const row = (goal, owner, verb) => {
    const option = options.find((o) => o.text === `${verb} ${goal.id}`);
    const values = obs.standings[goal.id]; // each seat's metric, as the game counts it
    return h('li', { class: `tm-goal${owner !== null && owner !== undefined ? ' taken' : ''}`, 'data-goal': goal.id },
      h('span', { class: 'tm-goal-name', title: say(goal.text) }, say(goal.name)),
      h('small', { class: 'muted' }, say(goal.text)),
      h('span', { class: 'tm-goal-owner' }, owner !== null && owner !== undefined
        ? [swatch(owner), `${verb === 'claim' ? 'claimed' : 'funded'} by ${playerName(view, owner)}`] : ''),
      h('span', { class: 'tm-standings' }, ...seats.map((s) => h('span', { title: playerName(view, s) }, swatch(s), String(values[s])))),
      option ? h('button', { type: 'button', class: 'choice', 'data-action': option.text, onclick: () => send(option.text) },
        verb === 'claim' ? `Claim (${components.claim_cost} M€)` : `Fund (${components.fund_costs[funded]} M€)`) : null);
  };
  return h('details', { class: 'panel tm-goals', 'data-key': 'goals', open: true },
    h('summary', {}, 'Milestones and awards'),
    h('h4', {}, `Milestones (${components.claim_cost} M€, 5 VP; ${Object.values(obs.milestones).filter((x) => x !== null).length} of 3 claimed)`),
    h('ul', { class: 'tm-goal-list' }, ...components.milestones.map((g) => row(g, obs.milestones[g.id], 'claim'))),
    h('h4', {}, `Awards (${funded < 3 ? `next costs ${components.fund_costs[funded]} M€` : 'all 3 funded'}; 5 VP first, 2 VP second)`),
    h('ul', { class: 'tm-goal-list' }, ...components.awards.map((g) => row(g, obs.awards[g.id], 'fund'))));
}

/** One logged action in words (without the player's name); the server hides others' secret ones. */
export function describeAction(entry, view, components) {
  const [verb, ...rest] = entry.action.split(' ');
  const arg = rest.join(' ');
  const name = () => cardName(components, arg);
  const project = () => { const p = components.projects.find((x) => x.id === arg); return p ? say(p.name) : arg; };
  const goal = (list) => { const g = list.find((x) => x.id === arg); return g ? say(g.name) : arg; };
  switch (verb) {
    case '(chance)': return 'cards were dealt';
    case '(hidden)': return 'made a secret choice (a card or corporation)';
    case 'corporation': return `chose ${name()}`;
    case 'buy': return `bought ${name()}`;
    case 'reject': return `passed on ${name()}`;
    case 'play': return `played ${name()}`;
    case 'use': return `used the action of ${name()}`;
    case 'project': return `standard project: ${project()}`;
    case 'convert': return arg === 'plants' ? 'converted plants into a greenery' : 'converted heat into temperature';
    case 'claim': return `claimed the milestone ${goal(components.milestones)}`;
    case 'fund': return `funded the award ${goal(components.awards)}`;
    case 'pass': return 'passed for this generation';
    case 'end': return 'ended the turn after one action';
    case 'place': {
      const tile = view.observation.board.find((t) => t.space === arg);
      return `placed ${tile ? `a ${tile.tile.replace(/_/g, ' ')}` : 'a tile'} on space ${arg}`;
    }
    case 'pay': return `paid ${rest.map((p) => p.replace('mc=', '').replace('=', ' ')).map((p, i) => (i === 0 ? `${p} M€` : p)).join(' + ')}`;
    case 'sell': return `sold ${name()}`;
    case 'target': return `chose the card ${name()}`;
    case 'discard': return `discarded ${name()}`;
    case 'keep': return `kept ${name()}`;
    case 'draft': return `drafted ${name()}`;
    case 'player': return `chose ${arg === 'neutral' ? 'the neutral player' : playerName(view, Number(arg))}`;
    case 'nobody': return 'chose nobody';
    case 'option': return `chose option ${arg}`;
    case 'amount': return `chose X = ${arg}`;
    case 'done': return 'done';
    case 'yes': return 'yes';
    case 'no': return 'no';
    default: return entry.action;
  }
}

/** The log, one line per run of actions by the same player, newest first. */
export function logPanel(view, components) {
  const groups = [];
  for (const entry of view.log) {
    if (entry.seat === null) continue; // draws and deals: hidden
    const last = groups[groups.length - 1];
    if (last && last.seat === entry.seat) last.parts.push(describeAction(entry, view, components));
    else groups.push({ seat: entry.seat, parts: [describeAction(entry, view, components)] });
  }
  const items = groups.reverse().map((g) => h('li', { class: 'log-item' }, swatch(g.seat),
    h('strong', {}, playerName(view, g.seat)), ' ', g.parts.join(' · ')));
  return h('details', { class: 'panel log-panel tm-log', 'data-key': 'log', open: true }, h('summary', {}, 'Log'),
    items.length ? h('ol', { class: 'log' }, ...items) : h('p', { class: 'muted' }, 'No moves yet.'));
}

const VP_ROWS = [['tr', 'Terraform rating'], ['milestones', 'Milestones'], ['awards', 'Awards'],
  ['greenery', 'Greeneries'], ['city', 'Cities (adjacent greeneries)'], ['cards', 'Cards']];

/** VP per player and source; open and first at the end of the game. */
export function scoringPanel(view) {
  const rows = view.observation.vp || [];
  const final = view.terminal;
  return h('details', {
    class: `panel scoring-panel tm-scoring${final ? ' final' : ''}`, 'data-key': final ? null : 'scoring', open: final || undefined,
  },
    h('summary', {}, final ? 'Final scoring' : 'Victory points so far'),
    h('table', { class: 'breakdown' },
      h('thead', {}, h('tr', {}, h('th', {}, 'VP from'), ...view.players.map((p) => h('th', {}, swatch(p.seat), p.name)))),
      h('tbody', {}, ...VP_ROWS.map(([key, label]) => h('tr', { 'data-row': key }, h('td', {}, label),
        ...rows.map((r) => h('td', { class: r[key] ? '' : 'muted' }, String(r[key])))))),
      h('tfoot', {}, h('tr', {}, h('th', {}, 'Total'), ...rows.map((r) => h('th', {}, String(r.total)))))),
    final ? h('p', { class: 'muted' }, 'Ties are broken by M€ left.') : null);
}
