"""Pick points: two seats, two rounds; in turn each seat takes 1 or 2 points. The most points
win; a tie goes to the second seat (a tie broken by the rules: `winners()` is not the top
score). No options, no display data, no terminal view of its own, no messages hooks."""

from __future__ import annotations

from typing import Any, ClassVar

from ludoteca.core.api import TERMINAL, Game, State

TURNS = 4
ONE, TWO = 0, 1


class ToyGame(Game):
    name = "ludo-toy"
    title = "Pick points (test game)"
    default_options: ClassVar[dict[str, Any]] = {}
    option_specs = ()
    min_players = max_players = 2

    def new_initial_state(self) -> ToyState:
        return ToyState(self)

    def num_players(self) -> int:
        return 2

    def num_distinct_actions(self) -> int:
        return 2


class ToyState(State):
    __slots__ = ("points",)

    def __init__(self, game: ToyGame) -> None:
        super().__init__(game)
        self.points = [0, 0]

    def current_player(self) -> int:
        return TERMINAL if len(self._history) >= TURNS else len(self._history) % 2

    def _legal_actions(self) -> list[int]:
        return [ONE, TWO]

    def _apply(self, action: int) -> None:
        self.points[len(self._history) % 2] += action + 1

    def _copy(self) -> ToyState:
        other = ToyState(self._game)  # type: ignore[arg-type]
        other.points = list(self.points)
        return other

    def action_to_string(self, action: int) -> str:
        return f"take {action + 1}"

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def winners(self) -> list[int]:
        if not self.is_terminal():
            return []
        a, b = self.points
        return [0] if a > b else [1]  # the second seat wins ties

    def observation(self, seat: int) -> dict[str, Any]:
        return {"points": list(self.points), "turn": len(self._history)}

    def full_state(self) -> dict[str, Any]:
        return self.observation(-1)

    def _decision(self) -> tuple[str, str]:
        return "take", "Take 1 or 2 points"
