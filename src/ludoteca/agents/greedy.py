"""One-turn greedy player: the action whose resulting position the game's heuristic likes best.

When an action leaves the same seat to decide again (in Carcassonne, placing a tile
is followed by the meeple decision), the follow-up is searched too, so the whole turn
is judged as one. Ties are broken at random.
"""

from __future__ import annotations

import random

from ludoteca.core.api import State


class GreedyAgent:
    name = "greedy"

    def __init__(self, seed: int | None = None, depth: int = 3) -> None:
        self._seed = seed
        self._rng = random.Random(seed)
        self._depth = depth

    def reset(self, seed: int | None = None) -> None:
        self._rng = random.Random(self._seed if seed is None else seed)

    def step(self, state: State) -> int:
        seat = state.current_player()
        best: list[int] = []
        best_value = float("-inf")
        for action in state.legal_actions():
            value, _ = best_turn_end(state, action, seat, self._depth)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self._rng.choice(best)


def best_turn_end(state: State, action: int, seat: int, depth: int = 3) -> tuple[float, State]:
    """`seat`'s heuristic value after `action` and its best follow-ups in the same turn.

    Up to `depth` consecutive decisions of `seat` are searched (all of them). Returns the
    value and the position it was found in (a new state; `state` is left unchanged)."""
    child = state.clone()
    child.apply_action(action)
    if depth > 1 and child.current_player() == seat:
        return max(
            (best_turn_end(child, a, seat, depth - 1) for a in child.legal_actions()),
            key=lambda found: found[0],
        )
    return child.game.heuristic(child, seat), child
