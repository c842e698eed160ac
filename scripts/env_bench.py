"""Environment decisions/s and games/s against the engine's random play, per game (issue #23).

    PYTHONPATH=src python scripts/env_bench.py [--games 20] [--seed 0] [--repeat 1] [GAME ...]

Prints one table per game (rows: engine, pettingzoo, gym, gym-bare; see
`ludoteca.envs.bench`): decisions/s (chance outcomes left out), games/s and steps/s
(the engine's: every action), each against the engine's. Run it on an otherwise
idle machine.
"""

from __future__ import annotations

import argparse

from ludoteca.core.registry import registered_games
from ludoteca.envs.bench import bench_envs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_names", nargs="*", metavar="GAME",
                        help="games (default: every registered one)")
    parser.add_argument("--games", type=int, default=20, help="games per row")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=1,
                        help="run the rows this many times in turn and keep each row's fastest run")
    args = parser.parse_args()
    for name in args.games_names or registered_games():
        print(f"{name} (2 players, {args.games} random games per row, best of {args.repeat})")
        print(f"  {'kind':<11} {'decisions/s':>11} {'vs engine':>9} {'games/s':>8} {'vs engine':>9}"
              f" {'steps/s':>8} {'vs engine':>9}")
        for row in bench_envs(name, games=args.games, seed=args.seed, repeat=args.repeat):
            print(f"  {row['kind']:<11} {row['decisions_per_second']:>11,.0f} {100 * row['vs_engine']:>8.1f}%"
                  f" {row['games_per_second']:>8.2f} {100 * row['games_vs_engine']:>8.1f}%"
                  f" {row['steps_per_second']:>8,.0f} {100 * row['steps_vs_engine']:>8.1f}%")

if __name__ == "__main__":
    main()
