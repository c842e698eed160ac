"""Paired games between two bot specs, seats swapped on every deal, CPU seconds per seat.

    PYTHONPATH=src python scripts/paired_match.py GAME SPEC_A SPEC_B DEALS [--seed S]
        [--first D] [--out FILE.jsonl]

Deal d is played twice with the same chance stream (A in seat 0, then in seat 1), the
seeds derived as `ludoteca tournament` derives them (`sim.common.derive_seed`). Each game
prints one JSON line (A's win share, scores, CPU seconds each seat thought, A's decisions)
and, with `--out`, appends it to FILE; `--first D` starts at deal D, so a run can be
continued. The last line gives A's score with a 95% Wilson interval, the mean margin and
the CPU seconds per game of each side (`time.process_time` around every `step`: unlike
the tournament's wall seconds, it does not grow with the machine's load).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from dataclasses import asdict, dataclass

from ludoteca.agents import make_agent
from ludoteca.core.play import sample_chance
from ludoteca.sim.common import cached_game, derive_seed, win_shares
from ludoteca.sim.ratings import wilson_interval


@dataclass(frozen=True, slots=True)
class PairGame:
    """One game: A's seat and win share, the scores, each side's CPU seconds, A's decisions."""

    deal: int
    swap: int
    A_seat: int  # the field names of the JSON log lines
    A_share: float
    scores: list[float]
    cpuA: float
    cpuB: float
    decA: int

    @property
    def margin(self) -> float:
        return self.scores[self.A_seat] - self.scores[1 - self.A_seat]


def play_pair_game(game_name: str, specs: list[str], deal: int, swap: int, seed: int) -> PairGame:
    """One game of deal `deal`; `specs` are (A, B); with `swap` A sits in seat 1."""
    game = cached_game(game_name, {"players": 2})
    seats = specs[::-1] if swap else specs
    bots = [make_agent(spec, seed=derive_seed(seed, "agent", deal, swap, i), game=game)
            for i, spec in enumerate(seats)]
    rng = random.Random(derive_seed(seed, "deal", deal))
    state = game.new_initial_state()
    cpu, decisions = [0.0, 0.0], [0, 0]
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
        else:
            seat = state.current_player()
            start = time.process_time()
            action = bots[seat].step(state)
            cpu[seat] += time.process_time() - start
            decisions[seat] += 1
        state.apply_action(action)
    a = 1 if swap else 0
    return PairGame(deal, swap, a, win_shares(state.returns())[a], list(state.scores()), cpu[a], cpu[1 - a],
                    decisions[a])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("deals", type=int)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0)
    parser.add_argument("--out")
    args = parser.parse_args()
    rows = []
    for deal in range(args.first, args.first + args.deals):
        for swap in (0, 1):
            row = play_pair_game(args.game, [args.a, args.b], deal, swap, args.seed)
            rows.append(row)
            line = json.dumps(asdict(row))
            print(line, flush=True)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as log:
                    log.write(line + "\n")
    n = len(rows)
    wins = sum(r.A_share for r in rows)
    low, high = wilson_interval(wins, n)
    margin = sum(r.margin for r in rows) / n
    cpu_a, cpu_b = sum(r.cpuA for r in rows) / n, sum(r.cpuB for r in rows) / n
    print(f"A {wins}/{n} = {100 * wins / n:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
          f"margin {margin:+.1f}, CPU s per game A {cpu_a:.2f} B {cpu_b:.2f}")


if __name__ == "__main__":
    main()
