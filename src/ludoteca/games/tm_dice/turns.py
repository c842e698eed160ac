"""Setup decisions, the turn, support and main actions, cards, bonus cards and the end.

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
"""

from __future__ import annotations

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
    Task,
)
from ludoteca.games.tm_dice.dice import ANY, ANY_OF, N_RESOURCES, WILD, can_pay
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

    # ------------------------------------------------------------ setup
    def _opts_corp(self, task: Task) -> list[int]:
        game = self._game
        base = game.codec.corp - game.content.corp_base
        return sorted(base + c for c in self._dealt[task[1]])

    def _do_corp(self, task: Task, verb: int, arg: int) -> None:
        self._stack.pop()
        self._corp_choice[task[1]] = self._game.content.corp_base + arg

    def _auto_reveal(self, task: Task) -> None:
        """Every seat shows its corporation, takes its start bonus and first production."""
        for seat in range(self._n - 1, -1, -1):  # pushed in reverse: seat 0's dice roll first
            corp = self._game.content.cards[self._corp_choice[seat]]
            self._corp[seat] = corp.index
            self._enter_play(seat, corp.index)
            self._wild[seat] += corp.start_wild
            if corp.start_vp:
                self._gain_vp(seat, corp.start_vp)
            for resource, n in corp.start_faces:
                self._dice[seat * N_RESOURCES + resource] += self._take(resource // 3, n)
            self._produce(seat)
        for seat in range(self._n):
            self._check_milestones(seat)

    def _opts_gift(self, task: Task) -> list[int]:
        seat = task[1]
        off = seat * N_RESOURCES
        base = self._game.codec.gift
        options = [base + r for r in range(N_RESOURCES) if self._dice[off + r]]
        if self._wild[seat]:
            options.append(base + WILD)
        return options

    def _do_gift(self, task: Task, verb: int, item: int) -> None:
        self._stack.pop()
        seat, to = task[1], task[2]
        if item == WILD:
            self._wild[seat] -= 1
            self._wild[to] += 1
        else:
            self._dice[seat * N_RESOURCES + item] -= 1
            self._dice[to * N_RESOURCES + item] += 1

    # ------------------------------------------------------------ turn
    def _auto_start_turn(self, task: Task) -> None:
        seat = task[1]
        game = self._game
        if game.solo and self._turn + 1 in game.solo_timer:
            owner = self._ms_owner
            for slot in range(len(owner)):
                if owner[slot] == -1:
                    owner[slot] = -2
                    break
        self._check_milestones(seat, turn_start=True)
        stack = self._stack
        stack.append((A_TURN_END, seat))
        stack.append((D_END, seat))
        stack.append((D_TURN, seat))

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

    def _opts_turn(self, task: Task) -> list[int]:
        codec = self._game.codec
        return [codec.production, codec.actions, *self._free_options(task[1])]

    def _do_turn(self, task: Task, verb: int, arg: int) -> None:
        seat = task[1]
        if verb == V_USE:
            self._use(seat, arg)
            return
        self._stack.pop()
        if verb == V_PRODUCTION:
            self._start_production(seat)
        else:
            assert verb == V_ACTIONS
            self._stack.append((D_MAIN, seat))
            self._stack.append((D_SUPPORT, seat))

    def _opts_end(self, task: Task) -> list[int]:
        free = self._free_options(task[1])
        return [*free, self._game.codec.end] if free else []

    def _do_end(self, task: Task, verb: int, arg: int) -> None:
        if verb == V_USE:
            self._use(task[1], arg)
        else:
            assert verb == V_END
            self._stack.pop()

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

    def _opts_support(self, task: Task) -> list[int]:
        return self._support_options(task[1]) or [self._game.codec.pass_]

    def _do_support(self, task: Task, verb: int, arg: int) -> None:
        seat = task[1]
        stack = self._stack
        stack.pop()
        if verb == V_TAKE:
            self._pool[arg] -= 1
            stack.append((C_ROLL, seat, arg, 1))
        elif verb == V_TURN_DIE:
            stack.append((OP_TURN_DIE, seat, 0))
            stack.append((D_PAY, seat, SUPPORT_DIE_ICONS, 1))
        elif verb == V_DRAW_CARDS:
            stack.append((C_DRAW, seat, self._game.support_draw))
            stack.append((D_PAY, seat, SUPPORT_DIE_ICONS, 0))
        elif verb == V_USE:
            self._use(seat, arg)
        else:
            assert verb == V_PASS

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

    def _opts_main(self, task: Task) -> list[int]:
        seat = task[1]
        options = self._main_options(seat) or [self._game.codec.pass_]
        options += self._free_options(seat)
        options.sort()
        return options

    def _do_main(self, task: Task, verb: int, arg: int) -> None:
        seat = task[1]
        game = self._game
        stack = self._stack
        if verb == V_USE and game.content.cards[arg].timing == FREE:
            self._use(seat, arg)
            return
        stack.pop()
        if verb == V_PLAY:
            self._hand[seat * game.content.n_projects + arg] -= 1
            stack.append((A_RESOLVE, seat, arg))
            cost = self.card_cost(seat, arg)
            if cost:
                stack.append((D_PAY, seat, cost, 0))
        elif verb == V_SUPPORT:
            stack.append((D_SUPPORT, seat))
        elif verb == V_CONVERT:
            conv = game.content.conversions[arg]
            self._push_ops(seat, conv.ops)
            stack.append((D_PAY, seat, conv.cost, 0))
        elif verb == V_USE:
            self._use(seat, arg)
        else:
            assert verb == V_PASS

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

    def _auto_resolve(self, task: Task) -> None:
        """A paid project card or a chosen bonus card is played."""
        seat, card = task[1], task[2]
        game = self._game
        c = game.content.cards[card]
        t = game.n_cards
        triggers = []
        for owner_card, colour, ops in game.on_play:
            if colour == c.colour:
                triggers += [ops] * self._tableau[seat * t + owner_card]
        self._enter_play(seat, card)
        self._check_milestones(seat)
        self._play_effects(seat, c.play)
        for ops in triggers:
            self._push_ops(seat, ops)
        if c.vp_now:
            self._gain_vp(seat, c.vp_now)

    # ------------------------------------------------------------ bonus cards
    def _opts_bonus(self, task: Task) -> list[int]:
        base = self._game.codec.bonus
        return [base + b for b, n in enumerate(self._bonus) if n]

    def _do_bonus(self, task: Task, verb: int, b: int) -> None:
        seat = task[1]
        self._stack.pop()
        self._bonus[b] -= 1
        self._bonus_size -= 1
        self._stack.append((A_RESOLVE, seat, self._game.content.bonus_base + b))

    # ------------------------------------------------------------ end of turn
    def _auto_turn_end(self, task: Task) -> None:
        seat = task[1]
        pending = seat * C_WIDTH + C_BONUS_PENDING
        if self._counts[pending]:
            self._counts[pending] -= 1
            if self._bonus_size:  # the seat looks through the whole stack, then takes one
                self._counts[seat * C_WIDTH + C_BONUS_SEEN] = 1
                self._stack.append((A_TURN_END, seat))
                self._stack.append((D_BONUS, seat))
                return
            self._counts[pending] = 0
        game = self._game
        if game.solo:
            if all(self.complete()) or self._turn + 1 >= game.solo_turns:
                self._finish()
                return
        elif self._triggered:
            if self._turns_left < 0:  # the end of the turn that completed a second parameter
                self._turns_left = self._n
            else:
                self._turns_left -= 1
                if self._turns_left == 0:
                    self._finish()
                    return
        self._turn += 1
        self._seat = self._turn % self._n
        self._stack.append((A_START_TURN, self._seat))

    def _finish(self) -> None:
        self._stack.clear()
        self._over = True
        self._final = final_scores(self)
