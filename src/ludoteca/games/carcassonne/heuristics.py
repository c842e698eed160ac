"""Position values for Carcassonne bots.

`projected_scores` is each seat's score if the game ended now, except that open
cities count at 1.5 per tile and pennant (between their final and completed worth)
and monasteries count a little for the squares still to fill. `evaluate` is the
seat's projected lead over the best other seat plus a value for meeples still in
hand, which shrinks as the bag empties (a meeple is worth less with fewer turns left).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.carcassonne.board import Board, Region
from ludoteca.games.carcassonne.scoring import final_value, majority
from ludoteca.games.carcassonne.tiles import CITY, MONASTERY

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.state import CarcassonneState

MEEPLE_VALUE = 2.0  # points a meeple in hand is worth at the start of the game
OPEN_CITY_RATE = 1.5  # points per tile/pennant of an open city
BIG_MEEPLE_FACTOR = 1.5  # a big meeple in hand, in normal meeples


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
    return projected


def evaluate(state: CarcassonneState, seat: int) -> float:
    projected = projected_scores(state)
    lead = projected[seat] - max(p for i, p in enumerate(projected) if i != seat)
    game = state.game
    share_left = state.tiles_left() / max(1, game.bag_size)  # type: ignore[attr-defined]
    hand = state.supply()[seat] + BIG_MEEPLE_FACTOR * state.big_supply()[seat]
    return lead + MEEPLE_VALUE * share_left * hand
