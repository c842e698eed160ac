"""The effect vocabulary of the data files, compiled into stack-task tuples.

| JSON                                        | effect                                           |
| ------------------------------------------- | ------------------------------------------------ |
| `{"op": "gain_die", "colour": C, "n": N}`   | take N dice of colour C, roll them (C = `any`:   |
|                                             | the white die, a colour is chosen for each)      |
| `{"op": "gain_dice_one_colour", "n": N}`    | choose one colour, take and roll N dice of it    |
| `{"op": "gain_face", "resource": R, "n": N}`| take N dice of R's colour, set to face R         |
| `{"op": "gain_wild", "n": N}`               | N wild tokens                                    |
| `{"op": "gain_vp", "n": N}`                 | N VP on the track now                            |
| `{"op": "draw", "n": N}`                    | draw N project cards                             |
| `{"op": "raise", "parameter": P, "n": N}`   | N steps of temperature or oxygen                 |
| `{"op": "place", "tile": T}`                | place an ocean, forest, city or special tile     |
| `{"op": "turn_die"}`                        | turn one of your dice (may be skipped)           |
| `{"op": "opponents_lose", "resource": R}`   | each opponent loses a die showing R, if any      |

Cost icons are resource ids, `any_<colour>` (the coloured "?") or `any` (the white "?").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.games.tm_dice.dice import ANY, ANY_COLOUR, ANY_OF, sort_icons
from ludoteca.games.tm_dice.tasks import (
    OP_DRAW,
    OP_GAIN_DICE_ONE_COLOUR,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_GAIN_VP,
    OP_GAIN_WILD,
    OP_OPPONENTS_LOSE,
    OP_PLACE,
    OP_RAISE,
    OP_TURN_DIE,
    OXYGEN,
    TEMPERATURE,
    TILES,
)

Op = tuple[int, ...]
Ops = tuple[Op, ...]

OP_NAMES = {
    "gain_die": OP_GAIN_DIE, "gain_dice_one_colour": OP_GAIN_DICE_ONE_COLOUR, "gain_face": OP_GAIN_FACE,
    "gain_wild": OP_GAIN_WILD, "gain_vp": OP_GAIN_VP, "draw": OP_DRAW, "raise": OP_RAISE,
    "place": OP_PLACE, "turn_die": OP_TURN_DIE, "opponents_lose": OP_OPPONENTS_LOSE,
}
RAISABLE = {"temperature": TEMPERATURE, "oxygen": OXYGEN}
PARAMETER_IDS = {code: name for name, code in RAISABLE.items()}
OP_IDS = {code: name for name, code in OP_NAMES.items()}


def op_id(op: Op, colours: Sequence[str], resources: Sequence[str]) -> str:
    """An effect's language-neutral id, from the data's words: its op, then its arguments
    joined by ':', e.g. `raise:temperature:1`, `gain_die:any:1`, `place:city`, `turn_die`."""
    code = op[0]
    args: list[object]
    if code == OP_GAIN_DIE:
        args = ["any" if op[1] == ANY_COLOUR else colours[op[1]], op[2]]
    elif code == OP_GAIN_FACE:
        args = [resources[op[1]], op[2]]
    elif code == OP_OPPONENTS_LOSE:
        args = [resources[op[1]]]
    elif code == OP_RAISE:
        args = [PARAMETER_IDS[op[1]], op[2]]
    elif code == OP_PLACE:
        args = [TILES[op[1]]]
    elif code == OP_TURN_DIE:
        args = []
    else:  # gain_dice_one_colour, gain_wild, gain_vp, draw: a count
        args = [op[1]]
    return ":".join([OP_IDS[code], *map(str, args)])


class ContentDataError(LudotecaError):
    """The packaged component data breaks one of the format's rules."""


