"""A tm-dice position: the core `State` API over the rule mixins.

Everything still to happen is on `_stack` (see `tasks.py`); after every action
`_advance` resolves automatic tasks until a chance outcome or a decision is needed.
A decision with no option is skipped (its effect cannot be done), and one with a
single option is taken at once, so every decision a seat sees has at least two
options. Any position, in the middle of any effect, copies, serialises and
replays exactly, because the stack holds only tuples of ints.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.i18n import Message
from ludoteca.games.tm_dice import facts, texts, views
from ludoteca.games.tm_dice.base import C_BONUS_SEEN, C_WIDTH, Task
from ludoteca.games.tm_dice.dice import N_COLOURS, N_RESOURCES
from ludoteca.games.tm_dice.tasks import (
    A_DRAW_TO,
    A_PROD_TAKE,
    A_PRODUCE,
    A_REFRESH,
    A_RESOLVE,
    A_REVEAL,
    A_START_TURN,
    A_TURN_END,
    C_AWARD,
    C_BONUS_STACK,
    C_DEAL_CORP,
    C_DRAW,
    C_MILESTONE,
    C_ROLL,
    CHANCE_TASKS,
    D_BONUS,
    D_COLOUR,
    D_CORP,
    D_DISCARD,
    D_END,
    D_GIFT,
    D_KEEP,
    D_MAIN,
    D_ORDER,
    D_PAY,
    D_SUPPORT,
    D_TURN,
    D_WHITE,
    OCEAN,
    OP_DRAW,
    OP_GAIN_DICE_ONE_COLOUR,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_GAIN_VP,
    OP_GAIN_WILD,
    OP_OPPONENTS_LOSE,
    OP_PLACE,
    OP_RAISE,
    OP_TURN_DIE,
)
from ludoteca.games.tm_dice.turns import TurnRules

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.game import TMDiceGame

SECRET_TASKS = (C_DRAW, C_DEAL_CORP, C_BONUS_STACK, D_CORP)  # outcomes and choices only their seat sees


class TMDiceState(TurnRules):
    __slots__ = ()

    def __init__(self, game: TMDiceGame) -> None:
        super().__init__(game)
        content = game.content
        n = game.num_players()
        p, t = content.n_projects, game.n_cards
        self._n = n
        self._dice = [0] * (n * N_RESOURCES)
        self._wild = [0] * n
        self._vp = [0] * n
        self._pool = [content.dice_per_colour] * N_COLOURS
        self._hand = [0] * (n * p)
        self._deck = [c.copies for c in content.cards[:p]]
        self._deck_size = sum(self._deck)
        self._discard = [0] * p
        self._tableau = [0] * (n * t)
        self._used = [0] * (n * t)
        self._corp = [-1] * n
        self._corp_choice = [-1] * n
        self._dealt = ((),) * n
        self._bonus = [0] * content.n_bonus
        self._bonus_size = 0
        self._board = [0] * len(content.areas)
        self._board_seat = [-1] * len(content.areas)
        self._params = list(game.start)
        for area in game.ocean_areas[:game.start[2]]:  # a scenario's oceans (see the `start` option)
            self._board[area] = OCEAN
        self._awards = ()
        self._milestones = ()
        self._ms_owner = []
        self._counts = [0] * (n * C_WIDTH)
        self._turn = 0
        self._seat = 0
        self._triggered = False
        self._turns_left = -1
        self._over = False
        self._final = ()
        self._opts = None
        # setup, in the order of the rules; the stack's top is the end of the list
        setup: list[Task] = [(C_BONUS_STACK, -1, game.bonus_stack_size)]
        setup += [(C_AWARD, -1, i) for i in range(game.awards_in_play)]
        setup += [(C_MILESTONE, -1, i) for i in range(game.milestones_in_play)]
        setup += [(C_DEAL_CORP, s, game.corporations_dealt) for s in range(n)]
        setup += [(C_DRAW, s, game.hand_size) for s in range(n)]
        setup += [(D_CORP, s) for s in range(n)]
        setup.append((A_REVEAL, -1))
        if n > 1:
            setup.append((D_GIFT, 0, n - 1))
        setup.append((A_START_TURN, 0))
        self._stack = setup[::-1]
        self._advance()

    def _copy(self) -> TMDiceState:
        o = TMDiceState.__new__(TMDiceState)
        o._game = self._game
        o._n = self._n
        o._stack = self._stack.copy()
        o._opts = self._opts
        o._dice = self._dice.copy()
        o._wild = self._wild.copy()
        o._vp = self._vp.copy()
        o._pool = self._pool.copy()
        o._hand = self._hand.copy()
        o._deck = self._deck.copy()
        o._deck_size = self._deck_size
        o._discard = self._discard.copy()
        o._tableau = self._tableau.copy()
        o._used = self._used.copy()
        o._corp = self._corp.copy()
        o._corp_choice = self._corp_choice.copy()
        o._dealt = self._dealt
        o._bonus = self._bonus.copy()
        o._bonus_size = self._bonus_size
        o._board = self._board.copy()
        o._board_seat = self._board_seat.copy()
        o._params = self._params.copy()
        o._awards = self._awards
        o._milestones = self._milestones
        o._ms_owner = self._ms_owner.copy()
        o._counts = self._counts.copy()
        o._turn = self._turn
        o._seat = self._seat
        o._triggered = self._triggered
        o._turns_left = self._turns_left
        o._over = self._over
        o._final = self._final
        return o

    # ------------------------------------------------------------ flow
    def current_player(self) -> int:
        if self._over:
            return TERMINAL
        top = self._stack[-1]
        return CHANCE if top[0] in CHANCE_TASKS else top[1]

    def _legal_actions(self) -> list[int]:
        opts = self._opts
        if opts is None:
            opts = self._opts = DECISIONS[self._stack[-1][0]][0](self, self._stack[-1])
        return opts

    def _apply(self, action: int) -> None:
        self._opts = None
        top = self._stack[-1]
        kind = top[0]
        if kind in CHANCE_TASKS:
            self._apply_chance(top, action)
        else:
            codec = self._game.codec
            DECISIONS[kind][1](self, top, codec.verb[action], codec.arg[action])
        self._advance()

    def _advance(self) -> None:
        """Resolve automatic tasks until a chance node, a real decision or the end."""
        stack = self._stack
        while stack:
            task = stack[-1]
            kind = task[0]
            if kind in CHANCE_TASKS:
                if kind == C_DRAW and not self._deck_size and not any(self._discard):
                    stack.pop()  # no cards anywhere: the draws are lost
                    continue
                return  # an empty deck: the draw shuffles the face-up discard pile (`_apply_chance`)
            handlers = DECISIONS.get(kind)
            if handlers is None:
                stack.pop()
                AUTO[kind](self, task)
                continue
            opts = handlers[0](self, task)
            if len(opts) > 1:
                self._opts = opts
                return
            if opts:  # one option: taken at once
                codec = self._game.codec
                handlers[1](self, task, codec.verb[opts[0]], codec.arg[opts[0]])
            else:  # nothing to choose: the step is skipped
                stack.pop()
                if handlers[2] is not None:
                    handlers[2](self, task)
        if not self._over:
            self._finish()

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        top = self._stack[-1]
        kind = top[0]
        game = self._game
        codec = game.codec
        if kind == C_ROLL:
            return game.roll_outcomes[top[2]]
        if kind == C_DRAW:
            pile = self._deck if self._deck_size else self._discard
            size = sum(pile)
            base = codec.draw
            return [(base + c, k / size) for c, k in enumerate(pile) if k]
        content = game.content
        if kind == C_DEAL_CORP:
            dealt = {c for hand in self._dealt for c in hand}
            corps = range(content.corp_base, content.corp_base + content.n_corps)
            free = [c for c in corps if c not in dealt]
            base = codec.deal - content.corp_base
            return [(base + c, 1 / len(free)) for c in free]
        if kind == C_BONUS_STACK:
            free = [b for b, k in enumerate(self._bonus) if not k]
            return [(codec.stack + b, 1 / len(free)) for b in free]
        if kind == C_AWARD:
            used = {r // 3 for r in self._awards}
            colours = [c for c in range(N_COLOURS) if c not in used]
            faces = content.face_counts
            return [(codec.award + 3 * c + k, faces[3 * c + k] / (6 * len(colours)))
                    for c in colours for k in range(3)]
        assert kind == C_MILESTONE
        free = [m for m in range(len(content.milestones)) if m not in self._milestones]
        return [(codec.milestone + m, 1 / len(free)) for m in free]

    def _apply_chance(self, top: Task, action: int) -> None:
        kind = top[0]
        codec = self._game.codec
        stack = self._stack
        arg = codec.arg[action]
        if kind == C_ROLL:
            self._dice[top[1] * N_RESOURCES + arg] += 1
            more = top[3] - 1
            if more:
                stack[-1] = (C_ROLL, top[1], top[2], more)
            else:
                stack.pop()
            return
        if kind == C_DRAW:
            if not self._deck_size:  # the discard pile becomes the deck, in view until this draw
                self._deck, self._discard = self._discard, [0] * len(self._discard)
                self._deck_size = sum(self._deck)
            self._deck[arg] -= 1
            self._deck_size -= 1
            self._hand[top[1] * self._game.content.n_projects + arg] += 1
        elif kind == C_DEAL_CORP:
            seat = top[1]
            dealt = list(self._dealt)
            dealt[seat] = (*dealt[seat], self._game.content.corp_base + arg)
            self._dealt = tuple(dealt)
        elif kind == C_BONUS_STACK:
            self._bonus[arg] = 1
            self._bonus_size += 1
        elif kind == C_AWARD:
            self._awards = (*self._awards, arg)
            self._pool[arg // 3] -= 1
            stack.pop()
            return
        else:
            self._milestones = (*self._milestones, arg)
            self._ms_owner.append(-1)
            stack.pop()
            return
        more = top[2] - 1
        if more:
            stack[-1] = (kind, top[1], more)
        else:
            stack.pop()

    # ------------------------------------------------------------ notation
    def action_to_string(self, action: int) -> str:
        return self._game.codec.to_string(action)

    def string_to_action(self, text: str) -> int:
        action = self._game.codec.parse(text)
        if action not in self.legal_actions():
            raise IllegalActionError(self._illegal_message(" ".join(text.split()), self.legal_actions()))
        return action

    def public_action_string(self, action: int) -> str | None:
        """What the other seats learn of `action`: None for a card drawn into a hand, a
        corporation dealt, a card set aside for the bonus stack and the corporation kept
        (face down until everyone has chosen). Everything else is announced as it is:
        dice, wild tokens, the discard pile, tiles and cards in play are in every seat's
        observation, so rolls, award dice, milestones, kept and paid dice, discards,
        bonus cards taken (played at once) and every other decision reveal nothing hidden."""
        if self._stack and self._stack[-1][0] in SECRET_TASKS:
            return None
        return self.action_to_string(action)

    # ------------------------------------------------------------ views
    def scores(self) -> list[float]:
        """VP as they stand (track, milestones, end-game card VP); at the end the final scores."""
        if self._over:
            return [float(row["total"]) for row in self._final]
        return views.running_scores(self)

    def seat_facts(self, seat: int) -> dict[str, list[str]]:
        """The seat's corporation and cards, by id, for balance analysis (`facts.seat_facts`)."""
        return facts.seat_facts(self, seat)

    def winners(self) -> list[int]:
        """Solo: a win needs all three parameters complete; otherwise the most VP, then the
        most production dice (a tie in both is shared; the rules then call for a new game)."""
        if not self._over:
            return []
        if self._game.solo:
            return [0] if self._final[0].get("won") else []
        totals = [row["total"] for row in self._final]
        top = [seat for seat, total in enumerate(totals) if total == max(totals)]
        dice = max(self._final[seat]["production_dice"] for seat in top)
        return [seat for seat in top if self._final[seat]["production_dice"] == dice]

    def position_text(self, seat: int) -> str:
        """The table as `seat` sees it, as plain text (tracks, map, dice, hand)."""
        from ludoteca.games.tm_dice.text import position_lines

        return "\n".join(position_lines(self, seat))

    def observation(self, seat: int) -> dict[str, Any]:
        return views.observation(self, seat)

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: public facts only (no hand, dealt corporation or choice)."""
        return views.observation(self, views.SPECTATOR)

    def full_state(self) -> dict[str, Any]:
        return views.full_state(self)

    def _decision(self) -> tuple[str, str]:
        return views.decision(self)

    def _action_payload(self, action: int) -> dict[str, Any]:
        return views.action_payload(self, action)

    def _decision_message(self) -> Message:
        return texts.decision(self)

    def _option_message(self, action: int) -> Message:
        return texts.option(self, action)

    def action_message(self, action: int) -> Message:
        """The log line of `action` (the public one is the same unless the action is secret:
        `public_action_string`, and the default `public_action_message`, say None then)."""
        return texts.logged(self, action)

    # ------------------------------------------------------------ hidden information
    def resample_from_infostate(self, seat: int, rng: random.Random) -> TMDiceState:
        """A copy where what `seat` cannot see is dealt again at random: the other seats'
        hands (with the deck), the corporations dealt to the others (and their choice
        until revealed), and the bonus stack unless `seat` has looked through it."""
        other = self.clone()
        assert isinstance(other, TMDiceState)
        other._redeal_cards(seat, rng)
        other._redeal_corporations(seat, rng)
        if not other._counts[seat * C_WIDTH + C_BONUS_SEEN]:
            other._redeal_bonus(rng)
        other._opts = None
        other._legal = None
        return other

    def _redeal_cards(self, seat: int, rng: random.Random) -> None:
        p = self._game.content.n_projects
        hand = self._hand
        unseen = [c for c in range(p) for _ in range(self._deck[c])]
        sizes = []
        for s in range(self._n):
            if s != seat:
                off = s * p
                unseen += [c for c in range(p) for _ in range(hand[off + c])]
                sizes.append((s, sum(hand[off:off + p])))
                hand[off:off + p] = [0] * p
        rng.shuffle(unseen)
        i = 0
        for s, size in sizes:
            for c in unseen[i:i + size]:
                hand[s * p + c] += 1
            i += size
        deck = [0] * p
        for c in unseen[i:]:
            deck[c] += 1
        self._deck = deck

    def _redeal_corporations(self, seat: int, rng: random.Random) -> None:
        content = self._game.content
        known = set(self._dealt[seat]) | {c for c in self._corp if c >= 0}
        unseen = [c for c in range(content.corp_base, content.corp_base + content.n_corps) if c not in known]
        rng.shuffle(unseen)
        dealt = list(self._dealt)
        for s in range(self._n):
            if s == seat:
                continue
            shown = self._corp[s]
            size = len(dealt[s]) - (1 if shown >= 0 else 0)
            new = tuple(unseen[:size])
            unseen = unseen[size:]
            dealt[s] = (shown, *new) if shown >= 0 else new
            if shown < 0 and self._corp_choice[s] >= 0:
                self._corp_choice[s] = rng.choice(new)
        self._dealt = tuple(dealt)

    def _redeal_bonus(self, rng: random.Random) -> None:
        game = self._game
        b0, t = game.content.bonus_base, game.n_cards
        played = [sum(self._tableau[s * t + b0 + b] for s in range(self._n)) for b in range(len(self._bonus))]
        unseen = [b for b in range(len(self._bonus)) if not played[b]]
        rng.shuffle(unseen)
        self._bonus = [0] * len(self._bonus)
        for b in unseen[:self._bonus_size]:
            self._bonus[b] = 1


DECISIONS: dict[int, tuple[Any, Any, Any]] = {
    D_CORP: (TMDiceState._opts_corp, TMDiceState._do_corp, None),
    D_GIFT: (TMDiceState._opts_gift, TMDiceState._do_gift, None),
    D_TURN: (TMDiceState._opts_turn, TMDiceState._do_turn, None),
    D_SUPPORT: (TMDiceState._opts_support, TMDiceState._do_support, None),
    D_MAIN: (TMDiceState._opts_main, TMDiceState._do_main, None),
    D_END: (TMDiceState._opts_end, TMDiceState._do_end, None),
    D_KEEP: (TMDiceState._opts_keep, TMDiceState._do_keep, TMDiceState._skip_keep),
    D_DISCARD: (TMDiceState._opts_discard, TMDiceState._do_discard, None),
    D_PAY: (TMDiceState._opts_pay, TMDiceState._do_pay, None),
    D_COLOUR: (TMDiceState._opts_colour, TMDiceState._do_colour, None),
    D_WHITE: (TMDiceState._opts_white, TMDiceState._do_white, TMDiceState._skip_white),
    D_BONUS: (TMDiceState._opts_bonus, TMDiceState._do_bonus, None),
    D_ORDER: (TMDiceState._opts_order, TMDiceState._do_order, TMDiceState._skip_order),
    OP_PLACE: (TMDiceState._opts_place, TMDiceState._do_place, TMDiceState._skip_place),
    OP_TURN_DIE: (TMDiceState._opts_turn_die, TMDiceState._do_turn_die, None),
}

AUTO: dict[int, Any] = {
    OP_GAIN_DIE: TMDiceState._auto_gain_die,
    OP_GAIN_DICE_ONE_COLOUR: TMDiceState._auto_gain_dice_one_colour,
    OP_GAIN_FACE: TMDiceState._auto_gain_face,
    OP_GAIN_WILD: TMDiceState._auto_gain_wild,
    OP_GAIN_VP: TMDiceState._auto_gain_vp,
    OP_DRAW: TMDiceState._auto_draw,
    OP_RAISE: TMDiceState._auto_raise,
    OP_OPPONENTS_LOSE: TMDiceState._auto_opponents_lose,
    A_REVEAL: TMDiceState._auto_reveal,
    A_START_TURN: TMDiceState._auto_start_turn,
    A_TURN_END: TMDiceState._auto_turn_end,
    A_PRODUCE: TMDiceState._auto_produce,
    A_PROD_TAKE: TMDiceState._auto_prod_take,
    A_DRAW_TO: TMDiceState._auto_draw_to,
    A_REFRESH: TMDiceState._auto_refresh,
    A_RESOLVE: TMDiceState._auto_resolve,
}
