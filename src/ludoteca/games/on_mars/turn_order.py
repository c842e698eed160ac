"""The turn-order track: choosing a space and taking its benefit.

Which space shows which benefit is a Ludoteca stand-in (not official), read from
`data/standins.json`. Benefits are optional ("may take"); the colonist benefit is
always taken (it can only help).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.model import ORBIT
from ludoteca.games.on_mars.movement import move_frame
from ludoteca.games.on_mars.shuttle import space_side, space_taken

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

#: benefits (stand-in vocabulary) of turn-order, Lab and LSS spaces
BENEFITS = (
    "resupply",
    "warehouse",
    "take_blueprint",
    "take_tech",
    "colonist",
    "move_bots_2",
    "place_discovery",
    "upgrade",
    "crystal",
    "mineral",
)


def benefit_frames(state: OnMarsState, seat: int, benefit: str) -> list[Frame]:
    """Frames that resolve one benefit (crystal and mineral are gained by the caller)."""
    if benefit in ("resupply", "warehouse"):
        return [{"k": "warehouse_take", "seat": seat, "left": 1, "optional": True}]
    if benefit == "take_blueprint":
        return [{"k": "take_blueprint", "seat": seat, "left": 1, "optional": True}]
    if benefit == "take_tech":
        return [{"k": "learn", "seat": seat, "left": 1, "optional": True}]
    if benefit == "colonist":
        return [{"k": "add_colonists", "seat": seat, "n": 1}]
    if benefit == "move_bots_2":
        return [move_frame(seat, bots=2)]
    if benefit == "place_discovery":
        return [{"k": "discovery", "seat": seat, "optional": True}]
    if benefit == "upgrade":
        return [{"k": "upgrade", "seat": seat, "left": 1, "optional": True, "free": False}]
    raise AssertionError(f"unknown benefit {benefit!r}")


class _AddColonists(Automatic):
    kind = "add_colonists"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        state.players[frame["seat"]].add_colonists(frame["n"])


class _Space(Decision):
    """Choose an empty turn-order space (`side` "" at setup: any side)."""

    kind = "space"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [
            BASE["space"] + s - 1
            for s in range(1, 9)
            if not space_taken(state, s) and (not frame["side"] or space_side(state, s) == frame["side"])
        ]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        take_space(state, frame["seat"], action - BASE["space"] + 1)


def take_space(state: OnMarsState, seat: int, space: int) -> None:
    """Put `seat`'s marker on turn-order `space` (its side follows) and offer the benefit."""

    player = state.players[seat]
    player.space = space
    player.side = space_side(state, space)
    benefit = state.om_game.components.turn_order[space - 1]["benefit"]
    push(state, *benefit_frames(state, seat, benefit))


class _DealtSpace(Automatic):
    """First Colonists: the seat starts on the space its First Colonist tile names."""

    kind = "dealt_space"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        take_space(state, frame["seat"], frame["space"])


def side_name(side: str) -> str:
    return "Orbit" if side == ORBIT else "Colony"
