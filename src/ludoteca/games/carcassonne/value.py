"""A fitted position value for search bots: the final lead a position promises.

`value(state, seat)` predicts `seat`'s final score minus the other seat's as a weighted
sum of *inputs* read off the position. The weights are ours: fitted by least squares
(ridge) to the final margins of our own self-play games (`ludoteca fit-value
carcassonne`), with the command, game count and held-out fit recorded next to them in
`data/value.json`, which is validated when loaded. They were fitted on the base game
with two players; any other set-up (expansions, Wonders, more seats) is valued by the
hand-written `heuristics.evaluate` instead.

Inputs. For each seat, over the features its meeples hold (majority, ties counting
for every tied seat), in rulebook terms:

* `score`: points scored, plus the full value of roads, cities and monasteries the
  tile just placed has completed (they are scored when the turn ends);
* `city`: what the unfinished cities would score at the end of the game;
* `city_bonus_1`, `city_bonus_2`, `city_bonus_3`: what completing them would add
  (completed value minus unfinished value), for cities with 1, 2 and 3+ open sides;
* `city_bonus_expected`: the same weighted by `heuristics.completion_chance`;
* `city_gaps`: open sides of the unfinished cities;
* `road`: points of the unfinished roads;
* `monastery`, `monastery_empty`, `monastery_expected`: for unfinished monasteries,
  their points now, their empty surrounding squares, and those squares weighted by
  the chance each is filled (`left / (left + MONASTERY_DIFFICULTY)`);
* `field`: what the fields would score now;
* `meeples`: meeples in the supply (with those about to come home);
  `last_meeples`: the same capped at 2;
* `farmers`, `busy`, `outnumbered`: meeples lying in fields, meeples on unfinished
  roads, cities and monasteries, and meeples on features where another seat has
  more (these three count every meeple, majority or not);
* `field_open_cities`, `field_open_expected`: 3 points for every unfinished city
  bordering the seat's fields (what its completion would add to the farm), and the same
  weighted by `completion_chance`;
* the *gaps* of an unfinished city are the empty squares next to its open sides; a
  gap's *fitting tiles* are the tiles left in the bag that could be placed there in
  some rotation (the bag's contents are public: every tile type's count is printed, and
  every placed tile is in view). Per city: `city_bonus_dead`, the completion bonus of a
  city with a gap no tile left fits (it can never be completed); `city_bonus_fit`, the
  bonus times f / (f + 1) for each gap's f fitting tiles; `city_gap_tiles`, the fewest
  fitting tiles of any of its gaps (at most 10). (A bonus two seats share cancels
  in the difference the model reads, so it has no input of its own.)

The model's inputs are the seat's values minus the other seat's, each also times
`left` and `left²` (`left`: the share of the bag still to draw), so a weight can
change over the game; then +1 or -1 for whether it is `seat`'s turn, also times
`left`. Positions are valued between turns, as the search's horizon sees them.
"""

from __future__ import annotations

import json
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ludoteca.core.value_model import parse_value_weights
from ludoteca.games.carcassonne.heuristics import MONASTERY_DIFFICULTY, completion_chance
from ludoteca.games.carcassonne.scoring import completed_value, final_value, majority
from ludoteca.games.carcassonne.tiles import CITY, FIELD, MONASTERY, ROAD

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.board import Board
    from ludoteca.games.carcassonne.state import CarcassonneState

FEATURES = (
    "score", "city", "city_bonus_1", "city_bonus_2", "city_bonus_3", "city_bonus_expected",
    "road", "monastery", "monastery_empty", "monastery_expected", "field", "meeples",
    "last_meeples", "farmers", "busy", "outnumbered", "city_gaps", "field_open_cities",
    "field_open_expected", "city_bonus_dead", "city_bonus_fit", "city_gap_tiles",
)
(SCORE, CITY_NOW, BONUS_1, _BONUS_2, _BONUS_3, BONUS_EXPECTED, ROAD_NOW, MONASTERY_NOW,
 MONASTERY_EMPTY, MONASTERY_EXPECTED, FIELD_NOW, MEEPLES, LAST_MEEPLES, FARMERS, BUSY,
 OUTNUMBERED, CITY_GAPS, FIELD_OPEN_CITIES, FIELD_OPEN_EXPECTED, BONUS_DEAD, BONUS_FIT,
 GAP_TILES) = range(len(FEATURES))
MOST_GAP_TILES = 10  # `city_gap_tiles` counts at most this many fitting tiles per city
INPUTS = (
    *FEATURES, *(f"{f}*left" for f in FEATURES), *(f"{f}*left^2" for f in FEATURES),
    "to_move", "to_move*left",
)


