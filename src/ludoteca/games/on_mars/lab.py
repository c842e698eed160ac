"""Technology: taking tiles from the Tech Grid (Learn New Technology) and developing
them through the Lab (Research & Development), with the Lab spaces' benefits.

Lab geometry (stand-in sizes 2/3/2/3/2/1): a tile in column c, space i may move to
the adjacent spaces of column c+1 — from a 2-space column to spaces i and i+1 of a
3-space column, from a 3-space column to spaces i-1 and i of a 2-space column, and
from any column to the single space of column 6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.payment import can_pay, cost_units
from ludoteca.games.on_mars.rules import contribute, gain, queue_payment
from ludoteca.games.on_mars.turn_order import benefit_frames

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

SHELTER_TECH = "shelter"


def grid_cost(state: OnMarsState, space: int) -> dict[str, int]:
    """Cost of the tile on grid space 0..7 (spaces run top row first)."""
    start = 0
    for _row, size, cost in state.om_game.components.tech_grid_rows:
        if space < start + size:
            return cost
        start += size
    raise ValueError(space)


def tile_type(tile: str) -> str:
    return tile.split(":", 1)[1] if ":" in tile else tile


def owned_types(state: OnMarsState, seat: int) -> set[str]:
    return {tile_type(t) for t in state.players[seat].lab}


def occupied(state: OnMarsState, seat: int, column: int) -> set[int]:
    return {space for col, space in state.players[seat].lab.values() if col == column}


def free_spaces(state: OnMarsState, seat: int, column: int) -> list[int]:
    size = state.om_game.components.lab[column].spaces
    taken = occupied(state, seat, column)
    return [i for i in range(size) if i not in taken]


def adjacent_next(state: OnMarsState, column: int, space: int) -> list[int]:
    lab = state.om_game.components.lab
    if column + 1 >= len(lab):
        return []
    here, there = lab[column].spaces, lab[column + 1].spaces
    if there == 1:
        return [0]
    candidates = [space, space + 1] if there > here else [space - 1, space]
    return [j for j in candidates if 0 <= j < there]


def takeable_grid(state: OnMarsState, seat: int) -> list[int]:
    """Grid spaces whose tile `seat` may take now (type not owned, affordable, Lab room)."""
    if not free_spaces(state, seat, 0):
        return []
    owned = owned_types(state, seat)
    storage = state.players[seat].storage
    return [
        i
        for i, t in enumerate(state.grid)
        if t is not None and tile_type(t) not in owned and can_pay(storage, cost_units(grid_cost(state, i)))
    ]


def developable(state: OnMarsState, seat: int, free: bool) -> list[str]:
    """Tiles of `seat` that can move one column right now (paying unless `free`)."""
    lab = state.om_game.components.lab
    storage = state.players[seat].storage
    result = []
    for tile, (col, space) in sorted(state.players[seat].lab.items()):
        targets = [j for j in adjacent_next(state, col, space) if j in free_spaces(state, seat, col + 1)]
        if targets and (free or can_pay(storage, cost_units(lab[col + 1].enter_cost))):
            result.append(tile)
    return result


def type_index(state: OnMarsState, tile: str) -> int:
    types = state.om_game.components.tech_types
    return len(types) if tile == SHELTER_TECH else types.index(tile_type(tile))


def tile_of_type(state: OnMarsState, seat: int, index: int) -> str:
    types = state.om_game.components.tech_types
    for tile in state.players[seat].lab:
        if (tile == SHELTER_TECH) == (index == len(types)) and (
            tile == SHELTER_TECH or tile_type(tile) == types[index]
        ):
            return tile
    raise KeyError(index)


def lab_benefit(state: OnMarsState, seat: int, column: int, space: int) -> None:
    """Take the one-time benefit printed on a Lab space, if any."""

    benefit = state.om_game.components.lab[column].benefits.get(space)
    if benefit in ("crystal", "mineral"):
        gain(state, seat, benefit, 1)
    elif benefit is not None:
        push(state, *benefit_frames(state, seat, benefit))


class _Learn(Decision):
    """Take a tile from the Tech Grid: `{"seat", "left", "optional"}`."""

    kind = "learn"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        options = [BASE["grid"] + i for i in takeable_grid(state, frame["seat"])]
        if options and frame.get("optional"):
            options.append(BASE["skip"])
        return options

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, space = frame["seat"], action - BASE["grid"]
        tile = state.grid[space]
        assert tile is not None
        state.grid[space] = None
        later: list[Frame] = []
        if frame["left"] > 1:
            later.append({"k": "learn", "seat": seat, "left": frame["left"] - 1, "optional": True})
        push(state, {"k": "lab_space", "seat": seat, "tile": tile, "column": 0, "from": -1}, *later)
        queue_payment(state, seat, grid_cost(state, space))
        contribute(state, seat, "techs_taken")


class _LabSpace(Decision):
    """Put `tile` on a free space of `column` (adjacent to `from` when developing)."""

    kind = "lab_space"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat, column = frame["seat"], frame["column"]
        free = free_spaces(state, seat, column)
        if frame["from"] >= 0:
            free = [j for j in adjacent_next(state, column - 1, frame["from"]) if j in free]
        return [BASE["lab_space"] + j for j in free]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, column, space = frame["seat"], frame["column"], action - BASE["lab_space"]
        state.players[seat].lab[frame["tile"]] = (column, space)
        lab_benefit(state, seat, column, space)


class _Develop(Decision):
    """Move one tile a column right: `{"seat", "left", "optional", "free"}`."""

    kind = "develop"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat = frame["seat"]
        options = sorted(
            BASE["develop"] + type_index(state, t) for t in developable(state, seat, frame["free"])
        )
        if options and frame.get("optional"):
            options.append(BASE["skip"])
        return options

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat = frame["seat"]
        tile = tile_of_type(state, seat, action - BASE["develop"])
        col, space = state.players[seat].lab[tile]
        later: list[Frame] = []
        if frame["left"] > 1:
            later.append({**frame, "left": frame["left"] - 1, "optional": True})
        push(state, {"k": "lab_space", "seat": seat, "tile": tile, "column": col + 1, "from": space}, *later)
        if not frame["free"]:
            queue_payment(state, seat, state.om_game.components.lab[col + 1].enter_cost)


def tech_level(state: OnMarsState, seat: int, kind: str) -> int:
    """Level of `seat`'s tech tile for `kind` (0: none). Levels are Lab columns 1..6."""
    for tile, (col, _) in state.players[seat].lab.items():
        if tile.split(":")[-1] == kind:
            return col + 1
    return 0


