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

`_start_production` pushes one frame per step; their handlers (`core.decisions`):

| kind          | handler       | role      |
| ------------- | ------------- | --------- |
| `D_KEEP`      | `Keep`        | decision (lapses: all fits, or no slot left) |
| `D_DISCARD`   | `Discard`     | decision  |
| `A_DRAW_TO`   | `DrawTo`      | automatic |
| `A_PRODUCE`   | `Produce`     | automatic |
| `D_WHITE`     | `WhiteColour` | decision (lapses: no colour left) |
| `A_PROD_TAKE` | `ProdTake`    | automatic |
| `A_REFRESH`   | `Refresh`     | automatic |
"""

from __future__ import annotations

from ludoteca.core.decisions import Automatic
from ludoteca.games.tm_dice.actions import V_DONE, V_KEEP
from ludoteca.games.tm_dice.base import C_PROD, C_STORAGE, C_WIDTH, Choice, StateData, Task
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

    def _finish_keep(self, seat: int, kept: tuple[int, ...], keep_rest: bool) -> None:
        dice, pool = self._dice, self._pool
        off = seat * N_RESOURCES
        for r in range(N_RESOURCES):
            held = dice[off + r]
            if held and not keep_rest:
                pool[r // 3] += held
                held = 0
            dice[off + r] = held + kept[r]

    # ------------------------------------------------------------ produce
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


# ------------------------------------------------------------------ handlers
class Keep(Choice):
    """`D_KEEP` (slots, kept): `keep <resource>` one die at a time (set aside in `kept`), or
    `done`: the dice not kept return to the pool. It lapses once everything still held
    fits in the slots left (all of it is kept) or no slot is left (the rest returns)."""

    kind = D_KEEP

    @staticmethod
    def legal(state: ProductionRules, frame: Task) -> list[int]:
        seat, slots = frame[1], frame[2]
        off = seat * N_RESOURCES
        dice = state._dice
        if slots <= 0 or sum(dice[off:off + N_RESOURCES]) <= slots:
            return []
        base = state._game.codec.keep
        return [base + r for r in range(N_RESOURCES) if dice[off + r]] + [state._game.codec.done]

    @staticmethod
    def apply(state: ProductionRules, frame: Task, action: int) -> None:
        _, seat, slots, kept = frame
        verb, arg = state._game.codec.decoded[action]
        if verb == V_DONE:
            state._finish_keep(seat, kept, keep_rest=False)
            return
        assert verb == V_KEEP
        state._dice[seat * N_RESOURCES + arg] -= 1
        kept = (*kept[:arg], kept[arg] + 1, *kept[arg + 1:])
        state._stack.append((D_KEEP, seat, slots - 1, kept))

    @staticmethod
    def lapse(state: ProductionRules, frame: Task) -> None:
        _, seat, slots, kept = frame
        state._finish_keep(seat, kept, keep_rest=slots > 0)


class Discard(Choice):
    """`D_DISCARD`: `discard <card>` one hand card at a time onto the face-up discard
    pile, then `done` (an empty hand: nothing to decide)."""

    kind = D_DISCARD

    @staticmethod
    def legal(state: ProductionRules, frame: Task) -> list[int]:
        p = state._game.content.n_projects
        off = frame[1] * p
        hand = state._hand
        base = state._game.codec.discard
        options = [base + c for c in range(p) if hand[off + c]]
        if options:
            options.append(state._game.codec.done)
        return options

    @staticmethod
    def apply(state: ProductionRules, frame: Task, action: int) -> None:
        verb, card = state._game.codec.decoded[action]
        if verb == V_DONE:
            return
        state._stack.append(frame)
        state._hand[frame[1] * state._game.content.n_projects + card] -= 1
        state._discard[card] += 1


class DrawTo(Automatic):
    """`A_DRAW_TO`: draw (`C_DRAW`) until the hand holds the hand size."""

    kind = A_DRAW_TO

    @staticmethod
    def run(state: ProductionRules, frame: Task) -> None:
        seat = frame[1]
        missing = state._game.hand_size - state.hand_size(seat)
        if missing > 0:
            state._stack.append((C_DRAW, seat, missing))


class Produce(Automatic):
    """`A_PRODUCE`: the colours of the box's white dice first (`D_WHITE`), then the rest."""

    kind = A_PRODUCE

    @staticmethod
    def run(state: ProductionRules, frame: Task) -> None:
        seat = frame[1]
        white = state._counts[seat * C_WIDTH + C_PROD + 5]
        if white:
            state._stack.append((D_WHITE, seat, white, NO_COLOURS))
        else:
            state._stack.append((A_PROD_TAKE, seat, NO_COLOURS, 0))


class WhiteColour(Choice):
    """`D_WHITE` (left, chosen): `colour <c>` of one white production die, among the
    colours with a die left in the pool for it once the box's dice of that colour and
    the white dice already given it are counted. It lapses when no colour has one: the
    white dice still to assign are a real shortage (`A_PROD_TAKE`'s `missing`)."""

    kind = D_WHITE

    @staticmethod
    def legal(state: ProductionRules, frame: Task) -> list[int]:
        seat, chosen = frame[1], frame[3]
        base = seat * C_WIDTH + C_PROD
        counts, pool = state._counts, state._pool
        first = state._game.codec.colour
        return [first + c for c in range(N_COLOURS) if pool[c] > counts[base + c] + chosen[c]]

    @staticmethod
    def apply(state: ProductionRules, frame: Task, action: int) -> None:
        _, seat, left, chosen = frame
        colour = state._game.codec.arg[action]
        chosen = (*chosen[:colour], chosen[colour] + 1, *chosen[colour + 1:])
        if left > 1:
            state._stack.append((D_WHITE, seat, left - 1, chosen))
        else:
            state._stack.append((A_PROD_TAKE, seat, chosen, 0))

    @staticmethod
    def lapse(state: ProductionRules, frame: Task) -> None:
        state._stack.append((A_PROD_TAKE, frame[1], frame[3], frame[2]))


class ProdTake(Automatic):
    """`A_PROD_TAKE` (extra, missing): the production itself (`ProductionRules._produce`)."""

    kind = A_PROD_TAKE

    @staticmethod
    def run(state: ProductionRules, frame: Task) -> None:
        _, seat, extra, missing = frame
        state._produce(seat, extra, missing)


class Refresh(Automatic):
    """`A_REFRESH`: the seat's used blue cards stand up again."""

    kind = A_REFRESH

    @staticmethod
    def run(state: ProductionRules, frame: Task) -> None:
        t = state._game.n_cards
        seat = frame[1]
        state._used[seat * t:(seat + 1) * t] = [0] * t
