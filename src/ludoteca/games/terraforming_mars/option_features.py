"""Terraforming Mars's option features: one row of `TMOptionFeatures.width` floats per legal option.

After the common `bias`, `index`, `count` columns (`ludoteca.core.option_columns`):

| columns | content |
| --- | --- |
| `verb_<verb>` | one-hot of the option's verb (*), `verb_other` |
| `number` | the option's index within its verb's range / max(1, size - 1) (which card, space, ...) |
| `card_cost` | printed cost of the option's card / 40 (card verbs) |
| `card_price` | what the deciding seat would pay after discounts (payload `price`, else cost) / 40 |
| `card_automated`, `card_active`, `card_event`, `card_corporation` | the card's type (one-hot) |
| `tag_<tag>` | the card's tags (`building` .. `city`), each count / 2 |
| `card_vp` | the card scores victory points |
| `card_requirements` | number of requirements / 3 |
| `card_resources` | resources on the card (`use`, `target`) / 10 |
| `card_actions` | the card has an action (blue card) |
| `project_<name>` | which standard project (`sell_patents` .. `city`) |
| `convert_plants`, `convert_heat` | which conversion |
| `goal_index` | the milestone (`claim`) or award (`fund`) / 4 |
| `row`, `pos` | a placement's space: map row / 9, position in the row / 9 |
| `space_ocean`, `space_reserved`, `space_volcanic`, `space_off_map` | the space's kind |
| `bonus_steel`, `bonus_titanium`, `bonus_plants`, `bonus_cards` | its placement bonus / 2 |
| `adjacent_tiles`, `adjacent_own` | tiles on the neighbouring spaces / 6; those the deciding seat owns / 6 |
| `pay_megacredits`, `pay_steel`, `pay_titanium`, `pay_heat` | a payment's parts (M€ / 40, the others / 10) |
| `amount` | X of `amount <x>` / 20 |
| `option_number` | k of `option <k>` / 8 |
| `player_self`, `player_other`, `player_neutral` | whom `player <seat>` names |
| `corporation_megacredits` | a corporation's starting M€ / 60 |

(*) the ranges of `actions.py` that a seat decides: `corporation`, `buy`, `reject`,
`play`, `use`, `project`, `convert`, `claim`, `fund`, `pass`, `end`, `done`, `yes`,
`no`, `option`, `player`, `nobody`, `target`, `sell`, `amount`, `place`, `pay`,
`discard`, `keep`, `draft`.

Read from the action id (`actions.decode`), the option's payload, the card and
map data, and the public map (`tiles`, `owner`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.option_columns import OptionColumns, one_hot_names, scaled
from ludoteca.core.prompt import Option
from ludoteca.games.terraforming_mars.actions import BASE, CONVERSIONS, NUM_ACTIONS, PROJECTS, decode
from ludoteca.games.terraforming_mars.board import OCEAN_SPACE, OFF_MAP, RESERVED
from ludoteca.games.terraforming_mars.constants import (
    ACTIVE,
    AUTOMATED,
    EMPTY,
    EVENT,
    NEUTRAL,
    PLANTS,
    STEEL,
    TAGS,
    TITANIUM,
)

if TYPE_CHECKING:
    from ludoteca.core.api import State
    from ludoteca.games.terraforming_mars.game import TerraformingMarsGame

VERBS = ("corporation", "buy", "reject", "play", "use", "project", "convert", "claim", "fund", "pass", "end",
         "done", "yes", "no", "option", "player", "nobody", "target", "sell", "amount", "place", "pay",
         "discard", "keep", "draft")
CARD_VERBS = frozenset({"buy", "reject", "play", "use", "target", "sell", "discard", "keep", "draft"})
TYPES = (AUTOMATED, ACTIVE, EVENT)
COST_SCALE = 40.0
SPACE_KINDS = {OCEAN_SPACE: "space_ocean", RESERVED: "space_reserved", OFF_MAP: "space_off_map"}
_BOUNDS = [*BASE.values(), NUM_ACTIONS]  # BASE lists the ranges in id order
#: verb -> number of ids in its range
SIZES = {verb: _BOUNDS[i + 1] - _BOUNDS[i] for i, verb in enumerate(BASE)}
OWN = (*one_hot_names("verb", (*VERBS, "other")), "number", "card_cost", "card_price",
       *one_hot_names("card", (*TYPES, "corporation")), *one_hot_names("tag", TAGS), "card_vp",
       "card_requirements", "card_resources", "card_actions", *one_hot_names("project", PROJECTS),
       *one_hot_names("convert", CONVERSIONS), "goal_index", "row", "pos", "space_ocean", "space_reserved",
       "space_volcanic", "space_off_map", "bonus_steel", "bonus_titanium", "bonus_plants", "bonus_cards",
       "adjacent_tiles", "adjacent_own", "pay_megacredits", "pay_steel", "pay_titanium", "pay_heat",
       "amount", "option_number", "player_self", "player_other", "player_neutral",
       "corporation_megacredits")


MAX_LISTS = 4096  # option lists whose static rows are kept
#: what of an option's row depends on the state or its payload, by verb (the rest is a
#: function of the action id: `TMOptionFeatures.static_row`)
_CARD, _CORPORATION, _PAY, _PLACE, _PLAYER = range(1, 6)
DYNAMIC = {**dict.fromkeys(CARD_VERBS, _CARD), "corporation": _CORPORATION, "pay": _PAY, "place": _PLACE,
           "player": _PLAYER}


class TMOptionFeatures(OptionColumns):
    """See the module docstring.

    A row is the action id's static row (verb, number, the card's or the space's data:
    `static_row`, made once per id and kept in a table) with the columns that depend on
    the state or the payload written over it (`dynamic`: a card's price and resources, a
    corporation's M€, a payment's parts, a space's neighbours, whom a player option
    names). `features` gathers the options' static rows from the table in one numpy
    step (and keeps them, with `index` and `count`, per list of ids: decisions recur)
    and writes only those columns; `write` (one row, the base's protocol) does the
    same on a list, so both give the same floats."""

    def __init__(self, game: TerraformingMarsGame) -> None:
        super().__init__(OWN)
        self.game = game
        c = self.column
        self._verb = {v: c[f"verb_{v}"] for v in VERBS}
        self._tag0 = c[f"tag_{TAGS[0]}"]
        # the static rows of the action ids met so far, in the order met (the table doubles when full)
        self._table = np.zeros((256, self.width), dtype=np.float32)
        #: action id -> (its DYNAMIC kind or 0, its argument, its row in `_table`)
        self._known: dict[int, tuple[int, int, int]] = {}
        #: the ids of a decision's options -> their static rows with `index` and `count` filled
        #: in, and the (row, kind, argument) of those with dynamic columns (decisions recur)
        self._lists: dict[tuple[int, ...], tuple[np.ndarray, list[tuple[int, int, int]]]] = {}
        self._neighbors = [space.neighbors for space in game.mars.spaces]
        self._price, self._resources = c["card_price"], c["card_resources"]
        self._pay = [c[f"pay_{part}"] for part in ("megacredits", "steel", "titanium", "heat")]
        self._adjacent = c["adjacent_tiles"], c["adjacent_own"]

    def features(self, state: State, options: Sequence[Option]) -> np.ndarray:
        n = len(options)
        if n == 0:
            return np.zeros((0, self.width), dtype=np.float32)
        ids = tuple([option.action for option in options])
        made = self._lists.get(ids)
        if made is None:
            made = self._static_list(ids)
        static, dynamic_rows = made
        matrix = static.copy()
        dynamic = self.dynamic
        for i, kind, arg in dynamic_rows:
            dynamic(state, options[i], kind, arg, matrix[i])
        return matrix

    def _static_list(self, ids: tuple[int, ...]) -> tuple[np.ndarray, list[tuple[int, int, int]]]:
        """The static rows of the options `ids` (in `_lists`, emptied when it grows large)."""
        known = self._known
        entries = [known.get(action) or self._learn(action) for action in ids]
        n = len(ids)
        static = self._table[[entry[2] for entry in entries]]
        static[:, 1] = np.arange(n) / max(1, n - 1)
        static[:, 2] = min(1.0, n / 100.0)
        dynamic_rows = [(i, kind, arg) for i, (kind, arg, _) in enumerate(entries) if kind]
        if len(self._lists) >= MAX_LISTS:
            self._lists.clear()
        made = self._lists[ids] = (static, dynamic_rows)
        return made

    def write(self, state: State, option: Option, row: list[float]) -> None:
        verb, arg = decode(option.action)
        self.static_row(verb, arg, row)
        kind = DYNAMIC.get(verb, 0)
        if kind:
            self.dynamic(state, option, kind, arg, row)

    def _learn(self, action: int) -> tuple[int, int, int]:
        verb, arg = decode(action)
        row = [0.0] * self.width
        row[0] = 1.0  # `bias`; `index` and `count` are the option list's
        self.static_row(verb, arg, row)
        at = len(self._known)
        if at == len(self._table):
            self._table = np.concatenate([self._table, np.zeros_like(self._table)])
        self._table[at] = row
        entry = self._known[action] = (DYNAMIC.get(verb, 0), arg, at)
        return entry

    def static_row(self, verb: str, arg: int, row: list[float]) -> None:
        """The columns that depend only on the action id (`verb`, `arg`)."""
        c = self.column
        row[self._verb.get(verb, c["verb_other"])] = 1.0
        row[c["number"]] = arg / max(1, SIZES[verb] - 1)
        if verb in CARD_VERBS:
            self._card(arg, row)
        elif verb == "corporation":
            row[c["card_corporation"]] = 1.0
        elif verb == "project":
            row[c[f"project_{PROJECTS[arg]}"]] = 1.0
        elif verb == "convert":
            row[c[f"convert_{CONVERSIONS[arg]}"]] = 1.0
        elif verb in ("claim", "fund"):
            row[c["goal_index"]] = scaled(arg, 4.0)
        elif verb == "place":
            self._space(arg, row)
        elif verb == "amount":
            row[c["amount"]] = scaled(arg, 20.0)
        elif verb == "option":
            row[c["option_number"]] = scaled(arg + 1, 8.0)

    def dynamic(self, state: State, option: Option, kind: int, arg: int, row: Any) -> None:
        """The columns of a `kind` (`DYNAMIC`) option that its payload or the state give,
        written over its static `row` (a list or a numpy row)."""
        payload = option.payload
        if kind == _PLACE:
            tiles, owner = getattr(state, "tiles", None), getattr(state, "owner", None)
            if tiles is not None and owner is not None:
                seat = state.current_player()
                near = own = 0
                for n in self._neighbors[arg]:
                    if tiles[n] != EMPTY:
                        near += 1
                        own += owner[n] == seat
                row[self._adjacent[0]] = scaled(near, 6.0)
                row[self._adjacent[1]] = scaled(own, 6.0)
        elif kind == _CARD:
            price = payload.get("price")
            if isinstance(price, int):  # else the static row's printed cost stands
                row[self._price] = scaled(price, COST_SCALE)
            if "resources" in payload:
                row[self._resources] = scaled(payload["resources"], 10.0)
        elif kind == _CORPORATION:
            row[self.column["corporation_megacredits"]] = scaled(payload.get("megacredits", 0), 60.0)
        elif kind == _PAY:
            pay = self._pay
            row[pay[0]] = scaled(payload.get("megacredits", 0), COST_SCALE)
            row[pay[1]] = scaled(payload.get("steel", 0), 10.0)
            row[pay[2]] = scaled(payload.get("titanium", 0), 10.0)
            row[pay[3]] = scaled(payload.get("heat", 0), 10.0)
        elif kind == _PLAYER:
            c = self.column
            seat = state.current_player()
            name = "player_neutral" if arg == NEUTRAL else "player_self" if arg == seat else "player_other"
            row[c[name]] = 1.0

    def _card(self, index: int, row: list[float]) -> None:
        c = self.column
        card = self.game.cards[index]
        row[c["card_cost"]] = scaled(card.cost, COST_SCALE)
        row[c["card_price"]] = scaled(card.cost, COST_SCALE)  # the payload's price, when given, over it
        kind = "corporation" if card.is_corporation else card.type
        if kind in (*TYPES, "corporation"):
            row[c[f"card_{kind}"]] = 1.0
        for tag, n in enumerate(card.tag_counts):
            if n:
                row[self._tag0 + tag] = scaled(n, 2.0)
        row[c["card_vp"]] = float(card.vp is not None)
        row[c["card_requirements"]] = scaled(len(card.requirements), 3.0)
        row[c["card_actions"]] = float(bool(card.actions))

    def _space(self, index: int, row: list[float]) -> None:
        c = self.column
        space = self.game.mars.spaces[index]
        row[c["row"]] = scaled(space.row, 9.0)
        row[c["pos"]] = scaled(space.pos, 9.0)
        if space.kind in SPACE_KINDS:
            row[c[SPACE_KINDS[space.kind]]] = 1.0
        row[c["space_volcanic"]] = float(space.volcanic)
        row[c["bonus_steel"]] = scaled(space.bonus[STEEL], 2.0)
        row[c["bonus_titanium"]] = scaled(space.bonus[TITANIUM], 2.0)
        row[c["bonus_plants"]] = scaled(space.bonus[PLANTS], 2.0)
        row[c["bonus_cards"]] = scaled(space.bonus_cards, 2.0)


def make_option_features(game: TerraformingMarsGame) -> TMOptionFeatures:
    return TMOptionFeatures(game)


__all__ = ["TMOptionFeatures", "make_option_features"]
