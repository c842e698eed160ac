"""The shuttle and the turn-order spaces: travel between Orbit and the Colony.

The leaf of the round structure that the rule modules call into (they import it at the
top); `flow`, the round structure itself, calls them and imports it in turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Decision
from ludoteca.games.on_mars import first_colonists as first_colonists_cards
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.model import COLONY, ORBIT
from ludoteca.games.on_mars.rules import retrieve_side

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

LACERDA = 1  # solo: Lacerda's board is state.players[1]; he never decides (see solo/lacerda.py)

def space_taken(state: OnMarsState, space: int) -> bool:
    return state.lacerda_space == space or any(p.space == space for p in state.players)


def space_side(state: OnMarsState, space: int) -> str:
    return str(state.om_game.components.turn_order[space - 1]["side"])


class _ShuttleSide(Decision):
    kind = "shuttle_side"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["shuttle_side"], BASE["shuttle_side"] + 1]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        state.shuttle = [(ORBIT, COLONY)[action - BASE["shuttle_side"]], 1, False, ""]


class _ShuttleMove(Automatic):
    kind = "shuttle_move"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        side, number = state.shuttle[0], state.shuttle[1]
        if number == 1:
            other = COLONY if side == ORBIT else ORBIT
            state.shuttle = [other, state.colony_level, True, side]
        else:
            state.shuttle = [side, number - 1, False, ""]


def free_ride(state: OnMarsState, seat: int) -> bool:
    return bool(state.shuttle[2]) and state.players[seat].side == state.shuttle[3]


class _Travel(Decision):
    kind = "travel"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat = frame["seat"]
        options = [BASE["travel"]]
        if free_ride(state, seat) or state.players[seat].hangar > 0:
            options.append(BASE["travel"] + 1)
        return options

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        if action == BASE["travel"]:
            return
        if not free_ride(state, seat):
            state.players[seat].hangar -= 1
        travel(state, seat, discovery=True)


def travel(state: OnMarsState, seat: int, discovery: bool) -> None:
    """Travel to the other side (shuttle steps; the Landing Pod skips the Discovery tile)."""
    player = state.players[seat]
    player.space = None
    if state.fc:
        first_colonists_cards.record(state, seat, "travel")
    if player.side == ORBIT:
        player.side = COLONY
        steps: list[Frame] = []
        if discovery and state.exploration:
            steps.append({"k": "discovery", "seat": seat, "optional": False})
        steps.append({"k": "retrieve_side", "seat": seat})
    else:
        player.side = ORBIT
        steps = [{"k": "production", "seat": seat}, {"k": "retrieve_side", "seat": seat}]
    steps.append({"k": "space", "seat": seat, "side": player.side, "setup": False})
    push(state, *steps)


class _RetrieveSide(Automatic):
    kind = "retrieve_side"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        retrieve_side(state, frame["seat"], state.players[frame["seat"]].side)
