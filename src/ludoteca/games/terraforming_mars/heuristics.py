"""Position values for bots: VP now plus the worth of the rest of the game.

`estimate(st, seat)` is the seat's VP as they stand (TR, board, cards, milestones,
awards: `scoring.breakdown`) plus, converted at `mc_per_vp` M€ per VP:

* resources at rough M€ values (steel and titanium at their payment values, plants
  and heat at what a greenery or a temperature step brings; heat is worth nothing
  once the temperature is maxed, unless it pays like M€). M€ are worth less and less
  as the end nears (from `MC_PER_VP` to `LATE_MC_PER_VP` in the last generation,
  also once all three parameters are maxed: the estimate must not jump when the last
  step is taken, or the seat with more resources would never take it and the game
  would never end): money left at the end scores nothing, which is what makes the
  bots spend it on VP rather than hoard; M€, steel and titanium beyond `MC_CAP`
  (together, at their payment values) are worth nothing (more than can be turned
  into VP: two bots hoarding thousands of M€ each once kept the last ocean unplaced
  for ever, each estimate counting the money; a seat sitting on 50 titanium it had
  no space card for lost a big share of their worth at every terraforming step, as
  M€ lose worth near the end, and so stopped terraforming);
* in the action phase (and the setup), the production still to come at the end of
  the generation, counted as the resources it will bring: the generations left
  depend on the terraforming steps alone, so without it the production phase would
  add a generation's income to every seat, and the last seat to pass, if the others
  gain more by it, would sell cards (or take any action) to put it off;
* income (production, and TR for M€) times the production phases still to come,
  discounted (`future`): a M€ of production now is worth more than one M€, less
  than one M€ per generation left, since money spent late is worth less;
* the future uses of the blue cards' actions (`card_worth.py`), as many as the
  discounted generations left;
* cards in hand, each worth a few M€ while there is time to play it, more for a
  card worth playing (`hand_worths`: what playing it brings, from the card's data,
  `card_worth.card_terms`), so the bots buy and keep the good cards and sell the
  poor ones; a held card whose global maximum is passed is worth nothing (it can
  never be played), one whose global minimum is not reached yet `WAIT_SHARE` of its
  worth (`held_worth`), so the bots buy fewer cards they cannot play; as much for
  each card played (so that playing a card costs its price, not its worth as a card
  in hand: it is judged by what it does); while drafting,
  the cards kept so far (`draft_worth`: more if their requirements are met now, and
  for their printed VP), which is how `greedy` chooses its draft pick;
* the funded awards at the chance of winning them (`award_chances`), not as they
  stand, so a narrow lead early is not a sure 5 VP;
* the milestone races: while milestones can still be claimed, each unclaimed one
  is worth `MILESTONE_RACE` of its VP times the seat's progress to it squared, so
  the bots build towards one and claim it (5 VP for 8 M€) when they can;
* M€ owed by a payment still on the stack.

The generations left are estimated from the terraforming steps left and the pace
of all seats' economy (`generations_left`): the richer the table, the sooner the
end. So a seat ahead on VP but behind on income gains by finishing the
terraforming, one behind by delaying it.

`evaluate` is the seat's estimate minus the best other seat's (the game's value
from that seat's point of view); at the end it is the exact score difference. In
solo the generations left are counted to the 14th and every terraforming step adds
`SOLO_STEP_VALUE`, since the game is won only by completing the terraforming.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import tanh
from operator import mul
from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.constants import (
    ENERGY,
    HEAT,
    PARAM_MAX,
    TEMPERATURE,
    slot,
)
from ludoteca.games.terraforming_mars.draft import drafting
from ludoteca.games.terraforming_mars.frames import F_MENU, F_PAY
from ludoteca.games.terraforming_mars.generation import ACTION, SETUP
from ludoteca.games.terraforming_mars.milestones import metric
from ludoteca.games.terraforming_mars.scoring import (
    BoardCounts,
    board_counts,
    breakdown,
    megacredits,
    vp_but_awards,
)
from ludoteca.games.terraforming_mars.solo import SOLO_GENERATIONS
from ludoteca.games.terraforming_mars.tableau import requirements_met

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.game import TerraformingMarsGame
    from ludoteca.games.terraforming_mars.state import TMState

MC_PER_VP = 7.0
LATE_MC_PER_VP = 40.0
RESOURCE_VALUE = (1.0, 2.0, 3.0, 2.0, 1.0, 1.0)  # M€, steel, titanium, plants, energy, heat
PRODUCTION_VALUE = (1.0, 2.0, 3.0, 2.0, 1.5, 1.0)
CARD_VALUE = 4.0
MC_CAP = 100.0  # M€ (steel and titanium at their payment values) held beyond this are worth nothing
DEAD_SHARE = 0.0  # `held_worth`: share of its worth a held card keeps once a global maximum is passed
WAIT_SHARE = 0.6  # `held_worth`: share of its worth a held card keeps while a global minimum is unmet
KEEP_BASE = 1.0  # `hand_worths`: M€ a card in hand is worth for being a card
KEEP_SHARE = 0.5  # `hand_worths`: share of what playing it is worth
SOLO_STEP_VALUE = 3.0  # solo: VP-equivalent of each terraforming step (the game is won only by finishing)
HAND_LIMIT = 10
PLAYABLE_BONUS = 0.5  # share of a card's value added when its requirements are met now
VP_VALUE = 2.0  # M€ per printed VP of a drafted card, on top of its value as a card
PACE_INCOME = 18.0  # M€ of income (all seats, TR included) per terraforming step a generation
MIN_PACE = 1.0  # terraforming steps a generation, at the least
HORIZON = 10.0  # `future`: generations at which income is discounted by half
MILESTONE_RACE = 0.3  # share of a milestone's VP for being all the way to it (before claiming it)
#: how much an award's metric usually changes in a generation (`award_chances`)
AWARD_SPREAD = {"tiles_owned": 1.0, "production": 1.0, "tags_in_play": 0.7, "resources": 4.0}


def income(st: TMState, seat: int) -> float:
    """`seat`'s income a generation in M€: TR plus production at `PRODUCTION_VALUE`."""
    base = slot(seat)
    return st.tr[seat] + sum(map(mul, st.prod[base:base + 6], PRODUCTION_VALUE))


