"""The Tharsis map (`data/tharsis.json`) and the tile placement rules.

Spaces are numbered 0..62 in the order of their printed ids `01`..`63`: `01`
Ganymede Colony and `02` Phobos Space Haven are off the map, `03`..`63` are the 61
Mars spaces row by row, left to right (rows of 5, 6, 7, 8, 9, 8, 7, 6, 5). Notation
names a space by its two-digit id (`place 35`).

The state keeps two lists of 63 ints: the tile kind on each space (`constants.TILES`)
and its owner (a seat, `NEUTRAL`, or -1 for nobody: oceans and empty spaces).
`legal_spaces` answers "where may this seat put this tile under this rule?".
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ludoteca.games.terraforming_mars.cards import TMDataError
from ludoteca.games.terraforming_mars.constants import (
    CITY_TILES,
    EMPTY,
    GREENERY,
    NR,
    OCEAN,
    PLANTS,
    RESOURCE_INDEX,
    STEEL,
    TITANIUM,
)

LAND, OCEAN_SPACE, RESERVED, OFF_MAP = "land", "ocean_reserved", "reserved_named", "off_map"
SPACE_TYPES = (LAND, OCEAN_SPACE, RESERVED, OFF_MAP)
ROW_LENGTHS = (5, 6, 7, 8, 9, 8, 7, 6, 5)
N_SPACES = 2 + sum(ROW_LENGTHS)  # 63: two off the map, then Mars (sizes `actions.PLACE`)
OCEAN_BONUS_MC = 2


@dataclass(frozen=True, slots=True)
class Space:
    index: int
    id: str
    name: str
    kind: str
    row: int  # 1..9 (0 off the map)
    pos: int
    volcanic: bool
    bonus: tuple[int, ...]  # resources gained, by resource index
    bonus_cards: int
    neighbors: tuple[int, ...]

    @property
    def on_mars(self) -> bool:
        return self.kind != OFF_MAP


@dataclass(frozen=True, slots=True)
class MarsMap:
    spaces: tuple[Space, ...]
    by_id: dict[str, int]
    land: tuple[int, ...]  # free-for-all land spaces (volcanic included, Noctis City excluded)
    oceans: tuple[int, ...]  # ocean-reserved spaces
    volcanic: tuple[int, ...]
    named: dict[str, int]  # noctis_city, phobos_space_haven, ganymede_colony
    neighbors: tuple[tuple[int, ...], ...]  # per space, for speed
    land_set: frozenset[int] = frozenset()
    on_mars: tuple[bool, ...] = ()  # per space, for speed

    def space_id(self, index: int) -> str:
        return self.spaces[index].id


def _snake(name: str) -> str:
    return name.lower().replace(" ", "_")


@cache
def tharsis() -> MarsMap:
    text = resources.files(__package__).joinpath("data/tharsis.json").read_text(encoding="utf-8")
    raw = json.loads(text)["spaces"]
    ids = [s["id"] for s in raw]
    if ids != [f"{i:02d}" for i in range(1, len(raw) + 1)] or len(raw) != N_SPACES:
        raise TMDataError(f"tharsis.json must list the spaces 01..{N_SPACES} in order")
    by_id = {sid: i for i, sid in enumerate(ids)}
    spaces = []
    for i, s in enumerate(raw):
        if s["type"] not in SPACE_TYPES:
            raise TMDataError(f"space {s['id']}: unknown type {s['type']!r}")
        bonus = [0] * NR
        cards = 0
        for name, n in s.get("bonus", {}).items():
            if name == "cards":
                cards += n
            elif name in RESOURCE_INDEX:
                bonus[RESOURCE_INDEX[name]] += n
            else:
                raise TMDataError(f"space {s['id']}: unknown bonus {name!r}")
        neighbors = tuple(by_id[n] for n in s.get("neighbors", []))
        spaces.append(Space(i, s["id"], s.get("name", ""), s["type"], s.get("row", 0), s.get("pos", 0),
                            bool(s.get("volcanic")), tuple(bonus), cards, neighbors))
    for sp in spaces:  # adjacency must be symmetric
        for n in sp.neighbors:
            if sp.index not in spaces[n].neighbors:
                raise TMDataError(f"spaces {sp.id} and {spaces[n].id}: adjacency is not symmetric")
    rows = [sum(1 for s in spaces if s.row == r) for r in range(1, 10)]
    if tuple(rows) != ROW_LENGTHS:
        raise TMDataError(f"Tharsis rows must have {ROW_LENGTHS} spaces, got {rows}")
    named = {_snake(s.name): s.index for s in spaces if s.kind in (RESERVED, OFF_MAP)}
    return MarsMap(
        spaces=tuple(spaces), by_id=by_id,
        land=tuple(s.index for s in spaces if s.kind == LAND),
        oceans=tuple(s.index for s in spaces if s.kind == OCEAN_SPACE),
        volcanic=tuple(s.index for s in spaces if s.volcanic), named=named,
        neighbors=tuple(s.neighbors for s in spaces),
        land_set=frozenset(s.index for s in spaces if s.kind == LAND),
        on_mars=tuple(s.on_mars for s in spaces))


def legal_spaces(mars: MarsMap, tiles: list[int], owner: list[int], seat: int, where: str,
                 claims: list[int] | None = None) -> tuple[int, ...]:
    """Empty spaces where `seat` may place a tile under placement rule `where`."""
    nbrs = mars.neighbors
    if where == "ocean_space":
        return tuple(s for s in mars.oceans if tiles[s] == EMPTY)
    if where in mars.named:
        s = mars.named[where]
        return (s,) if tiles[s] == EMPTY else ()
    pool = mars.volcanic if where == "volcanic" else mars.land
    free = [s for s in pool if tiles[s] == EMPTY and (claims is None or claims[s] < 0 or claims[s] == seat)]
    if where in ("land", "volcanic"):
        return tuple(free)
    if where == "greenery_rules":
        near_mine = {n for s, o in enumerate(owner) if o == seat for n in nbrs[s]}
        mine = [s for s in free if s in near_mine]
        return tuple(mine or free)
    if where in ("city_rules", "adjacent_to_city", "adjacent_to_2_cities"):
        touching: dict[int, int] = {}
        for s, k in enumerate(tiles):
            if k in CITY_TILES:
                for n in nbrs[s]:
                    touching[n] = touching.get(n, 0) + 1
        if where == "city_rules":
            return tuple(s for s in free if s not in touching)
        least = 1 if where == "adjacent_to_city" else 2
        return tuple(s for s in free if touching.get(s, 0) >= least)
    if where == "isolated":
        near = {n for s, k in enumerate(tiles) if k for n in nbrs[s]}
        return tuple(s for s in free if s not in near)
    if where == "adjacent_to_greenery":
        near = {n for s, k in enumerate(tiles) if k == GREENERY for n in nbrs[s]}
        return tuple(s for s in free if s in near)
    if where.startswith("steel_or_titanium_bonus"):
        out = [s for s in free if mars.spaces[s].bonus[STEEL] or mars.spaces[s].bonus[TITANIUM]]
        if where.endswith("adjacent_to_own_tile"):
            out = [s for s in out if any(owner[n] == seat and tiles[n] != OCEAN for n in nbrs[s])]
        return tuple(out)
    raise ValueError(f"unknown placement rule {where!r}")


def bonus_text(space: Space) -> str:
    counts = (("steel", space.bonus[STEEL]), ("titanium", space.bonus[TITANIUM]),
              ("plants", space.bonus[PLANTS]), ("cards", space.bonus_cards))
    parts = [f"{n} {name}" for name, n in counts if n]
    return ", ".join(parts)
