// The side panels of The Dice Game's table: every seat (corporation, dice tray, wild tokens,
// hand, cards in play), milestones and awards, the score breakdown and the log in words.

import { h } from '../svg.js';
import { seatColour } from '../carcassonne/board.js';
import {
  cardData, cardName, cardView, costIcon, diceTray, resourceName, standinBadge, standinLegend,
} from './pieces.js';

export function playerName(view, seat) {
  const p = view.players[seat];
  return p ? p.name : `Seat ${seat + 1}`;
}

function swatch(seat) {
  return h('span', { class: 'swatch', style: `background:${seatColour(seat)}` });
}

/** Cards in play as chips ({id: n}); a used blue card is dimmed. `pick(id)` gives a choice or null. */
function playedChips(components, cards, used, pick) {
  const ids = Object.keys(cards || {});
  if (!ids.length) return h('span', { class: 'muted' }, 'no cards in play');
  return h('span', { class: 'chips' }, ...ids.map((id) => {
    const card = cardData(components, id);
    const choice = pick && pick(id);
    const n = cards[id];
    const usedNow = (used || {})[id] || 0;
    const attrs = {
      class: `chip card-${card.colour || 'plain'}${usedNow ? ' used' : ''}${choice ? ' pick' : ''}`, 'data-id': id,
      title: `${card.name}: ${card.effects.join('; ')}${usedNow ? ` (used ${usedNow} of ${n})` : ''}${card.standin ? ` — ${card.standin}` : ''}`,
    };
    const text = `${cardName(components, id)}${n > 1 ? ` ×${n}` : ''}${choice ? ` — ${choice.label}` : ''}`;
    if (!choice) return h('span', attrs, text);
    return h('button', { ...attrs, type: 'button', 'data-action': choice.option.text, onclick: choice.onPick }, text);
  }));
}

/**
 * One seat: name, VP, corporation, tray, played cards; for `mine` the hand as full cards.
 * picks: {die(resource), wild(), hand(id), played(id)} -> {option, label, onPick} | null.
 */
export function seatView(components, view, seat, { mine = false, picks = {}, held = [] } = {}) {
  const obs = view.observation;
  const p = obs.seats[seat];
  const acting = view.to_act === seat;
  const player = view.players[seat];
  const corp = p.corporation ? cardData(components, p.corporation) : null;
  const corpLine = corp
    ? h('span', { class: 'corp', title: corp.effects.join('; ') }, h('strong', {}, corp.name), ' — ', corp.effects.join(' · '), ' ', standinBadge(corp.standin))
    : h('span', { class: 'muted' }, p.corporation_chosen ? 'corporation chosen (hidden until all have chosen)' : 'choosing a corporation');
  const prod = p.production;
  const prodText = [...Object.entries(prod.dice).map(([c, n]) => `${n} ${c}`), prod.white ? `${prod.white} white` : null,
    prod.wild ? `${prod.wild} wild` : null, prod.vp ? `${prod.vp} VP` : null].filter(Boolean).join(', ') || 'none';
  const parts = [
    h('div', { class: 'seat-head' }, swatch(seat), h('strong', {}, player.name),
      player.kind === 'bot' ? h('span', { class: 'tag' }, `bot · ${player.agent}`) : null,
      held.includes(seat) ? h('span', { class: 'tag you' }, 'you') : null,
      acting ? h('span', { class: 'tag turn' }, 'to play') : null,
      h('span', { class: 'seat-score', title: 'VP on the track' }, `${p.vp} VP`)),
    h('div', { class: 'seat-corp' }, corpLine),
    h('div', { class: 'seat-tray' }, diceTray(components, p.dice, p.wild, {
      pickDie: picks.die ? (r) => picks.die(r) : null, pickWild: picks.wild ? () => picks.wild() : null,
    })),
    h('div', { class: 'seat-facts muted' }, `production: ${prodText} · keeps ${p.keep} dice`
      + ` · ${p.hand_size} card${p.hand_size === 1 ? '' : 's'} in hand`
      + `${Object.keys(p.tiles).length ? ` · tiles: ${Object.entries(p.tiles).map(([t, n]) => `${n} ${t}`).join(', ')}` : ''}`),
  ];
  if (mine && p.hand) {
    const hand = Object.entries(p.hand);
    parts.push(h('div', { class: 'hand-row' }, h('h4', {}, `Your hand (${p.hand_size})`),
      hand.length ? h('div', { class: 'cards' }, ...hand.map(([id, n]) => {
        const choice = picks.hand && picks.hand(id);
        return cardView(components, id, { count: n, verb: choice && choice.label, pay: choice && choice.option.payload.pay,
          onPick: choice && choice.onPick, action: choice && choice.option.text });
      })) : h('p', { class: 'muted' }, 'no cards')));
  }
  const marked = Object.keys(p.cards || {}).some((id) => cardData(components, id).standin);
  parts.push(h('div', { class: 'played-row' }, h('h4', {}, 'In play'),
    playedChips(components, p.cards, p.used, picks.played ? (id) => picks.played(id) : null),
    marked ? standinLegend(components) : null));
  return h('section', { class: `panel seat${acting ? ' acting' : ''}${mine ? ' mine' : ''}`, 'data-seat': seat }, ...parts);
}