class OpCompiler:
    """Turns JSON effects and costs into tuples, with the colour and resource ids of the dice."""

    def __init__(self, colours: list[str], resources: list[str]) -> None:
        self.colours = colours
        self.resources = resources
        self.colour_index = {c: i for i, c in enumerate(colours)}
        self.resource_index = {r: i for i, r in enumerate(resources)}

    def _n(self, raw: dict[str, Any], where: str) -> int:
        n = raw.get("n", 1)
        if type(n) is not int or n < 1:
            raise ContentDataError(f"{where}: 'n' must be a positive integer, got {n!r}")
        return n

    def _resource(self, name: object, where: str) -> int:
        if name not in self.resource_index:
            raise ContentDataError(
                f"{where}: unknown resource {name!r}; resources: {', '.join(self.resources)}")
        return self.resource_index[name]

    def op(self, raw: object, where: str) -> Op:
        if not isinstance(raw, dict) or raw.get("op") not in OP_NAMES:
            raise ContentDataError(
                f"{where}: an effect must be an object with 'op' one of {', '.join(OP_NAMES)}")
        code = OP_NAMES[raw["op"]]
        if code == OP_GAIN_DIE:
            colour = raw.get("colour")
            if colour == "any":
                return (code, ANY_COLOUR, self._n(raw, where))
            if colour not in self.colour_index:
                raise ContentDataError(
                    f"{where}: gain_die needs a colour of {', '.join(self.colours)} or any")
            return (code, self.colour_index[colour], self._n(raw, where))
        if code in (OP_GAIN_DICE_ONE_COLOUR, OP_GAIN_WILD, OP_GAIN_VP, OP_DRAW):
            return (code, self._n(raw, where))
        if code == OP_GAIN_FACE:
            return (code, self._resource(raw.get("resource"), where), self._n(raw, where))
        if code == OP_OPPONENTS_LOSE:
            return (code, self._resource(raw.get("resource"), where))
        if code == OP_RAISE:
            if raw.get("parameter") not in RAISABLE:
                raise ContentDataError(
                    f"{where}: raise needs parameter temperature or oxygen (oceans: place)")
            return (code, RAISABLE[raw["parameter"]], self._n(raw, where))
        if code == OP_PLACE:
            if raw.get("tile") not in TILES[1:]:
                raise ContentDataError(f"{where}: place needs tile ocean, forest, city or special")
            return (code, TILES.index(raw["tile"]))
        return (code, 1)  # turn_die: optional

    def compile(self, raw: object, where: str) -> Ops:
        if not isinstance(raw, list):
            raise ContentDataError(f"{where}: effects must be a list")
        return tuple(self.op(r, where) for r in raw)

    def icon(self, name: object, where: str) -> int:
        if name == "any":
            return ANY
        if isinstance(name, str) and name.startswith("any_") and name[4:] in self.colour_index:
            return ANY_OF + self.colour_index[name[4:]]
        return self._resource(name, where)

    def cost(self, raw: object, where: str) -> tuple[int, ...]:
        if not isinstance(raw, list):
            raise ContentDataError(f"{where}: a cost must be a list of icons")
        return sort_icons([self.icon(r, where) for r in raw])

    # ------------------------------------------------------------ text
    def icon_text(self, icon: int) -> str:
        if icon == ANY:
            return "any"
        if icon >= ANY_OF:
            return f"any {self.colours[icon - ANY_OF]}"
        return self.resources[icon]

    def op_text(self, op: Op) -> str:
        code = op[0]
        if code == OP_GAIN_DIE:
            colour = "white (any colour)" if op[1] == ANY_COLOUR else self.colours[op[1]]
            return f"gain {op[2]} {colour} {'die' if op[2] == 1 else 'dice'}"
        if code == OP_GAIN_DICE_ONE_COLOUR:
            return f"gain {op[1]} dice of one colour"
        if code == OP_GAIN_FACE:
            return f"gain {op[2]} {self.resources[op[1]]}"
        if code == OP_GAIN_WILD:
            return f"gain {op[1]} wild {'token' if op[1] == 1 else 'tokens'}"
        if code == OP_GAIN_VP:
            return f"{op[1]} VP"
        if code == OP_DRAW:
            return f"draw {op[1]} {'card' if op[1] == 1 else 'cards'}"
        if code == OP_RAISE:
            return f"raise {('temperature', 'oxygen')[op[1]]} {op[2]}"
        if code == OP_PLACE:
            return f"place {'an' if op[1] == 1 else 'a'} {TILES[op[1]]}"
        if code == OP_TURN_DIE:
            return "turn one of your dice"
        return f"each opponent loses 1 {self.resources[op[1]]}"

    def ops_text(self, ops: Ops) -> str:
        return "; ".join(self.op_text(op) for op in ops)
