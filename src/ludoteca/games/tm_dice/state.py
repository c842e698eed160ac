"""A tm-dice position: the core `State` API over the rule mixins.

Everything still to happen is on `_stack`, a stack of frames (see `tasks.py`), each
kind resolved by one handler class of `core.decisions`, next to its rules (`setup`,
`turns`, `production`, `order`, `effects`) and all listed in `HANDLERS`, this game's
`FrameTable`. After every action (`TABLE.apply`) `_advance` settles the stack
(`TABLE.settle`): automatic frames run until a chance outcome or a decision is needed.
A decision with no option lapses (its effect cannot be done), and one with a single
option is taken at once, so every decision a seat sees has at least two options. An
empty stack is the end of the game (the table's `refill` hook). Any position, in the
middle of any effect, copies, serialises and replays exactly, because the stack holds
only tuples of ints.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.core.decisions import FrameTable
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.i18n import Message
from ludoteca.core.prompt import Prompt
from ludoteca.games.tm_dice import effects, facts, order, production, setup, texts, turns, views
from ludoteca.games.tm_dice.base import C_BONUS_SEEN, C_WIDTH
from ludoteca.games.tm_dice.dice import N_COLOURS, N_RESOURCES
from ludoteca.games.tm_dice.tasks import OCEAN
from ludoteca.games.tm_dice.turns import TurnRules

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.game import TMDiceGame


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
        self._stack = setup.setup_frames(game)
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
        return CHANCE if top[0] in CHANCE_KINDS else top[1]

    def _legal_actions(self) -> list[int]:
        opts = self._opts
        if opts is None:
            top = self._stack[-1]
            opts = self._opts = BY_KIND[top[0]].legal(self, top)
        return opts  # type: ignore[return-value]  # a list: every handler's `legal` gives one

    def _apply(self, action: int) -> None:
        stack = self._stack
        TABLE.apply(self, stack, action)
        self._opts = TABLE.settle(self, stack)  # `_advance`, one call less

    def _advance(self) -> None:
        """Resolve what needs no one (`TABLE.settle`) until a chance node, a real
        decision (its options are kept) or the end."""
        self._opts = TABLE.settle(self, self._stack)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        top = self._stack[-1]
        return BY_KIND[top[0]].outcomes(self, top)  # `TABLE.outcomes`, one call less

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
        if self._stack and self._stack[-1][0] in SECRET_KINDS:
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

    def prompt(self, words: bool = True) -> Prompt:
        """`State.prompt`. Without words, at a seat's decision (what the environments ask at
        every step), the options whose payload depends on the id alone are made once per
        id and shared by every such prompt (`views.bare_option`): `Option`s are frozen,
        and their payloads are to be read, never changed."""
        player = self.current_player()
        if words or player < 0:
            return super().prompt(words)
        kind, text = self._decision()
        options = tuple([views.bare_option(self, a) for a in self.legal_actions_view()])
        return Prompt(kind, player, text, options)

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


def _game_over(state: TMDiceState) -> bool:
    """The stack ran empty: the game is over (`FrameTable`'s `refill` hook)."""
    if not state._over:
        state._finish()
    return False


#: every frame kind's handler, by rule area (the modules' docstrings list their frames)
HANDLERS = (
    # setup.py
    setup.BonusStack, setup.AwardDie, setup.MilestoneDraw, setup.DealCorp, setup.CorpChoice, setup.Reveal,
    setup.Gift,
    # turns.py
    turns.StartTurn, turns.TurnChoice, turns.SupportAction, turns.MainAction, turns.EndChoice, turns.Resolve,
    turns.BonusChoice, turns.TurnEnd,
    # production.py
    production.Keep, production.Discard, production.DrawTo, production.Produce, production.WhiteColour,
    production.ProdTake, production.Refresh,
    # order.py
    order.Order,
    # effects.py
    effects.GainDie, effects.GainDiceOneColour, effects.GainFace, effects.GainWild, effects.GainVp,
    effects.DrawEffect, effects.OpponentsLose, effects.Raise, effects.Colour, effects.Place, effects.TurnDie,
    effects.Pay, effects.Roll, effects.DrawCard,
)
TABLE: FrameTable[TMDiceState] = FrameTable("tm-dice", HANDLERS, refill=_game_over)
BY_KIND = TABLE.handlers
CHANCE_KINDS = TABLE.chance_kinds
#: frames whose outcomes and choices only their seat sees (`public_action_string`)
SECRET_KINDS = frozenset(h.kind for h in HANDLERS if getattr(h, "secret", False))
