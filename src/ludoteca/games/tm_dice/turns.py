"""The turn, support and main actions, cards entering play, bonus cards and the end.

A turn (`A_START_TURN`) pushes `A_TURN_END`, `D_END` and `D_TURN`:

* `D_TURN`: `production` or `actions` (free blue actions may be used first);
* an action turn is `D_SUPPORT` then `D_MAIN`; a main `support` pushes another
  `D_SUPPORT`; free blue actions may be used before the main action and at `D_END`;
* `D_END`: `end` (offered only while a free action is still possible);
* `A_TURN_END`: bonus cards earned on the VP track this turn (or on others' turns),
  milestones, then the end check: with 2 or more players, once a second global
  parameter is complete every seat (the one who completed it included, last)
  plays one more turn; solo, the game ends when all three are complete or after
  the last turn of the time track.

Handlers (`core.decisions`; a decision that lets a free action come first pushes
its own frame back under the action's frames):

| kind           | handler         | role      |
| -------------- | --------------- | --------- |
| `A_START_TURN` | `StartTurn`     | automatic |
| `D_TURN`       | `TurnChoice`    | decision  |
| `D_SUPPORT`    | `SupportAction` | decision  |
| `D_MAIN`       | `MainAction`    | decision  |
| `D_END`        | `EndChoice`     | decision (lapses: no free action left) |
| `A_RESOLVE`    | `Resolve`       | automatic |
| `D_BONUS`      | `BonusChoice`   | decision  |
| `A_TURN_END`   | `TurnEnd`       | automatic |

Setup's frames are in `setup.py`.
"""

from __future__ import annotations

from ludoteca.core.decisions import Automatic
from ludoteca.games.tm_dice.actions import (
    V_ACTIONS,
    V_CONVERT,
    V_DRAW_CARDS,
    V_END,
    V_PASS,
    V_PLAY,
    V_PRODUCTION,
    V_SUPPORT,
    V_TAKE,
    V_TURN_DIE,
    V_USE,
)
from ludoteca.games.tm_dice.base import (
    C_BONUS_PENDING,
    C_BONUS_SEEN,
    C_COLOURS,
    C_COST_COLOURS,
    C_PROD,
    C_STORAGE,
    C_VP_END,
    C_WIDTH,
    Choice,
    Task,
)
from ludoteca.games.tm_dice.dice import ANY, ANY_OF, N_RESOURCES, can_pay
from ludoteca.games.tm_dice.order import OrderRules
from ludoteca.games.tm_dice.production import ProductionRules
from ludoteca.games.tm_dice.scoring import final_scores
from ludoteca.games.tm_dice.tasks import (
    A_RESOLVE,
    A_START_TURN,
    A_TURN_END,
    C_DRAW,
    C_ROLL,
    D_BONUS,
    D_END,
    D_MAIN,
    D_PAY,
    D_SUPPORT,
    D_TURN,
    FREE,
    MAIN,
    OP_TURN_DIE,
    SUPPORT,
)

SUPPORT_DIE_ICONS = (ANY,)