def seat_features(state: CarcassonneState) -> list[list[float]]:
    """`FEATURES` for every seat."""
    board = state.board
    players = len(state.scores())
    f = [[0.0] * len(FEATURES) for _ in range(players)]
    for seat, points in enumerate(state.scores()):
        f[seat][SCORE] = points
    left = state.tiles_left()
    home = [0.0] * players
    regions = board.regions
    fitting = _FittingTiles(state)
    for root in sorted(board.manned):
        region = regions[root]
        assert region is not None
        kind, meeples = region.kind, region.meeples
        holders = majority(region, players)
        for m in meeples:
            if m.seat not in holders:
                f[m.seat][OUTNUMBERED] += 1
        if (kind in (CITY, ROAD) and not region.open) or (kind == MONASTERY and board.is_complete(root)):
            for seat in holders:
                f[seat][SCORE] += completed_value(region)
            for m in meeples:
                home[m.seat] += 1
            continue
        if kind == FIELD:
            open_cities = [city for c in {board.find(node) for node in region.cities}
                           if (city := regions[c]) is not None and city.open]
            expected = sum(completion_chance(city.open, left) for city in open_cities)
            for seat in holders:
                f[seat][FIELD_NOW] += final_value(board, region)
                f[seat][FIELD_OPEN_CITIES] += 3 * len(open_cities)
                f[seat][FIELD_OPEN_EXPECTED] += 3 * expected
            for m in meeples:
                f[m.seat][FARMERS] += 1
            continue
        for m in meeples:
            f[m.seat][BUSY] += 1
        if kind == CITY:
            now = final_value(board, region)
            bonus = completed_value(region) - now
            fits = [fitting.count(gap) for gap in city_gaps(board, root)]
            fewest = min(fits, default=0)
            fit_share = 1.0
            for n in fits:
                fit_share *= n / (n + 1)
            for seat in holders:
                row = f[seat]
                row[CITY_NOW] += now
                row[BONUS_1 + min(region.open, 3) - 1] += bonus
                row[BONUS_EXPECTED] += completion_chance(region.open, left) * bonus
                row[CITY_GAPS] += region.open
                row[BONUS_FIT] += bonus * fit_share
                row[GAP_TILES] += min(fewest, MOST_GAP_TILES)
                if fewest == 0:
                    row[BONUS_DEAD] += bonus
        elif kind == ROAD:
            for seat in holders:
                f[seat][ROAD_NOW] += final_value(board, region)
        elif kind == MONASTERY:
            (square,) = region.tiles
            filled = board.neighbours(square)
            for seat in holders:
                f[seat][MONASTERY_NOW] += 1 + filled
                f[seat][MONASTERY_EMPTY] += 8 - filled
                f[seat][MONASTERY_EXPECTED] += (8 - filled) * left / (left + MONASTERY_DIFFICULTY)
    for seat, supply in enumerate(state.supply()):
        hand = supply + home[seat]
        f[seat][MEEPLES] = hand
        f[seat][LAST_MEEPLES] = min(hand, 2)
    return f


def city_gaps(board: Board, root: int) -> set[int]:
    """The empty squares next to the open sides of the city whose root is `root`."""
    squares, find = board.squares, board.find
    w = board.width
    steps = (1, w, -1, -w)
    region = board.regions[root]
    assert region is not None
    gaps = set()
    for square in region.tiles:
        tile, rotation, node = squares[square]
        for side, feature in enumerate(tile.orientations[rotation].side_feature):
            if feature >= 0 and square + steps[side] not in squares and find(node + feature) == root:
                gaps.add(square + steps[side])
    return gaps


class _FittingTiles:
    """How many tiles left in the bag fit an empty square (memoised per neighbour pattern)."""

    __slots__ = ("_bag", "_counts", "_open", "_tiles")

    def __init__(self, state: CarcassonneState) -> None:
        self._bag = state.bag_by_type()  # public: every type's count is printed, every placed tile seen
        self._tiles = state.game.tiles
        self._open = state.board.open
        self._counts: dict[int, int] = {}

    def count(self, square: int) -> int:
        pattern = self._open[square]
        n = self._counts.get(pattern)
        if n is None:
            tiles = self._tiles
            n = sum(k for i, k in enumerate(self._bag) if k and tiles[i].fits[pattern])
            self._counts[pattern] = n
        return n


def value_inputs(state: CarcassonneState, seat: int) -> list[float]:
    """The model's inputs (`INPUTS`) for `seat` in a two-player game."""
    f = seat_features(state)
    diff = [a - b for a, b in zip(f[seat], f[1 - seat], strict=True)]
    left = state.tiles_left() / state.game.bag_size
    to_move = 1.0 if state.turn_seat() == seat else -1.0
    return [*diff, *(d * left for d in diff), *(d * left * left for d in diff), to_move, to_move * left]


def value(state: CarcassonneState, seat: int) -> float:
    """`seat`'s predicted final lead (two-player base game; see the module docstring)."""
    return sum(w * x for w, x in zip(weights(), value_inputs(state, seat), strict=True))


@lru_cache(maxsize=1)
def weights() -> tuple[float, ...]:
    text = resources.files(__package__).joinpath("data/value.json").read_text(encoding="utf-8")
    return parse_weights(json.loads(text))


def parse_weights(data: Any) -> tuple[float, ...]:
    """Check a weights file (format `ludoteca-value/1`) against `INPUTS`; its weights."""
    return parse_value_weights(data, INPUTS)
