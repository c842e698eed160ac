"""The fields of a tm-dice position, and the small helpers every rule module uses.

All fields are flat lists of ints (per seat: `seat * width + index`), ints, or
tuples, so a copy is a handful of `list.copy()` calls. The rule modules are
mixins over this class (`effects`, `production`, `order`, `turns`) and hold the
handler classes of the frames they push (`core.decisions`); `state` puts them
together with the core API and lists every handler in its `FrameTable`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.api import State
from ludoteca.core.decisions import Decision
from ludoteca.games.tm_dice.dice import N_RESOURCES
from ludoteca.games.tm_dice.ops import Ops

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.game import TMDiceGame

Task = tuple  # a frame (kind, seat, *args): see tasks.py

# per-seat blocks of `_counts` (see StateData._counts)
C_TILES = 0  # 5 entries: tiles placed, by board code (index 0 unused)
C_COLOURS = 5  # 3 entries: cards in play by colour (green, red, blue), bonus cards included
C_PROD = 8  # 8 entries: production box — dice per colour (5), white, wild, vp
C_STORAGE = 16
C_TERRAFORM = 17  # parameter steps raised (not the 1-VP steps of complete parameters)
C_COST_COLOURS = 18  # bit mask of die colours shown in the costs of played cards
C_VP_END = 19  # VP at the end from cards in play
C_BONUS_PENDING = 20  # bonus cards earned on the VP track, taken at the end of the seat's turn
C_BONUS_SEEN = 21  # 1 once the seat has looked through the bonus stack
C_WIDTH = 22


class StateData(State):
    __slots__ = (
        "_awards", "_board", "_board_seat", "_bonus", "_bonus_size", "_corp", "_corp_choice", "_counts",
        "_dealt", "_deck", "_deck_size", "_dice", "_discard", "_final", "_hand", "_milestones", "_ms_owner",
        "_n", "_opts", "_over", "_params", "_pool", "_seat", "_stack", "_tableau", "_triggered", "_turn",
        "_turns_left", "_used", "_vp", "_wild",
    )
    _game: TMDiceGame
    _n: int
    _stack: list[Task]
    _opts: Sequence[int] | None  # legal actions of the decision on top, when known
    _dice: list[int]  # n * 15: dice held, by resource
    _wild: list[int]
    _vp: list[int]  # the VP track (not milestones, awards or end-game card VP)
    _pool: list[int]  # dice in the pool, by colour
    _hand: list[int]  # n * P: project cards in hand, by card
    _deck: list[int]  # P: the deck as counts (it is never ordered: draws are chance)
    _deck_size: int
    _discard: list[int]  # P: the face-up discard pile
    _tableau: list[int]  # n * T: cards in play (projects, bonus cards, the corporation)
    _used: list[int]  # n * T: blue actions used since the last refresh
    _corp: list[int]  # card index of each seat's corporation once revealed, else -1
    _corp_choice: list[int]  # chosen, not yet revealed (hidden from the others)
    _dealt: tuple[tuple[int, ...], ...]  # corporations dealt to each seat (hidden from the others)
    _bonus: list[int]  # B: the bonus stack, 0/1 per bonus card (hidden)
    _bonus_size: int
    _board: list[int]  # per area: tile code, 0 = empty
    _board_seat: list[int]  # per area: seat that placed the tile, -1
    _params: list[int]  # steps reached: temperature, oxygen, oceans
    _awards: tuple[int, ...]  # resource shown by each award die
    _milestones: tuple[int, ...]  # milestone indices in board order
    _ms_owner: list[int]  # per slot: seat, -1 unclaimed, -2 removed (solo timer)
    _counts: list[int]  # n * C_WIDTH: per-seat tallies (see the C_* offsets)
    _turn: int  # turns started so far, minus one (0 during the first turn)
    _seat: int  # seat whose turn it is
    _triggered: bool  # a second parameter is complete: last round
    _turns_left: int  # -1 until the end of the trigger turn, then turns still to play
    _over: bool
    _final: tuple[dict[str, int], ...]  # final score breakdown per seat, once over

    # ------------------------------------------------------------ helpers
    def _gain_vp(self, seat: int, n: int) -> None:
        before = self._vp[seat]
        after = before + n
        self._vp[seat] = after
        for step in self._game.vp_steps:
            if before < step <= after:
                self._counts[seat * C_WIDTH + C_BONUS_PENDING] += 1

    def _push_ops(self, seat: int, ops: Ops) -> None:
        """Push effects so that the first one listed resolves first."""
        stack = self._stack
        for op in reversed(ops):
            stack.append((op[0], seat, *op[1:]))

    def _take(self, colour: int, n: int) -> int:
        """Take up to n dice of a colour from the pool; how many there were."""
        got = min(n, self._pool[colour])
        self._pool[colour] -= got
        return got

    def _return_die(self, seat: int, resource: int) -> None:
        self._dice[seat * N_RESOURCES + resource] -= 1
        self._pool[resource // 3] += 1

    def dice_held(self, seat: int) -> int:
        off = seat * N_RESOURCES
        return sum(self._dice[off:off + N_RESOURCES])

    def count(self, seat: int, offset: int) -> int:
        return self._counts[seat * C_WIDTH + offset]

    def hand_size(self, seat: int) -> int:
        p = self._game.content.n_projects
        return sum(self._hand[seat * p:(seat + 1) * p])

    def upright(self, seat: int, card: int) -> int:
        """Copies of a blue card in play whose action is not used."""
        i = seat * self._game.n_cards + card
        return self._tableau[i] - self._used[i]


class Choice(Decision):
    """A Dice Game decision: one with a single option is taken at once (the seat is not
    asked, so it is not in records), one with none lapses (its effect cannot be done)."""

    forced = True
