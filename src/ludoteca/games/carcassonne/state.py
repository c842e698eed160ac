"""A Carcassonne position: the board, the bag, scores, supplies and whose turn it is.

The turn is a small state machine, `phase`:

    DRAW (chance) --tile fits--> PLACE --> MEEPLE --> (score) --> DRAW or OVER
         \\--tile fits nowhere: discarded, DRAW again (or OVER if the bag is empty)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.errors import IllegalActionError
from ludoteca.games.carcassonne.actions import BIG, DRAW, MEEPLE, PLACE, SKIP
from ludoteca.games.carcassonne.board import Board, Meeple
from ludoteca.games.carcassonne.scoring import ScoreEvent, final_scoring, score_completed
from ludoteca.games.carcassonne.tiles import SPOTS

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.game import CarcassonneGame

PHASE_DRAW, PHASE_PLACE, PHASE_MEEPLE, PHASE_OVER = 0, 1, 2, 3
PHASE_NAMES = ("draw", "place", "meeple", "over")


class CarcassonneState(State):
    __slots__ = (
        "_bag", "_bag_left", "_big", "_board", "_discarded", "_events", "_phase", "_placed",
        "_placements", "_scores", "_supply", "_tile", "_turn",
    )
    _game: CarcassonneGame

    def __init__(self, game: CarcassonneGame) -> None:
        super().__init__(game)
        self._board = Board(game.codec.radius)
        self._board.place(game.start_tile, self._board.square(0, 0), 0)
        self._bag = list(game.bag)
        self._bag_left = game.bag_size
        self._scores = [0] * game.num_players()
        self._supply = [game.meeples] * game.num_players()
        self._big = [game.big_meeples] * game.num_players()
        self._turn = 0  # completed turns; the seat to play is turn % players
        self._phase = PHASE_DRAW
        self._tile = -1  # tile type drawn this turn
        self._placed = -1  # square of the tile placed this turn
        self._placements: tuple[int, ...] = ()  # legal place actions for the drawn tile
        self._discarded: tuple[int, ...] = ()
        self._events: tuple[tuple[int, ScoreEvent], ...] = ()  # (turn, event), oldest first
        if self._bag_left == 0:
            self._finish()

    def _copy(self) -> CarcassonneState:
        other = CarcassonneState.__new__(CarcassonneState)
        other._game = self._game
        other._board = self._board.copy()
        other._bag = self._bag.copy()
        other._bag_left = self._bag_left
        other._scores = self._scores.copy()
        other._supply = self._supply.copy()
        other._big = self._big.copy()
        other._turn = self._turn
        other._phase = self._phase
        other._tile = self._tile
        other._placed = self._placed
        other._placements = self._placements
        other._discarded = self._discarded
        other._events = self._events
        return other

    # ------------------------------------------------------------ queries
    @property
    def board(self) -> Board:
        """The board (read it, do not change it)."""
        return self._board

    def current_player(self) -> int:
        phase = self._phase
        if phase == PHASE_DRAW:
            return CHANCE
        if phase == PHASE_OVER:
            return TERMINAL
        return self._turn % len(self._scores)

    def turn_seat(self) -> int:
        return self._turn % len(self._scores)

    def phase(self) -> str:
        return PHASE_NAMES[self._phase]

    def scores(self) -> list[float]:
        return [float(s) for s in self._scores]

    def supply(self) -> list[int]:
        """Normal meeples in each seat's supply."""
        return list(self._supply)

    def big_supply(self) -> list[int]:
        """Big meeples (Inns & Cathedrals) in each seat's supply: 0 or 1."""
        return list(self._big)

    def drawn_tile(self) -> str | None:
        return self._game.tiles[self._tile].id if self._tile >= 0 else None

    def bag_counts(self) -> dict[str, int]:
        return {self._game.tiles[i].id: n for i, n in enumerate(self._bag) if n}

    def tiles_left(self) -> int:
        return self._bag_left

    def scoring_log(self) -> list[dict[str, Any]]:
        """Every feature scored so far, oldest first, with its points and winners."""
        xy = self._board.xy
        return [
            {"turn": turn, "kind": e.kind, "points": e.points, "seats": list(e.seats),
             "tiles": e.tiles, "final": e.final, "at": list(xy(e.square))}
            for turn, e in self._events
        ]

    def meeples_on_board(self) -> list[dict[str, Any]]:
        xy = self._board.xy
        out = []
        for root in self._board.roots():
            region = self._board.regions[root]
            assert region is not None
            for m in region.meeples:
                x, y = xy(m.square)
                out.append({"seat": m.seat, "x": x, "y": y, "spot": SPOTS[m.spot],
                            "big": m.weight == 2, "feature": region.kind})
        return sorted(out, key=lambda m: (m["x"], m["y"], m["spot"]))

    def placed_tiles(self) -> list[dict[str, Any]]:
        xy = self._board.xy
        return sorted(
            ({"x": xy(sq)[0], "y": xy(sq)[1], "tile": tile.id, "rotation": 90 * rot}
             for sq, (tile, rot, _) in self._board.squares.items()),
            key=lambda t: (t["x"], t["y"]),
        )

    # ------------------------------------------------------------ decisions
    def _decision(self) -> tuple[str, str]:
        phase = self._phase
        if phase == PHASE_DRAW:
            return DRAW, f"Draw a tile ({self._bag_left} left)"
        tile = self._game.tiles[self._tile].id
        if phase == PHASE_PLACE:
            return PLACE, f"Place tile {tile}"
        x, y = self._board.xy(self._placed)
        return MEEPLE, f"Place a meeple on tile {tile} at {x},{y}, or skip"

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        total = self._bag_left
        return [(i, n / total) for i, n in enumerate(self._bag) if n]

    def _legal_actions(self) -> list[int]:
        if self._phase == PHASE_PLACE:
            return list(self._placements)
        return self._meeple_actions()

    def _meeple_actions(self) -> list[int]:
        codec = self._game.codec
        seat = self.turn_seat()
        normal, big = self._supply[seat] > 0, self._big[seat] > 0
        actions = []
        if normal or big:
            board = self._board
            tile, rotation, node = board.squares[self._placed]
            regions, find = board.regions, board.find
            for i, f in enumerate(tile.orientations[rotation].features):
                if not regions[find(node + i)].meeples:  # type: ignore[union-attr]
                    if normal:
                        actions.append(codec.meeple(f.spot))
                    if big:
                        actions.append(codec.meeple(f.spot, big=True))
            actions.sort()
        actions.append(codec.skip)
        return actions

    def action_to_string(self, action: int) -> str:
        return self._game.codec.to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse notation; for meeples any side or third of the feature is accepted."""
        codec = self._game.codec
        d = codec.parse(text)
        if d.verb == DRAW:
            action = codec.draw(d.tile)
        elif d.verb == PLACE:
            action = codec.place(self._board.square(d.x, d.y), d.rotation)
        elif d.verb in (MEEPLE, BIG):
            action = codec.meeple(self._canonical_spot(d.spot, text), d.verb == BIG)
        else:
            action = codec.skip
        if action not in self.legal_actions():
            raise IllegalActionError(self._illegal_message(" ".join(text.split()), self.legal_actions()))
        return action

    def _canonical_spot(self, spot: int, text: str) -> int:
        if self._phase != PHASE_MEEPLE:
            raise IllegalActionError(self._illegal_message(text, self.legal_actions()))
        tile, rotation, _ = self._board.squares[self._placed]
        orient = tile.orientations[rotation]
        local = orient.spot_feature.get(spot)
        if local is None:
            x, y = self._board.xy(self._placed)
            raise IllegalActionError(
                f"tile {tile.id} at {x},{y} has no feature at {SPOTS[spot]!r}; its features: "
                + ", ".join(SPOTS[f.spot] for f in orient.features)
            )
        return orient.features[local].spot

    def _action_payload(self, action: int) -> dict[str, Any]:
        d = self._game.codec.decode(action)
        if d.verb == DRAW:
            return {"tile": self._game.tiles[d.tile].id}
        if d.verb == PLACE:
            return {"x": d.x, "y": d.y, "rotation": 90 * d.rotation, "tile": self.drawn_tile()}
        if d.verb == SKIP:
            return {}
        tile, rotation, _ = self._board.squares[self._placed]
        local = tile.orientations[rotation].spot_feature[d.spot]
        x, y = self._board.xy(self._placed)
        return {"spot": SPOTS[d.spot], "feature": tile.orientations[rotation].features[local].kind,
                "big": d.verb == BIG, "x": x, "y": y}

    # ------------------------------------------------------------ transitions
    def _apply(self, action: int) -> None:
        phase = self._phase
        game = self._game
        if phase == PHASE_DRAW:
            self._draw(action)
        elif phase == PHASE_PLACE:
            square, rotation = divmod(action - game.codec.place_base, 4)
            self._board.place(game.tiles[self._tile], square, rotation)
            self._placed = square
            self._placements = ()
            self._phase = PHASE_MEEPLE
        else:
            codec = game.codec
            if action != codec.skip:
                spot = (action - codec.meeple_base) % len(SPOTS)
                big = action - codec.meeple_base >= len(SPOTS)
                self._put_meeple(spot, big)
            self._end_turn()

    def _draw(self, tile_index: int) -> None:
        game = self._game
        self._bag[tile_index] -= 1
        self._bag_left -= 1
        tile = game.tiles[tile_index]
        place = game.codec.place
        placements = tuple(place(sq, r) for sq, r in self._board.placements(tile))
        if not placements:
            self._discarded += (tile_index,)
            self._tile = -1
            if self._bag_left == 0:
                self._finish()
            return
        self._tile = tile_index
        self._placements = placements
        self._phase = PHASE_PLACE

    def _put_meeple(self, spot: int, big: bool) -> None:
        board = self._board
        seat = self.turn_seat()
        tile, rotation, node = board.squares[self._placed]
        local = tile.orientations[rotation].spot_feature[spot]
        root = board.find(node + local)
        region = board.regions[root]
        assert region is not None
        meeple = Meeple(seat, 2 if big else 1, self._placed, spot)
        board.set_meeples(root, (*region.meeples, meeple))
        if big:
            self._big[seat] -= 1
        else:
            self._supply[seat] -= 1

    def _end_turn(self) -> None:
        events = score_completed(self._board, self._placed, self._scores, self._supply, self._big)
        if events:
            self._events += tuple((self._turn, e) for e in events)
        self._turn += 1
        self._tile = -1
        self._placed = -1
        if self._bag_left == 0:
            self._finish()
        else:
            self._phase = PHASE_DRAW

    def _finish(self) -> None:
        events = final_scoring(self._board, self._scores, self._supply, self._big)
        self._events += tuple((self._turn, e) for e in events)
        self._phase = PHASE_OVER

    # ------------------------------------------------------------ views
    def observation(self, seat: int) -> dict[str, Any]:
        """Everything is public in Carcassonne, so every seat sees the same (plus its seat)."""
        placed = None
        if self._placed >= 0:
            x, y = self._board.xy(self._placed)
            placed = {"x": x, "y": y}
        return {
            "game": "carcassonne",
            "seat": seat,
            "players": len(self._scores),
            "current_player": self.current_player(),
            "turn_seat": self.turn_seat(),
            "phase": self.phase(),
            "turn": self._turn,
            "tile": self.drawn_tile(),
            "placed": placed,
            "board": self.placed_tiles(),
            "meeples": self.meeples_on_board(),
            "scores": list(self._scores),
            "supply": list(self._supply),
            "big_supply": list(self._big),
            "bag": self.bag_counts(),
            "tiles_left": self._bag_left,
            "discarded": [self._game.tiles[i].id for i in self._discarded],
        }

    def full_state(self) -> dict[str, Any]:
        board = self._board
        xy = board.xy
        regions = []
        for root in board.roots():
            r = board.regions[root]
            assert r is not None
            regions.append({
                "root": root, "kind": r.kind, "tiles": sorted(xy(t) for t in r.tiles),
                "open": r.open, "pennants": r.pennants, "meeples": [list(m) for m in r.meeples],
                "cities": sorted({board.find(c) for c in r.cities}), "inn": r.inn,
                "cathedral": r.cathedral,
            })
        return {
            **self.observation(-1),
            "regions": regions,
            "open": sorted((*xy(sq), p) for sq, p in board.open.items()),
            "placements": list(self._placements),
            "events": self.scoring_log(),
            "history_length": len(self._history),
        }