/** Milestones (who has them) and awards (each seat's count of the symbol now). */
export function goalsPanel(components, view) {
  const obs = view.observation;
  const milestones = obs.milestones.map((m) => {
    const data = components.milestones[m.id] || { name: m.id, requirement: '', standin: null };
    const owner = m.owner >= 0 ? h('span', {}, swatch(m.owner), playerName(view, m.owner))
      : h('span', { class: 'muted' }, m.owner === -2 ? 'removed' : 'open');
    return h('li', { 'data-milestone': m.id }, h('strong', {}, data.name), ` — ${data.requirement} — `, owner, ' ',
      standinBadge(data.standin));
  });
  const solo = obs.solo && components.solo;
  const goal = (r) => (solo
    ? [` ${solo.award_targets[String(components.resources[r].faces)]} ${resourceName(components, r)} icons in played costs:`
      + ` ${solo.award_vp} VP `, standinBadge(solo.standin)]
    : [` most ${resourceName(components, r)} icons in played costs`]);
  const awards = obs.awards.map((r, i) => h('li', { 'data-award': r }, costIcon(components, r), ...goal(r),
    h('span', { class: 'award-counts' }, ...obs.seats.map((s, seat) => h('span', { class: 'award-count', title: playerName(view, seat) },
      swatch(seat), String(s.award_symbols[i]))))));
  const title = solo ? 'Milestones (4 VP) and award targets' : 'Milestones (4 VP) and awards (5 / 3 VP)';
  return h('details', { class: 'panel goals-panel', open: true }, h('summary', {}, title),
    h('ul', { class: 'milestones' }, ...milestones), h('ul', { class: 'awards' }, ...awards));
}

/** Points so far, or the final breakdown (open and first at the end). */
export function scoringPanel(view) {
  const obs = view.observation;
  const final = obs.final;
  const rows = final
    ? [['VP track', 'track'], ['Milestones', 'milestones'], ['Awards', 'awards'], ['Card VP at the end', 'cards'], ['Total', 'total'],
      ['Production dice (tie-break)', 'production_dice']].map(([label, key]) => [label, final.map((r) => r[key])])
    : [['VP track', obs.seats.map((s) => s.vp)], ['Card VP at the end', obs.seats.map((s) => s.vp_end)],
      ['Milestones', obs.seats.map((s, seat) => 4 * obs.milestones.filter((m) => m.owner === seat).length)],
      ['Total so far (awards at the end)', view.scores.map((v) => Math.round(v))]];
  const table = h('table', { class: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Points from'), ...view.players.map((p) => h('th', {}, swatch(p.seat), p.name)))),
    h('tbody', {}, ...rows.map(([label, values]) => h('tr', { class: label.startsWith('Total') ? 'total' : '' }, h('td', {}, label),
      ...values.map((v) => h('td', { class: v ? '' : 'muted' }, String(v)))))));
  const solo = final && final[0] && final[0].won !== undefined
    ? h('p', { class: 'solo-result' }, final[0].won ? 'All three parameters complete: a win.' : 'Not all parameters complete in time: a loss (score 0).') : null;
  return h('details', { class: `panel scoring-panel${final ? ' final' : ''}`, open: true },
    h('summary', {}, final ? 'Final score breakdown' : 'Points so far'), table, solo);
}

/** One logged action in words (without the player's name). */
export function describeAction(text, view, components) {
  const [verb, ...rest] = text.split(' ');
  const arg = rest.join(' ');
  const card = () => cardName(components, arg);
  switch (verb) {
    case '(chance)': return null;
    case 'corporation': return 'kept a corporation';
    case 'gift': return `gave ${arg === 'wild' ? 'a wild token' : `a ${resourceName(components, arg)} die`}`;
    case 'production': return 'took a production turn';
    case 'actions': return 'took an action turn';
    case 'keep': return `kept ${resourceName(components, arg)}`;
    case 'discard': return `discarded ${card()}`;
    case 'take': return `took a ${arg} die`;
    case 'turn-die': return 'paid to turn a die';
    case 'draw-cards': return 'paid to draw cards';
    case 'use': return `used ${card()}`;
    case 'play': return `played ${card()}`;
    case 'support': return 'took a second support action';
    case 'convert': return `converted for ${(components.conversions[arg] || {}).effect || arg}`;
    case 'pay': return `paid ${resourceName(components, arg)}`;
    case 'turn': return `turned ${arg.split('>').map((r) => resourceName(components, r)).join(' to ')}`;
    case 'place': return `placed a tile on ${arg}`;
    case 'colour': return `chose ${arg}`;
    case 'bonus': return `took the bonus card ${card()}`;
    case 'done': return 'done';
    case 'end': return 'ended the turn';
    case 'skip': return 'skipped';
    case 'pass': return 'passed';
    default: return text;
  }
}

const TURN_STARTS = ['production', 'actions'];

/** The log, one line per turn (or run of a seat's actions), newest first; rolls and draws left out. */
export function logPanel(view, components) {
  const groups = [];
  for (const entry of view.log) {
    const words = describeAction(entry.action, view, components);
    if (words === null || entry.seat === null || entry.seat === undefined) continue;
    let group = groups[groups.length - 1];
    if (!group || group.seat !== entry.seat || TURN_STARTS.includes(entry.action)) {
      group = { seat: entry.seat, parts: [] };
      groups.push(group);
    }
    const last = group.parts[group.parts.length - 1];
    const paid = (w) => w && w.startsWith('paid ') && !w.startsWith('paid to');
    if (paid(last) && paid(words)) {
      group.parts[group.parts.length - 1] = `${last}, ${words.slice(5)}`;
    } else group.parts.push(words);
  }
  const items = groups.reverse().map((g) => h('li', { class: 'log-item' }, swatch(g.seat),
    h('strong', {}, playerName(view, g.seat)), ' ', g.parts.join(' · ')));
  return h('details', { class: 'panel log-panel', open: true }, h('summary', {}, 'Moves'),
    items.length ? h('ol', { class: 'log', reversed: true }, ...items) : h('p', { class: 'muted' }, 'No moves yet.'),
    standinLegend(components));
}
