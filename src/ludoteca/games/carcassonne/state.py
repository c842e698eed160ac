"""A Carcassonne position: the board, the bag, scores, supplies and whose turn it is.

The turn is a small state machine, `phase`:

    DRAW (chance) --tile fits--> PLACE --> MEEPLE --> (score) --> next turn, or OVER
         \\--tile fits nowhere: discarded, DRAW again (or OVER if the bag is empty)

With the Wonders of Humanity a seat holding an unplaced Wonder starts its turn in
START (`hold` -> DRAW, or `place-wonder` -> WONDER_MEEPLE: up to two meeples on the
Wonder), and after any turn whose scores reach the pairs' threshold the qualifying
seats claim Wonders: ORDER (the active seat orders them, if several) -> CLAIM.
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.errors import IllegalActionError
from ludoteca.games.carcassonne import views
from ludoteca.games.carcassonne.actions import (
    BIG,
    CHOOSE,
    DRAW,
    HOLD,
    MEEPLE,
    ORDER,
    PLACE,
    PLACE_WONDER,
    SKIP,
    WONDER,
)
from ludoteca.games.carcassonne.board import Board, Meeple
from ludoteca.games.carcassonne.scoring import ScoreEvent, completed_roots, final_scoring, score_completed
from ludoteca.games.carcassonne.tiles import CITY, ROAD, SPOTS
from ludoteca.games.carcassonne.wonders import (
    ALHAMBRA,
    ANGKOR_WAT,
    CIRCUS_MAXIMUS,
    NOTRE_DAME,
    STONEHENGE,
    TERRACOTTA_ARMY,
    TIKAL,
    WonderTrack,
    alhambra,
    angkor_wat,
    circus_maximus,
    meeples_in_cities,
    next_to_monastery,
    place_wonder,
    terracotta_army,
    wonder_spots,
)

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.game import CarcassonneGame

(PHASE_DRAW, PHASE_PLACE, PHASE_MEEPLE, PHASE_OVER, PHASE_START, PHASE_WONDER_MEEPLE,
 PHASE_ORDER, PHASE_CLAIM) = range(8)
PHASE_NAMES = ("draw", "place", "meeple", "over", "start", "wonder-meeple", "order", "claim")
WONDER_MEEPLES = 2


class CarcassonneState(State):
    __slots__ = (
        "_bag", "_bag_left", "_big", "_board", "_discarded", "_events", "_phase", "_placed",
        "_placements", "_scores", "_supply", "_tile", "_track", "_turn", "_wonder",
    )
    _game: CarcassonneGame

    def __init__(self, game: CarcassonneGame) -> None:
        super().__init__(game)
        players = game.num_players()
        self._board = Board(game.codec.radius)
        self._board.place(game.start_tile, self._board.square(0, 0), 0)
        self._bag = list(game.bag)
        self._bag_left = game.bag_size
        self._scores = [0] * players
        self._supply = [game.meeples] * players
        self._big = [game.big_meeples] * players
        self._turn = 0  # completed turns; the seat to play is turn % players
        self._phase = PHASE_DRAW
        self._tile = -1  # tile type drawn this turn
        self._placed = -1  # square of the tile (or Wonder centre) placed this turn
        self._wonder = -1  # Wonder placed this turn (index in the offer)
        self._placements: tuple[int, ...] = ()  # legal place actions for the drawn tile
        self._discarded: tuple[int, ...] = ()
        self._events: tuple[tuple[int, ScoreEvent], ...] = ()  # (turn, event), oldest first
        self._track = WonderTrack(len(game.wonders), players) if game.wonders else None
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
        other._wonder = self._wonder
        other._placements = self._placements
        other._discarded = self._discarded
        other._events = self._events
        other._track = self._track.copy() if self._track is not None else None
        return other

    # ------------------------------------------------------------ queries
    @property
    def board(self) -> Board:
        """The board (read it, do not change it)."""
        return self._board

    @property
    def wonder_track(self) -> WonderTrack | None:
        """The Wonders' state (read it, do not change it), or None without the expansion."""
        return self._track

    @property
    def placed_square(self) -> int:
        return self._placed

    def current_player(self) -> int:
        phase = self._phase
        if phase == PHASE_DRAW:
            return CHANCE
        if phase == PHASE_OVER:
            return TERMINAL
        if phase == PHASE_CLAIM:
            return self._track.claimants[0]  # type: ignore[union-attr]
        return self._turn % len(self._scores)

    def turn_seat(self) -> int:
        return self._turn % len(self._scores)

    def turn_number(self) -> int:
        return self._turn

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

    def discarded(self) -> list[str]:
        return [self._game.tiles[i].id for i in self._discarded]

    def scoring_log(self) -> list[dict[str, Any]]:
        """Every feature scored so far, oldest first, with its points and winners."""
        xy = self._board.xy
        return [
            {"turn": turn, "kind": e.kind, "points": e.points, "seats": list(e.seats),
             "tiles": e.tiles, "final": e.final, "at": list(xy(e.square))}
            for turn, e in self._events
        ]

    def meeples_on_board(self) -> list[dict[str, Any]]:
        return views.meeples_on_board(self)

    def placed_tiles(self) -> list[dict[str, Any]]:
        return views.placed_tiles(self)

    def observation(self, seat: int) -> dict[str, Any]:
        """What `seat` sees: everything, except another seat's kept Abu Simbel tile."""
        return views.observation(self, seat)

    def full_state(self) -> dict[str, Any]:
        return views.full_state(self)

    # ------------------------------------------------------------ decisions
    def _decision(self) -> tuple[str, str]:
        phase = self._phase
        if phase == PHASE_DRAW:
            return DRAW, f"Draw a tile ({self._bag_left} left)"
        if phase == PHASE_PLACE:
            return PLACE, f"Place tile {self.drawn_tile()}"
        if phase == PHASE_MEEPLE:
            x, y = self._board.xy(self._placed)
            return MEEPLE, f"Place a meeple on tile {self.drawn_tile()} at {x},{y}, or skip"
        track, offer = self._track, self._game.wonders
        assert track is not None
        if phase == PHASE_START:
            name = offer[track.held[self.turn_seat()]].name
            return "start", f"Place {name}, or hold it and draw a tile"
        if phase == PHASE_WONDER_MEEPLE:
            name = offer[self._wonder].name
            return "wonder-meeple", f"Meeples on {name}: {track.meeples} of {WONDER_MEEPLES} placed; or skip"
        if phase == PHASE_ORDER:
            seats = ", ".join(map(str, track.qualified))
            return ORDER, f"Seats {seats} earned a Wonder: set the order in which they choose"
        return WONDER, f"Seat {track.claimants[0]}: take a Wonder from the display"

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        total = self._bag_left
        return [(i, n / total) for i, n in enumerate(self._bag) if n]

    def _legal_actions(self) -> list[int]:
        phase, codec = self._phase, self._game.codec
        if phase == PHASE_PLACE:
            return list(self._placements)
        if phase == PHASE_MEEPLE:
            return [*self._meeple_actions(self._placed, -1), codec.skip]
        track = self._track
        assert track is not None
        if phase == PHASE_START:
            wonder = self._game.wonders[track.held[self.turn_seat()]]
            spots = [codec.place_wonder(c, r) for c, r in wonder_spots(self._board, wonder)]
            return sorted([codec.hold, *spots])
        if phase == PHASE_WONDER_MEEPLE:
            board, actions = self._board, []
            for arm in range(4):
                actions += self._meeple_actions(self._placed + board.step(arm), arm)
            return sorted([*actions, codec.skip])
        if phase == PHASE_ORDER:
            return sorted(codec.order(p) for p in permutations(track.qualified))
        return sorted(codec.pick_wonder(w) for w in track.display)

    def _meeple_actions(self, square: int, arm: int) -> list[int]:
        """Meeple actions on the unoccupied features of the tile (or Wonder arm) on `square`."""
        codec = self._game.codec
        seat = self.turn_seat()
        normal, big = self._supply[seat] > 0, self._big[seat] > 0
        actions: list[int] = []
        if not (normal or big):
            return actions
        board = self._board
        tile, rotation, node = board.squares[square]
        regions, find = board.regions, board.find
        for i, f in enumerate(tile.orientations[rotation].features):
            if not regions[find(node + i)].meeples:  # type: ignore[union-attr]
                for kind, ok in ((False, normal), (True, big)):
                    if ok:
                        actions.append(codec.meeple(f.spot, kind) if arm < 0 else
                                       codec.arm_meeple(arm, f.spot, kind))
        actions.sort()
        return actions

    def action_to_string(self, action: int) -> str:
        return self._game.codec.to_string(action)

    def string_to_action(self, text: str) -> int:
        """Parse notation; for meeples any side or third of the feature is accepted."""
        codec = self._game.codec
        d = codec.parse(text)
        board = self._board
        if d.verb == DRAW:
            action = codec.draw(d.tile)
        elif d.verb == CHOOSE:
            action = codec.choose(d.tile)
        elif d.verb == PLACE:
            action = codec.place(board.square(d.x, d.y), d.rotation)
        elif d.verb == PLACE_WONDER:
            action = codec.place_wonder(board.square(d.x, d.y), d.rotation)
        elif d.verb in (MEEPLE, BIG):
            big = d.verb == BIG
            if d.arm < 0:
                action = codec.meeple(self._canonical_spot(self._placed, d.spot, text), big)
            else:
                square = self._placed + board.step(d.arm)
                action = codec.arm_meeple(d.arm, self._canonical_spot(square, d.spot, text), big)
        elif d.verb == WONDER:
            action = codec.pick_wonder(d.wonder)
        elif d.verb == ORDER:
            action = codec.order(d.order)
        else:
            action = {SKIP: codec.skip, HOLD: getattr(codec, "hold", -1),
                      "helper": getattr(codec, "helper", -1)}[d.verb]
        if action not in self.legal_actions():
            raise IllegalActionError(self._illegal_message(" ".join(text.split()), self.legal_actions()))
        return action

    def _canonical_spot(self, square: int, spot: int, text: str) -> int:
        tile_here = self._board.squares.get(square) if self._placed >= 0 else None
        if tile_here is None or self._phase not in (PHASE_MEEPLE, PHASE_WONDER_MEEPLE):
            raise IllegalActionError(self._illegal_message(text, self.legal_actions()))
        tile, rotation, _ = tile_here
        orient = tile.orientations[rotation]
        local = orient.spot_feature.get(spot)
        if local is None:
            x, y = self._board.xy(square)
            raise IllegalActionError(
                f"{tile.id} at {x},{y} has no feature at {SPOTS[spot]!r}; its features: "
                + (", ".join(SPOTS[f.spot] for f in orient.features) or "none")
            )
        return orient.features[local].spot

    def _action_payload(self, action: int) -> dict[str, Any]:
        game = self._game
        d = game.codec.decode(action)
        if d.verb in (DRAW, CHOOSE):
            return {"tile": game.tiles[d.tile].id}
        if d.verb in (PLACE, PLACE_WONDER):
            what = self.drawn_tile() if d.verb == PLACE else game.wonders[self._held_wonder()].key
            return {"x": d.x, "y": d.y, "rotation": 90 * d.rotation, "tile": what}
        if d.verb == WONDER:
            wonder = game.wonders[d.wonder]
            return {"wonder": wonder.key, "name": wonder.name, "power": wonder.power.get("summary", "")}
        if d.verb == ORDER:
            return {"order": list(d.order)}
        if d.verb not in (MEEPLE, BIG):
            return {}
        square = self._placed if d.arm < 0 else self._placed + self._board.step(d.arm)
        tile, rotation, _ = self._board.squares[square]
        local = tile.orientations[rotation].spot_feature[d.spot]
        x, y = self._board.xy(square)
        return {"spot": SPOTS[d.spot], "feature": tile.orientations[rotation].features[local].kind,
                "big": d.verb == BIG, "x": x, "y": y}

    def _held_wonder(self) -> int:
        assert self._track is not None
        return self._track.held[self.turn_seat()]

    # ------------------------------------------------------------ transitions
    def _apply(self, action: int) -> None:
        phase = self._phase
        game = self._game
        codec = game.codec
        if phase == PHASE_DRAW:
            self._draw(action)
        elif phase == PHASE_PLACE:
            square, rotation = divmod(action - codec.place_base, 4)
            self._board.place(game.tiles[self._tile], square, rotation)
            self._placed = square
            self._placements = ()
            self._phase = PHASE_MEEPLE
        elif phase == PHASE_MEEPLE:
            if action != codec.skip:
                d = codec.decode(action)
                self._put_meeple(self._placed, d.spot, d.verb == BIG)
            self._end_turn([self._placed])
        elif phase == PHASE_START:
            if action == codec.hold:
                self._phase = PHASE_DRAW
            else:
                self._place_wonder(*divmod(action - codec.place_wonder_base, 4))
        elif phase == PHASE_WONDER_MEEPLE:
            self._wonder_meeple(action)
        elif phase == PHASE_ORDER:
            track = self._track
            assert track is not None
            track.claimants, track.qualified = codec.decode(action).order, ()
            self._phase = PHASE_CLAIM
        else:
            self._claim(action - codec.wonder_base)

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

    def _put_meeple(self, square: int, spot: int, big: bool) -> None:
        board = self._board
        seat = self.turn_seat()
        tile, rotation, node = board.squares[square]
        local = tile.orientations[rotation].spot_feature[spot]
        root = board.find(node + local)
        region = board.regions[root]
        assert region is not None
        board.set_meeples(root, (*region.meeples, Meeple(seat, 2 if big else 1, square, spot)))
        if big:
            self._big[seat] -= 1
        else:
            self._supply[seat] -= 1
        notre_dame = self._track is not None and self._power_owner(NOTRE_DAME) == seat
        if notre_dame and next_to_monastery(board, square):
            self._award(seat, 3, "wonder:notre_dame", square)

    def _place_wonder(self, centre: int, rotation: int) -> None:
        track = self._track
        assert track is not None
        seat = self.turn_seat()
        w = track.held[seat]
        place_wonder(self._board, self._game.wonders[w], centre, rotation)
        track.held[seat] = -1
        track.placed[w] = (seat, centre, rotation, self._turn)
        track.meeples = 0
        self._wonder = w
        self._placed = centre
        self._phase = PHASE_WONDER_MEEPLE

    def _wonder_meeple(self, action: int) -> None:
        codec, track = self._game.codec, self._track
        assert track is not None
        squares = [self._placed + self._board.step(d) for d in range(4)]
        if action != codec.skip:
            d = codec.decode(action)
            self._put_meeple(squares[d.arm], d.spot, d.verb == BIG)
            track.meeples += 1
            if track.meeples < WONDER_MEEPLES:
                return
        self._end_turn([self._placed, *squares])

    def _claim(self, w: int) -> None:
        track = self._track
        assert track is not None
        seat = track.claimants[0]
        track.claim(seat, w)
        self._supply[seat] += 1  # one of the pair becomes a follower, the other the marker (D10)
        if not track.claimants:
            self._next_turn()

    def _end_turn(self, squares: list[int]) -> None:
        board = self._board
        roots = completed_roots(board, squares)
        if self._track is not None:
            self._powers_on_scoring(roots)
        events = score_completed(board, roots, self._scores, self._supply, self._big)
        self._events += tuple((self._turn, e) for e in events)
        self._tile = -1
        if self._bag_left == 0:
            self._turn += 1
            self._placed = -1
            self._finish()
            return
        track = self._track
        if track is not None:
            qualified = tuple(s for s, waiting in enumerate(track.waiting)
                              if waiting and self._scores[s] >= track.threshold)
            if qualified:
                if len(qualified) == 1:
                    track.claimants, self._phase = qualified, PHASE_CLAIM
                else:
                    track.qualified, self._phase = qualified, PHASE_ORDER
                return
        self._next_turn()

    def _next_turn(self) -> None:
        self._turn += 1
        self._placed = -1
        self._wonder = -1
        track = self._track
        if track is not None and track.held[self.turn_seat()] >= 0:
            self._phase = PHASE_START
        else:
            self._phase = PHASE_DRAW

    def _finish(self) -> None:
        board, scores = self._board, self._scores
        if self._track is not None:
            self._end_powers()
        events = final_scoring(board, scores, self._supply, self._big)
        self._events += tuple((self._turn, e) for e in events)
        self._phase = PHASE_OVER

    # ------------------------------------------------------------ Wonder powers
    def _power_owner(self, key: str, turn: int | None = None) -> int:
        """The owner of Wonder `key` if it is placed and already works (D15), else -1."""
        assert self._track is not None
        slot = self._game.wonder_slot.get(key)
        return self._track.active_owner(slot, self._turn if turn is None else turn)

    def _award(self, seat: int, points: int, kind: str, square: int, final: bool = False) -> None:
        if points:
            self._scores[seat] += points
            self._events += ((self._turn, ScoreEvent(kind, points, (seat,), 0, final, square)),)

    def _tikal(self, roots: list[int], owner: int, final: bool) -> None:
        """D21: +2 per city meeple of the owner for each scored city of 3+ squares he is in."""
        board = self._board
        count = meeples_in_cities(board, owner)
        for root in roots:
            region = board.regions[root]
            assert region is not None
            in_it = any(m.seat == owner for m in region.meeples)
            if region.kind == CITY and len(region.tiles) >= 3 and in_it:
                self._award(owner, 2 * count, "wonder:tikal", min(region.tiles), final)

    def _powers_on_scoring(self, roots: list[int]) -> None:
        tikal = self._power_owner(TIKAL)
        if tikal >= 0:
            self._tikal(roots, tikal, final=False)
        stonehenge = self._power_owner(STONEHENGE)
        if stonehenge >= 0 and stonehenge == self.turn_seat():
            roads = [r for r in roots if self._board.regions[r].kind == ROAD]  # type: ignore[union-attr]
            self._award(stonehenge, 3 * len(roads), "wonder:stonehenge", self._placed)

    def _end_powers(self) -> None:
        """D16 step 1 (the end-game Wonders), then Tikal's count for the final scoring."""
        board, game, track = self._board, self._game, self._track
        assert track is not None
        after = self._turn + 1  # the final scoring comes after the last turn
        for key, points in (
            (CIRCUS_MAXIMUS, lambda owner: circus_maximus(board, owner, game.num_players())),
            (ALHAMBRA, lambda owner: alhambra(board, owner, game.bag_size + 1)),
            (ANGKOR_WAT, lambda owner: angkor_wat(board)),
            (TERRACOTTA_ARMY, lambda owner: terracotta_army(board)),
        ):
            owner = self._power_owner(key, after)
            if owner >= 0:
                centre = track.placed[game.wonder_slot[key]][1]
                self._award(owner, points(owner), f"wonder:{key}", centre, final=True)
        tikal = self._power_owner(TIKAL, after)
        if tikal >= 0:
            open_cities = [r for r in board.roots() if board.regions[r].kind == CITY  # type: ignore[union-attr]
                           and board.regions[r].meeples and not board.is_complete(r)]  # type: ignore[union-attr]
            self._tikal(open_cities, tikal, final=True)
