"""One-turn greedy player: the action whose resulting position the game's heuristic likes best.

When an action leaves the same seat to decide again (in Carcassonne, placing a tile
is followed by the meeple decision), the follow-up is searched too, so the whole turn
is judged as one. Ties are broken at random.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

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
        return best_turn_action(state, state.legal_actions(), self._rng, self._depth)


def best_turn_action(state: State, legal: list[int], rng: random.Random, depth: int = 3) -> int:
    """The action of `legal` with the best whole-turn value for the seat to move (ties at random)."""
    seat = state.current_player()
    best: list[int] = []
    best_value = float("-inf")
    for action in legal:
        value, _ = best_turn_end(state, action, seat, depth)
        if value > best_value:
            best, best_value = [action], value
        elif value == best_value:
            best.append(action)
    return rng.choice(best)


def best_turn_end(state: State, action: int, seat: int, depth: int = 3) -> tuple[float, State]:
    """`seat`'s heuristic value after `action` and its best follow-ups in the same turn.

    Up to `depth` consecutive decisions of `seat` are searched (all of them). Returns the
    value and the position it was found in (a new state; `state` is left unchanged)."""
    heuristic = state.game.heuristic
    return max(
        ((heuristic(after, seat), after) for _, after in turn_ends(state, seat, depth, action)),
        key=lambda found: found[0],
    )


def turn_ends(
    state: State, seat: int, depth: int = 3, first: int | None = None
) -> Iterator[tuple[tuple[int, ...], State]]:
    """Every way `seat` can finish its turn from `state`: the actions and the position after them.

    A turn is `seat`'s consecutive decisions, up to `depth` of them; with `first`, only the
    turns that begin with that action. `state` is left unchanged."""

    Turn = tuple[tuple[int, ...], State]

    def finish(position: State, done: tuple[int, ...], actions: list[int]) -> Iterator[Turn]:
        for action in actions:
            after = position.clone()
            after.apply_action(action)
            turn = (*done, action)
            if len(turn) < depth and after.current_player() == seat:
                yield from finish(after, turn, after.legal_actions())
            else:
                yield turn, after

    yield from finish(state, (), state.legal_actions() if first is None else [first])
