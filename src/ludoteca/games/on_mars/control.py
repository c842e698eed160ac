"""Control Center (rules 5.3): 2 MP for the bots and 2 MP for the rover, +1 MP per
Depot crystal spent, + the level of a Rover Tech for the rover (anyone's; a lent tile
pays its owner 1 oxygen). This slice moves the bots first, then the rover (no
interleaving).

Ludoteca stand-in (not official): the 8th tech type, `pd_tech_bots`, adds its level to
the bots' movement the same way (proposed_design.md §6; the printed 8th tile's effect
is unpublished)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.construct import tech_level
from ludoteca.games.on_mars.frames import Frame, decision, push
from ludoteca.games.on_mars.lab import lend, tech_seats

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

BASE_MP = 2


def can_control(state: OnMarsState, seat: int) -> bool:
    return True  # the rover can always move somewhere from the centre of a 91-hex map


def start_control(state: OnMarsState, seat: int) -> None:
    push(
        state,
        {"k": "cc_crystals", "seat": seat, "piece": "bots"},
        {"k": "cc_crystals", "seat": seat, "piece": "rover"},
    )


MOVEMENT_TECH = {"rover": "rover", "bots": "pd_tech_bots"}  # piece -> the tech that speeds it


def movement_tech(state: OnMarsState, seat: int, piece: str) -> tuple[int, int]:
    """(level, owner) of the best tech tile that adds MP to `piece`: the seat's own first."""
    kind = MOVEMENT_TECH[piece]
    best = (0, -1)
    for s in [seat, *[x for x in tech_seats(state) if x != seat]]:
        level = tech_level(state, s, kind)
        if level > best[0]:
            best = (level, s)
    return best


def rover_tech(state: OnMarsState, seat: int) -> tuple[int, int]:
    return movement_tech(state, seat, "rover")


@decision("cc_crystals", forced=True)
class _Crystals:
    """Spend Depot crystals for extra movement points for `piece`."""

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        if frame["piece"] == "bots" and not state.players[frame["seat"]].bots:
            return []
        return [BASE["crystals"] + k for k in range(min(state.players[frame["seat"]].depot, 8) + 1)]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, k = frame["seat"], action - BASE["crystals"]
        state.players[seat].depot -= k
        piece = frame["piece"]
        level, owner = movement_tech(state, seat, piece)
        if level and owner != seat:
            lend(state, owner, MOVEMENT_TECH[piece])
        mp = BASE_MP + k + level
        push(state, {"k": "move", "seat": seat, "mp": mp, "moving": -1, "piece": frame["piece"]})
