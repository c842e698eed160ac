"""OpenSpiel's MCTSBot with Ludoteca's evaluator (leaf values from game.value, greedy priors).

    PYTHONPATH=src python examples/openspiel_mcts.py [--game carcassonne] [--simulations 200] [--games 4]
    PYTHONPATH=src python examples/openspiel_mcts.py --smoke          # one short game, for the tests

Plays `MCTSBot(game, uct_c, simulations, LudotecaEvaluator(prior=...))` against
OpenSpiel's uniform random bot, seats alternating, and prints the bot's results.
`RandomRolloutEvaluator` would play every leaf out at random (hundreds of actions
per simulation); `LudotecaEvaluator` judges the leaf at once
(`ludoteca.envs.openspiel_mcts`). Needs `open_spiel` (the `dev` extra).
"""

from __future__ import annotations

import argparse
import sys
import time

import numpy as np

MISSING = 3
SMOKE_BAG = ["base:" + c for c in "ABCDEFGHIJKL"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--prior", default="greedy", choices=["uniform", "greedy"])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="one short game (tests)")
    args = parser.parse_args()
    try:
        from open_spiel.python.algorithms import mcts
        from open_spiel.python.bots.uniform_random import UniformRandomBot
    except ImportError as exc:
        print(f"this example needs open_spiel ({exc}): pip install 'open_spiel==2.0.2'", file=sys.stderr)
        sys.exit(MISSING)
    from ludoteca.envs import openspiel
    from ludoteca.envs.openspiel_mcts import LudotecaEvaluator

    options: dict = {"players": 2}
    if args.smoke:
        args.games, args.simulations = 1, 50
        if args.game == "carcassonne":
            options["bag"] = SMOKE_BAG
    game = openspiel.load_game(args.game, **options)
    rng = np.random.RandomState(args.seed)
    results = []
    start = time.perf_counter()
    for g in range(args.games):
        mcts_seat = g % 2
        bot = mcts.MCTSBot(game, 1.4, args.simulations, LudotecaEvaluator(prior=args.prior),
                           random_state=np.random.RandomState(args.seed + g))
        other = UniformRandomBot(1 - mcts_seat, np.random.RandomState(args.seed + 1000 + g))
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(actions, p=probs)))
            elif state.current_player() == mcts_seat:
                state.apply_action(bot.step(state))
            else:
                state.apply_action(other.step(state))
        results.append(state.returns()[mcts_seat])
        print(f"game {g + 1}: MCTS in seat {mcts_seat} scores {state.ludoteca_state.scores()}, "
              f"return {results[-1]:+g}")
    wins = sum(r > 0 for r in results)
    print(f"MCTSBot ({args.simulations} simulations, {args.prior} prior) wins {wins} of {len(results)} "
          f"against random in {time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