class TurnRules(ProductionRules, OrderRules):
    __slots__ = ()

    # ------------------------------------------------------------ turn
    def _free_options(self, seat: int) -> list[int]:
        return self._blue_options(seat, FREE)

    def _blue_options(self, seat: int, timing: int) -> list[int]:
        game = self._game
        t = game.n_cards
        tableau, used = self._tableau, self._used
        off = seat * t
        base = game.codec.use
        dice, doff, wild = self._dice, seat * N_RESOURCES, self._wild[seat]
        cards = game.content.cards
        return [base + c for c in game.action_cards[timing]
                if tableau[off + c] > used[off + c] and can_pay(dice, doff, wild, cards[c].action_cost)]

    def _use(self, seat: int, card: int) -> None:
        """Turn a blue card sideways, pay its action's cost, then resolve its effects."""
        game = self._game
        c = game.content.cards[card]
        self._used[seat * game.n_cards + card] += 1
        self._push_ops(seat, c.action_ops)
        if c.action_cost:
            self._stack.append((D_PAY, seat, c.action_cost, 0))

    # ------------------------------------------------------------ support
    def _support_options(self, seat: int) -> list[int]:
        game = self._game
        codec = game.codec
        pool = self._pool
        options = [codec.take + c for c in range(5) if pool[c]]
        dice, off, wild = self._dice, seat * N_RESOURCES, self._wild[seat]
        if can_pay(dice, off, wild, SUPPORT_DIE_ICONS, 1):
            options.append(codec.turn_die)
        if (self._deck_size or any(self._discard)) and can_pay(dice, off, wild, SUPPORT_DIE_ICONS):
            options.append(codec.draw_cards)
        options += self._blue_options(seat, SUPPORT)
        return options

    # ------------------------------------------------------------ main
    def card_cost(self, seat: int, card: int) -> tuple[int, ...]:
        """The icons `seat` pays for a project card, after its discounts."""
        game = self._game
        cost = game.content.cards[card].cost
        if not game.discounts:
            return cost
        t = game.n_cards
        tableau = self._tableau
        for d_card, resource, n in game.discounts:
            for _ in range(tableau[seat * t + d_card] * n):
                if resource in cost:
                    i = cost.index(resource)
                    cost = cost[:i] + cost[i + 1:]
        return cost

    def _main_options(self, seat: int) -> list[int]:
        game = self._game
        codec = game.codec
        p = game.content.n_projects
        hand = self._hand
        dice, off, wild = self._dice, seat * N_RESOURCES, self._wild[seat]
        options = [codec.play + c for c in range(p)
                   if hand[seat * p + c] and can_pay(dice, off, wild, self.card_cost(seat, c))]
        if any(self._pool) or self._support_options(seat):
            options.append(codec.support)
        for conv in game.content.conversions:
            if can_pay(dice, off, wild, conv.cost) and (not conv.place or self.free_areas(conv.place)):
                options.append(codec.convert + conv.index)
        options += self._blue_options(seat, MAIN)
        return options

    # ------------------------------------------------------------ cards in play
    def _enter_play(self, seat: int, card: int) -> None:
        """A card joins the seat's cards in play: its tallies, nothing resolved."""
        game = self._game
        c = game.content.cards[card]
        self._tableau[seat * game.n_cards + card] += 1
        counts = self._counts
        base = seat * C_WIDTH
        if c.colour >= 0:
            counts[base + C_COLOURS + c.colour] += 1
        if c.has_production:
            for colour, n in enumerate(c.prod_dice):
                counts[base + C_PROD + colour] += n
            counts[base + C_PROD + 5] += c.prod_white
            counts[base + C_PROD + 6] += c.prod_wild
            counts[base + C_PROD + 7] += c.prod_vp
        counts[base + C_STORAGE] += c.storage
        counts[base + C_VP_END] += c.vp_end
        mask = 0
        for icon in c.cost_icons:
            if icon < N_RESOURCES:
                mask |= 1 << (icon // 3)
            elif icon < ANY:
                mask |= 1 << (icon - ANY_OF)
        counts[base + C_COST_COLOURS] |= mask

    # ------------------------------------------------------------ end of turn
    def _finish(self) -> None:
        self._stack.clear()
        self._over = True
        self._final = final_scores(self)


# ------------------------------------------------------------------ handlers
class StartTurn(Automatic):
    """`A_START_TURN`: the solo timer removes a milestone, the seat's turn-start milestones
    are checked, then the turn: `D_TURN`, `D_END` and `A_TURN_END`."""

    kind = A_START_TURN

    @staticmethod
    def run(state: TurnRules, frame: Task) -> None:
        seat = frame[1]
        game = state._game
        if game.solo and state._turn + 1 in game.solo_timer:
            owner = state._ms_owner
            for slot in range(len(owner)):
                if owner[slot] == -1:
                    owner[slot] = -2
                    break
        state._check_milestones(seat, turn_start=True)
        stack = state._stack
        stack.append((A_TURN_END, seat))
        stack.append((D_END, seat))
        stack.append((D_TURN, seat))


class TurnChoice(Choice):
    """`D_TURN`: `production` or `actions` (`D_SUPPORT` then `D_MAIN`); a free blue
    action (`use <card>`) first leaves the question on the stack."""

    kind = D_TURN

    @staticmethod
    def legal(state: TurnRules, frame: Task) -> list[int]:
        codec = state._game.codec
        return [codec.production, codec.actions, *state._free_options(frame[1])]

    @staticmethod
    def apply(state: TurnRules, frame: Task, action: int) -> None:
        seat = frame[1]
        verb, arg = state._game.codec.decoded[action]
        if verb == V_USE:
            state._stack.append(frame)
            state._use(seat, arg)
        elif verb == V_PRODUCTION:
            state._start_production(seat)
        else:
            assert verb == V_ACTIONS
            state._stack.append((D_MAIN, seat))
            state._stack.append((D_SUPPORT, seat))


class EndChoice(Choice):
    """`D_END`: a free blue action (the question stays) or `end`; asked only while a free
    action is possible (otherwise it lapses: the turn ends)."""

    kind = D_END

    @staticmethod
    def legal(state: TurnRules, frame: Task) -> list[int]:
        free = state._free_options(frame[1])
        return [*free, state._game.codec.end] if free else []

    @staticmethod
    def apply(state: TurnRules, frame: Task, action: int) -> None:
        verb, arg = state._game.codec.decoded[action]
        if verb == V_USE:
            state._stack.append(frame)
            state._use(frame[1], arg)
        else:
            assert verb == V_END


class SupportAction(Choice):
    """`D_SUPPORT`: `take <colour>` (a die from the pool, rolled), `turn-die` (pay 1 die,
    keeping one, to turn another), `draw-cards` (pay 1 die to draw), a support blue
    action, or `pass` when none of these is possible."""

    kind = D_SUPPORT

    @staticmethod
    def legal(state: TurnRules, frame: Task) -> list[int]:
        return state._support_options(frame[1]) or [state._game.codec.pass_]

    @staticmethod
    def apply(state: TurnRules, frame: Task, action: int) -> None:
        seat = frame[1]
        stack = state._stack
        verb, arg = state._game.codec.decoded[action]
        if verb == V_TAKE:
            state._pool[arg] -= 1
            stack.append((C_ROLL, seat, arg, 1))
        elif verb == V_TURN_DIE:
            stack.append((OP_TURN_DIE, seat, 0))
            stack.append((D_PAY, seat, SUPPORT_DIE_ICONS, 1))
        elif verb == V_DRAW_CARDS:
            stack.append((C_DRAW, seat, state._game.support_draw))
            stack.append((D_PAY, seat, SUPPORT_DIE_ICONS, 0))
        elif verb == V_USE:
            state._use(seat, arg)
        else:
            assert verb == V_PASS


class MainAction(Choice):
    """`D_MAIN`: `play <card>` (paid, then `A_RESOLVE`), `support` (a second support
    action), `convert <id>`, a main blue action, or `pass` when none is possible; a free
    blue action first leaves the question on the stack."""

    kind = D_MAIN

    @staticmethod
    def legal(state: TurnRules, frame: Task) -> list[int]:
        seat = frame[1]
        options = state._main_options(seat) or [state._game.codec.pass_]
        options += state._free_options(seat)
        options.sort()
        return options

    @staticmethod
    def apply(state: TurnRules, frame: Task, action: int) -> None:
        seat = frame[1]
        game = state._game
        stack = state._stack
        verb, arg = state._game.codec.decoded[action]
        if verb == V_USE and game.content.cards[arg].timing == FREE:
            stack.append(frame)
            state._use(seat, arg)
        elif verb == V_PLAY:
            state._hand[seat * game.content.n_projects + arg] -= 1
            stack.append((A_RESOLVE, seat, arg))
            cost = state.card_cost(seat, arg)
            if cost:
                stack.append((D_PAY, seat, cost, 0))
        elif verb == V_SUPPORT:
            stack.append((D_SUPPORT, seat))
        elif verb == V_CONVERT:
            conv = game.content.conversions[arg]
            state._push_ops(seat, conv.ops)
            stack.append((D_PAY, seat, conv.cost, 0))
        elif verb == V_USE:
            state._use(seat, arg)
        else:
            assert verb == V_PASS


class Resolve(Automatic):
    """`A_RESOLVE` (card): a paid project card or a chosen bonus card is played: it enters
    play, milestones are checked, its effects (`OrderRules._play_effects`) and the
    `on_play` effects of the seat's cards watching its colour resolve, its VP are gained."""

    kind = A_RESOLVE

    @staticmethod
    def run(state: TurnRules, frame: Task) -> None:
        seat, card = frame[1], frame[2]
        game = state._game
        c = game.content.cards[card]
        t = game.n_cards
        triggers = []
        for owner_card, colour, ops in game.on_play:
            if colour == c.colour:
                triggers += [ops] * state._tableau[seat * t + owner_card]
        state._enter_play(seat, card)
        state._check_milestones(seat)
        state._play_effects(seat, c.play)
        for ops in triggers:
            state._push_ops(seat, ops)
        if c.vp_now:
            state._gain_vp(seat, c.vp_now)


class BonusChoice(Choice):
    """`D_BONUS`: `bonus <card>`, one card of the bonus stack, played at once for free."""

    kind = D_BONUS

    @staticmethod
    def legal(state: TurnRules, frame: Task) -> list[int]:
        base = state._game.codec.bonus
        return [base + b for b, n in enumerate(state._bonus) if n]

    @staticmethod
    def apply(state: TurnRules, frame: Task, action: int) -> None:
        b = state._game.codec.arg[action]
        state._bonus[b] -= 1
        state._bonus_size -= 1
        state._stack.append((A_RESOLVE, frame[1], state._game.content.bonus_base + b))


class TurnEnd(Automatic):
    """`A_TURN_END`: one bonus card per VP-track bonus earned (`D_BONUS`, while the stack
    lasts), then the end check (see the module docstring) or the next seat's turn."""

    kind = A_TURN_END

    @staticmethod
    def run(state: TurnRules, frame: Task) -> None:
        seat = frame[1]
        counts = state._counts
        pending = seat * C_WIDTH + C_BONUS_PENDING
        if counts[pending]:
            counts[pending] -= 1
            if state._bonus_size:  # the seat looks through the whole stack, then takes one
                counts[seat * C_WIDTH + C_BONUS_SEEN] = 1
                state._stack.append((A_TURN_END, seat))
                state._stack.append((D_BONUS, seat))
                return
            counts[pending] = 0
        game = state._game
        if game.solo:
            if all(state.complete()) or state._turn + 1 >= game.solo_turns:
                state._finish()
                return
        elif state._triggered:
            if state._turns_left < 0:  # the end of the turn that completed a second parameter
                state._turns_left = state._n
            else:
                state._turns_left -= 1
                if state._turns_left == 0:
                    state._finish()
                    return
        state._turn += 1
        state._seat = state._turn % state._n
        state._stack.append((A_START_TURN, state._seat))
