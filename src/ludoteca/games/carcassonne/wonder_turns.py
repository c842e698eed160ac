"""The Wonders of Humanity inside a turn: claims, placing a Wonder, powers, Abu Simbel.

A mixin of `CarcassonneState`; numbers in brackets are the rule decisions D1–D33 of
the Wonders, listed in docs/carcassonne.md.

* Claims (D6–D10): at the end of a turn every seat whose pair still waits and whose
  score is at least the threshold claims; the active seat orders several claimants;
  each claim moves the threshold 5 on (at most 25) and adds a follower.
* Placing (D11–D13): instead of drawing; then 0–2 meeples on the arms. When the
  Wonder fits nowhere, the holder may draw a helper tile that must be placed so the
  Wonder then fits touching it (tiles that cannot serve are removed).
* Powers (D15–D25): see `wonders.py`; during-play powers work from the turn after
  their Wonder is placed.
* Abu Simbel (D20, D28–D30): its owner chooses between two tiles every turn and keeps
  the other face down (hidden from the other seats); a kept tile left when the bag is
  empty is played by the next seat in one extra, last turn.

The handlers of the Wonders' phases (`phases.py`: START, HELPER_WONDER, CHOOSE,
WONDER_MEEPLE, ORDER, CLAIM) are at the end of this module, each with its legal
actions and their effect; `state.TABLE` lists them with the base turn's.
"""

from __future__ import annotations

import random
from itertools import permutations
from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.carcassonne.actions import BIG, CHOOSE, ORDER, PLACE_WONDER, WONDER
from ludoteca.games.carcassonne.board import Board
from ludoteca.games.carcassonne.phases import (
    DRAW_FRAME,
    MODE_HELPER,
    MODE_KEPT,
    MODE_NORMAL,
    PHASE_CHOOSE,
    PHASE_CLAIM,
    PHASE_HELPER_WONDER,
    PHASE_ORDER,
    PHASE_PLACE,
    PHASE_START,
    PHASE_WONDER_MEEPLE,
    Frame,
    Phase,
)
from ludoteca.games.carcassonne.scoring import ScoreEvent
from ludoteca.games.carcassonne.tiles import CITY, ROAD, TileType
from ludoteca.games.carcassonne.wonders import (
    ABU_SIMBEL,
    END_POWERS,
    NOTRE_DAME,
    STONEHENGE,
    TIKAL,
    WonderTrack,
    end_power,
    figures,
    meeples_in_cities,
    next_to_monastery,
    place_wonder,
    wonder_spots,
)

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.game import CarcassonneGame
    from ludoteca.games.carcassonne.state import CarcassonneState

WONDER_MEEPLES = 2


def fits_somewhere(board: Board, tile: TileType) -> bool:
    fits = tile.fits
    return any(fits[pattern] for pattern in board.open.values())


