"""The Dice Game's option features: one row of `TMDiceOptionFeatures.width` floats per legal option.

After the common `bias`, `index`, `count` columns (`ludoteca.core.option_columns`):

| columns | content |
| --- | --- |
| `verb_<verb>` | one-hot of the option's verb (*), `verb_other` |
| `number` | the option's index within its verb's range / max(1, size - 1) (which card, area, ...) |
| `colour_<colour>` | the die colour concerned (**): a die kept, paid or given, taken or chosen, turned |
| `rarity` | the face's rarity in its colour: 0 common (3 faces), 0.5 uncommon (2), 1 rare (1) |
| `wild` | the item is a wild token (`pay wild`, `keep wild`) |
| `held` | dice of that face (that colour: `take`, `colour`) the deciding seat holds / 6 |
| `turn_from_rarity`, `turn_to_rarity` | a turned die's faces (`turn a>b`), as `rarity` |
| `card_project`, `card_bonus`, `card_corporation` | the kind of the card of a `play`, `use`, `discard`, ... |
| `card_green`, `card_red`, `card_blue` | the card's colour |
| `card_cost` | its cost icons / 6 (`play`: after the seat's discounts) |
| `card_cost_<colour>` | cost icons of each die colour (a face or that colour's "?") / 3 |
| `card_cost_any` | white "?" icons / 3 |
| `card_support`, `card_main`, `card_free` | the timing of its action, if it has one |
| `card_production` | production dice, white dice and wild tokens it adds / 3 |
| `card_vp` | VP it scores now and at the end / 5 |
| `place_q`, `place_r` | a tile's area, axial coordinates / 4 |
| `place_ocean` | the area is an ocean area |
| `place_bonus` | the area has a placement bonus |
| `convert_index` | which conversion (`content.conversions`) / max(1, n - 1) |
| `convert_cost` | its cost icons / 6 |

(*) the verbs of `actions.VERB_NAMES` that a seat decides: `corporation`, `gift`,
`production`, `actions`, `keep`, `discard`, `take`, `turn-die`, `draw-cards`, `use`,
`play`, `support`, `convert`, `pay`, `turn`, `place`, `colour`, `bonus`, `done`,
`end`, `skip`, `pass`, `first`.
(**) `green`, `gray`, `blue`, `red`, `yellow`: the colours of `data/dice.json`.

Read from the action id (`codec.decode`), the game's content and the deciding
seat's own dice.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ludoteca.core.option_columns import OptionColumns, one_hot_names, scaled
from ludoteca.core.prompt import Option
from ludoteca.games.tm_dice.actions import (
    V_BONUS,
    V_COLOUR,
    V_CONVERT,
    V_CORP,
    V_DISCARD,
    V_GIFT,
    V_KEEP,
    V_PAY,
    V_PLACE,
    V_PLAY,
    V_TAKE,
    V_TURN,
    V_USE,
    VERB_NAMES,
)
from ludoteca.games.tm_dice.dice import ANY, ANY_OF, N_COLOURS, N_RESOURCES
from ludoteca.games.tm_dice.tasks import CARD_COLOURS, TIMINGS
from ludoteca.games.tm_dice.turns import TurnRules

if TYPE_CHECKING:
    from ludoteca.core.api import State
    from ludoteca.games.tm_dice.cards import Card
    from ludoteca.games.tm_dice.game import TMDiceGame

DECIDED = ("corporation", "gift", "production", "actions", "keep", "discard", "take", "turn-die",
           "draw-cards", "use", "play", "support", "convert", "pay", "turn", "place", "colour", "bonus",
           "done", "end", "skip", "pass", "first")
KINDS = ("project", "bonus", "corporation")
CARD_VERBS = frozenset({V_PLAY, V_USE, V_DISCARD})
RESOURCE_VERBS = frozenset({V_GIFT, V_KEEP, V_PAY})
ICONS_SCALE = 6.0
#: the verbs whose rows read the state (`TMDiceOptionFeatures._dynamic`)
DYNAMIC = frozenset({*RESOURCE_VERBS, V_TAKE, V_COLOUR, V_TURN, V_PLAY})


def _own(colours: tuple[str, ...]) -> tuple[str, ...]:
    return (*one_hot_names("verb", (*DECIDED, "other")), "number", *one_hot_names("colour", colours),
            "rarity", "wild", "held", "turn_from_rarity", "turn_to_rarity", *one_hot_names("card", KINDS),
            *one_hot_names("card", CARD_COLOURS), "card_cost", *one_hot_names("card_cost", colours),
            "card_cost_any", *one_hot_names("card", TIMINGS), "card_production", "card_vp",
            "place_q", "place_r", "place_ocean", "place_bonus", "convert_index", "convert_cost")


class TMDiceOptionFeatures(OptionColumns):
    """See the module docstring."""

    def __init__(self, game: TMDiceGame) -> None:
        content = game.content
        super().__init__(_own(content.colours))
        self.game = game
        c = self.column
        by_name = {v: c[f"verb_{v}"] for v in DECIDED}
        self._verb = [by_name.get(name, c["verb_other"]) for name in VERB_NAMES]
        self._size = [game.codec.verb.count(v) for v in range(len(VERB_NAMES))]
        self._colour0 = c[f"colour_{content.colours[0]}"]
        self._cost0 = c[f"card_cost_{content.colours[0]}"]
        self._dynamic_verbs = DYNAMIC
        self._held_column, self._cost_column = c["held"], c["card_cost"]
        self._table: np.ndarray | None = None  # `_static` of every action id, made on first use
        self._common: dict[int, np.ndarray] = {}  # options -> their `index` and `count` columns

    def write(self, state: State, option: Option, row: list[float]) -> None:
        verb, arg = self.game.codec.decode(option.action)
        self._static(verb, arg, row)
        seat, held = self._held(state)
        cell = self._dynamic(state, seat, held, verb, arg)
        if cell is not None:
            row[cell[0]] = cell[1]

    def features(self, state: State, options: Sequence[Option]) -> np.ndarray:
        """`OptionColumns.features` (the rows `write` gives), faster: each action's columns
        that depend only on its id are one row of a table made once (`_make_table`), so a
        decision's matrix is one lookup, then the common columns and, for the options
        whose verb reads the state (`DYNAMIC`), the one cell `_dynamic` gives."""
        return self._rows(state, [o.action for o in options])

    def decision_features(self, state: State) -> tuple[np.ndarray, np.ndarray] | None:
        """The decision's option ids and rows without a prompt (`envs.options`): a row reads
        only its option's id, and the prompt lists the options in `legal_actions()` order."""
        if state.is_chance_node() or state.is_terminal():
            return None
        actions = state.legal_actions_view()
        return np.array(actions, dtype=np.int64), self._rows(state, actions)

    def _rows(self, state: State, actions: Sequence[int]) -> np.ndarray:
        n = len(actions)
        if n == 0:
            return np.zeros((0, self.width), dtype=np.float32)
        table = self._table
        if table is None:
            table = self._table = self._make_table()
        rows = table[actions if isinstance(actions, list) else list(actions)]  # a tuple would index axes
        common = self._common.get(n)
        if common is None:  # `index` and `count` of n options: the same for every decision of n
            common = self._common[n] = np.stack([np.arange(n) / max(1, n - 1),
                                                 np.full(n, min(1.0, n / 100.0))], axis=1).astype(np.float32)
        rows[:, 1:3] = common
        decoded, dynamic = self.game.codec.decoded, self._dynamic_verbs
        seat, held = self._held(state)
        for i, action in enumerate(actions):
            verb, arg = decoded[action]
            if verb in dynamic:
                cell = self._dynamic(state, seat, held, verb, arg)
                if cell is not None:
                    rows[i, cell[0]] = cell[1]
        return rows

    def _make_table(self) -> np.ndarray:
        """Every action id's row without the state: `bias`, the common columns 0, `_static`."""
        decoded = self.game.codec.decoded
        table = np.zeros((len(decoded), self.width), dtype=np.float32)
        for action, (verb, arg) in enumerate(decoded):
            row = [1.0] + [0.0] * (self.width - 1)
            self._static(verb, arg, row)
            table[action] = row
        return table

    def _static(self, verb: int, arg: int, row: list[float]) -> None:
        """The columns read from the action id and the game's content alone."""
        c, game = self.column, self.game
        content = game.content
        row[self._verb[verb]] = 1.0
        row[c["number"]] = arg / max(1, self._size[verb] - 1)
        if verb in RESOURCE_VERBS:
            if arg < N_RESOURCES:
                row[self._colour0 + arg // 3] = 1.0
                row[c["rarity"]] = (arg % 3) / 2
            else:
                row[c["wild"]] = 1.0
        elif verb in (V_TAKE, V_COLOUR) and arg < N_COLOURS:
            row[self._colour0 + arg] = 1.0
        elif verb == V_TURN:
            a, b = game.codec.pairs[arg]
            row[self._colour0 + a // 3] = 1.0
            row[c["turn_from_rarity"]] = (a % 3) / 2
            row[c["turn_to_rarity"]] = (b % 3) / 2
        elif verb in CARD_VERBS or verb in (V_CORP, V_BONUS):
            base = 0 if verb in CARD_VERBS else content.corp_base if verb == V_CORP else content.bonus_base
            self._card(content.cards[base + arg], None, row)
        elif verb == V_PLACE:
            area = content.areas[arg]
            row[c["place_q"]] = scaled(area.q, 4.0)
            row[c["place_r"]] = scaled(area.r, 4.0)
            row[c["place_ocean"]] = float(area.ocean)
            row[c["place_bonus"]] = float(bool(area.bonus_text))
        elif verb == V_CONVERT:
            row[c["convert_index"]] = arg / max(1, len(content.conversions) - 1)
            row[c["convert_cost"]] = scaled(len(content.conversions[arg].cost), ICONS_SCALE)

    @staticmethod
    def _held(state: State) -> tuple[int, list[int]]:
        """The deciding seat and its dice by face (none at chance or the end)."""
        seat = state.current_player()
        dice: list[int] = getattr(state, "_dice", [])
        return seat, dice[seat * N_RESOURCES:(seat + 1) * N_RESOURCES] if seat >= 0 else []

    def _dynamic(self, state: State, seat: int, held: list[int], verb: int,
                 arg: int) -> tuple[int, float] | None:
        """The one column read from the state (`DYNAMIC` verbs), as (column, value): `held`,
        the deciding seat's dice of the face or colour concerned, or a `play`'s cost
        after the seat's discounts (which replaces the printed cost `_static` wrote)."""
        if verb in RESOURCE_VERBS:
            if arg < N_RESOURCES and held:
                return self._held_column, scaled(held[arg], 6.0)
        elif verb in (V_TAKE, V_COLOUR):
            if arg < N_COLOURS and held:
                return self._held_column, scaled(sum(held[3 * arg:3 * arg + 3]), 6.0)
        elif verb == V_TURN:
            if held:
                return self._held_column, scaled(held[self.game.codec.pairs[arg][0]], 6.0)
        elif verb == V_PLAY and isinstance(state, TurnRules):
            return self._cost_column, scaled(len(state.card_cost(seat, arg)), ICONS_SCALE)
        return None

    def _card(self, card: Card, cost: object, row: list[float]) -> None:
        c = self.column
        if card.kind in KINDS:
            row[c[f"card_{card.kind}"]] = 1.0
        if 0 <= card.colour < len(CARD_COLOURS):
            row[c[f"card_{CARD_COLOURS[card.colour]}"]] = 1.0
        icons = cost if isinstance(cost, list | tuple) else card.cost_icons
        row[c["card_cost"]] = scaled(len(icons), ICONS_SCALE)
        for icon in card.cost_icons:
            if icon == ANY:
                row[c["card_cost_any"]] = scaled(row[c["card_cost_any"]] * 3 + 1, 3.0)
            else:
                column = self._cost0 + (icon // 3 if icon < N_RESOURCES else icon - ANY_OF)
                row[column] = scaled(row[column] * 3 + 1, 3.0)
        if 0 <= card.timing < len(TIMINGS):
            row[c[f"card_{TIMINGS[card.timing]}"]] = 1.0
        row[c["card_production"]] = scaled(sum(card.prod_dice) + card.prod_white + card.prod_wild, 3.0)
        row[c["card_vp"]] = scaled(card.vp_now + card.vp_end, 5.0)


def make_option_features(game: TMDiceGame) -> TMDiceOptionFeatures:
    return TMDiceOptionFeatures(game)


__all__ = ["TMDiceOptionFeatures", "make_option_features"]
