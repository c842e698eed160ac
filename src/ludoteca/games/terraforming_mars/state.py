"""A Terraforming Mars position: flat lists of ints and tuples, and a stack of frames.

Per seat, resources and production are flat lists (`res[slot(seat, r)]`, `constants.slot`), tags too
(`tags[seat * 10 + t]`); hands, offers and tableaus are tuples of card indices. The
board is two lists of 63 ints (tile kind, owner). Pending work is `stack`, a list of
plain-data frames (`frames.py`); the top frame is the current decision or chance
node. Every frame kind has one handler (`core.decisions`), listed in `stack.TABLE`:
after every action `_advance` settles the stack — runs the automatic frames, takes
decisions with one option, drops lapsed ones — until a decision with at least two
options or a chance node is on top; when the stack is empty the controller
(`generation.next_step`) moves on. `opts` caches the options of the decision on top
(None at a chance node or when not known yet, `()` when the game is over).

Copying is a handful of list copies: tuples and frames are immutable and shared.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ludoteca.core.api import CHANCE, TERMINAL, State
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.i18n import Message
from ludoteca.games.terraforming_mars import facts, hidden, texts, texts_log, views
from ludoteca.games.terraforming_mars.constants import NR, NT
from ludoteca.games.terraforming_mars.generation import SETUP, setup
from ludoteca.games.terraforming_mars.notation import action_payload, action_text, decision_text, parse
from ludoteca.games.terraforming_mars.scoring import score_values, tiebreak_winners
from ludoteca.games.terraforming_mars.stack import JOURNAL_TABLE, TABLE
from ludoteca.games.terraforming_mars.tableau import NO_MODS, Mods

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.game import TerraformingMarsGame

N_SPACES = 63
_CHANCE_KINDS = TABLE.chance_kinds


#: decisions taken face down: the others learn that they were taken, not what was chosen
SECRET_DECISIONS = ("corporation", "research", "draft", "keep")

class TMState(State):
    __slots__ = (
        "action_cards", "awards", "board_stamp", "card_res", "card_res_stamp", "claims",
        "corp", "corp_choice", "corp_deck", "dealt", "deck",
        "discard", "discard_by", "draft_round", "effect_cards", "first", "first_pending", "generation",
        "hand", "journal", "last_space", "leeway_next", "memo", "memory", "milestones", "modifier_cards",
        "mods", "n",
        "neutral_cities", "next_discount", "offer", "opts", "owner", "packs", "params", "passed", "phase",
        "picks", "played", "prod", "res", "revealed", "solo", "solo_won", "stack", "tags", "taken", "tiles",
        "tr", "tr_raised", "turn", "used",
    )
    _game: TerraformingMarsGame

    def __init__(self, game: TerraformingMarsGame) -> None:
        super().__init__(game)
        n = game.num_players()
        self.n = n
        self.solo = n == 1
        self.phase = SETUP
        self.generation = 1
        self.first = 0
        self.turn = 0
        self.taken = 0
        self.passed = 0
        self.stack: list[tuple[Any, ...]] = []
        self.opts: tuple[int, ...] | None = None
        self.memo: dict[Any, Any] | None = None  # answers remembered while the menu is listed
        self.params = [0, 0, 0]
        self.tiles = [0] * N_SPACES
        self.owner = [-1] * N_SPACES
        self.claims = [-1] * N_SPACES
        self.res = [0] * (NR * n)
        self.prod = [game.start_production] * (NR * n)
        self.tr = [game.start_tr] * n
        self.hand: list[tuple[int, ...]] = [()] * n
        self.offer: list[tuple[int, ...]] = [()] * n
        self.played: list[tuple[int, ...]] = [()] * n
        self.corp = [-1] * n
        self.corp_choice = list(game.fixed_corporations) if game.fixed_corporations else [-1] * n
        self.dealt: list[tuple[int, ...]] = [()] * n
        self.tags = [0] * (NT * n)
        self.card_res = [0] * len(game.cards)
        #: change stamps: a new `object()` whenever the engine changes the board (`tiles`,
        #: `owner`, `claims`) or `card_res`, shared by clones until one of them changes it,
        #: so an equal stamp means equal contents (what the environments' encoder reads)
        self.board_stamp = self.card_res_stamp = object()
        self.used = 0  # bit per card index: action used this generation
        self.tr_raised = 0  # bit per seat: TR raised this generation (UNMI)
        self.leeway_next = [0] * n  # per seat: Special Design's leeway steps for the next card
        self.next_discount = [0] * n
        self.first_pending = 0  # bit per seat: corporation's first action still to take
        self.effect_cards: list[tuple[int, ...]] = [()] * n
        self.action_cards: list[tuple[int, ...]] = [()] * n
        self.modifier_cards: list[tuple[int, ...]] = [()] * n
        self.mods: list[Mods] = [NO_MODS] * n
        self.milestones = [-1] * len(game.rules.milestones)
        self.awards = [-1] * len(game.rules.awards)
        self.deck: tuple[int, ...] = game.deck
        self.discard: tuple[int, ...] = ()
        self.discard_by: tuple[int, ...] = ()  # who knows each discarded card (a seat or PUBLIC)
        self.corp_deck: tuple[int, ...] = game.corp_deck
        self.last_space = [-1] * n
        self.revealed = -1
        self.neutral_cities: tuple[int, ...] = ()  # solo
        self.solo_won = -1  # solo: 1 won, 0 lost, -1 not decided yet
        self.packs: list[tuple[int, ...]] = [()] * n  # draft packs by the seat that drew them (`draft.py`)
        self.picks: tuple[tuple[int, int, int, int], ...] = ()  # this generation's draft log
        self.draft_round = 0  # 1..4 while drafting
        self.memory: list[tuple[frozenset[int], ...]] = [()] * n  # per seat: groups from earlier drafts
        #: None; a list only in the copy `texts_log.automatic` makes: (seat, message) of every
        #: decision with one option the engine takes alone
        self.journal: list[tuple[int, Message]] | None = None
        setup(self)
        self._advance()

    def _copy(self) -> TMState:
        o = TMState.__new__(TMState)
        o._game = self._game
        o.n, o.solo, o.phase, o.generation = self.n, self.solo, self.phase, self.generation
        o.first, o.turn, o.taken, o.passed = self.first, self.turn, self.taken, self.passed
        o.stack = self.stack.copy()
        o.opts = self.opts
        o.memo = None
        o.params = self.params.copy()
        o.tiles = self.tiles.copy()
        o.owner = self.owner.copy()
        o.claims = self.claims.copy()
        o.res = self.res.copy()
        o.prod = self.prod.copy()
        o.tr = self.tr.copy()
        o.hand = self.hand.copy()
        o.offer = self.offer.copy()
        o.played = self.played.copy()
        o.corp = self.corp.copy()
        o.corp_choice = self.corp_choice.copy()
        o.dealt = self.dealt.copy()
        o.tags = self.tags.copy()
        o.card_res = self.card_res.copy()
        o.board_stamp, o.card_res_stamp = self.board_stamp, self.card_res_stamp
        o.used, o.tr_raised, o.leeway_next = self.used, self.tr_raised, self.leeway_next.copy()
        o.next_discount = self.next_discount.copy()
        o.first_pending = self.first_pending
        o.effect_cards = self.effect_cards.copy()
        o.action_cards = self.action_cards.copy()
        o.modifier_cards = self.modifier_cards.copy()
        o.mods = self.mods.copy()
        o.milestones = self.milestones.copy()
        o.awards = self.awards.copy()
        o.deck, o.discard, o.discard_by = self.deck, self.discard, self.discard_by
        o.corp_deck = self.corp_deck
        o.last_space = self.last_space.copy()
        o.revealed = self.revealed
        o.neutral_cities, o.solo_won = self.neutral_cities, self.solo_won
        o.packs, o.picks, o.draft_round = self.packs.copy(), self.picks, self.draft_round
        o.memory = self.memory.copy()
        o.journal = None
        return o

    # ------------------------------------------------------------ the engine loop
    def _advance(self) -> None:
        """Settle the stack (`FrameTable.settle`) and cache the options of the decision on top."""
        stack = self.stack
        opts = (TABLE if self.journal is None else JOURNAL_TABLE).settle(self, stack)
        if opts is not None:
            self.opts = tuple(opts)
        else:
            self.opts = None if stack else ()  # a chance node, or the game is over

    # ------------------------------------------------------------ core hooks
    def current_player(self) -> int:
        stack = self.stack
        if not stack:
            return TERMINAL
        top = stack[-1]
        return CHANCE if top[0] in _CHANCE_KINDS else top[1]

    def _legal_actions(self) -> list[int]:
        opts = self.opts
        if opts is None:
            opts = self.opts = tuple(TABLE.legal(self, self.stack[-1]))
        return opts  # type: ignore[return-value]  # an immutable tuple, never changed

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return TABLE.outcomes(self, self.stack[-1])

    def _apply(self, action: int) -> None:
        TABLE.apply(self, self.stack, action)
        self.opts = None
        self._advance()

    def action_to_string(self, action: int) -> str:
        return action_text(self, action)

    def string_to_action(self, text: str) -> int:
        """Parse notation (see `actions.py`); an action that is not legal here raises."""
        wanted = " ".join(text.split())
        action = parse(self, wanted)
        legal = self.legal_actions()
        if action is None or action not in legal:
            raise IllegalActionError(self._illegal_message(wanted, legal))
        return action

    def _action_payload(self, action: int) -> dict[str, Any]:
        return action_payload(self, action)

    def _decision(self) -> tuple[str, str]:
        return decision_text(self, -1)

    def scores(self) -> list[float]:
        return score_values(self)

    def seat_facts(self, seat: int) -> dict[str, list[str]]:
        """The seat's corporation and project cards, by id, for balance analysis (`facts.seat_facts`)."""
        return facts.seat_facts(self, seat)

    def winners(self) -> list[int]:
        """Solo: the player wins only by terraforming Mars in time; otherwise the most VP,
        then the most M€ (`scoring.tiebreak_winners`)."""
        if not self.is_terminal():
            return []
        if self._game.num_players() == 1:
            return [0] if self.solo_won == 1 else []
        return tiebreak_winners(self)

    def observation(self, seat: int) -> dict[str, Any]:
        return views.observation(self, seat)

    def public_action_string(self, action: int) -> str | None:
        """Draws, the corporation chosen face down, draft picks, the cards bought and the cards
        kept of those looked at (Business Contacts, Invention Contest) stay secret."""
        if self.is_chance_node() or self._decision()[0] in SECRET_DECISIONS:
            return None
        return self.action_to_string(action)

    def _decision_message(self) -> Message:
        return texts.decision(self)

    def _option_message(self, action: int) -> Message:
        return texts.option(self, action)

    def action_message(self, action: int) -> Message:
        """The acting seat's log line, with the decisions the engine then took alone for it
        (`texts_log.logged`)."""
        return texts_log.logged(self, action)

    def public_action_message(self, action: int) -> Message | None:
        """Draws stay secret (None); a decision taken face down reads as taken, not what
        was chosen ("kept 1 card", `texts_log.secret`); the rest as the actor reads it."""
        if self.is_chance_node():
            return None
        kind = self._decision()[0]
        if kind in SECRET_DECISIONS:
            return texts_log.secret(kind)
        return self.action_message(action)

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: public facts only (`views.public_observation`)."""
        return views.public_observation(self)

    def hand_details(self, seat: int) -> list[dict[str, Any]]:
        """The seat's own hand with costs, tags and whether each card can be played now."""
        return views.hand_details(self, seat)

    def map_text(self) -> str:
        """The map as text, one line per row (see `views.map_text`)."""
        return views.map_text(self)

    def full_state(self) -> dict[str, Any]:
        return views.full_state(self)

    def resample_from_infostate(self, seat: int, rng: random.Random) -> TMState:
        other = self.clone()
        assert isinstance(other, TMState)
        hidden.resample(other, seat, rng)
        other.opts = None
        other._legal = None
        return other

    @property
    def game(self) -> TerraformingMarsGame:
        return self._game
