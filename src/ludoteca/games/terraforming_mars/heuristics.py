"""Position values for bots: VP now plus the worth of resources, production and cards.

`estimate(st, seat)` is the seat's VP as they stand (TR, board, cards, milestones,
awards) plus, converted at `MC_PER_VP` M€ per VP:

* resources at rough M€ values (steel and titanium at their payment values, plants
  and heat at what a greenery or a temperature step brings); M€ are worth less and
  less as the end nears (from `MC_PER_VP` to `LATE_MC_PER_VP` in the last
  generations), because money left at the end scores nothing: this is what makes
  the bots finish the terraforming rather than hoard;
* income (production, and TR for M€) times the generations still expected, from
  the terraforming steps left and the number of seats;
* cards in hand, each worth a few M€ while there is time to play it; while drafting,
  the cards kept so far (`draft_worth`: more if their requirements are met now, and
  for their printed VP), which is how `greedy` chooses its draft pick;
* M€ owed by a payment still on the stack.

`evaluate` is the seat's estimate minus the best other seat's (the game's value
from that seat's point of view); at the end it is the exact score difference. In
solo the generations left are counted to the 14th and every terraforming step adds
`SOLO_STEP_VALUE`, since the game is won only by completing the terraforming.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.constants import (
    PARAM_MAX,
    slot,
)
from ludoteca.games.terraforming_mars.draft import drafting
from ludoteca.games.terraforming_mars.frames import F_PAY
from ludoteca.games.terraforming_mars.scoring import breakdown, megacredits
from ludoteca.games.terraforming_mars.solo import SOLO_GENERATIONS
from ludoteca.games.terraforming_mars.tableau import requirements_met

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

MC_PER_VP = 7.0
LATE_MC_PER_VP = 20.0
RESOURCE_VALUE = (1.0, 2.0, 3.0, 2.0, 1.0, 1.0)  # M€, steel, titanium, plants, energy, heat
PRODUCTION_VALUE = (1.0, 2.0, 3.0, 2.0, 1.5, 1.0)
CARD_VALUE = 4.0
SOLO_STEP_VALUE = 3.0  # solo: VP-equivalent of each terraforming step (the game is won only by finishing)
HAND_LIMIT = 10
PLAYABLE_BONUS = 0.5  # share of a card's value added when its requirements are met now
VP_VALUE = 2.0  # M€ per printed VP of a drafted card, on top of its value as a card


def generations_left(st: TMState) -> float:
    if st.solo:
        return max(0.5, (st.game.max_generations or SOLO_GENERATIONS) - st.generation + 0.5)
    steps = sum(PARAM_MAX) - sum(st.params)
    if steps <= 0:
        return 0.0
    return max(0.5, steps / (3.0 + 1.5 * st.n))


def mc_per_vp(gens: float) -> float:
    """M€ per VP: 7 while 4+ generations remain, rising to 20 in the last one."""
    weight = min(1.0, max(0.0, (gens - 1.0) / 3.0))
    return LATE_MC_PER_VP - (LATE_MC_PER_VP - MC_PER_VP) * weight


def draft_worth(st: TMState, seat: int, card: int, card_value: float) -> float:
    """A card kept in the draft, in M€: a card in hand, more if `seat` could meet its
    requirements now and for the VP printed on it."""
    c = st.game.cards[card]
    worth = card_value * (1.0 + PLAYABLE_BONUS * requirements_met(st, seat, c))
    if c.vp is not None and c.vp.kind == "fixed":
        worth += VP_VALUE * c.vp.value
    return worth


def estimates(st: TMState) -> list[float]:
    rows = breakdown(st)
    if st.is_terminal():
        return [row["total"] + min(max(megacredits(st, p), 0), 999) / 1000 for p, row in enumerate(rows)]
    gens = generations_left(st)
    owed = [0] * st.n
    for frame in st.stack:
        if frame[0] == F_PAY:
            owed[frame[1]] += frame[2]
    res, prod = st.res, st.prod
    card_value = min(CARD_VALUE, gens * 0.8)
    rate = mc_per_vp(gens)
    out = []
    for p, row in enumerate(rows):
        base = slot(p)
        money = sum(res[base + r] * RESOURCE_VALUE[r] for r in range(6)) - owed[p]
        income = st.tr[p] + sum(prod[base + r] * PRODUCTION_VALUE[r] for r in range(6))
        hand = min(len(st.hand[p]), HAND_LIMIT) * card_value
        if drafting(st):
            hand += sum(draft_worth(st, p, c, card_value) for c in st.offer[p])
        progress = SOLO_STEP_VALUE * sum(st.params) if st.solo else 0.0
        out.append(row["total"] + progress + (money + income * gens + hand) / rate)
    return out


def evaluate(st: TMState, seat: int) -> float:
    values = estimates(st)
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - (max(others) if others else 0.0)
