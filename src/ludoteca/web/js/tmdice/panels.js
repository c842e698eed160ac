// The side panels of The Dice Game's table: every seat (corporation, dice tray, wild tokens,
// hand, cards in play), milestones and awards, the score breakdown and the log in words.

import { agentLabel, render, t } from '../i18n.js';
import { h } from '../svg.js';
import { seatColour } from '../carcassonne/board.js';
import {
  cardData, cardEffects, cardName, colon, cardView, costIcon, diceTray, resourceName, say, standinBadge, standinLegend,
} from './pieces.js';

export function playerName(view, seat) {
  const p = view.players[seat];
  return p ? p.name : t('core.seat', { n: seat + 1 });
}

function swatch(seat) {
  return h('span', { class: 'swatch', style: `background:${seatColour(seat)}` });
}

/** Cards in play as chips ({id: n}); a used blue card is dimmed. `pick(id)` gives a choice or null. */
function playedChips(components, cards, used, pick) {
  const ids = Object.keys(cards || {});
  if (!ids.length) return h('span', { class: 'muted' }, t('tm_dice.table.no_cards_in_play'));
  return h('span', { class: 'chips' }, ...ids.map((id) => {
    const card = cardData(components, id);
    const choice = pick && pick(id);
    const n = cards[id];
    const usedNow = (used || {})[id] || 0;
    const attrs = {
      class: `chip card-${card.colour || 'plain'}${usedNow ? ' used' : ''}${choice ? ' pick' : ''}`, 'data-id': id,
      title: `${colon(say(card.name), cardEffects(card, '; '))}${usedNow ? ` (${t('tm_dice.table.used_of', { used: usedNow, n })})` : ''}`
        + `${card.standin ? ` — ${say(card.standin)}` : ''}`,
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
    ? h('span', { class: 'corp', title: cardEffects(corp, '; ') }, h('strong', {}, say(corp.name)), ' — ', cardEffects(corp), ' ', standinBadge(corp.standin))
    : h('span', { class: 'muted' }, t(p.corporation_chosen ? 'tm_dice.table.corp_chosen' : 'tm_dice.table.corp_choosing'));
  const prod = p.production;
  const prodText = [...Object.entries(prod.dice).map(([c, n]) => t(`tm_dice.dice.${c}`, { n })),
    prod.white ? t('tm_dice.dice.white', { n: prod.white }) : null,
    prod.wild ? t('tm_dice.wild_tokens', { n: prod.wild }) : null, prod.vp ? t('tm_dice.vp', { n: prod.vp }) : null]
    .filter(Boolean).join(', ') || t('tm_dice.nothing');
  const tiles = Object.entries(p.tiles).map(([tile, n]) => `${n} × ${t(`tm_dice.tile.${tile}`)}`).join(', ');
  const parts = [
    h('div', { class: 'seat-head' }, swatch(seat), h('strong', {}, player.name),
      player.kind === 'bot' ? h('span', { class: 'tag' }, `${t('core.bot')} · ${agentLabel(player.agent)}`) : null,
      held.includes(seat) ? h('span', { class: 'tag you' }, t('core.you')) : null,
      acting ? h('span', { class: 'tag turn' }, t('core.to_play')) : null,
      h('span', { class: 'seat-score', title: t('tm_dice.table.vp_on_track') }, t('tm_dice.vp', { n: p.vp }))),
    h('div', { class: 'seat-corp' }, corpLine),
    h('div', { class: 'seat-tray' }, diceTray(components, p.dice, p.wild, {
      pickDie: picks.die ? (r) => picks.die(r) : null, pickWild: picks.wild ? () => picks.wild() : null,
    })),
    h('div', { class: 'seat-facts muted' }, [t('tm_dice.effect.production', { items: prodText }), t('tm_dice.table.keeps', { n: p.keep }),
      t('tm_dice.table.in_hand', { n: p.hand_size }), tiles ? t('tm_dice.table.tiles', { tiles }) : null].filter(Boolean).join(' · ')),
  ];
  if (mine && p.hand) {
    const hand = Object.entries(p.hand);
    parts.push(h('div', { class: 'hand-row' }, h('h4', {}, t('tm_dice.table.your_hand', { n: p.hand_size })),
      hand.length ? h('div', { class: 'cards' }, ...hand.map(([id, n]) => {
        const choice = picks.hand && picks.hand(id);
        return cardView(components, id, { count: n, verb: choice && choice.label, pay: choice && choice.option.payload.pay,
          onPick: choice && choice.onPick, action: choice && choice.option.text });
      })) : h('p', { class: 'muted' }, t('tm_dice.table.no_cards'))));
  }
  const marked = Object.keys(p.cards || {}).some((id) => cardData(components, id).standin);
  parts.push(h('div', { class: 'played-row' }, h('h4', {}, t('tm_dice.table.in_play')),
    playedChips(components, p.cards, p.used, picks.played ? (id) => picks.played(id) : null),
    marked ? standinLegend() : null));
  return h('section', { class: `panel seat${acting ? ' acting' : ''}${mine ? ' mine' : ''}`, 'data-seat': seat }, ...parts);
}

/** Milestones (who has them) and awards (each seat's count of the symbol now). */
export function goalsPanel(components, view) {
  const obs = view.observation;
  const milestones = obs.milestones.map((m) => {
    const data = components.milestones[m.id];
    const owner = m.owner >= 0 ? h('span', {}, swatch(m.owner), playerName(view, m.owner))
      : h('span', { class: 'muted' }, t(m.owner === -2 ? 'tm_dice.table.removed' : 'tm_dice.table.open'));
    return h('li', { 'data-milestone': m.id }, h('strong', {}, data ? say(data.name) : m.id),
      data ? ` — ${say(data.requirement)} — ` : ' — ', owner, ' ', data ? standinBadge(data.standin) : null);
  });
  const solo = obs.solo && components.solo;
  const goal = (r) => (solo
    ? [` ${t('tm_dice.table.award_solo', { n: solo.award_targets[String(components.resources[r].faces)],
      resource: resourceName(components, r), vp: solo.award_vp })} `, standinBadge(solo.standin)]
    : [` ${say(components.awards[r])}`]);
  const awards = obs.awards.map((r, i) => h('li', { 'data-award': r }, costIcon(components, r), ...goal(r),
    h('span', { class: 'award-counts' }, ...obs.seats.map((s, seat) => h('span', { class: 'award-count', title: playerName(view, seat) },
      swatch(seat), String(s.award_symbols[i]))))));
  const title = solo ? t('tm_dice.table.goals_solo') : t('tm_dice.table.goals');
  return h('details', { class: 'panel goals-panel', open: true }, h('summary', {}, title),
    h('ul', { class: 'milestones' }, ...milestones), h('ul', { class: 'awards' }, ...awards));
}

/** Points so far, or the final breakdown (open and first at the end). */
export function scoringPanel(view) {
  const obs = view.observation;
  const final = obs.final;
  const rows = final
    ? [['track', 'track'], ['milestones', 'milestones'], ['awards', 'awards'], ['cards', 'cards'], ['total', 'total'],
      ['production_dice', 'production_dice']].map(([label, key]) => [label, final.map((r) => r[key])])
    : [['track', obs.seats.map((s) => s.vp)], ['cards', obs.seats.map((s) => s.vp_end)],
      ['milestones', obs.seats.map((s, seat) => 4 * obs.milestones.filter((m) => m.owner === seat).length)],
      ['total_so_far', view.scores.map((v) => Math.round(v))]];
  const table = h('table', { class: 'breakdown' },
    h('thead', {}, h('tr', {}, h('th', {}, t('tm_dice.table.points_from')), ...view.players.map((p) => h('th', {}, swatch(p.seat), p.name)))),
    h('tbody', {}, ...rows.map(([label, values]) => h('tr', { class: label.startsWith('total') ? 'total' : '', 'data-row': label },
      h('td', {}, t(`tm_dice.table.row.${label}`)), ...values.map((v) => h('td', { class: v ? '' : 'muted' }, String(v)))))));
  const solo = final && final[0] && final[0].won !== undefined
    ? h('p', { class: 'solo-result' }, t(final[0].won ? 'tm_dice.table.solo_won' : 'tm_dice.table.solo_lost')) : null;
  return h('details', { class: `panel scoring-panel${final ? ' final' : ''}`, open: true },
    h('summary', {}, t(final ? 'tm_dice.table.final_breakdown' : 'tm_dice.table.points_so_far')), table, solo);
}

const TURN_STARTS = ['production', 'actions'];

/** Consecutive payments of one seat as one line ("paid steel, heat"): the messages' resources. */
function mergePaid(last, message) {
  if (!last || last.key !== 'tm_dice.log.pay' || !message || message.key !== 'tm_dice.log.pay') return null;
  const before = [].concat(last.params.resource);
  return { key: 'tm_dice.log.pay', params: { resource: [...before, message.params.resource] } };
}

/** The log, one line per turn (or run of a seat's actions), newest first; rolls and draws left out. */
export function logPanel(view) {
  const groups = [];
  for (const entry of view.log) {
    if (entry.seat === null || entry.seat === undefined || !entry.message) continue;
    let group = groups[groups.length - 1];
    if (!group || group.seat !== entry.seat || TURN_STARTS.includes(entry.action)) {
      group = { seat: entry.seat, parts: [] };
      groups.push(group);
    }
    const merged = mergePaid(group.parts[group.parts.length - 1], entry.message);
    if (merged) group.parts[group.parts.length - 1] = merged;
    else group.parts.push(entry.message);
  }
  const who = view.players.map((p) => p.name);
  const items = groups.reverse().map((g) => h('li', { class: 'log-item' }, swatch(g.seat),
    h('strong', {}, playerName(view, g.seat)), ' ', g.parts.map((m) => render(m, who)).join(' · ')));
  return h('details', { class: 'panel log-panel', open: true }, h('summary', {}, t('web.table.moves')),
    items.length ? h('ol', { class: 'log', reversed: true }, ...items) : h('p', { class: 'muted' }, t('web.table.no_moves')),
    standinLegend());
}