def tech_offer(state: OnMarsState, seat: int, kind: str) -> list[int]:
    """Whose `kind` tile `seat` may use for an action that a tile only improves (Rover,
    Upgrade, bots tech): each other board's tile of a higher level than the seat's own
    (using it pays its owner 1 oxygen), and the seat's own tile (`use-tech <seat>`) or
    none (`skip`). A lower or equal tile of another seat is not offered: it would only pay
    its owner. With nothing better elsewhere the one option is taken without asking."""
    own = tech_level(state, seat, kind)
    better = [s for s in tech_seats(state) if s != seat and tech_level(state, s, kind) > own]
    keep = BASE["tech_owner"] + seat if own else BASE["skip"]
    return sorted([*(BASE["tech_owner"] + s for s in better), keep])


def offered_level(state: OnMarsState, seat: int, kind: str, action: int) -> int:
    """Apply a `tech_offer` choice: the level gained (another seat's tile is lent)."""
    if action == BASE["skip"]:
        return 0
    owner = action - BASE["tech_owner"]
    if owner != seat:
        lend(state, owner, kind)
    return tech_level(state, owner, kind)


def tech_seats(state: OnMarsState) -> range:
    """Every board whose tech tiles may be used (lent): in the solo game Lacerda's too."""
    return range(len(state.players))


def lend(state: OnMarsState, owner: int, kind: str) -> None:
    """Another seat used `owner`'s `kind` tech tile: the owner takes 1 oxygen now and may
    develop that tile for free at the end of the turn (returning the oxygen). Lacerda
    (solo: the board after the seats) never holds resources: his oxygen stays in the supply."""
    if owner < state.n:
        gain(state, owner, "oxygen", 1)
    tile = next(t for t in state.players[owner].lab if tile_type(t) == kind)
    state.counters[f"lent:{owner}:{tile}"] = 1


class _LendDevelop(Decision):
    kind = "lend_develop"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat, tile = frame["seat"], frame["tile"]
        if tile not in developable(state, seat, free=True):
            return []
        return [BASE["skip"], BASE["develop"] + type_index(state, tile)]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, tile = frame["seat"], frame["tile"]
        player = state.players[seat]
        player.storage["oxygen"] = max(0, player.storage["oxygen"] - 1)
        col, space = player.lab[tile]
        push(state, {"k": "lab_space", "seat": seat, "tile": tile, "column": col + 1, "from": space})
