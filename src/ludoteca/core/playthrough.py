"""Golden playthroughs: every API value at every step of one seeded game, as text.

`tests/playthroughs/` keeps one file per game; a test regenerates it and fails on any
difference, so every behaviour change shows up. Actions (chance included) are chosen
by `random.Random(seed)`. Another seat's observation is printed in full only where it
differs from seat 0's (hidden information).

To keep the files small enough to review, the first `full_moves` moves and the last
one are printed in full (prompt, legal actions, scores, observations); every other
move is one line: its number, a digest of its full text (SHA-256, 16 hex digits) and
the action applied. A digest still catches any change in that move, and the test then
prints the move's full text (`move_text`). Regenerate on purpose with
`python -m ludoteca.core.playthrough GAME --seed S [--option k=v] > FILE`.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Iterator
from typing import Any

from ludoteca.core.api import CHANCE, Game
from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game

FULL_MOVES = 30  # moves printed in full at the start of a file


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def moves(game: Game, seed: int) -> Iterator[tuple[list[str], str | None]]:
    """Each move's full text, and the action applied after it (None at the end)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    n = game.num_players()
    while True:
        player = state.current_player()
        lines = [f"# move {state.move_number()}", f"current_player: {player}",
                 f"is_chance_node: {state.is_chance_node()} is_terminal: {state.is_terminal()}"]
        prompt = state.prompt()
        lines.append(f"prompt: {prompt.kind} seat={prompt.seat} {prompt.text!r}")
        if player == CHANCE:
            lines.append("chance_outcomes: " + " ".join(
                f"{a}:{state.action_to_string(a)}:{p:.6f}" for a, p in state.chance_outcomes()))
        else:
            lines.append("legal_actions: " + " ".join(f"{o.action}={o.text}" for o in prompt.options))
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
            lines.append(f"history: {' '.join(map(str, state.history()))}")
            lines.append(f"serialize: {state.serialize()}")
            yield lines, None
            return
        action = sample_chance(state, rng) if player == CHANCE else rng.choice(state.legal_actions())
        applied = f"{action} {state.action_to_string(action)}"
        yield lines, applied
        state.apply_action(action)


def playthrough(game: Game, seed: int, full_moves: int = FULL_MOVES) -> str:
    lines = [
        f"game: {game.name}",
        f"options: {_json(game.options)}",
        f"seed: {seed}",
        f"num_players: {game.num_players()}",
        f"num_distinct_actions: {game.num_distinct_actions()}",
        f"full_moves: {full_moves} (then one line a move: its digest and the action applied)",
    ]
    for number, (text, applied) in enumerate(moves(game, seed)):
        if number < full_moves or applied is None:
            lines.append("")
            lines.extend(text)
            if applied is not None:
                lines.append(f"apply_action: {applied}")
        else:
            lines.append(f"# move {number} {digest(text)} apply_action: {applied}")
    return "\n".join(lines) + "\n"


def move_text(game: Game, seed: int, number: int) -> str:
    """The full text of move `number` (for a digest that differs)."""
    for index, (text, applied) in enumerate(moves(game, seed)):
        if index == number:
            return "\n".join([*text, f"apply_action: {applied}"])
    raise ValueError(f"the game has no move {number}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--option", action="append", default=[], help="name=JSON value")
    parser.add_argument("--full-moves", type=int, default=FULL_MOVES)
    args = parser.parse_args()
    options = {k: json.loads(v) for k, _, v in (o.partition("=") for o in args.option)}
    print(playthrough(load_game(args.game, **options), args.seed, args.full_moves), end="")


if __name__ == "__main__":
    main()
