"""Position values for Carcassonne bots.

`projected_scores` is each seat's score if the game ended now, plus what its
unfinished features may still bring. An open feature whose worth doubles on
completion (a city; a road with an inn; a city with a cathedral, which is worth
nothing unfinished) counts its completed value with the probability

    p(open sides, tiles left) = left / (left + COMPLETION_DIFFICULTY * sides**2),

so a city with one gap early in the game counts almost double, one with five gaps
near the end hardly more than its final value. A monastery counts its surrounding
tiles plus the same kind of share of the squares still empty. A field counts only
`FIELD_WEIGHT` of its current value (a farmer is a meeple for the rest of the game)
until the last `FIELD_RAMP` of the bag, over which its weight rises to 1: with the
bag empty the projection *is* the final scoring. With the Wonders, a placed
end-game Wonder adds what its power would pay now, and every Wonder adds a rough
expectation of what its power will still bring (`WONDER_PROMISE`, over a whole
game, scaled by the share of the bag left; half of it while the Wonder is unplaced,
since an unplaced Wonder pays nothing). `evaluate` is the seat's projected lead over
the best other seat plus a value for meeples still in hand, which shrinks as the bag
empties (a meeple is worth less with fewer turns left); the last `SCARCE_MEEPLES`
in hand are worth `SCARCE_BONUS` more each, since a seat without meeples cannot
take what its tiles offer.

The constants were tuned by one-turn greedy play, heuristic against heuristic over
400 paired games each (BENCHMARKS.md, session 4): the completion probability beat
the flat 1.5 points per open-city tile it replaced 59.5% of the time; the field
weight and the scarce-meeple bonus then beat that heuristic 84% of the time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.carcassonne.board import Board, Region
from ludoteca.games.carcassonne.scoring import completed_value, final_value, majority
from ludoteca.games.carcassonne.tiles import CITY, FIELD, MONASTERY, ROAD
from ludoteca.games.carcassonne.wonders import end_power

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.state import CarcassonneState

MEEPLE_VALUE = 2.0  # points a meeple in hand is worth at the start of the game
SCARCE_MEEPLES = 2  # the last meeples in hand are worth more: they keep a seat able to act ...
SCARCE_BONUS = 3.0  # ... by this much each, at the start of the game
FIELD_WEIGHT = 0.4  # a field counts this share of its current value (a farmer never comes home) ...
FIELD_RAMP = 0.1  # ... rising to all of it over this last share of the bag
COMPLETION_DIFFICULTY = 8.0  # see `completion_chance`
MONASTERY_DIFFICULTY = 8.0  # an empty square next to a monastery is filled with chance left / (left + this)
BIG_MEEPLE_FACTOR = 1.5  # a big meeple in hand, in normal meeples
# points a Wonder's power may still bring over a whole game (rough guesses, for bots only)
WONDER_PROMISE = {"stonehenge": 9.0, "notre_dame": 9.0, "tikal": 12.0, "abu_simbel": 10.0,
                  "circus_maximus": 4.0, "alhambra": 6.0, "angkor_wat": 6.0, "terracotta_army": 8.0}


def completion_chance(open_sides: int, left: int) -> float:
    """A rough chance that a feature with `open_sides` unmatched sides is completed
    while `left` tiles remain in the bag (0 once the bag is empty)."""
    return left / (left + COMPLETION_DIFFICULTY * open_sides * open_sides)


def field_weight(share_left: float) -> float:
    """The share of a field's current value it counts for, with `share_left` of the bag left."""
    if share_left >= FIELD_RAMP:
        return FIELD_WEIGHT
    return 1 - (1 - FIELD_WEIGHT) * share_left / FIELD_RAMP


def expected_value(board: Board, region: Region, left: int, bag_size: int) -> float:
    """The points `region` is expected to bring its majority, `left` of `bag_size` tiles
    before the end."""
    kind = region.kind
    if kind in (CITY, ROAD) and not region.open:
        # completed by the tile just placed, scored when the turn ends (after the
        # meeple decision): already worth its full value
        return float(completed_value(region))
    if kind == CITY or (kind == ROAD and region.inn):
        chance = completion_chance(region.open, left)
        done, unfinished = completed_value(region), final_value(board, region)
        return unfinished + chance * (done - unfinished)
    if kind == MONASTERY:
        (square,) = region.tiles
        filled = board.neighbours(square)
        return 1 + filled + (8 - filled) * left / (left + MONASTERY_DIFFICULTY)
    if kind == FIELD:
        return field_weight(left / max(1, bag_size)) * final_value(board, region)
    return float(final_value(board, region))


def projected_scores(state: CarcassonneState) -> list[float]:
    return _projection(state)[0]


def _projection(state: CarcassonneState) -> tuple[list[float], list[float]]:
    """Projected scores, and per seat the meeples (a big one counting `BIG_MEEPLE_FACTOR`)
    standing on features the last tile completed, which go home when the turn ends."""
    board = state.board
    projected = state.scores()
    players = len(projected)
    returning = [0.0] * players
    left = state.tiles_left()
    bag_size = state.game.bag_size
    regions = board.regions
    for root in sorted(board.manned):
        region = regions[root]
        assert region is not None
        value = expected_value(board, region, left, bag_size)
        for seat in majority(region, players):
            projected[seat] += value
        kind = region.kind
        complete = board.is_complete(root) if kind == MONASTERY else kind != FIELD and not region.open
        if complete:
            for m in region.meeples:
                returning[m.seat] += BIG_MEEPLE_FACTOR if m.weight == 2 else 1
    if state.wonder_track is not None:
        for seat, value in enumerate(wonder_values(state)):
            projected[seat] += value
    return projected, returning


def wonder_values(state: CarcassonneState) -> list[float]:
    track, game, board = state.wonder_track, state.game, state.board
    assert track is not None
    values = [0.0] * game.num_players()
    left = state.tiles_left() / max(1, game.bag_size)
    for seat, w in enumerate(track.held):
        if w >= 0:
            values[seat] += 0.5 * left * WONDER_PROMISE.get(game.wonders[w].key, 5.0)
    for w, (owner, _centre, _rotation, _turn) in track.placed.items():
        key = game.wonders[w].key
        values[owner] += left * WONDER_PROMISE.get(key, 5.0)
        values[owner] += end_power(board, key, owner, game.num_players(), game.bag_size + 1)
    return values


def evaluate(state: CarcassonneState, seat: int) -> float:
    projected, returning = _projection(state)
    lead = projected[seat] - max(p for i, p in enumerate(projected) if i != seat)
    game = state.game
    share_left = state.tiles_left() / max(1, game.bag_size)
    hand = state.supply()[seat] + BIG_MEEPLE_FACTOR * state.big_supply()[seat] + returning[seat]
    return lead + share_left * (MEEPLE_VALUE * hand + SCARCE_BONUS * min(hand, SCARCE_MEEPLES))
