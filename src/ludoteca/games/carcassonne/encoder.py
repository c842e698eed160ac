"""Carcassonne's numeric observation: board planes around the start tile, plus scalars.

Built only from `state.observation(seat)` (the tile ids, rotations, meeples, scores,
supplies, bag counts, drawn tile, phase and Wonders listed there) and the game's
fixed data (tile shapes, the options). Seats are RELATIVE to the observing seat:
relative seat r is absolute seat `(seat + r) % P`, so r = 0 is always "me".

The vector is these segments, end to end (P players, T land tile types — 41 with
the packaged data: every set's types, whichever are switched on — W Wonders on
offer, K the crop radius, 12 by default, D = 2K + 1):

| segment            | shape          | content                                                           |
| ------------------ | -------------- | ----------------------------------------------------------------- |
| `planes`           | (25 + 4P, D, D)| board planes, see below; `[c, x + K, y + K]` is square (x, y)     |
| `current_player`   | (P + 2,)       | one-hot: relative seat to move, then chance, then terminal        |
| `turn_seat`        | (P,)           | one-hot: relative seat whose turn it is                           |
| `phase`            | (8,)           | one-hot of `PHASES`                                               |
| `scores`           | (P,)           | points / 100, relative seats                                      |
| `supply`           | (P,)           | meeples in supply / meeples per seat                              |
| `big_supply`       | (P,)           | big meeples in supply (Inns & Cathedrals)                         |
| `drawn_tile`       | (T,)           | one-hot of the tile drawn this turn (all 0 when none)             |
| `bag`              | (T,)           | tiles of each type left in the bag / initial bag size             |
| `counts`           | (3,)           | tiles left, tiles discarded (/ bag size), squares off the crop (*) |

(*) squares outside the crop / (bag size + 5W).

With the Wonders of Humanity, then:

| segment            | shape          | content                                                           |
| ------------------ | -------------- | ----------------------------------------------------------------- |
| `wonder_display`   | (W,)           | 1 if Wonder w (in the offer's order) is on display                |
| `wonder_held`      | (P, W)         | relative seat r holds Wonder w, unplaced                          |
| `wonder_placed`    | (W, P)         | Wonder w is on the board, owned by relative seat r                |
| `wonder_waiting`   | (P,)           | the seat's pair still waits beside the score track                |
| `wonder_claimants` | (P,)           | the seat is due to take a Wonder                                  |
| `wonder_qualified` | (P,)           | the seat qualified and waits for the claim order                  |
| `wonder_threshold` | (1,)           | points of the next claim threshold / 100                          |

Board planes (channel: meaning), for every square of the crop:

* 0: a tile (or Wonder square) is there
* 1–4: side N/E/S/W shows a city; 5–8: a road; 9–12: a field
  (a Wonder's internal side shows none of them)
* 13–18: one city or road feature owns both sides of the pair N-E, E-S, S-W, W-N,
  N-S, E-W (so a tile's cities and roads are fully described)
* 19: monastery; 20: pennants (count); 21: inn; 22: cathedral
* 23: a Wonder square; 24: the square placed this turn (`observation["placed"]`)
* 25 + 4r + k: meeples of relative seat r on feature kind k (city, road, field,
  monastery), a normal meeple counting 1 and a big one 2

Limits: squares farther than K from (0,0) are not drawn (only counted in `counts`),
and field topology is only given by the field sides (not which fields connect
inside a tile). Abu Simbel's kept tile is not encoded.

Speed (`encode_state`, the environments' path): the encoder keeps one work vector
whose tile channels stay drawn between calls (a board only gains squares: only the
new ones are drawn), the meeple channels' cells while the board's `manned` set is
the same object (the board replaces it whenever a meeple comes or goes) and the
bag's values while the unseen counts are equal; each call rewrites the rest and
copies the vector out.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import numpy as np

from ludoteca.core.encoding import Layout, SeatRelative
from ludoteca.games.carcassonne import views
from ludoteca.games.carcassonne.tiles import CITY, FIELD, MONASTERY, ROAD, TileType, load_tiles
from ludoteca.games.carcassonne.wonders import load_wonders

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.board import Board
    from ludoteca.games.carcassonne.game import CarcassonneGame
    from ludoteca.games.carcassonne.state import CarcassonneState

CROP_RADIUS = 12
PHASES = ("draw", "place", "meeple", "over", "start", "wonder-meeple", "order", "claim")
TILE_CHANNELS = 25
MEEPLE_KINDS = (CITY, ROAD, FIELD, MONASTERY)
SIDE_PAIRS = ((0, 1), (1, 2), (2, 3), (0, 3), (0, 2), (1, 3))  # N-E, E-S, S-W, W-N, N-S, E-W
PLACED_CHANNEL = 24
SCORE_SCALE = 100.0


@cache
def _all_tile_types() -> dict[str, TileType]:
    """Land tiles and every Wonder's squares, by id."""
    types = {t.id: t for t in load_tiles()}
    for wonder in load_wonders():
        types[wonder.centre.id] = wonder.centre
        for arm in wonder.arms:
            types[arm.id] = arm
    return types


