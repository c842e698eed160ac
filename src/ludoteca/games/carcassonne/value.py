"""A fitted position value for search bots: the final lead a position promises.

`value(state, seat, model)` predicts `seat`'s final score minus the best other seat's as a weighted
sum of *inputs* read off the position. The weights are ours: fitted by least squares
(ridge) to the final margins of our own self-play games (`ludoteca fit-value
carcassonne`), with the command, game count and held-out fit recorded next to them in
a weights file per set-up, validated when loaded (see *Set-ups* below).

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

With Inns & Cathedrals (`INNS_FEATURES`): `inn_bonus`, the completed value of the
unfinished roads with an inn (2 per tile; nothing if never finished, so all of it is
at risk) and `inn_expected`, the same weighted by `completion_chance`;
`cathedral_bonus`, the completion bonus of the unfinished cities with a cathedral (3
per tile and pennant; also counted in `city_bonus_*`, so this is what a cathedral adds
to or takes from an ordinary city's bonus); `big_meeples`, the big meeple in hand
(with it about to come home; `meeples` then counts normal meeples only). With the
Wonders (`WONDER_FEATURES`): `wonder_waiting` (1 while the seat's pair still waits
beside the track), `wonder_short` (the points it still needs to reach the claim
threshold, while it waits), `wonder_held` (1 while it holds an unplaced Wonder),
`wonder_placed` (its placed Wonders) and `wonder_promise` (`heuristics.wonder_values`:
what its Wonders' powers are roughly expected to bring, end-game powers counted as
they would pay now).

The model's inputs are the seat's values minus its *rival's*, each also times
`left` and `left²` (`left`: the share of the bag still to draw), so a weight can
change over the game; then +1 or -1 for whether it is `seat`'s turn, also times
`left`. With two seats the rival is the other seat; with more, the mean of the other
seats, feature by feature (`rival_features`), so with two seats nothing changes.
Positions are valued between turns, as the search's horizon sees them.

Set-ups. `MODEL_FILES` lists the weights files in `data/`; each names the options it
was fitted with (`fitted.options`: players, expansions) and is checked against the
inputs of that set-up. `choose_model` gives a game the model fitted with the same
expansions and the nearest number of players (the fewer on a tie), or None (the game
then values positions with `heuristics.evaluate`). `data/value.json` is the two-player
base game's, `data/value-2p-inns_cathedrals.json` the two-player game's with Inns &
Cathedrals. Measured (BENCHMARKS.md, session 11; `greedy:judge=value` against greedy):
weights fitted on three-seat games played no better than greedy, while the two-player
weights, reading seat-minus-mean inputs, won two thirds of three-seat games (the
per-feature strongest rival won less), so more seats use the two-player weights of
their expansions. The Inns & Cathedrals inputs stay because the fit with them won far
more often than the same fit without them (78.7% against 56.5%). A fit with the Wonders
lost to greedy (44.5%) where the base game's weights, reading the base inputs only, won
77.0% of the same Wonders games, so no Wonders file ships and the Wonders alone are
valued by the base game's model (`VALUED_AS`); their inputs remain for `fit-value`. Both
expansions at once are valued by the Inns & Cathedrals model (its inputs only): 88.0% of
200 two-player games against greedy (session 12).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.value_model import parse_value_weights
from ludoteca.games.carcassonne.heuristics import MONASTERY_DIFFICULTY, completion_chance, wonder_values
from ludoteca.games.carcassonne.scoring import completed_value, final_value, majority
from ludoteca.games.carcassonne.tiles import CITY, FIELD, MONASTERY, ROAD

if TYPE_CHECKING:
    from collections.abc import Collection

    from ludoteca.games.carcassonne.board import Board
    from ludoteca.games.carcassonne.state import CarcassonneState

FEATURES = (
    "score", "city", "city_bonus_1", "city_bonus_2", "city_bonus_3", "city_bonus_expected",
    "road", "monastery", "monastery_empty", "monastery_expected", "field", "meeples",
    "last_meeples", "farmers", "busy", "outnumbered", "city_gaps", "field_open_cities",
    "field_open_expected", "city_bonus_dead", "city_bonus_fit", "city_gap_tiles",
)
INNS_FEATURES = ("inn_bonus", "inn_expected", "cathedral_bonus", "big_meeples")
WONDER_FEATURES = ("wonder_waiting", "wonder_short", "wonder_held", "wonder_placed", "wonder_promise")
ALL_FEATURES = (*FEATURES, *INNS_FEATURES, *WONDER_FEATURES)
(SCORE, CITY_NOW, BONUS_1, _BONUS_2, _BONUS_3, BONUS_EXPECTED, ROAD_NOW, MONASTERY_NOW,
 MONASTERY_EMPTY, MONASTERY_EXPECTED, FIELD_NOW, MEEPLES, LAST_MEEPLES, FARMERS, BUSY,
 OUTNUMBERED, CITY_GAPS, FIELD_OPEN_CITIES, FIELD_OPEN_EXPECTED, BONUS_DEAD, BONUS_FIT,
 GAP_TILES, INN_BONUS, INN_EXPECTED, CATHEDRAL_BONUS, BIG_MEEPLES, WONDER_WAITING, WONDER_SHORT,
 WONDER_HELD, WONDER_PLACED, WONDER_PROMISE) = range(len(ALL_FEATURES))
MOST_GAP_TILES = 10  # `city_gap_tiles` counts at most this many fitting tiles per city
#: the weights files in `data/`, each fitted on one set-up (its `fitted.options`)
MODEL_FILES = ("value.json", "value-2p-inns_cathedrals.json")
#: set-ups valued by the model of other expansions (measured, BENCHMARKS.md sessions 11–12): the
#: Wonders alone by the base game's, which beat a fit with the Wonders' inputs; both expansions
#: by the Inns & Cathedrals model (88% of 200 games against greedy, where the heuristic lost)
VALUED_AS = {frozenset({"wonders"}): frozenset[str](),
             frozenset({"inns_cathedrals", "wonders"}): frozenset({"inns_cathedrals"})}


def setup_features(expansions: Collection[str]) -> tuple[str, ...]:
    """The features the model reads with `expansions` switched on (`FEATURES` for the base game)."""
    return (*FEATURES, *(INNS_FEATURES if "inns_cathedrals" in expansions else ()),
            *(WONDER_FEATURES if "wonders" in expansions else ()))


def setup_inputs(expansions: Collection[str]) -> tuple[str, ...]:
    """The model's input names with `expansions` switched on (`INPUTS` for the base game)."""
    features = setup_features(expansions)
    return (*features, *(f"{f}*left" for f in features), *(f"{f}*left^2" for f in features),
            "to_move", "to_move*left")


