"""A tiny hidden-information game with no encoder module, for the adapter tests.

High card: each of `players` seats is dealt a card 0..4 face down (chance, with
replacement). Then each seat in order either stays or redraws once (a chance draw
that replaces its card). At the end the cards are shown and the score is the card.

Action ids: 0..4 the card drawn (chance), 5 `stay`, 6 `redraw` (20 declared). Seat s sees its
own card, everyone's decisions, and all cards once the game is over.
`resample_from_infostate(seat)` replays the history with every other seat's draws
re-drawn at random (every draw is legal, since cards are drawn with replacement).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from ludoteca.core.api import CHANCE, TERMINAL, Game, State
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.manifest import OptionSpec

CARDS = 5
STAY, REDRAW = 5, 6


class HighCardGame(Game):
    name = "envs_high_card"
    title = "High card (test game)"
    default_options: ClassVar[dict[str, Any]] = {"players": 2}
    min_players, max_players = 2, 4
    option_specs = (OptionSpec("players", "int", 2, min=2, max=4),)
    hidden_information = True

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        if type(players) is not int or not 2 <= players <= 4:
            raise InvalidOptionError(f"players must be an integer from 2 to 4, got {players!r}")

    def new_initial_state(self) -> HighCardState:
        return HighCardState(self)

    def num_players(self) -> int:
        return int(self.options["players"])

    def num_distinct_actions(self) -> int:
        return 20  # 7 used; the core conformance check probes 20 random ids


class HighCardState(State):
    __slots__ = ("_cards", "_decisions", "_pending")

    def __init__(self, game: HighCardGame) -> None:
        super().__init__(game)
        self._cards: list[int] = []
        self._decisions: list[int] = []
        self._pending = False  # a redraw waits for its chance draw

    def _copy(self) -> HighCardState:
        other = HighCardState.__new__(HighCardState)
        other._game = self._game
        other._cards = list(self._cards)
        other._decisions = list(self._decisions)
        other._pending = self._pending
        return other

    def _n(self) -> int:
        return self._game.num_players()

    def chance_seat(self) -> int:
        """Whose card the next chance draw is."""
        return len(self._cards) if len(self._cards) < self._n() else len(self._decisions) - 1

    def current_player(self) -> int:
        if len(self._cards) < self._n() or self._pending:
            return CHANCE
        if len(self._decisions) == self._n():
            return TERMINAL
        return len(self._decisions)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(c, 1.0 / CARDS) for c in range(CARDS)]

    def _legal_actions(self) -> list[int]:
        return [STAY, REDRAW]

    def _apply(self, action: int) -> None:
        if len(self._cards) < self._n():
            self._cards.append(action)
        elif self._pending:
            self._cards[len(self._decisions) - 1] = action
            self._pending = False
        else:
            self._decisions.append(action)
            self._pending = action == REDRAW

    def action_to_string(self, action: int) -> str:
        return {STAY: "stay", REDRAW: "redraw"}.get(action, f"draw {action}")

    def scores(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._n()
        return [float(c) for c in self._cards]

    def observation(self, seat: int) -> dict[str, Any]:
        over = self.is_terminal()
        own = self._cards[seat] if 0 <= seat < len(self._cards) else None
        return {"card": own, "decisions": list(self._decisions), "dealt": len(self._cards),
                "cards": list(self._cards) if over else None,
                "scores": [int(s) for s in self.scores()], "current_player": self.current_player()}

    def full_state(self) -> dict[str, Any]:
        return {"cards": list(self._cards), "decisions": list(self._decisions), "pending": self._pending}

    def _decision(self) -> tuple[str, str]:
        if self.is_chance_node():
            return "draw", f"Draw a card for seat {self.chance_seat()}"
        return "decide", "Stay or redraw"

    def resample_from_infostate(self, seat: int, rng: random.Random) -> State:
        other = HighCardState(self._game)
        for action in self._history:
            if other.is_chance_node() and other.chance_seat() != seat:
                action = rng.randrange(CARDS)
            other.apply_action(action)
        return other