@cache
def _tile_channels(tile_id: str, rotation: int) -> np.ndarray:
    """Channels 0..23 of a square holding `tile_id` turned `rotation` degrees."""
    channels = np.zeros(PLACED_CHANNEL, dtype=np.float32)
    channels[0] = 1.0
    tile = _all_tile_types().get(tile_id)
    if tile is None:
        return channels
    orientation = tile.orientations[(rotation // 90) % 4]
    for side, letter in enumerate(orientation.edges):
        if letter in "CRF":
            channels[1 + 4 * "CRF".index(letter) + side] = 1.0
    for f in orientation.features:
        if f.kind in (CITY, ROAD):
            for p, (a, b) in enumerate(SIDE_PAIRS):
                if a in f.sides and b in f.sides:
                    channels[13 + p] = 1.0
        channels[19] += f.kind == MONASTERY
        channels[20] += f.pennants
        channels[21] += f.inn
        channels[22] += f.cathedral
    channels[23] = tile_id.startswith("wonder:")
    return channels


class CarcassonneEncoder(SeatRelative):
    """See the module docstring for the layout."""

    def __init__(self, game: CarcassonneGame, radius: int = CROP_RADIUS) -> None:
        self.players = p = game.num_players()
        self.radius = radius
        d = 2 * radius + 1
        self.tile_ids = [t.id for t in game.tiles]
        self.tile_slot = {tid: i for i, tid in enumerate(self.tile_ids)}
        t = len(self.tile_ids)
        self.bag_size = max(1, game.bag_size)
        self.meeples = max(1, game.meeples)
        self.wonder_keys = [w.key for w in game.wonders]
        self.wonder_slot = {k: i for i, k in enumerate(self.wonder_keys)}
        w = len(self.wonder_keys)
        self.squares = max(1, game.bag_size + 5 * w)
        segments: list[tuple[str, tuple[int, ...], float]] = [
            ("planes", (TILE_CHANNELS + 4 * p, d, d), 4.0),
            ("current_player", (p + 2,), 1.0),
            ("turn_seat", (p,), 1.0),
            ("phase", (len(PHASES),), 1.0),
            ("scores", (p,), 100.0),
            ("supply", (p,), 4.0),
            ("big_supply", (p,), 4.0),
            ("drawn_tile", (t,), 1.0),
            ("bag", (t,), 1.0),
            ("counts", (3,), 1.0),
        ]
        if w:
            segments += [
                ("wonder_display", (w,), 1.0),
                ("wonder_held", (p, w), 1.0),
                ("wonder_placed", (w, p), 1.0),
                ("wonder_waiting", (p,), 1.0),
                ("wonder_claimants", (p,), 1.0),
                ("wonder_qualified", (p,), 1.0),
                ("wonder_threshold", (1,), 10.0),
            ]
        self.layout = Layout(segments)
        self._high = self.layout.high()
        index = self.layout.index
        # the work vector: its tile channels (0..23) are kept between calls and brought up
        # to the board (`_tile_planes`, `_board_planes`); `_encode` rewrites the rest
        self._work = self.layout.zeros()
        self._views = self.layout.views(self._work)
        self._tiles = self._views["planes"][:PLACED_CHANNEL]
        self._offset = {name: segment.offset for name, segment in index.items()}
        self._placed_base = index["planes"].offset + PLACED_CHANNEL * d * d
        self._seat_highs = tuple(index[name].high for name in ("scores", "supply", "big_supply"))
        wonders_from = index["wonder_display"].offset if w else self.layout.size
        self._wonder_part = self._work[wonders_from:]  # the Wonders' segments: the vector's tail
        self._wonder_high = self._high[wonders_from:]
        # what `_encode` wrote last in the work vector: the placed square's cell, the meeple
        # cells (the `_cells` pair), the one-hots' indices, the seat values and the counts
        self._written: dict[str, Any] = {"placed": -1, "meeples": None, "hot": (), "seats": None,
                                         "counts": None}
        self._bag_key: list[int] | None = None  # the unseen counts last written in the bag segment
        self._manned: frozenset[int] | None = None  # the board's `manned` the cells below are for
        self._meeple_cells: dict[int, tuple[np.ndarray, np.ndarray]] = {}  # by observing seat
        self._drawn: dict[tuple[int, int], tuple[str, int]] = {}  # squares drawn from JSON boards
        self._items: list[tuple[int, Any]] = []  # the engine board's squares drawn (encode_state)
        self._board: Board | None = None  # the board they were read from (held: compared by identity)
        self._drawn_from = ""
        self._outside = 0

    def encode(self, observation: dict[str, Any], seat: int, out: np.ndarray | None = None) -> np.ndarray:
        meeples = [(m["seat"], m["x"], m["y"], m["feature"], 2.0 if m["big"] else 1.0)
                   for m in observation["meeples"]]
        placed = observation.get("placed")
        slot = self.tile_slot
        bag = [0] * len(slot)
        for tid, count in observation["bag"].items():
            if tid in slot:
                bag[slot[tid]] = count
        outside = self._tile_planes(observation["board"])
        return self._encode(
            seat, out, outside, (placed["x"], placed["y"]) if placed else None, self._cells(meeples, seat),
            observation["current_player"], observation["turn_seat"], observation["phase"],
            (observation["scores"], observation["supply"], observation["big_supply"]),
            observation.get("tile"), bag,
            (observation["tiles_left"], len(observation["discarded"])), observation.get("wonders"))

    def encode_state(self, state: CarcassonneState, seat: int, out: np.ndarray | None = None) -> np.ndarray:
        """`encode(state.observation(seat), seat, out)`, without writing the view out as JSON.

        The view's parts come from the same functions `state.observation` uses
        (`ludoteca.games.carcassonne.views`); tests check both give the same vector."""
        board = state.board
        placed = board.xy(state.placed_square) if state.placed_square >= 0 else None
        outside = self._board_planes(state)
        return self._encode(
            seat, out, outside, placed, self._board_meeples(board, seat),
            state.current_player(), state.turn_seat(), state.phase(),
            (state.scores(), state.supply(), state.big_supply()), state.drawn_tile(),
            views.unseen_counts(state, seat), (state.tiles_left(), len(state.discarded())),
            views.wonders_view(state, seat) if state.wonder_track is not None else None)

    def _encode(
        self, seat: int, out: np.ndarray | None, outside: int, placed: tuple[int, int] | None,
        meeples: tuple[np.ndarray, np.ndarray], player: int, turn_seat: int, phase: str,
        seat_values: tuple[list[float], list[int], list[int]], tile: str | None, bag: list[int],
        tiles: tuple[int, int], wonders: dict[str, Any] | None,
    ) -> np.ndarray:
        """Write the view's values in the work vector (its tile planes are already drawn),
        then copy it out: `meeples` the meeple planes' cells and values (`_cells`), `bag`
        the unseen tiles' counts by tile slot, `seat_values`
        the scores, supplies and big supplies by absolute seat, `tiles` the tiles left
        and discarded.

        Only what differs from the last call is written (`_written`: the cells set, the
        one-hots' indices, the values of each part), so a call costs a few item writes
        and the copy. Every value is clipped to its segment's high as `Layout.high()`
        says: the seat values here (the others are at most 1 by the rules, their highs
        at least 1), the Wonders' segments with numpy."""
        vector, at, last = self._work, self._offset, self._written
        n, k, d = self.players, self.radius, 2 * self.radius + 1
        cell = -1
        if placed is not None and abs(placed[0]) <= k and abs(placed[1]) <= k:
            cell = self._placed_base + (placed[0] + k) * d + placed[1] + k
        if cell != last["placed"]:
            if last["placed"] >= 0:
                vector[last["placed"]] = 0.0
            if cell >= 0:
                vector[cell] = 1.0
            last["placed"] = cell
        if meeples is not last["meeples"]:
            old = last["meeples"]
            if old is not None:
                vector[old[0]] = 0.0
            vector[meeples[0]] = meeples[1]
            last["meeples"] = meeples
        hot = (at["current_player"] + (self._rel(player, seat) if player >= 0 else
                                       (n if player == -1 else n + 1)),
               at["turn_seat"] + self._rel(turn_seat, seat),
               at["phase"] + PHASES.index(phase) if phase in PHASES else -1,
               at["drawn_tile"] + self.tile_slot[tile] if tile in self.tile_slot else -1)
        if hot != last["hot"]:
            for index in last["hot"]:
                if index >= 0:
                    vector[index] = 0.0
            for index in hot:
                if index >= 0:
                    vector[index] = 1.0
            last["hot"] = hot
        if (seat, tuple(seat_values)) != last["seats"]:  # the lists compared by value
            order = [(seat + r) % n for r in range(n)]  # relative seat r is absolute seat order[r]
            scores, supply, big = seat_values
            high_score, high_supply, high_big = self._seat_highs
            start = at["scores"]  # scores, supply and big_supply lie end to end
            vector[start:start + 3 * n] = ([min(scores[s] / SCORE_SCALE, high_score) for s in order]
                                           + [min(supply[s] / self.meeples, high_supply) for s in order]
                                           + [min(big[s], high_big) for s in order])
            last["seats"] = (seat, tuple(list(values) for values in seat_values))  # copies: lists change
        if bag != self._bag_key:  # a list compared by value: a tile drawn changes it
            self._bag_key = bag
            bag_values = self._views["bag"]
            bag_values[:] = bag
            np.divide(bag_values, self.bag_size, out=bag_values)
        counts = (tiles[0] / self.bag_size, tiles[1] / self.bag_size, outside / self.squares)
        if counts != last["counts"]:
            self._views["counts"][:] = counts
            last["counts"] = counts
        if self.wonder_keys:
            self._wonder_part[:] = 0.0
            if wonders is not None:
                self._encode_wonders(wonders, seat, self._views)
                np.minimum(self._wonder_part, self._wonder_high, out=self._wonder_part)
        if out is None:
            return vector.copy()
        out[:] = vector
        return out

    def _board_meeples(self, board: Board, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """`_cells` of the board's meeples (as views.meeples_on_board, without its dicts),
        kept while `board.manned` is the same object: the board replaces it whenever a
        meeple is put down, joins another region's or leaves (its regions are immutable),
        so the same object means the same meeples on the same squares and features."""
        if board.manned is not self._manned:
            self._manned = board.manned
            self._meeple_cells.clear()
        cells = self._meeple_cells.get(seat)
        if cells is None:
            xy = board.xy
            meeples = []
            for root in board.manned:
                region = board.regions[root]
                assert region is not None
                for m in region.meeples:
                    meeples.append((m.seat, *xy(m.square), region.kind, float(m.weight)))
            cells = self._meeple_cells[seat] = self._cells(meeples, seat)
        return cells

    def _cells(
        self, meeples: list[tuple[int, int, int, str, float]], seat: int,
    ) -> tuple[np.ndarray, np.ndarray]:
        """The flat indices and values of the meeple channels (25 + 4r + kind) for these
        (seat, x, y, feature, weight) meeples seen by `seat`: weights summed per square
        and clipped to the planes' bound; meeples off the crop are left out."""
        k, d = self.radius, 2 * self.radius + 1
        base = self._offset["planes"]
        high = self.layout.index["planes"].high
        sums: dict[int, float] = {}
        for owner, mx, my, feature, weight in meeples:
            x, y = mx + k, my + k
            if 0 <= x < d and 0 <= y < d and feature in MEEPLE_KINDS:
                channel = TILE_CHANNELS + 4 * self._rel(owner, seat) + MEEPLE_KINDS.index(feature)
                cell = base + (channel * d + x) * d + y
                sums[cell] = sums.get(cell, 0.0) + weight
        cells = np.fromiter(sums, dtype=np.intp, count=len(sums))
        values = np.fromiter((min(w, high) for w in sums.values()), dtype=np.float32, count=len(sums))
        return cells, values

    def _tile_planes(self, board: list[dict[str, Any]]) -> int:
        """Bring `self._tiles` (channels 0..23) up to the JSON `board`; return the squares off the crop.

        Tiles are only ever added, so the planes of the last board encoded are kept and
        only the new squares drawn; any other board (an earlier position, another game)
        redraws them all."""
        squares = {(t["x"], t["y"]): (t["tile"], t["rotation"]) for t in board}
        drawn = self._drawn
        if self._drawn_from != "json" or len(drawn) > len(squares) or any(
                squares.get(xy) != tr for xy, tr in drawn.items()):
            self._restart("json")
        if len(drawn) < len(squares):
            for xy, (tile, rotation) in squares.items():
                if xy not in drawn:
                    drawn[xy] = (tile, rotation)
                    self._draw_square(*xy, tile, rotation)
        return self._outside

    def _board_planes(self, state: CarcassonneState) -> int:
        """`_tile_planes` from the engine's board: its squares in the order they were placed.

        A board only ever gains squares, so for the board object encoded last only the
        squares past those drawn are read; any other board is compared square by square
        with what was drawn (a later position of the same game keeps the planes)."""
        board = state.board
        squares = board.squares
        known = self._items
        if board is not self._board or self._drawn_from != "state" or len(squares) < len(known):
            items = list(squares.items())
            if self._drawn_from != "state" or len(known) > len(items) or items[: len(known)] != known:
                self._restart("state")
                known = self._items
            self._board = board
        if len(squares) > len(known):
            xy = board.xy
            for item in list(squares.items())[len(known):]:
                square, (tile, rotation, _) = item
                self._draw_square(*xy(square), tile.id, 90 * rotation)
                known.append(item)
        return self._outside

    def _restart(self, source: str) -> None:
        self._tiles.fill(0.0)
        self._drawn.clear()
        self._items = []
        self._board = None
        self._outside = 0
        self._drawn_from = source

    def _draw_square(self, x: int, y: int, tile: str, rotation: int) -> None:
        k = self.radius
        if abs(x) <= k and abs(y) <= k:
            self._tiles[:, x + k, y + k] = _tile_channels(tile, rotation)
        else:
            self._outside += 1

    def _encode_wonders(self, wonders: dict[str, Any], seat: int, v: dict[str, np.ndarray]) -> None:
        slot = self.wonder_slot
        for key in wonders["display"]:
            v["wonder_display"][slot[key]] = 1.0
        for s, key in enumerate(wonders["held"]):
            if key is not None:
                v["wonder_held"][self._rel(s, seat), slot[key]] = 1.0
        for placed in wonders["placed"]:
            v["wonder_placed"][slot[placed["key"]], self._rel(placed["owner"], seat)] = 1.0
        for name in ("waiting", "claimants", "qualified"):
            target = v[f"wonder_{name}"]
            if name == "waiting":
                for s, flag in enumerate(wonders["waiting"]):
                    target[self._rel(s, seat)] = float(bool(flag))
            else:
                for s in wonders[name]:
                    target[self._rel(s, seat)] = 1.0
        v["wonder_threshold"][0] = wonders["threshold"] / SCORE_SCALE
