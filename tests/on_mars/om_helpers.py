"""Shared helpers for the On Mars tests (unique module name: the tests dirs share sys.path)."""

from __future__ import annotations

import random

from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.state import OnMarsState


def start(
    players: int = 2, seed: int = 0, spaces: tuple[int, ...] = (1, 2, 3, 4), length: str = "short"
) -> OnMarsState:
    """Play setup to the first main action: seeded chance, seat k takes the k-th of
    `spaces` (in the order seats choose), every benefit skipped, shuttle on Orbit."""
    rng = random.Random(seed)
    state = OnMarsGame(players=players, length=length).new_initial_state()
    wanted = list(spaces)
    while state.pending[-1]["k"] != "main":
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        kind = state.pending[-1]["k"]
        if kind == "space":
            state.apply_string(f"space {wanted.pop(0)}")
        elif kind == "shuttle_side":
            state.apply_string("shuttle orbit")
        elif "skip" in [state.action_to_string(a) for a in state.legal_actions()]:
            state.apply_string("skip")
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def fresh(state: OnMarsState) -> OnMarsState:
    """Forget cached legal actions after a test edits the state by hand."""
    state._legal = None
    return state


def texts(state: OnMarsState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: OnMarsState, *moves: str) -> None:
    for move in moves:
        state.apply_string(move)
