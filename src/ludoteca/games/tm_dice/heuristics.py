"""Position values for tm-dice bots (the greedy player).

`projected_scores` is each seat's score if the game ended now (track, milestones,
end-game card VP, awards as they stand) plus what its material is worth in VP:
dice held or still to roll, wild tokens, hand cards, and its production boxes
and blue cards for the turns likely left. `evaluate` is the seat's projected lead
over the best other seat; solo, the projected score plus a large weight on the
three parameters (a solo game is won only if all three are complete).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.tm_dice.base import C_COLOURS, C_PROD, C_WIDTH
from ludoteca.games.tm_dice.dice import N_RESOURCES, can_pay
from ludoteca.games.tm_dice.scoring import award_points, milestone_points
from ludoteca.games.tm_dice.tasks import (
    A_PROD_TAKE,
    A_PRODUCE,
    C_DRAW,
    C_ROLL,
    D_KEEP,
    D_MAIN,
    D_ORDER,
    D_WHITE,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_PLACE,
    OP_RAISE,
)

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.state import TMDiceState

DIE_VALUE = 0.5  # a die held: 3 or 4 of them make 2 VP
WILD_VALUE = 0.6  # a wild token pays for anything (but 3 of them are only 2 VP)
DICE_CAP = 8  # dice and tokens beyond this many are worth little (they are hard to spend)
EXTRA_DIE_VALUE = 0.1
CARD_VALUE = 0.3  # a card in hand
HAND_CAP = 6
PRODUCTION_DIE_VALUE = 0.45  # a production die, per production turn still to come
BLUE_CARD_VALUE = 0.6  # a blue card in play, per refresh still to come
PENDING_TILE_VALUE = 1.5  # a tile or step still to be resolved on the stack
MAIN_ACTION_VALUE = 0.3  # a main action with no conversion in reach
SOLO_PARAMETER_WEIGHT = 3.0  # solo: VP-equivalent of one step towards the win


def turns_left(state: TMDiceState) -> float:
    """A rough estimate of each seat's turns still to come."""
    game = state._game
    if game.solo:
        return max(0, game.solo_turns - state._turn - 1)
    if state._triggered:
        return 1.0 if state._turns_left != 0 else 0.0
    tracks = game.content.parameters
    remaining = sorted(tracks[p].steps - state._params[p] for p in range(3))
    # the two parameters closest to completion end the game; about one step per turn in all
    return 1.0 + 0.8 * (remaining[0] + remaining[1]) / max(1, state._n)


def main_action_value(state: TMDiceState, seat: int) -> float:
    """What a main action still to take is worth: a conversion's 2 VP less the dice it
    costs, if one is affordable; a little otherwise (a second support action)."""
    game = state._game
    dice = state._dice
    off = seat * N_RESOURCES
    wild = state._wild[seat]
    units = sum(dice[off:off + N_RESOURCES]) + wild
    unit = EXTRA_DIE_VALUE if units > DICE_CAP + 3 else DIE_VALUE
    best = MAIN_ACTION_VALUE
    for conv in game.content.conversions:
        if can_pay(dice, off, wild, conv.cost):
            best = max(best, game.terraform_vp - unit * len(conv.cost))
    return best


def projected_scores(state: TMDiceState) -> list[float]:
    n = state._n
    ms = milestone_points(state)
    awards = award_points(state)
    left = turns_left(state)
    future = min(left, 12.0) / 2  # production turns are about every second turn
    counts = state._counts
    out = []
    dice = [sum(state._dice[s * N_RESOURCES:(s + 1) * N_RESOURCES]) for s in range(n)]
    cards = [state.hand_size(s) for s in range(n)]
    pending = [0.0] * n
    for task in state._stack:  # what is already decided but not yet resolved
        kind = task[0]
        if kind == C_ROLL:
            dice[task[1]] += task[3]
        elif kind == C_DRAW:
            cards[task[1]] += task[2]
        elif kind in (A_PRODUCE, A_PROD_TAKE, D_WHITE):
            cb = task[1] * C_WIDTH + C_PROD
            dice[task[1]] += sum(counts[cb:cb + 6])
            pending[task[1]] += WILD_VALUE * counts[cb + 6] + counts[cb + 7]
        elif kind in (OP_PLACE, OP_RAISE):
            pending[task[1]] += PENDING_TILE_VALUE
        elif kind == D_ORDER:  # a played card's effects still to resolve
            for op in task[2]:
                if op[0] in (OP_PLACE, OP_RAISE):
                    pending[task[1]] += PENDING_TILE_VALUE
                elif op[0] in (OP_GAIN_DIE, OP_GAIN_FACE):
                    colour = op[1] if op[0] == OP_GAIN_DIE else op[1] // 3
                    dice[task[1]] += op[2] if colour >= len(state._pool) else min(op[2], state._pool[colour])
        elif kind == D_MAIN:  # a main action still to take: the best conversion it allows
            pending[task[1]] += main_action_value(state, task[1])
        elif kind == D_KEEP:  # dice beyond the free slots go back to the pool
            seat = task[1]
            held = sum(state._dice[seat * N_RESOURCES:(seat + 1) * N_RESOURCES])
            dice[seat] += sum(task[3]) + min(held, task[2]) - held
    for s in range(n):
        cb = s * C_WIDTH
        d, w = dice[s], state._wild[s]
        wild_in_cap = min(w, DICE_CAP)
        dice_in_cap = min(d, DICE_CAP - wild_in_cap)
        material = (WILD_VALUE * wild_in_cap + DIE_VALUE * dice_in_cap
                    + EXTRA_DIE_VALUE * (d + w - wild_in_cap - dice_in_cap))
        prod = sum(counts[cb + C_PROD:cb + C_PROD + 6]) + counts[cb + C_PROD + 6]
        value = (state._vp[s] + ms[s] + awards[s] + counts[cb + 19] + material
                 + CARD_VALUE * min(cards[s], HAND_CAP)
                 + PRODUCTION_DIE_VALUE * prod * future
                 + BLUE_CARD_VALUE * counts[cb + C_COLOURS + 2] * future
                 + pending[s])
        out.append(value)
    return out


def evaluate(state: TMDiceState, seat: int) -> float:
    if state._over:
        scores = state.scores()
        if state._game.solo:
            return scores[0] + (1000.0 if state._final[0].get("won") else -1000.0)
        others = max(s for i, s in enumerate(scores) if i != seat)
        return 1000.0 * (scores[seat] - others)
    projected = projected_scores(state)
    if state._game.solo:
        return projected[0] + SOLO_PARAMETER_WEIGHT * sum(state._params)
    return projected[seat] - max(p for i, p in enumerate(projected) if i != seat)