def setup_columns(expansions: Collection[str]) -> tuple[int, ...]:
    """Where `setup_features(expansions)` lie in `ALL_FEATURES`."""
    return tuple(ALL_FEATURES.index(f) for f in setup_features(expansions))


INPUTS = setup_inputs(())


def seat_features(state: CarcassonneState, columns: tuple[int, ...] | None = None) -> list[list[float]]:
    """For every seat, the features at `columns` of `ALL_FEATURES` (default: the game's
    set-up's, `setup_features`)."""
    board = state.board
    game = state.game
    players = len(state.scores())
    if columns is None:
        columns = game.value_columns
    # the base game's rows hold its features only (no inn, cathedral, big meeple or Wonder
    # is ever written there); an expansion's rows hold every feature, then `columns` are picked
    extended = len(game.value_columns) > len(FEATURES)
    f = [[0.0] * (len(ALL_FEATURES) if extended else len(FEATURES)) for _ in range(players)]
    for seat, points in enumerate(state.scores()):
        f[seat][SCORE] = points
    left = state.tiles_left()
    home = [0.0] * players
    home_big = [0.0] * players
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
                if m.weight == 2:
                    home_big[m.seat] += 1
                else:
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
                if region.cathedral:
                    row[CATHEDRAL_BONUS] += bonus
        elif kind == ROAD:
            for seat in holders:
                f[seat][ROAD_NOW] += final_value(board, region)
                if region.inn:
                    at_risk = completed_value(region)
                    f[seat][INN_BONUS] += at_risk
                    f[seat][INN_EXPECTED] += completion_chance(region.open, left) * at_risk
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
    if not extended:
        return f
    for seat, big in enumerate(state.big_supply()):
        f[seat][BIG_MEEPLES] = big + home_big[seat]
    if state.wonder_track is not None:
        _wonder_features(state, f)
    return [[row[c] for c in columns] for row in f]


