"""Where a search seat's time goes: its decisions in games against another bot, by kind.

    PYTHONPATH=src python scripts/search_cost.py GAME SPEC [--against greedy] [--games N]
        [--seed S] [--decisions D] [-o key=value ...]

Plays N 2-player games, SPEC in seat 0 then 1 (alternating), deals and agent seeds as
`scripts/paired_match.py` derives them, and classifies every decision of the SPEC seat:

* **forced**: one legal action (answered at once, no search);
* **kept**: settled by the visits kept from the last search (`reuse=1`: no iteration);
* **settled**: searched, but stopped by `settle` before the budget was spent (under
  90% of `time`, or fewer than `iterations`);
* **full**: searched to the end of its budget.

and, across those, **sub**: the decision came right after the seat's own decision (no
chance outcome, no other seat in between): a sub-decision of one action or turn
(a payment, a target, a tile's meeple). Each row is one decision kind (`Prompt.kind`),
with its count, mean legal actions, the four classes, sub-decisions and CPU seconds.
The last lines give decisions and CPU per game (`time.process_time` around `step`).
`--decisions D` stops each game after the SPEC seat's first D decisions (the rest of
the game is not played): a cheap sample of the CPU per decision at large budgets.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections import defaultdict
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.play import sample_chance
from ludoteca.sim.common import cached_game, derive_seed

CLASSES = ("forced", "kept", "settled", "full")


def classify(agent: Any, legal: int) -> str:
    """Which of `CLASSES` the agent's last step was."""
    stats = getattr(agent, "last_search", None)
    if legal == 1:
        return "forced"
    if stats is None:
        return "full"
    if stats.iterations == 0:
        return "kept" if stats.reused else "forced"
    budget_time = getattr(agent, "time", None)
    budget_iterations = getattr(agent, "iterations", None)
    if budget_time is not None and stats.seconds < 0.9 * budget_time:
        return "settled"
    if budget_time is None and budget_iterations is not None and stats.iterations < budget_iterations:
        return "settled"
    return "full"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("spec")
    parser.add_argument("--against", default="greedy")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--decisions", type=int, default=0, help="stop a game after this many (0: never)")
    parser.add_argument("-o", dest="options", action="append", default=[],
                        help="game option key=value (JSON value)")
    args = parser.parse_args()
    options: dict[str, Any] = {"players": 2}
    for item in args.options:
        key, _, value = item.partition("=")
        options[key] = json.loads(value)
    game = cached_game(args.game, options)
    rows: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    total_cpu = total_decisions = 0.0
    for number in range(args.games):
        deal, swap = divmod(number, 2)
        seat = swap
        specs = [args.against, args.against]
        specs[seat] = args.spec
        bots = [make_agent(spec, seed=derive_seed(args.seed, "agent", deal, swap, i), game=game)
                for i, spec in enumerate(specs)]
        rng = random.Random(derive_seed(args.seed, "deal", deal))
        state = game.new_initial_state()
        last_actor = None
        mine = 0
        while not state.is_terminal() and not (args.decisions and mine >= args.decisions):
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                last_actor = None
                continue
            player = state.current_player()
            if player != seat:
                state.apply_action(bots[player].step(state))
                last_actor = player
                continue
            kind = state.prompt(words=False).kind
            legal = len(state.legal_actions())
            start = time.process_time()
            action = bots[seat].step(state)
            cpu = time.process_time() - start
            row = rows[kind]
            row["n"] += 1
            row["legal"] += legal
            row[classify(bots[seat], legal)] += 1
            row["sub"] += last_actor == seat
            row["cpu"] += cpu
            total_cpu += cpu
            total_decisions += 1
            mine += 1
            state.apply_action(action)
            last_actor = seat
        print(f"game {number}: scores {state.scores()}, spec seat {seat}", flush=True)
    header = " ".join(f"{c:>7}" for c in CLASSES)
    print(f"{'kind':24} {'n':>6} {'legal':>6} {header} {'sub':>6} {'cpu':>8}")
    total: dict[str, float] = defaultdict(float)
    for kind, row in sorted(rows.items(), key=lambda item: -item[1]["cpu"]):
        for key, value in row.items():
            total[key] += value
        print(f"{kind:24} {row['n']:6.0f} {row['legal'] / row['n']:6.1f} "
              + " ".join(f"{row[c]:7.0f}" for c in CLASSES) + f" {row['sub']:6.0f} {row['cpu']:8.2f}")
    print(f"{'all':24} {total['n']:6.0f} {total['legal'] / max(total['n'], 1):6.1f} "
          + " ".join(f"{total[c]:7.0f}" for c in CLASSES) + f" {total['sub']:6.0f} {total['cpu']:8.2f}")
    games = args.games
    print(f"per game: {total_decisions / games:.1f} decisions, {total_cpu / games:.2f} CPU s; "
          f"searched (not forced/kept) {(total['settled'] + total['full']) / games:.1f}; "
          f"{total_cpu / max(total_decisions, 1):.4f} CPU s a decision")


if __name__ == "__main__":
    main()
