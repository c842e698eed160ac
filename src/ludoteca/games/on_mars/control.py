"""Control Center (rules 5.3): 2 MP for the bots and 2 MP for the rover, +1 MP per
Depot crystal spent, + the level of a Rover Tech for the rover. The steps are then taken
in any order (`movement.move_frame` holds both budgets).

Setting a movement up is a chain of frames carrying the budgets so far
(`bots_mp`, `rover_mp`) and the pieces still to set up (`rest`): per piece, the Depot
crystals spent (`cc_crystals`), then whose tech tile to use (`movement_tech`: using
another seat's tile is optional and pays its owner 1 oxygen, `lab.tech_offer`).

Ludoteca stand-in (not official): the 8th tech type, `pd_tech_bots`, adds its level to
the bots' movement the same way (proposed_design.md §6; the printed 8th tile's effect
is unpublished)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.lab import offered_level, tech_offer
from ludoteca.games.on_mars.movement import move_frame

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

BASE_MP = 2
MOVEMENT_TECH = {"rover": "rover", "bots": "pd_tech_bots"}  # piece -> the tech that speeds it


def can_control(state: OnMarsState, seat: int) -> bool:
    return True  # the rover can always move somewhere from the centre of a 91-hex map


def start_control(state: OnMarsState, seat: int) -> None:
    """The Control Center: set up the bots (if any are on the map), then the rover."""
    pieces = (["bots"] if state.players[seat].bots else []) + ["rover"]
    start_movement(state, seat, pieces)


def start_movement(state: OnMarsState, seat: int, pieces: list[str], base: int = BASE_MP) -> None:
    """Set up `pieces` (each with `base` MP, crystals and tech), then move them."""
    push(state, setup_frame("cc_crystals", seat, pieces, {"bots_mp": 0, "rover_mp": 0}, base))


def rover_tech_frame(seat: int, mp: int) -> Frame:
    """Move the rover `mp` MP plus the level of the Rover Tech the seat chooses to use."""
    return setup_frame("movement_tech", seat, ["rover"], {"bots_mp": 0, "rover_mp": mp}, 0)


def setup_frame(kind: str, seat: int, pieces: list[str], mp: dict[str, int], base: int) -> Frame:
    return {"k": kind, "seat": seat, "piece": pieces[0], "rest": pieces[1:], "base": base, **mp}


def next_setup(state: OnMarsState, frame: Frame, add: int) -> None:
    """`add` MP for the frame's piece; then the next piece, or the movement itself."""
    mp = {"bots_mp": frame["bots_mp"], "rover_mp": frame["rover_mp"]}
    mp[f"{frame['piece']}_mp"] += add
    if frame["k"] == "cc_crystals":
        pieces = [frame["piece"], *frame["rest"]]
        push(state, setup_frame("movement_tech", frame["seat"], pieces, mp, frame["base"]))
    elif frame["rest"]:
        push(state, setup_frame("cc_crystals", frame["seat"], frame["rest"], mp, frame["base"]))
    elif mp["bots_mp"] or mp["rover_mp"]:
        push(state, move_frame(frame["seat"], mp["bots_mp"], mp["rover_mp"]))


class _Crystals(Decision):
    """Spend Depot crystals for extra movement points for `piece` (on top of `base`)."""

    kind = "cc_crystals"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["crystals"] + k for k in range(min(state.players[frame["seat"]].depot, 8) + 1)]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        k = action - BASE["crystals"]
        state.players[frame["seat"]].depot -= k
        next_setup(state, frame, frame["base"] + k)


class _MovementTech(Decision):
    """Use a tech tile that adds its level to `piece`'s MP: the seat's own, another seat's
    of a higher level (its owner takes 1 oxygen), or none."""

    kind = "movement_tech"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return tech_offer(state, frame["seat"], MOVEMENT_TECH[frame["piece"]])

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        next_setup(state, frame, offered_level(state, frame["seat"], MOVEMENT_TECH[frame["piece"]], action))
