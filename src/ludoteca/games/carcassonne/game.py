"""Carcassonne (Hans im Glück, 2000), current rules — the game's manifest.

Options
-------
* `players`: 2..5 (2..6 with Inns & Cathedrals).
* `expansions`: list of expansion names. `"inns_cathedrals"` adds its 18 tiles, a
  big meeple per seat (weighs 2 in majorities), inns (a road with an inn scores 2
  per tile when completed, 0 if unfinished) and cathedrals (a city with a cathedral
  scores 3 per tile and pennant when completed, 0 if unfinished). `"wonders"` adds
  the Wonders of Humanity (pieces of OUR OWN DESIGN, see `wonders.py`): 6 meeples
  per seat plus the pair waiting beside the score track, Wonders earned at 10/15/
  20/25 points, placed instead of drawing, and their powers.
* `wonders` (with the Wonders): the keys of the Wonders on offer, at least one per
  seat, no repeats. Without it the game draws one per seat at random and writes the
  list into its options, so a record replays exactly. With Abu Simbel on offer the
  game has hidden information (the tile its owner keeps face down).
* `bag`: optional list of tile ids replacing the bag's usual contents (repeats
  allowed, at most `MAX_BAG` tiles); the start tile is still placed at (0,0). The game
  ends when it is empty.

Game flow (one turn): `draw` (chance) -> `place` (the drawing seat) -> `meeple`,
`big` or `skip` (same seat) -> automatic scoring -> next seat. A drawn tile that
fits nowhere is discarded and another is drawn at once by the same seat. After the
last tile's turn the final scoring runs and the state is terminal.

Hidden information: none. The bag's contents are public (every tile is known and
drawn tiles are shown), and its order is never fixed in advance, so
`resample_from_infostate` is an exact copy.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar

from ludoteca.core.api import Game, State
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.i18n import msg
from ludoteca.core.manifest import OptionSpec
from ludoteca.games.carcassonne.actions import ActionCodec
from ludoteca.games.carcassonne.heuristics import evaluate
from ludoteca.games.carcassonne.state import CarcassonneState
from ludoteca.games.carcassonne.tiles import START_TILE, TileType, load_tiles, tile_index
from ludoteca.games.carcassonne.value import (
    INPUTS,
    choose_model,
    setup_columns,
    setup_inputs,
    value,
    value_inputs,
)
from ludoteca.games.carcassonne.wonders import Wonder, wonder_index

if TYPE_CHECKING:
    from ludoteca.core.encoding import Encoder
    from ludoteca.core.option_features import OptionFeatures
    from ludoteca.core.terminal import GameView

EXPANSIONS = ("inns_cathedrals", "wonders")
PLAYABLE_EXPANSIONS: tuple[str, ...] = ("inns_cathedrals", "wonders")
NOT_PLAYABLE_WONDERS: tuple[str, ...] = ()
MEEPLES = 7
MEEPLES_WITH_WONDERS = 6
MAX_BAG = 400  # tiles in a `bag` option: over five times the base game's 71
_BAD_BAG: dict[str, Any] = {"option": "bag", "message": msg("carcassonne.setting.bag.error", n=MAX_BAG)}

class CarcassonneGame(Game):
    name = "carcassonne"
    title = "Carcassonne"
    default_options: ClassVar[dict[str, Any]] = {
        "players": 2, "expansions": [], "bag": None, "wonders": None}
    min_players, max_players = 2, 6
    option_specs = (
        OptionSpec("players", "int", 2, min=2, max=6),
        OptionSpec("expansions", "multi", [], choices=PLAYABLE_EXPANSIONS),
        OptionSpec("wonders", "multi", None, choices=tuple(wonder_index()), optional=True,
                   advanced=True, choice_key="carcassonne.wonder.{value}.name"),
        OptionSpec("bag", "json", None, optional=True, advanced=True),
    )
    value_input_names = INPUTS
    #: bots (`ludoteca.agents.presets`; measured in BENCHMARKS.md): `mcts` is the strongest
    #: search measured (session 7: 93.0% of 200 games against greedy at 1 CPU s a move)
    agent_presets: ClassVar[dict[str, str]] = {
        "mcts": "mcts:prior=10,model=others,whole=1,horizon=2,scale=50,c=0.1,paired=1,judge=value",
        "value-greedy": "greedy:judge=value",  # 85.6% of 400 games against greedy, a few ms a move
        "easy": "greedy:explore=0.5",
        "medium": "greedy",
        "hard": "mcts:time=1",
    }

    web_table = "carcassonne"

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        expansions = self.options["expansions"]
        self.options["expansions"] = list(expansions)
        inns = "inns_cathedrals" in expansions
        players = self.options["players"]
        if players > 5 and not inns:
            raise InvalidOptionError(
                f"players must be from 2 to 5 (6 with inns_cathedrals), got {players!r}", option="players",
                message=msg("carcassonne.setting.players.error.six"))
        self.tiles: tuple[TileType, ...] = load_tiles()
        self.start_tile: TileType = tile_index()[START_TILE]
        self.tiles_by_id = tile_index()
        self.sets = {"base", *expansions}
        self.bag: tuple[int, ...] = self._initial_bag(self.options.get("bag"))
        self.bag_size = sum(self.bag)
        self.wonders: tuple[Wonder, ...] = self._offer(self.options.get("wonders"), players)
        self.wonder_slot = {w.key: i for i, w in enumerate(self.wonders)}
        self.hidden_information = "abu_simbel" in self.wonder_slot  # type: ignore[misc]  # per instance: Abu Simbel hides a tile
        self.meeples = MEEPLES_WITH_WONDERS if self.wonders else MEEPLES
        self.big_meeples = 1 if inns else 0
        radius = max(1, self.bag_size) + 2 * len(self.wonders)  # a Wonder reaches 2 squares out
        self.codec = ActionCodec(self.tiles, radius, tuple(w.key for w in self.wonders), players)
        # the value model's inputs for this set-up, and its fitted weights: the file fitted on
        # the same expansions and the nearest number of players, if any (value.py)
        self.value_input_names = setup_inputs(expansions)
        self.value_columns = setup_columns(expansions)
        self.value_model = choose_model(players, expansions)
        #: the weights file `value` uses (in `games/carcassonne/data/`), or None: the heuristic
        self.fitted_value: str | None = None if self.value_model is None else self.value_model.file

    def _offer(self, keys: object, players: int) -> tuple[Wonder, ...]:
        if "wonders" not in self.sets:
            if keys is not None:
                raise InvalidOptionError("option 'wonders' needs the 'wonders' expansion", option="wonders",
                                         message=msg("carcassonne.setting.wonders.error.expansion"))
            return ()
        index = wonder_index()
        playable = [k for k in index if k not in NOT_PLAYABLE_WONDERS]
        if keys is None:
            keys = random.SystemRandom().sample(playable, players)
        assert isinstance(keys, list | tuple)  # the option's spec (multi-choice) checked it
        if len(keys) < players:  # a list of distinct Wonders (the spec)
            raise InvalidOptionError(
                f"wonders must list at least {players} different Wonders, got {keys!r}", option="wonders",
                message=msg("carcassonne.setting.wonders.error.few", n=players))
        for key in keys:
            if key in NOT_PLAYABLE_WONDERS:
                raise InvalidOptionError(
                    f"Wonder {key!r} is not playable yet; playable: {', '.join(playable)}")
        self.options["wonders"] = list(keys)
        return tuple(index[k] for k in keys)

    def _initial_bag(self, bag: object) -> tuple[int, ...]:
        counts = [0] * len(self.tiles)
        if bag is None:
            for t in self.tiles:
                if t.set in self.sets:
                    counts[t.index] = t.count - t.start_copies
            return tuple(counts)
        if not isinstance(bag, list | tuple):
            raise InvalidOptionError(f"bag must be a list of tile ids, got {bag!r}", **_BAD_BAG)
        if len(bag) > MAX_BAG:  # the board (and the action ids) grow with the bag
            raise InvalidOptionError(f"a bag holds at most {MAX_BAG} tiles, got {len(bag)}", **_BAD_BAG)
        index = tile_index()
        for tid in bag:
            tile = index.get(tid) if isinstance(tid, str) else None
            if tile is None:
                raise InvalidOptionError(
                    f"unknown tile id {tid!r} in bag; tile ids look like 'base:A'..'base:X'", **_BAD_BAG)
            if tile.set not in self.sets:
                raise InvalidOptionError(
                    f"tile {tid} belongs to {tile.set}, which is not switched on", **_BAD_BAG)
            counts[tile.index] += 1
        self.options["bag"] = list(bag)
        return tuple(counts)

    def new_initial_state(self) -> CarcassonneState:
        return CarcassonneState(self)

    def num_players(self) -> int:
        return int(self.options["players"])

    def num_distinct_actions(self) -> int:
        return self.codec.size

    def max_chance_outcomes(self) -> int:
        return len(self.tiles)

    def heuristic(self, state: State, seat: int) -> float:
        assert isinstance(state, CarcassonneState)
        return evaluate(state, seat)

    def value(self, state: State, seat: int) -> float:
        assert isinstance(state, CarcassonneState)
        model = self.value_model
        return evaluate(state, seat) if model is None else value(state, seat, model)

    def value_inputs(self, state: State, seat: int) -> list[float] | None:
        assert isinstance(state, CarcassonneState)
        return value_inputs(state, seat)

    def max_game_length(self) -> int:
        """Upper bound on actions: per tile a draw, a place, a meeple decision and a `hold`;
        per Wonder a claim, an order, its placement and two meeples."""
        return 4 * self.bag_size + 5 * len(self.wonders)

    def display_components(self) -> dict[str, Any]:
        from ludoteca.games.carcassonne.display import components

        return components(self)

    def terminal_view(self) -> GameView:
        from ludoteca.games.carcassonne.terminal import CarcassonneView

        return CarcassonneView()

    draws_images = True

    def image(self, state: State, seat: int | None) -> Any:
        """The board as an RGB array (`image.board_image`): every seat sees the same board."""
        from ludoteca.games.carcassonne.image import board_image

        assert isinstance(state, CarcassonneState)
        return board_image(state)

    def encoder(self) -> Encoder:
        from ludoteca.games.carcassonne.encoder import CarcassonneEncoder

        return CarcassonneEncoder(self)

    def option_features(self) -> OptionFeatures:
        from ludoteca.games.carcassonne.option_features import CarcassonneOptionFeatures

        return CarcassonneOptionFeatures()
