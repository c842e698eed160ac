"""Carcassonne scoring: completed features during play, and the final scoring.

Values (docs/carcassonne.md, section 2):

| feature   | completed                          | at the end (incomplete)          |
| --------- | ---------------------------------- | -------------------------------- |
| road      | 1 per tile (2 with an inn)         | 1 per tile (0 with an inn)       |
| city      | 2 per tile + 2 per pennant         | 1 per tile + 1 per pennant       |
|           | (3 + 3 with a cathedral)           | (0 with a cathedral)             |
| monastery | 9                                  | 1 + 1 per surrounding tile       |
| field     | —                                  | 3 per completed bordering city   |

Majority: the seat(s) with the most meeple weight on a feature each score its full
value; a tie pays every tied seat. The big meeple weighs 2. Scored meeples go back to their owners (farmers
only at the end, when nothing returns any more).
"""

from __future__ import annotations

from typing import NamedTuple

from ludoteca.games.carcassonne.board import Board, Region
from ludoteca.games.carcassonne.tiles import CITY, FIELD, MONASTERY, ROAD


class ScoreEvent(NamedTuple):
    """One feature scored: who got how many points, and why."""

    kind: str  # city, road, monastery, field
    points: int
    seats: tuple[int, ...]
    tiles: int
    final: bool  # scored by the final scoring (incomplete feature, or a field)
    square: int  # one square of the feature, to show where it is


def majority(region: Region, players: int) -> tuple[int, ...]:
    """Seats with the most meeple weight on the feature (empty if no meeple)."""
    meeples = region.meeples
    if len(meeples) == 1:
        return (meeples[0].seat,)
    weight = [0] * players
    for m in meeples:
        weight[m.seat] += m.weight
    best = max(weight)
    if best == 0:
        return ()
    return tuple(s for s in range(players) if weight[s] == best)


def completed_value(region: Region) -> int:
    n = len(region.tiles)
    if region.kind == CITY:
        per = 3 if region.cathedral else 2
        return per * (n + region.pennants)
    if region.kind == ROAD:
        return 2 * n if region.inn else n
    if region.kind == MONASTERY:
        return 9
    return 0


def final_value(board: Board, region: Region) -> int:
    """The worth of an incomplete feature (or a field) at the end of the game."""
    kind = region.kind
    if kind == CITY:
        return 0 if region.cathedral else len(region.tiles) + region.pennants
    if kind == ROAD:
        return 0 if region.inn else len(region.tiles)
    if kind == MONASTERY:
        (square,) = region.tiles
        return 1 + board.neighbours(square)
    return 3 * len(completed_cities(board, region))


def completed_cities(board: Board, field: Region) -> set[int]:
    """Roots of the completed cities a field borders (each city once per field)."""
    roots = {board.find(c) for c in field.cities}
    return {r for r in roots if board.is_complete(r)}


def score_region(
    board: Board, root: int, scores: list[int], supply: list[int], big: list[int], final: bool
) -> ScoreEvent | None:
    """Score one feature for its majority; return meeples unless it is final scoring."""
    region = board.regions[root]
    assert region is not None
    if not region.meeples:
        return None
    players = len(scores)
    seats = majority(region, players)
    points = final_value(board, region) if final else completed_value(region)
    for s in seats:
        scores[s] += points
    if not final:
        for m in region.meeples:
            if m.weight == 2:
                big[m.seat] += 1
            else:
                supply[m.seat] += 1
        board.set_meeples(root, ())
    return ScoreEvent(region.kind, points, seats, len(region.tiles), final, min(region.tiles))


def completed_roots(board: Board, squares: list[int]) -> list[int]:
    """Occupied features that tiles on `squares` completed: cities, roads, nearby monasteries."""
    roots: list[int] = []
    regions, find = board.regions, board.find
    for square in squares:
        tile, rotation, node = board.squares[square]
        for i, f in enumerate(tile.orientations[rotation].features):
            if f.kind == CITY or f.kind == ROAD:
                root = find(node + i)
                region = regions[root]
                assert region is not None
                if region.open == 0 and region.meeples and root not in roots:
                    roots.append(root)
    monasteries = board.monasteries
    for square in squares:
        for q in (square, *board.surroundings(square)):
            monastery = monasteries.get(q)
            if monastery is not None and monastery not in roots:
                region = regions[monastery]
                assert region is not None
                if region.meeples and board.neighbours(q) == 8:
                    roots.append(monastery)
    return roots


def score_completed(
    board: Board, roots: list[int], scores: list[int], supply: list[int], big: list[int]
) -> list[ScoreEvent]:
    """Score the completed features `roots` (see `completed_roots`); their meeples return."""
    events = []
    for root in roots:
        event = score_region(board, root, scores, supply, big, final=False)
        assert event is not None
        events.append(event)
    return events


def final_scoring(
    board: Board, scores: list[int], supply: list[int], big: list[int]
) -> list[ScoreEvent]:
    """Score every feature still holding meeples: roads, cities, monasteries, then fields."""
    events = []
    roots = board.roots()
    order = {ROAD: 0, CITY: 1, MONASTERY: 2, FIELD: 3}
    for root in sorted(roots, key=lambda r: (order[board.regions[r].kind], r)):  # type: ignore[union-attr]  # roots' regions exist
        event = score_region(board, root, scores, supply, big, final=True)
        if event is not None:
            events.append(event)
    return events