def _wonder_features(state: CarcassonneState, f: list[list[float]]) -> None:
    track = state.wonder_track
    assert track is not None
    for seat, (points, promise) in enumerate(zip(state.scores(), wonder_values(state), strict=True)):
        row = f[seat]
        if track.waiting[seat]:
            row[WONDER_WAITING] = 1
            row[WONDER_SHORT] = max(0.0, track.threshold - points)
        row[WONDER_HELD] = 1 if track.held[seat] >= 0 else 0
        row[WONDER_PROMISE] = promise
    for owner, _centre, _rotation, _turn in track.placed.values():
        f[owner][WONDER_PLACED] += 1


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


def rival_features(f: list[list[float]], seat: int) -> list[float]:
    """What `seat`'s features are compared with: the other seat's with two seats, the
    mean of the other seats' with more."""
    players = len(f)
    if players == 2:
        return f[1 - seat]
    others = [row for i, row in enumerate(f) if i != seat]
    share = 1 / (players - 1)
    return [sum(column) * share for column in zip(*others, strict=True)]


def value_inputs(state: CarcassonneState, seat: int, columns: tuple[int, ...] | None = None) -> list[float]:
    """The model's inputs for `seat` over the features at `columns` (default: the game's
    set-up's, giving `setup_inputs` of its expansions)."""
    f = seat_features(state, columns)
    diff = [a - b for a, b in zip(f[seat], rival_features(f, seat), strict=True)]
    left = state.tiles_left() / state.game.bag_size
    to_move = 1.0 if state.turn_seat() == seat else -1.0
    return [*diff, *(d * left for d in diff), *(d * left * left for d in diff), to_move, to_move * left]


@dataclass(frozen=True)
class ValueModel:
    """One weights file: the set-up it was fitted on, its inputs and weights."""

    file: str  # in `data/`
    players: int
    expansions: frozenset[str]
    inputs: tuple[str, ...]
    weights: tuple[float, ...]
    columns: tuple[int, ...]  # of its features in `ALL_FEATURES`


def value(state: CarcassonneState, seat: int, model: ValueModel) -> float:
    """`seat`'s predicted final lead under `model` (see the module docstring)."""
    return sum(w * x for w, x in zip(model.weights, value_inputs(state, seat, model.columns), strict=True))


@cache
def load_model(file: str) -> ValueModel:
    """The weights file `data/<file>`, checked against the inputs of the set-up it names."""
    text = resources.files(__package__).joinpath(f"data/{file}").read_text(encoding="utf-8")
    data = json.loads(text)
    try:
        options = data["fitted"]["options"]
        players = int(options.get("players", 2))
        expansions = frozenset(options.get("expansions", ()))
    except (KeyError, TypeError, AttributeError, ValueError) as e:
        raise LudotecaError(f"value weights {file}: fitted.options must name the set-up") from e
    weights = parse_weights(data, expansions)
    return ValueModel(file, players, expansions, setup_inputs(expansions), weights, setup_columns(expansions))


def choose_model(players: int, expansions: Collection[str]) -> ValueModel | None:
    """The model for a set-up: fitted with the same expansions (or those `VALUED_AS` names)
    and the nearest number of players (the fewer on a tie); None when no file has them."""
    wanted = frozenset(expansions)
    wanted = VALUED_AS.get(wanted, wanted)
    models = [m for m in map(load_model, MODEL_FILES) if m.expansions == wanted]
    return min(models, key=lambda m: (abs(m.players - players), m.players), default=None)


def weights() -> tuple[float, ...]:
    """The two-player base game's weights (`data/value.json`)."""
    return load_model("value.json").weights


def parse_weights(data: Any, expansions: Collection[str] = ()) -> tuple[float, ...]:
    """Check a weights file (format `ludoteca-value/1`) against `setup_inputs(expansions)`; its weights."""
    return parse_value_weights(data, setup_inputs(expansions))
