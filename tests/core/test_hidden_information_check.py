"""`check_hidden_information` catches every way a toy game can leak a hidden card.

The toy: each of two seats is dealt a card 0..3 face down (chance), then seat 0
keeps one of two cards dealt face down to it (a secret decision), then the seats
name numbers in turn (public; a point for naming the card seat 1 holds or the one
seat 0 kept); the showdown shows every card. An honest version
passes; each leaky variant — through the log, the spectator's view, the prompt, the
error texts or the scores — must fail with a message naming the channel. (A seat's
own observation is the check's reference of what it may see, so a seat's view that
shows too much is for each game's view tests.)
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from ludoteca.core.api import CHANCE, TERMINAL, Game, State
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.manifest import OptionSpec
from ludoteca.core.testing import check_hidden_information

CARDS = 4
KEEP = CARDS  # KEEP + 0 / KEEP + 1: keep the first / second of the two extra cards
NAME = KEEP + 2  # NAME + k: name the number k
ROUNDS = 8  # the seats name numbers in turn this many times each: long enough for a leak to last


class SecretGame(Game):
    name = "secret_test"
    title = "Secret cards (test game)"
    default_options: ClassVar[dict[str, Any]] = {"leak": ""}
    min_players = max_players = 2
    option_specs = (OptionSpec("leak", "json", ""),)
    hidden_information = True

    def new_initial_state(self) -> SecretState:
        return SecretState(self)

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return NAME + CARDS


class SecretState(State):
    """Chance deals: seat 0's card, seat 1's card, then two extra cards for seat 0."""

    __slots__ = ("_dealt", "_kept", "_named")
    _game: SecretGame

    def __init__(self, game: SecretGame) -> None:
        super().__init__(game)
        self._dealt: list[int] = []
        self._kept = -1
        self._named: list[int] = []

    @property
    def leak(self) -> str:
        return self._game.options["leak"]

    def _copy(self) -> SecretState:
        other = SecretState(self._game)
        other._dealt, other._kept, other._named = list(self._dealt), self._kept, list(self._named)
        return other

    def current_player(self) -> int:
        if len(self._dealt) < 4:
            return CHANCE
        if self._kept < 0:
            return 0
        return len(self._named) % 2 if len(self._named) < 2 * ROUNDS else TERMINAL

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return [(c, 1 / CARDS) for c in range(CARDS)]

    def _legal_actions(self) -> list[int]:
        if self._kept < 0:
            return [KEEP, KEEP + 1]
        return [NAME + k for k in range(CARDS)]

    def _apply(self, action: int) -> None:
        if len(self._dealt) < 4:
            self._dealt.append(action)
        elif self._kept < 0:
            self._kept = self._dealt[2 + action - KEEP]
        else:
            self._named.append(action - NAME)

    def action_to_string(self, action: int) -> str:
        if action < CARDS:
            return f"deal {action}"
        if action < NAME:
            extra = 2 + action - KEEP
            return f"keep {self._dealt[extra]}" if len(self._dealt) == 4 else f"keep #{extra - 2}"
        return f"name {action - NAME}"

    def public_action_string(self, action: int) -> str | None:
        if self.leak == "log-chance" and self.is_chance_node():
            return self.action_to_string(action)
        if self.leak == "log-keep" and self._kept < 0 and not self.is_chance_node():
            return self.action_to_string(action)
        return super().public_action_string(action) if self._kept >= 0 or self.is_chance_node() else None

    def string_to_action(self, text: str) -> int:
        if self.leak == "error" and text.startswith("deal"):
            raise IllegalActionError(f"you cannot deal; seat 1 holds {self._dealt[1]}")
        return super().string_to_action(text)

    def scores(self) -> list[float]:
        bonus = [float(self._dealt[1] if self.leak == "scores" and len(self._dealt) > 1 else 0), 0.0]
        if not self.is_terminal():
            return bonus
        targets = (self._dealt[1], self._kept)  # seat 0 guesses seat 1's card, seat 1 the kept one
        return [float(sum(n == targets[i % 2] for i, n in enumerate(self._named) if i % 2 == seat))
                for seat in range(2)]

    def observation(self, seat: int) -> dict[str, Any]:
        mine = {0: [self._dealt[0]] if self._dealt else [], 1: self._dealt[1:2]}.get(seat, [])
        if seat == 0 and self._kept < 0:
            mine = mine + self._dealt[2:4]
        view: dict[str, Any] = {"dealt": len(self._dealt), "mine": mine, "named": list(self._named),
                                "kept": self._kept if seat == 0 else self._kept >= 0}
        if self.is_terminal():  # the showdown: every card is shown
            view["showdown"] = [*self._dealt[:2], self._kept]
        return view

    def public_observation(self) -> dict[str, Any]:
        view = self.observation(-2)
        if self.leak == "spectator":
            view["cards"] = list(self._dealt[:2])
        return view

    def full_state(self) -> dict[str, Any]:
        return {"dealt": self._dealt, "kept": self._kept, "named": self._named}

    def _decision(self) -> tuple[str, str]:
        if self.current_player() == CHANCE:
            return "deal", "Deal a card"
        if self._kept < 0:
            return "keep", "Keep one of your two extra cards"
        text = f"Seat {len(self._named) % 2}: name a number"
        if self.leak == "prompt" and len(self._named) % 2:
            text += f" (seat 0 kept {self._kept})"
        return "name", text


def factory(leak: str = "") -> SecretGame:
    return SecretGame(leak=leak)


def test_the_honest_toy_passes_and_histories_really_differ() -> None:
    coverage = check_hidden_information(factory, games=20, seed=1)
    assert coverage.differing > 0 and coverage.steps > coverage.differing


@pytest.mark.parametrize(("leak", "channel"), [
    ("log-chance", "log entry of seat -1's action"),
    ("log-keep", "log entry of seat 0's action .*'keep"),
    ("spectator", "spectator"),
    ("prompt", r"view: .prompt.(text|message.params.text)"),  # the text, or the message that words it
    ("error", "answer to 'deal"),
    ("scores", "view: .scores"),
])
def test_every_leak_is_caught(leak: str, channel: str) -> None:
    with pytest.raises(AssertionError, match=channel):
        check_hidden_information(lambda: factory(leak), games=20, seed=1)
