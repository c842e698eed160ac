"""CPU microseconds of `State.prompt()` with and without its messages, over random play.

    PYTHONPATH=src python scripts/prompt_cost.py carcassonne on-mars tm-dice terraforming-mars
"""

from __future__ import annotations

import random
import sys
import time

from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game


def prompt_cost(name: str, words: bool, prompts: int = 2000, seed: int = 1) -> float:
    """Mean CPU µs of one `prompt(words=...)` at the decisions of random 2-player games."""
    game = load_game(name, players=2)
    rng = random.Random(seed)
    state = game.new_initial_state()
    total, count = 0.0, 0
    while count < prompts:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        start = time.process_time()
        state.prompt(words=words)
        total += time.process_time() - start
        count += 1
        state.apply_action(rng.choice(state.legal_actions()))
    return total / prompts * 1e6


if __name__ == "__main__":
    for game_name in sys.argv[1:] or ["carcassonne", "on-mars", "tm-dice", "terraforming-mars"]:
        worded, bare = prompt_cost(game_name, True), prompt_cost(game_name, False)
        print(f"{game_name:18} prompt() {worded:6.0f} µs with messages, {bare:6.0f} µs without "
              f"({bare / worded:.2f}x)")
