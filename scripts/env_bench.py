"""Environment steps/s against the engine's random-play actions/s, per game (issue #23).

    PYTHONPATH=src python scripts/env_bench.py [--games 20] [--seed 0] [GAME ...]

Prints one table per game (rows: engine, pettingzoo, gym, gym-bare; see
`ludoteca.envs.bench`). Run it on an otherwise idle machine.
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
    args = parser.parse_args()
    for name in args.games_names or registered_games():
        print(f"{name} (2 players, {args.games} random games per row)")
        print(f"  {'kind':<11} {'steps/s':>10} {'games/s':>9} {'vs engine':>10} {'games vs engine':>16}")
        for row in bench_envs(name, games=args.games, seed=args.seed):
            print(f"  {row['kind']:<11} {row['steps_per_second']:>10,.0f} {row['games_per_second']:>9.2f} "
                  f"{100 * row['vs_engine']:>9.1f}% {100 * row['games_vs_engine']:>15.1f}%")


if __name__ == "__main__":
    main()
