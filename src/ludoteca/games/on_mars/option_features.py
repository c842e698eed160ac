"""On Mars's option features: one row of `OnMarsOptionFeatures.width` floats per legal option.

After the common `bias`, `index`, `count` columns (`ludoteca.core.option_columns`):

| columns | content |
| --- | --- |
| `range_<range>` | one-hot of the option's action range (*), `range_other` |
| `number` | the option's index within its range / max(1, size - 1) (**) |
| `main_<action>` | which main action (`actions.MAIN_ACTIONS`, `landing_pod` .. `hire_scientist_...`) |
| `res_<resource>` | the resource taken, paid or gained (***) |
| `build_<building>` | the building constructed (`mine` .. `shelter`) |
| `tech_<type>` | the tech tile developed (`mine` .. `pd_tech_bots`, `shelter`) |
| `hex_q`, `hex_r` | the hex of a placement (`hex`) or of the moved piece (`step`), axial / 5 |
| `hex_centre` | that hex's distance from the centre / 5 |
| `hex_building`, `hex_shelter_own`, `hex_crystal` | a building there; the seat's own Shelter; a crystal |
| `dir_0` .. `dir_5` | a step's direction (`board.DIRECTIONS` order) |
| `dest_building` | a building stands on the step's destination |

(*) the ranges of `actions.RANGES` that a seat decides (all but `draw_*` and
`lacerda_tie`): `space`, `shuttle_side`, `main`, `skip`, `warehouse`, ...,
`exploration`.
(**) which turn-order space, blueprint, contract, number of colonists boosted, of
crystals spent, ...
(***) `mineral`, `battery`, `water`, `plant`, `oxygen`; the warehouse's `crystal` and
the extra payment's `crystal` and `colonist` too.

Read from the action id (`actions.decode`), the components and the public map
(`buildings`, `crystals`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.option_columns import OptionColumns, one_hot_names, scaled
from ludoteca.core.prompt import Option
from ludoteca.games.on_mars.actions import EXTRA_PAY, MAIN_ACTIONS, RANGES, SIZE, WAREHOUSE_ITEMS, decode
from ludoteca.games.on_mars.board import DIRECTIONS, distance, map_hexes
from ludoteca.games.on_mars.components import BUILDINGS, RESOURCES, load_components

if TYPE_CHECKING:
    from ludoteca.core.api import State
    from ludoteca.games.on_mars.game import OnMarsGame

CHANCE_PREFIX = "draw_"
CHANCE_RANGES = frozenset({"lacerda_tie"})
DECIDED = tuple(name for name, _ in RANGES
                if not name.startswith(CHANCE_PREFIX) and name not in CHANCE_RANGES)
RESOURCE_NAMES = tuple(dict.fromkeys((*RESOURCES, *WAREHOUSE_ITEMS, *EXTRA_PAY)))
RESOURCE_RANGES = {"warehouse": WAREHOUSE_ITEMS, "pay": RESOURCES, "gain": RESOURCES, "extra": EXTRA_PAY}
RADIUS = 5.0


def _tech_types() -> tuple[str, ...]:
    return (*load_components().tech_types, "shelter")


def _own() -> tuple[str, ...]:
    return (*one_hot_names("range", (*DECIDED, "other")), "number", *one_hot_names("main", MAIN_ACTIONS),
            *one_hot_names("res", RESOURCE_NAMES), *one_hot_names("build", BUILDINGS),
            *one_hot_names("tech", _tech_types()), "hex_q", "hex_r", "hex_centre", "hex_building",
            "hex_shelter_own", "hex_crystal", *(f"dir_{d}" for d in range(len(DIRECTIONS))), "dest_building")


class OnMarsOptionFeatures(OptionColumns):
    """See the module docstring."""

    def __init__(self, game: OnMarsGame) -> None:
        super().__init__(_own())
        self.game = game
        c = self.column
        self._range = {name: c[f"range_{name}"] for name in DECIDED}
        self._hexes = map_hexes()
        self._res = {name: c[f"res_{name}"] for name in RESOURCE_NAMES}
        self._tech = _tech_types()
        self._static: dict[int, tuple[tuple[int, float], ...]] = {}  # action id -> its fixed columns
        self._where: dict[int, tuple[str, int]] = {}  # action id of a hex/step option -> (range, index)

    def write(self, state: State, option: Option, row: list[float]) -> None:
        action = option.action
        static = self._static.get(action)
        if static is None:
            static = self._static[action] = self._static_columns(action)
        for column, value in static:
            row[column] = value
        name, index = self._where.get(action, ("", 0))
        if name:
            self._hex(state, name, index, row)

    def _static_columns(self, action: int) -> tuple[tuple[int, float], ...]:
        """The columns that depend on the action id alone (computed once per id)."""
        c = self.column
        name, index = decode(action)
        out = {self._range.get(name, c["range_other"]): 1.0, c["number"]: index / max(1, SIZE[name] - 1)}
        if name == "main":
            out[c[f"main_{MAIN_ACTIONS[index]}"]] = 1.0
        elif name in RESOURCE_RANGES:
            items = RESOURCE_RANGES[name]
            if index < len(items):
                out[self._res[items[index]]] = 1.0
        elif name == "build" and index < len(BUILDINGS):
            out[c[f"build_{BUILDINGS[index]}"]] = 1.0
        elif name == "develop" and index < len(self._tech):
            out[c[f"tech_{self._tech[index]}"]] = 1.0
        elif name in ("hex", "step"):
            q, r = self._hexes[index if name == "hex" else index // 6]
            out[c["hex_q"]] = scaled(q, RADIUS)
            out[c["hex_r"]] = scaled(r, RADIUS)
            out[c["hex_centre"]] = scaled(distance((q, r), (0, 0)), RADIUS)
            if name == "step":
                out[c[f"dir_{index % 6}"]] = 1.0
            self._where[action] = (name, index)
        return tuple(out.items())

    def _hex(self, state: State, name: str, index: int, row: list[float]) -> None:
        """The map columns of a `hex` or `step` option (they read the state)."""
        c = self.column
        where = self._hexes[index if name == "hex" else index // 6]
        buildings = getattr(state, "buildings", {})
        building = buildings.get(where)
        if building is not None:
            row[c["hex_building"]] = 1.0
            own = building.kind == "shelter" and building.owner == state.current_player()
            row[c["hex_shelter_own"]] = float(own)
        row[c["hex_crystal"]] = float(where in getattr(state, "crystals", ()))
        if name == "step":
            d = DIRECTIONS[index % 6]
            row[c["dest_building"]] = float((where[0] + d[0], where[1] + d[1]) in buildings)


def make_option_features(game: OnMarsGame) -> OnMarsOptionFeatures:
    return OnMarsOptionFeatures(game)


__all__ = ["OnMarsOptionFeatures", "make_option_features"]
