"""REINFORCE on the compact option features: a linear scorer over the legal options (numpy only).

    PYTHONPATH=src python examples/reinforce_options.py [--game carcassonne] [--episodes 300]
    PYTHONPATH=src python examples/reinforce_options.py --smoke      # a few episodes, for the tests

The policy scores each legal option by `theta . features` (`info["option_features"]`
of `ludoteca.envs.gym_env`, one row per option) and picks one from the softmax of the
scores, so it has `option_width` parameters whatever the number of action ids
(81,882 in Carcassonne). It learns from the final reward (+1 win, -1 loss) with a
running-mean baseline, against `--opponent` (default `random`), and prints its win
rate every `--report` episodes and over a last greedy (argmax) evaluation.
"""

from __future__ import annotations

import argparse

import numpy as np

from ludoteca.envs import gym_env

SMOKE_BAG = ["base:" + c for c in "ABCDEFGHIJKL"]


def softmax(scores: np.ndarray) -> np.ndarray:
    z = np.exp(scores - scores.max())
    return z / z.sum()


def episode(env, theta: np.ndarray, rng: np.random.Generator, seed: int, greedy: bool = False):
    """Play one game; return its reward and the gradient of log-probability of the choices made."""
    _, info = env.reset(seed=seed)
    grad = np.zeros_like(theta)
    terminated, reward = False, 0.0
    while not terminated:
        features = info["option_features"]
        probs = softmax(features @ theta)
        i = int(probs.argmax()) if greedy else int(rng.choice(len(probs), p=probs))
        grad += features[i] - probs @ features
        _, reward, terminated, _, info = env.step(int(info["option_actions"][i]))
    return float(reward), grad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--opponent", default="random", help="agent spec of the other seats")
    parser.add_argument("--episodes", type=int, default=300)
    parser.add_argument("--evaluate", type=int, default=50, help="greedy games at the end")
    parser.add_argument("--lr", type=float, default=0.05)
    parser.add_argument("--report", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="three short episodes (tests)")
    args = parser.parse_args()
    options = {"players": 2}
    if args.smoke:
        args.episodes, args.evaluate, args.report = 3, 2, 1
        if args.game == "carcassonne":
            options["bag"] = SMOKE_BAG
    env = gym_env(args.game, opponent=args.opponent, seat="random", **options)
    rng = np.random.default_rng(args.seed)
    theta = np.zeros(env.option_width)
    baseline, wins = 0.0, []
    for n in range(1, args.episodes + 1):
        reward, grad = episode(env, theta, rng, seed=args.seed * 1_000_003 + n)
        theta += args.lr * (reward - baseline) * grad
        baseline += 0.05 * (reward - baseline)
        wins.append(reward > 0)
        if n % args.report == 0:
            print(f"episode {n}: win rate {np.mean(wins[-args.report:]):.2f} over the last {args.report}")
    results = [episode(env, theta, rng, seed=10**9 + n, greedy=True)[0] for n in range(args.evaluate)]
    print(f"greedy policy against {args.opponent}: win rate {np.mean([r > 0 for r in results]):.2f} "
          f"over {args.evaluate} games; |theta| = {np.linalg.norm(theta):.3f}")


if __name__ == "__main__":
    main()
