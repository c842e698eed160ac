"""A tournament on Ray: a local instance, or the cluster in RAY_ADDRESS / --address.

    pip install 'ludoteca[ray]'                                   # Ray is an optional extra
    PYTHONPATH=src python examples/ray_tournament.py [--agents greedy,random] [--games 20]
    RAY_ADDRESS=ray://head:10001 PYTHONPATH=src python examples/ray_tournament.py
    PYTHONPATH=src python examples/ray_tournament.py --smoke           # two short games, for the tests

The same as `ludoteca tournament carcassonne --backend ray ...`: the results equal
the local backend's for the same seed. Prints the CPUs the games ran on and the
standings. Without Ray it says how to install it and exits with status 3.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys

from ludoteca.sim.tournament import run_tournament

MISSING = 3
SMOKE_BAG = ["base:" + c for c in "ABCDEFGHIJKL"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--agents", default="greedy,random")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--workers", type=int, default=2, help="CPUs of a local instance")
    parser.add_argument("--address", default=None, help="a cluster (default: $RAY_ADDRESS, else local)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="two short games (tests)")
    args = parser.parse_args()
    if importlib.util.find_spec("ray") is None:
        print("this example needs Ray: pip install 'ludoteca[ray]' (ray==2.60.0)", file=sys.stderr)
        sys.exit(MISSING)
    options: dict = {}
    if args.smoke:
        args.games = 2
        if args.game == "carcassonne":
            options["bag"] = SMOKE_BAG
    result = run_tournament(args.game, options, args.agents.split(","), args.games, seed=args.seed,
                            workers=args.workers, backend="ray", address=args.address,
                            on_cluster=lambda cpus, where: print(f"{cpus} CPU(s) on {where}"))
    for row in result.standings():
        print(f"{row.agent:<12} {row.wins:g}/{row.games} wins, win rate {100 * row.win_rate:.1f}% "
              f"(95% CI {100 * row.ci_low:.1f}-{100 * row.ci_high:.1f}%)")
    print(f"{len(result.outcomes)} games in {result.seconds:.1f} s on Ray")


if __name__ == "__main__":
    main()