def generations_left(st: TMState, incomes: list[float] | None = None) -> float:
    """Production phases still expected: the terraforming steps left at the table's pace,
    `MIN_PACE` or more steps a generation, one step for every `PACE_INCOME` M€ of all
    seats' income (`incomes`, computed when not given); at least 0.5 while a step is
    left, 0 once all are done; within `max_generations` when the game has the cap.
    Solo: to the 14th generation."""
    cap = st.game.max_generations
    if st.solo:
        return max(0.5, (cap or SOLO_GENERATIONS) - st.generation + 0.5)
    steps = sum(PARAM_MAX) - sum(st.params)
    if steps <= 0:
        return 0.0
    total = sum(incomes) if incomes is not None else sum(income(st, p) for p in range(st.n))
    gens = max(0.5, steps / max(MIN_PACE, total / PACE_INCOME))
    if cap:
        gens = min(gens, max(0.5, cap - st.generation + 0.5))
    return gens


def future(gens: float) -> float:
    """Generations of income a unit of production is worth: `gens` discounted
    hyperbolically (half at `HORIZON` generations)."""
    return gens / (1.0 + gens / HORIZON)


def mc_per_vp(gens: float) -> float:
    """M€ per VP: 7 while 4+ generations remain, rising to 20 in the last one."""
    weight = min(1.0, max(0.0, (gens - 1.0) / 3.0))
    return LATE_MC_PER_VP - (LATE_MC_PER_VP - MC_PER_VP) * weight


def card_value(gens: float) -> float:
    """The most M€ a card in hand is worth with `gens` generations left."""
    return min(CARD_VALUE, gens * 0.8)