class WonderTurns:
    # The attributes below are the state's own (`CarcassonneState.__slots__`); the mixin
    # declares them for the type checker only, which would otherwise count them against
    # this class's empty slots.
    if not TYPE_CHECKING:
        __slots__ = ()
    _game: CarcassonneGame
    _board: Board
    _track: WonderTrack | None
    _turn: int
    _stack: list[Frame]
    _mode: int
    _placed: int
    _helper: int
    _wonder: int
    _tile: int
    _hand: tuple[int, ...]
    _bag: list[int]
    _bag_left: int
    _scores: list[int]
    _supply: list[int]
    _discarded: tuple[int, ...]
    _events: tuple[tuple[int, ScoreEvent], ...]

    if TYPE_CHECKING:  # the base flow, in state.py
        def turn_seat(self) -> int: ...
        def _offer_tile(self, tile_index: int) -> None: ...
        def _end_turn(self, squares: list[int]) -> None: ...
        def _next_turn(self) -> None: ...
        def _finish(self) -> None: ...
        def _push(self, kind: int) -> None: ...
        def _top_kind(self) -> int: ...
        def _put_meeple(self, square: int, spot: int, big: bool) -> None: ...

    @property
    def _wt(self) -> WonderTrack:
        assert self._track is not None
        return self._track

    # ------------------------------------------------------------ claims
    def _check_claims(self) -> bool:
        """Start the claims of this turn's end (D6, D7); False if nobody qualifies."""
        track = self._wt
        threshold, scores = track.threshold, self._scores
        qualified = tuple(s for s, waiting in enumerate(track.waiting) if waiting and scores[s] >= threshold)
        if not qualified:
            return False
        if len(qualified) == 1:
            track.claimants = qualified
            self._push_claim()
        else:
            track.qualified = qualified
            self._push(PHASE_ORDER)
        return True

    def _push_claim(self) -> None:
        """The next claim, decided by the first seat still to claim."""
        self._stack.append((PHASE_CLAIM, self._wt.claimants[0]))

    # ------------------------------------------------------------ placing a Wonder
    def _held(self) -> int:
        return self._wt.held[self.turn_seat()]

    def _wonder_spots(self, touching: int | None) -> list[tuple[int, int]]:
        """Where the held Wonder fits (`touching`: next to the helper tile on that square)."""
        return wonder_spots(self._board, self._game.wonders[self._held()], touching)

    def _place_wonder(self, centre: int, rotation: int) -> None:
        track, seat = self._wt, self.turn_seat()
        w = track.held[seat]
        place_wonder(self._board, self._game.wonders[w], centre, rotation)
        track.held[seat] = -1
        track.placed[w] = (seat, centre, rotation, self._turn)
        track.active[self._game.wonders[w].key] = (seat, self._turn)
        track.meeples = 0
        self._wonder = w
        self._placed = centre
        self._push(PHASE_WONDER_MEEPLE)

    # ------------------------------------------------------------ the helper tile (D13)
    def _helper_draw(self, tile_index: int) -> None:
        tile = self._game.tiles[tile_index]
        wonder = self._game.wonders[self._held()]
        place = self._game.codec.place
        placements = []
        for square, rotation in self._board.placements(tile):
            trial = self._board.copy()
            trial.place(tile, square, rotation)
            if wonder_spots(trial, wonder, touching=square):
                placements.append(place(square, rotation))
        if placements:
            self._tile, self._placements = tile_index, tuple(placements)
            self._push(PHASE_PLACE)
            return
        self._discarded += (tile_index,)
        if self._bag_left > 0:
            self._stack.append(DRAW_FRAME)  # the tile cannot serve: another is drawn
        else:
            self._end_turn([])  # the Wonder stays in hand

    # ------------------------------------------------------------ Abu Simbel (D20)
    def _abu_turn(self) -> bool:
        track = self._track
        return (track is not None and ABU_SIMBEL in track.active and self._mode == MODE_NORMAL
                and self._power_owner(ABU_SIMBEL) == self.turn_seat())

    def _candidates(self) -> tuple[int, ...]:
        kept = self._wt.kept[self.turn_seat()]
        return self._hand + ((kept,) if kept >= 0 else ())

    def _abu_draw(self, tile_index: int) -> None:
        self._hand += (tile_index,)
        first = self._wt.kept[self.turn_seat()] < 0
        if first and len(self._hand) < figures().abu_simbel_choice and self._bag_left > 0:
            self._stack.append(DRAW_FRAME)  # the first time: a second tile is drawn
            return
        candidates = self._candidates()
        tiles = self._game.tiles
        if not any(fits_somewhere(self._board, tiles[c]) for c in candidates):
            self._discarded += (tile_index,)  # neither fits: the one drawn last goes
            self._hand = self._hand[:-1]
            if self._bag_left > 0:
                self._stack.append(DRAW_FRAME)
            else:
                self._end_turn([])  # D30: nothing placed this turn
            return
        if len(candidates) == 1:  # no kept tile and the bag ran out: play it
            self._hand = ()
            self._offer_tile(candidates[0])
        else:
            self._push(PHASE_CHOOSE)

    def _choices(self) -> list[int]:
        tiles = self._game.tiles
        return sorted({c for c in self._candidates() if fits_somewhere(self._board, tiles[c])})

    def _keep_hand(self) -> None:
        """At the end of an Abu Simbel turn, an unplayed drawn tile stays kept (D30)."""
        if self._hand and self._track is not None:
            self._wt.kept[self.turn_seat()] = self._hand[0]
            self._hand = ()

    def _kept_tile_waiting(self) -> bool:
        return self._track is not None and any(k >= 0 for k in self._track.kept)

    def _start_kept_turn(self) -> None:
        """D20/D29: the next seat plays the kept tile in one last turn, no draw, no Wonder."""
        kept = self._wt.kept
        owner = next(s for s, k in enumerate(kept) if k >= 0)
        tile_index, kept[owner] = kept[owner], -1
        self._mode = MODE_KEPT
        if fits_somewhere(self._board, self._game.tiles[tile_index]):
            self._offer_tile(tile_index)
        else:
            self._discarded += (tile_index,)
            self._finish()

    def _resample_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-deal what `seat` cannot see — other seats' kept tiles and another seat's hand —
        from the tiles it has not seen, keeping an Abu Simbel choice playable."""
        track, tiles = self._wt, self._game.tiles
        kept_slots = [s for s, k in enumerate(track.kept) if k >= 0 and s != seat]
        hand_size = len(self._hand) if self.turn_seat() != seat else 0
        if not kept_slots and not hand_size:
            return
        pool = self._bag.copy()
        for t in (*(track.kept[s] for s in kept_slots), *self._hand[:hand_size]):
            pool[t] += 1
        owner = self.turn_seat()
        for _attempt in range(20):
            left = pool.copy()
            dealt = []
            for _ in range(len(kept_slots) + hand_size):
                t = rng.choices(range(len(left)), weights=left)[0]
                left[t] -= 1
                dealt.append(t)
            kept = track.kept.copy()
            for s, t in zip(kept_slots, dealt, strict=False):
                kept[s] = t
            hand = tuple(dealt[len(kept_slots):]) if hand_size else self._hand
            if self._top_kind() == PHASE_CHOOSE:
                candidates = hand + ((kept[owner],) if kept[owner] >= 0 else ())
                if not any(fits_somewhere(self._board, tiles[c]) for c in candidates):
                    continue
            track.kept, self._hand, self._bag = kept, hand, left
            return

    # ------------------------------------------------------------ powers
    def _power_owner(self, key: str, turn: int | None = None) -> int:
        """The owner of Wonder `key` if it is placed and already works (D15), else -1."""
        return self._wt.active_owner(key, self._turn if turn is None else turn)

    def _award(self, seat: int, points: int, kind: str, square: int, final: bool = False) -> None:
        if points:
            self._scores[seat] += points
            self._events += ((self._turn, ScoreEvent(kind, points, (seat,), 0, final, square)),)

    def _notre_dame(self, seat: int, square: int) -> None:
        """D18: points when the owner puts a meeple on a square next to a monastery."""
        if NOTRE_DAME not in self._wt.active:
            return
        if self._power_owner(NOTRE_DAME) == seat and next_to_monastery(self._board, square):
            self._award(seat, figures().notre_dame, "wonder:notre_dame", square)

    def _tikal(self, roots: list[int], owner: int, final: bool) -> None:
        """D21: points per city meeple of the owner for each scored city (of at least the
        data's `min_city_squares`) he is in."""
        board, f = self._board, figures()
        count, least = meeples_in_cities(board, owner), f.tikal_min_city
        for root in roots:
            region = board.regions[root]
            assert region is not None
            in_it = any(m.seat == owner for m in region.meeples)
            if region.kind == CITY and len(region.tiles) >= least and in_it:
                self._award(owner, f.tikal * count, "wonder:tikal", min(region.tiles), final)

    def _powers_on_scoring(self, roots: list[int]) -> None:
        if not roots or not self._wt.active:
            return
        tikal = self._power_owner(TIKAL)
        if tikal >= 0:
            self._tikal(roots, tikal, final=False)
        stonehenge = self._power_owner(STONEHENGE)
        if stonehenge >= 0 and stonehenge == self.turn_seat():
            roads = [r for r in roots if self._board.regions[r].kind == ROAD]  # type: ignore[union-attr]  # roots' regions exist
            self._award(stonehenge, figures().stonehenge * len(roads), "wonder:stonehenge", self._placed)

    def _end_powers(self) -> None:
        """D16 step 1 (the end-game Wonders), then Tikal's count for the final scoring."""
        board, game, track = self._board, self._game, self._wt
        after = self._turn + 1  # the final scoring comes after the last turn
        for key in END_POWERS:
            owner = self._power_owner(key, after)
            if owner >= 0:
                centre = track.placed[game.wonder_slot[key]][1]
                points = end_power(board, key, owner, game.num_players(), game.bag_size + 1)
                self._award(owner, points, f"wonder:{key}", centre, final=True)
        tikal = self._power_owner(TIKAL, after)
        if tikal >= 0:
            open_cities = [r for r in board.roots() if board.regions[r].kind == CITY  # type: ignore[union-attr]  # roots' regions exist
                           and board.regions[r].meeples and not board.is_complete(r)]  # type: ignore[union-attr]  # roots' regions exist
            self._tikal(open_cities, tikal, final=True)


# ------------------------------------------------------------ the Wonders' phases
class StartTurn(Phase, Decision):
    """START (D11, D13): the holder of a Wonder places it instead of drawing
    (`place-wonder`) or draws as usual (`hold`); when it fits nowhere, `helper` draws a
    helper tile instead of a place for it."""

    kind = PHASE_START
    name = "start"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> list[int]:
        codec = state._game.codec
        spots = [codec.place_wonder(c, r) for c, r in state._wonder_spots(None)]
        return sorted([codec.hold, *spots] if spots else [codec.hold, codec.helper])

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        codec = state._game.codec
        if action == codec.hold:
            state._stack.append(DRAW_FRAME)
        elif action == codec.helper:
            state._mode = MODE_HELPER
            state._stack.append(DRAW_FRAME)
        else:
            state._place_wonder(*divmod(action - codec.place_wonder_base, 4))

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        name = state._game.wonders[state._held()].name
        return "start", f"Place {name}, or hold it and draw a tile"


class HelperWonder(Phase, Decision):
    """HELPER_WONDER (D13): the Wonder, touching the helper tile just placed."""

    kind = PHASE_HELPER_WONDER
    name = "place-wonder"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> list[int]:
        codec = state._game.codec
        return [codec.place_wonder(c, r) for c, r in state._wonder_spots(state._helper)]

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        state._place_wonder(*divmod(action - state._game.codec.place_wonder_base, 4))

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        return PLACE_WONDER, f"Place {state._game.wonders[state._held()].name} next to the helper tile"


class ChooseTile(Phase, Decision):
    """CHOOSE (D20): Abu Simbel's owner plays one of the tiles that fit; the other
    candidate is kept face down."""

    kind = PHASE_CHOOSE
    name = "choose"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> list[int]:
        choose = state._game.codec.choose
        return [choose(t) for t in state._choices()]

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        tile_index = action - state._game.codec.choose_base
        rest = list(state._candidates())
        rest.remove(tile_index)
        state._wt.kept[state.turn_seat()] = rest[0]
        state._hand = ()
        state._offer_tile(tile_index)

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        return CHOOSE, "Abu Simbel: choose the tile to play; the other is kept face down"


class WonderMeeples(Phase, Decision):
    """WONDER_MEEPLE (D12): up to two meeples on free features of the Wonder's arms, one
    at a time; the turn ends after `skip` or the second one."""

    kind = PHASE_WONDER_MEEPLE
    name = "wonder-meeple"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> list[int]:
        board, actions = state._board, []
        for arm in range(4):
            actions += state._meeple_actions(state._placed + board.step(arm), arm)
        return sorted([*actions, state._game.codec.skip])

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        d = state._game.codec.decode(action)  # `skip` decodes with arm -1
        squares = [state._placed + state._board.step(arm) for arm in range(4)]
        if d.arm >= 0:
            state._put_meeple(squares[d.arm], d.spot, d.verb == BIG)
            state._wt.meeples += 1
            if state._wt.meeples < WONDER_MEEPLES:
                state._stack.append(frame)  # the same decision again
                return
        helper = [state._helper] if state._helper >= 0 else []
        state._end_turn([state._placed, *squares, *helper])

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        track = state._wt
        name = state._game.wonders[state._wonder].name
        return "wonder-meeple", f"Meeples on {name}: {track.meeples} of {WONDER_MEEPLES} placed; or skip"


class ClaimOrder(Phase, Decision):
    """ORDER (D7): the active seat sets the order in which several claimants choose."""

    kind = PHASE_ORDER
    name = "order"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> list[int]:
        order = state._game.codec.order
        return sorted(order(p) for p in permutations(state._wt.qualified))

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        track = state._wt
        track.claimants, track.qualified = state._game.codec.decode(action).order, ()
        state._push_claim()

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        seats = ", ".join(map(str, state._wt.qualified))
        return ORDER, f"Seats {seats} earned a Wonder: set the order in which they choose"


class ClaimWonder(Phase, Decision):
    """CLAIM (D8–D10): the first claimant (the frame's seat) takes a Wonder from the
    display; one of its pair becomes a follower. Then the next claimant, or the next turn."""

    kind = PHASE_CLAIM
    name = "claim"

    @staticmethod
    def legal(state: CarcassonneState, frame: Frame) -> list[int]:
        pick = state._game.codec.pick_wonder
        return sorted(pick(w) for w in state._wt.display)

    @staticmethod
    def apply(state: CarcassonneState, frame: Frame, action: int) -> None:
        track, seat = state._wt, frame[1]
        track.claim(seat, action - state._game.codec.wonder_base)
        state._supply[seat] += 1  # one of the pair becomes a follower, the other the marker (D10)
        if track.claimants:
            state._push_claim()
        else:
            state._next_turn()

    @staticmethod
    def describe(state: CarcassonneState, frame: Frame) -> tuple[str, str]:
        return WONDER, f"Seat {frame[1]}: take a Wonder from the display"
