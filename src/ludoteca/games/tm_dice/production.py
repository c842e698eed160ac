"""The production turn: keep dice, discard, draw up to the hand size, produce, refresh.

1. Keep up to 3 dice (plus one per storage box): `keep <resource>` one at a time,
   or `done` to keep no more; the rest go back to the pool. Wild tokens are kept.
   With no more dice than may be kept, the step is skipped.
2. Discard hand cards: `discard <card>` one at a time, then `done`.
3. Draw until the hand holds 5 cards (chance draws).
4. Produce: the colours of white production dice are chosen first (`colour <c>`),
   only among colours with a die left in the pool once the box's coloured dice and
   the white dice already assigned are counted; then every die of every brown box
   is taken from the pool and rolled. If the pool lacks dice (a coloured die, or a
   white die with no colour left), the seat takes what there is and 1 wild token in
   all. Wild tokens and VP shown in brown boxes are gained too.
5. Used blue cards stand up again.
"""

from __future__ import annotations

from ludoteca.games.tm_dice.actions import V_DONE, V_KEEP
from ludoteca.games.tm_dice.base import C_PROD, C_STORAGE, C_WIDTH, StateData, Task
from ludoteca.games.tm_dice.dice import N_COLOURS, N_RESOURCES
from ludoteca.games.tm_dice.tasks import (
    A_DRAW_TO,
    A_PROD_TAKE,
    A_PRODUCE,
    A_REFRESH,
    C_DRAW,
    C_ROLL,
    D_DISCARD,
    D_KEEP,
    D_WHITE,
)

NO_DICE = (0,) * N_RESOURCES
NO_COLOURS = (0,) * N_COLOURS


class ProductionRules(StateData):
    __slots__ = ()

    def _start_production(self, seat: int) -> None:
        stack = self._stack
        stack.append((A_REFRESH, seat))
        stack.append((A_PRODUCE, seat))
        stack.append((A_DRAW_TO, seat))
        stack.append((D_DISCARD, seat))
        keep = self._game.keep_dice + self._counts[seat * C_WIDTH + C_STORAGE]
        stack.append((D_KEEP, seat, keep, NO_DICE))

    def keep_limit(self, seat: int) -> int:
        return self._game.keep_dice + self._counts[seat * C_WIDTH + C_STORAGE]

    # ------------------------------------------------------------ keep
    def _opts_keep(self, task: Task) -> list[int]:
        seat, slots = task[1], task[2]
        off = seat * N_RESOURCES
        dice = self._dice
        if slots <= 0 or sum(dice[off:off + N_RESOURCES]) <= slots:
            return []
        base = self._game.codec.keep
        return [base + r for r in range(N_RESOURCES) if dice[off + r]] + [self._game.codec.done]

    def _skip_keep(self, task: Task) -> None:
        """Nothing (more) to choose: everything still held fits, or no slot is left."""
        seat, slots, kept = task[1], task[2], task[3]
        if slots > 0:
            self._finish_keep(seat, kept, keep_rest=True)
        else:
            self._finish_keep(seat, kept, keep_rest=False)

    def _do_keep(self, task: Task, verb: int, arg: int) -> None:
        seat, slots, kept = task[1], task[2], task[3]
        if verb == V_DONE:
            self._stack.pop()
            self._finish_keep(seat, kept, keep_rest=False)
            return
        assert verb == V_KEEP
        self._dice[seat * N_RESOURCES + arg] -= 1
        kept = (*kept[:arg], kept[arg] + 1, *kept[arg + 1:])
        self._stack[-1] = (D_KEEP, seat, slots - 1, kept)

    def _finish_keep(self, seat: int, kept: tuple[int, ...], keep_rest: bool) -> None:
        dice, pool = self._dice, self._pool
        off = seat * N_RESOURCES
        for r in range(N_RESOURCES):
            held = dice[off + r]
            if held and not keep_rest:
                pool[r // 3] += held
                held = 0
            dice[off + r] = held + kept[r]

    # ------------------------------------------------------------ discard and draw
    def _opts_discard(self, task: Task) -> list[int]:
        p = self._game.content.n_projects
        off = task[1] * p
        hand = self._hand
        base = self._game.codec.discard
        options = [base + c for c in range(p) if hand[off + c]]
        if options:
            options.append(self._game.codec.done)
        return options

    def _do_discard(self, task: Task, verb: int, card: int) -> None:
        if verb == V_DONE:
            self._stack.pop()
            return
        p = self._game.content.n_projects
        self._hand[task[1] * p + card] -= 1
        self._discard[card] += 1

    def _auto_draw_to(self, task: Task) -> None:
        seat = task[1]
        missing = self._game.hand_size - self.hand_size(seat)
        if missing > 0:
            self._stack.append((C_DRAW, seat, missing))

    # ------------------------------------------------------------ produce
    def _auto_produce(self, task: Task) -> None:
        seat = task[1]
        white = self._counts[seat * C_WIDTH + C_PROD + 5]
        if white:
            self._stack.append((D_WHITE, seat, white, NO_COLOURS))
        else:
            self._stack.append((A_PROD_TAKE, seat, NO_COLOURS, 0))

    def _opts_white(self, task: Task) -> list[int]:
        """Colours with a die left for this white die: the pool less the box's dice of
        that colour and the white dice already given it."""
        seat, chosen = task[1], task[3]
        base = seat * C_WIDTH + C_PROD
        counts, pool = self._counts, self._pool
        first = self._game.codec.colour
        return [first + c for c in range(N_COLOURS) if pool[c] > counts[base + c] + chosen[c]]

    def _do_white(self, task: Task, verb: int, colour: int) -> None:
        seat, left, chosen = task[1], task[2], task[3]
        chosen = (*chosen[:colour], chosen[colour] + 1, *chosen[colour + 1:])
        if left > 1:
            self._stack[-1] = (D_WHITE, seat, left - 1, chosen)
        else:
            self._stack[-1] = (A_PROD_TAKE, seat, chosen, 0)

    def _skip_white(self, task: Task) -> None:
        """No colour has a die left: the white dice still to assign are a real shortage."""
        self._stack.append((A_PROD_TAKE, task[1], task[3], task[2]))

    def _auto_prod_take(self, task: Task) -> None:
        _, seat, extra, missing = task
        self._produce(seat, extra, missing)

    def _produce(self, seat: int, extra: tuple[int, ...] = NO_COLOURS, missing: int = 0) -> None:
        """Gain one production: every box die (rolled), wild tokens and VP; 1 wild token
        in all if the pool runs short (`missing`: white dice that found no colour)."""
        counts = self._counts
        base = seat * C_WIDTH + C_PROD
        short = missing > 0
        rolls = []
        for colour in range(N_COLOURS):
            need = counts[base + colour] + extra[colour]
            if need:
                got = self._take(colour, need)
                short = short or got < need
                if got:
                    rolls.append((C_ROLL, seat, colour, got))
        self._stack.extend(reversed(rolls))
        self._wild[seat] += counts[base + 6] + (1 if short else 0)
        if counts[base + 7]:
            self._gain_vp(seat, counts[base + 7])

    def _auto_refresh(self, task: Task) -> None:
        t = self._game.n_cards
        seat = task[1]
        self._used[seat * t:(seat + 1) * t] = [0] * t