def hand_worths(game: TerraformingMarsGame, gens: float) -> tuple[float, ...]:
    """M€ each card is worth in hand (or played) with `gens` generations left: `KEEP_BASE`
    plus `KEEP_SHARE` of what playing it is worth (`card_worth.card_terms`, income at
    `future(gens)`, VP at `mc_per_vp(gens)`), between 0 and `card_value(gens)`; by
    quarter generation, computed once per game."""
    key = int(gens * 4.0)
    table = game.hand_worths.get(key)
    if table is None:
        g = key / 4.0
        ahead, rate, top = future(g), mc_per_vp(g), card_value(g)
        table = tuple(min(top, max(0.0, KEEP_BASE + KEEP_SHARE * (now + per_gen * ahead + vp * rate)))
                      for now, per_gen, vp in game.card_terms)
        game.hand_worths[key] = table
    return table


def global_windows(game: TerraformingMarsGame) -> dict[int, tuple[tuple[int, int, int], ...]]:
    """Per card with global requirements, each as (parameter, lowest step, highest step)."""
    table = game.global_windows
    if table is None:
        table = {}
        for c in game.cards:
            windows = []
            for r in c.requirements:
                if r.kind != "global":
                    continue
                low = -99 if r.min is None else (r.min + 30 + 1) // 2 if r.param == TEMPERATURE else r.min
                high = 99 if r.max is None else (r.max + 30) // 2 if r.param == TEMPERATURE else r.max
                windows.append((r.param, low, high))
            if windows:
                table[c.index] = tuple(windows)
        game.global_windows = table
    return table


def held_worth(st: TMState, seat: int, held: Sequence[int], cards: tuple[float, ...]) -> float:
    """The worth of the cards `seat` holds: `cards` (`hand_worths`) times `DEAD_SHARE` for a
    card whose global maximum is passed (it can never be played) and `WAIT_SHARE` for
    one whose global minimum is not yet reached (within the seat's leeway)."""
    total = sum(map(cards.__getitem__, held))
    windows = global_windows(st.game)
    params = st.params
    slack = -1
    for c in held:
        w = windows.get(c)
        if w is None:
            continue
        if slack < 0:
            slack = st.mods[seat].leeway + st.leeway_next[seat]
        share = 1.0
        for param, low, high in w:
            step = params[param]
            if step > high + slack:
                share = DEAD_SHARE
                break
            if step < low - slack:
                share = WAIT_SHARE
        total -= cards[c] * (1.0 - share)
    return total


def draft_worth(st: TMState, seat: int, card: int, card_value: float) -> float:
    """A card kept in the draft, in M€: `card_value` (its worth in hand, `hand_worths`),
    more if `seat` could meet its requirements now and for the VP printed on it."""
    c = st.game.cards[card]
    worth = card_value * (1.0 + PLAYABLE_BONUS * requirements_met(st, seat, c))
    if c.vp is not None and c.vp.kind == "fixed":
        worth += VP_VALUE * c.vp.value
    return worth


def milestone_races(st: TMState, counts: BoardCounts) -> list[float]:
    """Per seat, VP for the progress towards the milestones still open (none once the
    last one that may be claimed is claimed)."""
    rules = st.game.rules
    claimed = st.milestones
    out = [0.0] * st.n
    if st.solo or sum(1 for c in claimed if c >= 0) >= rules.max_claimed:
        return out
    weight = MILESTONE_RACE * rules.milestone_vp
    for k, goal in enumerate(rules.milestones):
        if claimed[k] >= 0:
            continue
        for p in range(st.n):
            progress = min(1.0, metric(st, p, goal, counts) / goal.min)
            out[p] += weight * progress * progress
    return out


