"""Golden playthroughs: every API value at every step of one seeded game, as text.

`tests/playthroughs/` keeps one file per game; a test regenerates it and fails on
any difference, so every behaviour change shows up as a readable diff. Regenerate
on purpose with `python -m ludoteca.core.playthrough GAME --seed S [--option k=v] > FILE`.
Actions (chance included) are chosen by `random.Random(seed)`. Another seat's
observation is printed in full only where it differs from seat 0's (hidden information).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

from ludoteca.core.api import CHANCE, Game
from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def playthrough(game: Game, seed: int) -> str:
    rng = random.Random(seed)
    state = game.new_initial_state()
    lines = [
        f"game: {game.name}",
        f"options: {_json(game.options)}",
        f"seed: {seed}",
        f"num_players: {game.num_players()}",
        f"num_distinct_actions: {game.num_distinct_actions()}",
    ]
    n = game.num_players()
    while True:
        player = state.current_player()
        lines.append("")
        lines.append(f"# move {state.move_number()}")
        lines.append(f"current_player: {player}")
        lines.append(f"is_chance_node: {state.is_chance_node()} is_terminal: {state.is_terminal()}")
        prompt = state.prompt()
        lines.append(f"prompt: {prompt.kind} seat={prompt.seat} {prompt.text!r}")
        if player == CHANCE:
            lines.append("chance_outcomes: " + " ".join(
                f"{a}:{state.action_to_string(a)}:{p:.6f}" for a, p in state.chance_outcomes()))
        else:
            lines.append("legal_actions: " + " ".join(
                f"{o.action}={o.text}" for o in prompt.options))
        lines.append(f"scores: {state.scores()} returns: {state.returns()}")
        first = state.observation(0)
        lines.append(f"observation[0]: {_json(first)}")
        for seat in range(1, n):
            view = state.observation(seat)
            if {**view, "seat": 0} == first:
                lines.append(f"observation[{seat}]: as observation[0], with seat {seat}")
            else:
                lines.append(f"observation[{seat}]: {_json(view)}")
        if state.is_terminal():
            break
        action = sample_chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions())
        lines.append(f"apply_action: {action} {state.action_to_string(action)}")
        state.apply_action(action)
    lines.append(f"history: {' '.join(map(str, state.history()))}")
    lines.append(f"serialize: {state.serialize()}")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="name=JSON value")
    args = parser.parse_args()
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    print(playthrough(load_game(args.game, **options), args.seed), end="")


if __name__ == "__main__":
    main()
