"""Position values for Carcassonne bots.

`projected_scores` is each seat's score if the game ended now, except that open
cities count at 1.5 per tile and pennant (between their final and completed worth)
and monasteries count a little for the squares still to fill. With the Wonders, a
placed end-game Wonder adds what its power would pay now, and every Wonder adds a
rough expectation of what its power will still bring (`WONDER_PROMISE`, over a whole
game, scaled by the share of the bag left; half of it while the Wonder is unplaced,
since an unplaced Wonder pays nothing). `evaluate` is the seat's projected lead over
the best other seat plus a value for meeples still in hand, which shrinks as the bag
empties (a meeple is worth less with fewer turns left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.carcassonne.board import Board, Region
from ludoteca.games.carcassonne.scoring import final_value, majority
from ludoteca.games.carcassonne.tiles import CITY, MONASTERY
from ludoteca.games.carcassonne.wonders import (
    ALHAMBRA,
    ANGKOR_WAT,
    CIRCUS_MAXIMUS,
    TERRACOTTA_ARMY,
    alhambra,
    angkor_wat,
    circus_maximus,
    terracotta_army,
)

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.state import CarcassonneState

MEEPLE_VALUE = 2.0  # points a meeple in hand is worth at the start of the game
OPEN_CITY_RATE = 1.5  # points per tile/pennant of an open city
BIG_MEEPLE_FACTOR = 1.5  # a big meeple in hand, in normal meeples
# points a Wonder's power may still bring over a whole game (rough guesses, for bots only)
WONDER_PROMISE = {"stonehenge": 9.0, "notre_dame": 9.0, "tikal": 12.0, "abu_simbel": 10.0,
                  "circus_maximus": 4.0, "alhambra": 6.0, "angkor_wat": 6.0, "terracotta_army": 8.0}


def expected_value(board: Board, region: Region) -> float:
    if region.kind == CITY and region.open and not region.cathedral:
        return OPEN_CITY_RATE * (len(region.tiles) + region.pennants)
    if region.kind == MONASTERY:
        (square,) = region.tiles
        filled = board.neighbours(square)
        return 1 + filled + 0.5 * (8 - filled)
    return float(final_value(board, region))


def projected_scores(state: CarcassonneState) -> list[float]:
    board = state.board
    projected = state.scores()
    players = len(projected)
    for region in board.regions:
        if region is not None and region.meeples:
            value = expected_value(board, region)
            for seat in majority(region, players):
                projected[seat] += value
    if state.wonder_track is not None:
        for seat, value in enumerate(wonder_values(state)):
            projected[seat] += value
    return projected


def wonder_values(state: CarcassonneState) -> list[float]:
    track, game, board = state.wonder_track, state.game, state.board
    assert track is not None
    values = [0.0] * game.num_players()
    left = state.tiles_left() / max(1, game.bag_size)
    for seat, w in enumerate(track.held):
        if w >= 0:
            values[seat] += 0.5 * left * WONDER_PROMISE.get(game.wonders[w].key, 5.0)
    now = {
        CIRCUS_MAXIMUS: lambda owner: circus_maximus(board, owner, game.num_players()),
        ALHAMBRA: lambda owner: alhambra(board, owner, game.bag_size + 1),
        ANGKOR_WAT: lambda owner: angkor_wat(board),
        TERRACOTTA_ARMY: lambda owner: terracotta_army(board),
    }
    for w, (owner, _centre, _rotation, _turn) in track.placed.items():
        key = game.wonders[w].key
        values[owner] += left * WONDER_PROMISE.get(key, 5.0)
        if key in now:
            values[owner] += now[key](owner)
    return values


def evaluate(state: CarcassonneState, seat: int) -> float:
    projected = projected_scores(state)
    lead = projected[seat] - max(p for i, p in enumerate(projected) if i != seat)
    game = state.game
    share_left = state.tiles_left() / max(1, game.bag_size)  # type: ignore[attr-defined]
    hand = state.supply()[seat] + BIG_MEEPLE_FACTOR * state.big_supply()[seat]
    return lead + MEEPLE_VALUE * share_left * hand
