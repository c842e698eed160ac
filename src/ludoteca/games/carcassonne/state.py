"""A Carcassonne position: the board, the bag, scores, supplies and whose turn it is.

The pending work is a stack of `core.decisions` frames holding one frame, the turn's
phase (`phases.py` lists them); `TABLE`, at the end of this module, lists the handler of
every phase, and is the turn's one dispatch: `current_player` reads the top frame,
`legal_actions` settles the stack, `apply_action` applies the action on its frame. The
base turn's handlers (draw, place, meeple) are here; the Wonders' part of a turn
(claims, placing a Wonder, powers, Abu Simbel, the helper tile) is in `wonder_turns.py`.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.decisions import Chance, Decision, FrameTable
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.i18n import Message
from ludoteca.games.carcassonne import facts, texts, views
from ludoteca.games.carcassonne.actions import (
    BIG,
    CHOOSE,
    DRAW,
    HELPER,
    HOLD,
    MEEPLE,
    N_SPOTS,
    ORDER,
    PLACE,
    PLACE_WONDER,
    SKIP,
    WONDER,
)
from ludoteca.games.carcassonne.board import Board, Meeple
from ludoteca.games.carcassonne.phases import (
    DRAW_FRAME,
    MEEPLE_PHASES,
    MODE_HELPER,
    MODE_KEPT,
    MODE_NORMAL,
    PHASE_DRAW,
    PHASE_HELPER_WONDER,
    PHASE_MEEPLE,
    PHASE_PLACE,
    PHASE_START,
    Frame,
    Phase,
)
from ludoteca.games.carcassonne.scoring import ScoreEvent, completed_roots, final_scoring, score_completed
from ludoteca.games.carcassonne.tiles import SPOTS
from ludoteca.games.carcassonne.wonder_turns import (
    ChooseTile,
    ClaimOrder,
    ClaimWonder,
    HelperWonder,
    StartTurn,
    WonderMeeples,
    WonderTurns,
)
from ludoteca.games.carcassonne.wonders import WonderTrack

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.game import CarcassonneGame



class CarcassonneState(WonderTurns, State):
    __slots__ = (
        "_bag", "_bag_left", "_big", "_board", "_discarded", "_events", "_hand", "_helper", "_mode",
        "_placed", "_placements", "_scores", "_stack", "_supply", "_tile", "_track", "_turn", "_wonder",
    )
    _game: CarcassonneGame

    @property
    def game(self) -> CarcassonneGame:
        return self._game

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
        self._stack: list[Frame] = []  # the phase: one frame (phases.py), none once the game is over
        self._tile = -1  # tile type drawn this turn
        self._placed = -1  # square of the tile (or Wonder centre) placed this turn
        self._wonder = -1  # Wonder placed this turn (index in the offer)
        self._mode = MODE_NORMAL  # where this turn's tile comes from (wonder_turns.MODE_*)
        self._helper = -1  # square of this turn's helper tile (Wonders, D13)
        self._hand: tuple[int, ...] = ()  # Abu Simbel: tiles drawn this turn, not yet chosen
        self._placements: tuple[int, ...] = ()  # legal place actions for the drawn tile
        self._discarded: tuple[int, ...] = ()
        self._events: tuple[tuple[int, ScoreEvent], ...] = ()  # (turn, event), oldest first
        self._track = WonderTrack(len(game.wonders), players) if game.wonders else None
        if self._bag_left == 0:
            self._finish()
        else:
            self._stack.append(DRAW_FRAME)

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
        other._stack = self._stack.copy()  # frames are tuples, shared
        other._tile = self._tile
        other._placed = self._placed
        other._wonder = self._wonder
        other._mode = self._mode
        other._helper = self._helper
        other._hand = self._hand
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
        stack = self._stack
        return stack[-1][1] if stack else TERMINAL  # the frame's seat (CHANCE for a draw)

    # the core's defaults ask current_player; these two, asked several times a step, read
    # the stack directly (the same facts: no frame is the end, a draw's seat is CHANCE)
    def is_terminal(self) -> bool:
        return not self._stack

    def is_chance_node(self) -> bool:
        stack = self._stack
        return stack[-1][1] == CHANCE if stack else False

    def turn_seat(self) -> int:
        return self._turn % len(self._scores)

    def turn_number(self) -> int:
        return self._turn

    def phase(self) -> str:
        stack = self._stack
        return TABLE.handler(stack[-1]).name if stack else "over"

    def scores(self) -> list[float]:
        return [float(s) for s in self._scores]

    def seat_facts(self, seat: int) -> dict[str, list[str]]:
        """The Wonders the seat claimed, by key, for balance analysis (`facts.seat_facts`)."""
        return facts.seat_facts(self, seat)

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

    def bag_by_type(self) -> tuple[int, ...]:
        """How many tiles of each type (indexed as `game.tiles`) are left in the bag."""
        return tuple(self._bag)

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

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: the table, with every seat's secrets hidden."""
        return views.observation(self, views.SPECTATOR)

    def full_state(self) -> dict[str, Any]:
        return views.full_state(self)

    def draw_is_private(self) -> bool:
        """Does the coming draw go into an Abu Simbel hand, seen only by its owner?"""
        return self.current_player() == CHANCE and self._abu_turn()

    def public_action_string(self, action: int) -> str | None:
        """Every action is public but a draw into an Abu Simbel hand (the core's default in
        a game with hidden information would hide every draw)."""
        if self.is_chance_node() and self.draw_is_private():
            return None
        return self.action_to_string(action)

    def hand(self) -> tuple[int, ...]:
        """Abu Simbel: tile indices drawn this turn and not yet chosen (hidden from others)."""
        return self._hand

    def resample_from_infostate(self, seat: int, rng: random.Random) -> CarcassonneState:
        """A copy in which the tiles `seat` cannot see (Abu Simbel's) are re-dealt."""
        other = self.clone()
        assert isinstance(other, CarcassonneState)
        if other._track is not None:
            other._resample_hidden(seat, rng)
            other._legal = None
        return other

    # ------------------------------------------------------------ decisions
    def _decision(self) -> tuple[str, str]:
        frame = self._stack[-1]
        return TABLE.handler(frame).describe(self, frame)

    def _decision_message(self) -> Message:
        return texts.decision(self)

    def _option_message(self, action: int) -> Message:
        return texts.option(self, action)

    def action_message(self, action: int) -> Message:
        return texts.logged(self, action)

    def scoring_message(self, event: dict[str, Any]) -> Message:
        """A `scoring_log()` entry as a message (`texts.score_event`)."""
        return texts.score_event(event)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return TABLE.outcomes(self, self._stack[-1])

    def _legal_actions(self) -> list[int]:
        # a decision's options: the stack is always settled (phases.py), settling only lists them
        return TABLE.settle(self, self._stack)  # type: ignore[return-value]  # PLACE's: a tuple, kept

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
        if arm < 0:
            first, step = codec.meeple_base, N_SPOTS  # meeple ids; big ones N_SPOTS further
        else:
            first, step = codec.arm_meeple(arm, 0), N_SPOTS
        for i, f in enumerate(tile.orientations[rotation].features):
            if not regions[find(node + i)].meeples:  # type: ignore[union-attr]  # a root's region is never None
                if normal:
                    actions.append(first + f.spot)
                if big:
                    actions.append(first + step + f.spot)
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
        elif d.verb == PLACE:  # a rotation repeating a lower one names that one (older records)
            rotation = self._game.tiles[self._tile].canonical[d.rotation] if self._tile >= 0 else d.rotation
            action = codec.place(board.square(d.x, d.y), rotation)
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
                      HELPER: getattr(codec, "helper", -1)}[d.verb]
        if action not in self.legal_actions():
            raise IllegalActionError(self._illegal_message(" ".join(text.split()), self.legal_actions()))
        return action

    def _canonical_spot(self, square: int, spot: int, text: str) -> int:
        tile_here = self._board.squares.get(square) if self._placed >= 0 else None
        if tile_here is None or self._top_kind() not in MEEPLE_PHASES:
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
            what = self.drawn_tile() if d.verb == PLACE else game.wonders[self._held()].key
            return {"x": d.x, "y": d.y, "rotation": 90 * d.rotation, "tile": what}
        if d.verb == WONDER:
            wonder = game.wonders[d.wonder]
            return {"wonder": wonder.key, "name": wonder.name, "power": wonder.power.get("summary", ""),
                    "layout": wonder.design}
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

    # ------------------------------------------------------------ transitions
    def _apply(self, action: int) -> None:
        TABLE.apply(self, self._stack, action)

    def _top_kind(self) -> int:
        """The phase now (-1: the game is over)."""
        stack = self._stack
        return stack[-1][0] if stack else -1

    def _push(self, kind: int) -> None:
        """The turn goes on to decision `kind`, taken by the turn's seat (a draw: `DRAW_FRAME`)."""
        self._stack.append((kind, self._turn % len(self._scores)))

    def _offer_tile(self, tile_index: int) -> None:
        """Let the seat place this tile, or discard it when it fits nowhere."""
        base, fits = self._game.codec.place_base, self._game.tiles[tile_index].place_fits
        # the same order as Board.placements, encoded as `place` ids (hot path: inlined)
        placements = tuple(base + 4 * sq + r for sq, pattern in sorted(self._board.open.items())
                           for r in fits[pattern])
        if placements:
            self._tile, self._placements = tile_index, placements
            self._push(PHASE_PLACE)
            return
        self._discarded += (tile_index,)
        self._tile = -1
        if self._mode == MODE_KEPT:
            self._finish()
        elif self._bag_left > 0:
            self._stack.append(DRAW_FRAME)  # the same seat draws again
        elif self._kept_tile_waiting():
            self._end_turn([])
        else:
            self._finish()

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
        if self._track is not None:
            self._notre_dame(seat, square)

    def _end_turn(self, squares: list[int]) -> None:
        board = self._board
        roots = completed_roots(board, squares)
        if self._track is not None:
            self._powers_on_scoring(roots)
            if self._hand:
                self._keep_hand()
        events = score_completed(board, roots, self._scores, self._supply, self._big)
        self._events += tuple((self._turn, e) for e in events)
        self._tile = -1
        last = self._mode == MODE_KEPT or (self._bag_left == 0 and not self._kept_tile_waiting())
        if last:
            self._turn += 1
            self._placed = -1
            self._finish()
        elif self._track is None or not self._check_claims():
            self._next_turn()

    def _next_turn(self) -> None:
        self._turn += 1
        self._placed = self._helper = self._wonder = -1
        self._mode = MODE_NORMAL
        if self._bag_left == 0:  # only with a kept Abu Simbel tile still to play
            self._start_kept_turn()
        elif self._track is not None and self._track.held[self.turn_seat()] >= 0:
            self._push(PHASE_START)
        else:
            self._stack.append(DRAW_FRAME)

    def _finish(self) -> None:
        if self._track is not None:
            self._end_powers()
        events = final_scoring(self._board, self._scores, self._supply, self._big)
        self._events += tuple((self._turn, e) for e in events)  # the stack stays empty: game over