def award_chances(st: TMState, gens: float, counts: BoardCounts, pending: bool = False) -> list[float]:
    """Per seat, the VP expected from the funded awards: first place's VP times the
    chance to be first at the end, `0.5 + 0.5 tanh((margin + 0.5) / spread)` with the
    margin over the best other seat and a spread of `AWARD_SPREAD` (the metric's
    usual change in a generation) times `gens + 0.5`; in games of 3+ seats, second
    place's VP for the rest of the chance. With `pending` (the generation's production
    still to come) a resource award counts the seats' resources after it (production,
    and energy turning into heat), as the M€ are counted: the last seat to pass then
    gains or loses nothing on it by passing."""
    rules = st.game.rules
    out = [0.0] * st.n
    if st.n < 2 or max(st.awards) < 0:
        return out
    for k, funder in enumerate(st.awards):
        if funder < 0:
            continue
        goal = rules.awards[k]
        values = [metric(st, p, goal, counts) for p in range(st.n)]
        if pending and goal.metric == "resources":  # with this generation's production (energy to heat)
            for p in range(st.n):
                values[p] += sum(st.prod[slot(p, r)] for r in goal.resources)
                if HEAT in goal.resources:
                    values[p] += st.res[slot(p, ENERGY)]
        spread = AWARD_SPREAD[goal.metric] * (gens + 0.5)
        first, second = sorted(values, reverse=True)[:2]
        for p in range(st.n):
            margin = values[p] - (second if values[p] == first else first)  # over the best other seat
            chance = 0.5 + 0.5 * tanh((margin + 0.5) / spread)
            out[p] += rules.first_vp * chance + (rules.second_vp * (1.0 - chance) if st.n > 2 else 0.0)
    return out


def estimates(st: TMState) -> list[float]:
    counts = board_counts(st)
    if st.is_terminal():
        rows = breakdown(st, counts)
        return [row["total"] + min(max(megacredits(st, p), 0), 999) / 1000 for p, row in enumerate(rows)]
    incomes = [income(st, p) for p in range(st.n)]
    gens = generations_left(st, incomes)
    ahead = future(gens)
    owed = [0] * st.n
    for frame in st.stack:
        if frame[0] == F_PAY:
            owed[frame[1]] += frame[2]
    res = st.res
    cards = hand_worths(st.game, gens)
    rate = mc_per_vp(gens)
    heat_useful = st.params[TEMPERATURE] < PARAM_MAX[TEMPERATURE]
    races = milestone_races(st, counts)
    vps = vp_but_awards(st, counts)
    pending = st.phase in (SETUP, ACTION)  # this generation's production is still to come
    awards = award_chances(st, gens, counts, pending)
    worths = st.game.action_worths
    draft = drafting(st)
    out = []
    for p, vp in enumerate(vps):
        base = slot(p)
        money = sum(map(mul, res[base:base + 5], RESOURCE_VALUE)) - owed[p]
        cash = res[base] - owed[p] + res[base + 1] * RESOURCE_VALUE[1] + res[base + 2] * RESOURCE_VALUE[2]
        if cash > MC_CAP:
            money -= cash - MC_CAP
        if heat_useful or st.mods[p].heat_as_mc:
            money += res[base + HEAT] * RESOURCE_VALUE[HEAT]
        if pending:
            money += st.tr[p] + sum(map(mul, st.prod[base:base + 5], RESOURCE_VALUE))
            if heat_useful or st.mods[p].heat_as_mc:
                money += st.prod[base + HEAT] * RESOURCE_VALUE[HEAT]
        actions = sum(worths[c] for c in st.action_cards[p])
        held = st.hand[p]
        hand = held_worth(st, p, held, cards) * min(1.0, HAND_LIMIT / max(1, len(held)))
        hand += sum(map(cards.__getitem__, st.played[p]))
        if draft:
            hand += sum(draft_worth(st, p, c, cards[c]) for c in st.offer[p])
        progress = SOLO_STEP_VALUE * sum(st.params) if st.solo else 0.0
        out.append(vp + awards[p] + progress + races[p]
                   + (money + (incomes[p] + actions) * ahead + hand) / rate)
    return out


def horizon(st: TMState) -> bool:
    """Where a one-turn search judges the position as it stands (`Game.turn_horizon`):
    at the action menu, i.e. once an action is complete. A search that went on into
    the seat's next action would judge that action by the position right after its
    first decision: opening Sell Patents, before any card is sold, looked free, and
    the turn planned on it then sold cards it had judged worth keeping."""
    stack = st.stack
    return bool(stack) and stack[-1][0] == F_MENU


def evaluate(st: TMState, seat: int) -> float:
    values = estimates(st)
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)
