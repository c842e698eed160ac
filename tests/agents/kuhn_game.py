"""A tiny hidden-information game for the search-agent tests: Kuhn poker with N cards.

Each of two seats antes 1 chip and is dealt one card face down (two chance nodes).
Seat 0 then passes or bets 1; seat 1 answers; after "pass, bet" seat 0 answers
again. A bet that is not matched (a pass after a bet) folds; otherwise the higher
card takes the pot. Scores are each seat's net chips at the end (0 before).

Action ids: 0..N-1 deal that card (chance), N = pass, N+1 = bet. The game declares
20 distinct actions although it uses N+2: the core conformance check probes 20
random action ids. `resample_from_infostate(seat)` keeps `seat`'s own card and
re-deals every other dealt card from the rest of the deck, then replays the public
betting, so the result is a legal state with the same history shape.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ludoteca.core.api import CHANCE, TERMINAL, Game, State
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.manifest import OptionSpec


class KuhnGame(Game):
    name = "kuhn_test"
    title = "Kuhn poker (test game)"
    default_options: ClassVar[dict[str, Any]] = {"cards": 3}
    min_players = max_players = 2
    option_specs = (OptionSpec("cards", "int", 3, min=2, max=18),)
    hidden_information = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        cards = self.options["cards"]
        if type(cards) is not int or not 2 <= cards <= 18:
            raise InvalidOptionError(f"cards must be an integer from 2 to 18, got {cards!r}")
        self.cards = cards
        self.pass_action = cards
        self.bet_action = cards + 1

    def new_initial_state(self) -> KuhnState:
        return KuhnState(self)

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return 20


class KuhnState(State):
    __slots__ = ("_bets", "_cards")
    _game: KuhnGame

    def __init__(self, game: KuhnGame) -> None:
        super().__init__(game)
        self._cards: list[int] = []
        self._bets: list[int] = []  # 0 = pass, 1 = bet, in order

    def _copy(self) -> KuhnState:
        other = KuhnState.__new__(KuhnState)
        other._game = self._game
        other._cards = list(self._cards)
        other._bets = list(self._bets)
        return other

    def _over(self) -> bool:
        b = self._bets
        return b in ([0, 0], [1, 0], [1, 1], [0, 1, 0], [0, 1, 1])

    def current_player(self) -> int:
        if len(self._cards) < 2:
            return CHANCE
        if self._over():
            return TERMINAL
        return len(self._bets) % 2

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        left = [c for c in range(self._game.cards) if c not in self._cards]
        return [(c, 1.0 / len(left)) for c in left]

    def _legal_actions(self) -> list[int]:
        return [self._game.pass_action, self._game.bet_action]

    def _apply(self, action: int) -> None:
        if len(self._cards) < 2:
            self._cards.append(action)
        else:
            self._bets.append(action - self._game.pass_action)

    def action_to_string(self, action: int) -> str:
        game = self._game
        if action == game.pass_action:
            return "pass"
        if action == game.bet_action:
            return "bet"
        return f"deal {action}"

    def _showdown(self) -> bool:
        return self._bets in ([0, 0], [1, 1], [0, 1, 1])

    def scores(self) -> list[float]:
        if not self._over():
            return [0.0, 0.0]
        b = self._bets
        stake = 1 + (1 if self._showdown() and 1 in b else 0)
        # at a showdown the higher card wins; otherwise the last mover folded
        showdown_winner = 0 if self._cards[0] > self._cards[1] else 1
        winner = showdown_winner if self._showdown() else 1 - (len(b) - 1) % 2
        return [float(stake if s == winner else -stake) for s in range(2)]

    def observation(self, seat: int) -> dict[str, Any]:
        own = self._cards[seat] if 0 <= seat < len(self._cards) else None
        shown = list(self._cards) if self._over() and self._showdown() else None
        return {"card": own, "dealt": len(self._cards), "bets": list(self._bets), "showdown": shown}

    def full_state(self) -> dict[str, Any]:
        return {"cards": list(self._cards), "bets": list(self._bets)}

    def _decision(self) -> tuple[str, str]:
        if len(self._cards) < 2:
            return "deal", f"Deal a card to seat {len(self._cards)}"
        return "bet", "Pass or bet"

    def resample_from_infostate(self, seat: int, rng: random.Random) -> KuhnState:
        game = self._game
        if self._over() and self._showdown():
            return self.clone()  # both cards were shown: nothing is hidden any more
        dealt = len(self._cards)
        own = self._cards[seat] if 0 <= seat < dealt else None
        deck = [c for c in range(game.cards) if c != own]
        rng.shuffle(deck)
        state = game.new_initial_state()
        for s in range(dealt):
            state.apply_action(own if s == seat else deck.pop())
        for bet in self._bets:
            state.apply_action(game.pass_action + bet)
        return state
