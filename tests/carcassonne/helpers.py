"""Small helpers shared by the Carcassonne tests: short games built from records, and
the tile geometry of docs/carcassonne.md (section 1) written out independently of the engine."""

from __future__ import annotations

from typing import Any

import ludoteca
from ludoteca.core.record import RECORD_FORMAT, replay
from ludoteca.games.carcassonne.state import CarcassonneState

SIDES = "NESW"
THIRDS = tuple(f"{side}{i}" for side in SIDES for i in range(3))  # N0, N1, ..., W2
ROTATIONS = (0, 90, 180, 270)


def turn_side(side: str, degrees: int) -> str:
    """The board side a listed side ends on when the tile is turned `degrees` clockwise."""
    return SIDES[(SIDES.index(side) + degrees // 90) % 4]


def turn_third(third: str, degrees: int) -> str:
    """A third keeps its index when turned: N0 at r90 is E0."""
    return turn_side(third[0], degrees) + third[1]


def turn_edges(edges: str, degrees: int) -> str:
    """Board edge letters (N, E, S, W) of a tile listed with `edges`, turned `degrees`."""
    board = dict(zip((turn_side(s, degrees) for s in SIDES), edges, strict=True))
    return "".join(board[s] for s in SIDES)


def spot_names(raw_feature: dict[str, Any], degrees: int) -> tuple[str, list[str]]:
    """(canonical name, every accepted name) of a raw `tiles.json` feature turned `degrees`.

    The canonical name uses the first side (N, E, S, W) or third (N0, N1, ..., W2).
    """
    kind = raw_feature["type"]
    if kind == "monastery":
        return "monastery", ["monastery"]
    if kind == "field":
        thirds = sorted((turn_third(t, degrees) for t in raw_feature["segments"]), key=THIRDS.index)
        names = [f"field {t}" for t in thirds] or ["field inner"]
    else:
        sides = sorted((turn_side(s, degrees) for s in raw_feature["sides"]), key=SIDES.index)
        names = [f"{kind} {s}" for s in sides]
    return names[0], names


def record(bag: list[str], actions: list[str], players: int = 2) -> dict[str, Any]:
    """A `ludoteca-record/1` record of a short game whose bag holds exactly `bag`."""
    return {
        "format": RECORD_FORMAT,
        "game": "carcassonne",
        "options": {"players": players, "bag": list(bag)},
        "actions": list(actions),
    }


def play(bag: list[str], actions: list[str], players: int = 2) -> CarcassonneState:
    """Replay `actions` on a game whose bag holds exactly `bag` (the start tile is extra)."""
    state = replay(record(bag, actions, players))
    assert isinstance(state, CarcassonneState)
    return state


def new_state(bag: list[str], players: int = 2) -> CarcassonneState:
    """The initial state of a game whose bag holds exactly `bag`."""
    state = ludoteca.load_game("carcassonne", players=players, bag=list(bag)).new_initial_state()
    assert isinstance(state, CarcassonneState)
    return state


def do_turn(state: CarcassonneState, tile: str, place: str, meeple: str = "skip") -> CarcassonneState:
    """Play one whole turn on `state` (see `turn`) and return it."""
    for text in turn(tile, place, meeple):
        state.apply_string(text)
    return state


def turn(tile: str, place: str, meeple: str = "skip") -> list[str]:
    """The three actions of one turn: `draw <tile>`, `place <place>`, then `meeple ...` or `skip`."""
    return [f"draw {tile}", f"place {place}", meeple if meeple == "skip" else f"meeple {meeple}"]


def log(state: CarcassonneState) -> list[tuple[int, str, int, list[int], int, bool]]:
    """The scoring log as (turn, kind, points, seats, tiles, final) tuples."""
    return [(e["turn"], e["kind"], e["points"], e["seats"], e["tiles"], e["final"])
            for e in state.scoring_log()]


def region_of(state: CarcassonneState, kind: str, x: int, y: int) -> dict[str, Any]:
    """The board-level region of `kind` covering (x, y), from `full_state()` (must be unique)."""
    found = [r for r in state.full_state()["regions"] if r["kind"] == kind and (x, y) in r["tiles"]]
    assert len(found) == 1, found
    return found[0]