# ------------------------------------------------------------ the base turn's phases
class DrawTile(Phase, Chance):
    """DRAW: a tile type, with its share of the bag as probability. The tile goes to the
    turn's seat to place — or, fitting nowhere, onto the discards, and the seat draws
    again — or it is a helper tile (D13) or goes into an Abu Simbel hand (D20)."""

    kind = PHASE_DRAW
    name = "draw"

    @staticmethod
    def outcomes(state: CarcassonneState, frame: Frame) -> list[tuple[int, float]]:
        total = state._bag_left
        return [(i, n / total) for i, n in enumerate(state._bag) if n]

    @staticmethod
    def resolve(state: CarcassonneState, frame: Frame, action: int) -> None:
        state._bag[action] -= 1
        state._bag_left -= 1
        if state._mode == MODE_HELPER:
            state._helper_draw(action)
        elif state._abu_turn():
            state._abu_draw(action)
        else:
            state._offer_tile(action)

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        return DRAW, f"Draw a tile ({state._bag_left} left)"


class PlaceTile(Phase, Decision):
    """PLACE: the drawn tile where it fits (listed when it was drawn), then meeples on it;
    a helper tile gets no meeple, the Wonder follows next to it (D13)."""

    kind = PHASE_PLACE
    name = "place"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> tuple[int, ...]:
        return state._placements  # an immutable tuple: no copy

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        game = state._game
        square, rotation = divmod(action - game.codec.place_base, 4)
        state._board.place(game.tiles[state._tile], square, rotation)
        state._placements = ()
        if state._mode == MODE_HELPER:
            state._helper = square
            state._stack.append((PHASE_HELPER_WONDER, frame[1]))  # the same seat goes on
        else:
            state._placed = square
            state._stack.append((PHASE_MEEPLE, frame[1]))

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        return PLACE, f"Place tile {state.drawn_tile()}"


class PlaceMeeple(Phase, Decision):
    """MEEPLE: a meeple (or the big one) on a free feature of the tile just placed, or
    `skip`; then the turn ends and scores."""

    kind = PHASE_MEEPLE
    name = "meeple"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> list[int]:
        return [*state._meeple_actions(state._placed, -1), state._game.codec.skip]

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        codec = state._game.codec
        if action != codec.skip:
            d = codec.decode(action)
            state._put_meeple(state._placed, d.spot, d.verb == BIG)
        state._end_turn([state._placed])

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        x, y = state._board.xy(state._placed)
        return MEEPLE, f"Place a meeple on tile {state.drawn_tile()} at {x},{y}, or skip"


#: the handler of every phase (phases.py): the turn's one dispatch
TABLE: FrameTable[CarcassonneState] = FrameTable("carcassonne", (
    DrawTile, PlaceTile, PlaceMeeple,  # the base turn (above)
    StartTurn, HelperWonder, ChooseTile, WonderMeeples, ClaimOrder, ClaimWonder,  # wonder_turns.py
))
