"""MaskablePPO (sb3-contrib) on option-index actions: K logits instead of one per action id.

Install (CPU torch, about 200 MB; not part of `dev`, so `make test` never fetches it):

    pip install -e '.[rl]'      # torch==2.13.0, stable-baselines3==2.9.2, sb3-contrib==2.9.2

Use the CPU build of torch: install the `torch==2.13.0+cpu` wheel (PyTorch's CPU
index) before the extra, or pip picks the default wheel, which pulls in CUDA.

    PYTHONPATH=src python examples/maskable_ppo.py [--game carcassonne] [--timesteps 20000]
    PYTHONPATH=src python examples/maskable_ppo.py --smoke           # a few hundred steps, for the tests

The environment is `ludoteca.envs.option_env`: the action is the index of a legal
option (`Discrete(K)`), the observation a dict of the encoder's vector, the padded
option feature matrix and the option mask, and `action_masks()` is what
`MaskablePPO` asks for. `MultiInputPolicy` flattens the dict; with K = 128 the action
head has 128 outputs, not 81,882. The learner's seat is drawn at every reset.

The script prints the win rate of the untrained policy (`before`) and of the trained
one (`after`), each over `--evaluate` games with deterministic (argmax) moves on the
same seeds, the speed of the environment alone (uniformly random legal options) and
of training (environment + policy + updates), in steps per CPU second of this
process. torch uses `--threads` threads (default 1: a shared machine). Without
sb3-contrib the script says how to install it and exits with status 3 (the tests
skip it then).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np

from ludoteca.envs import option_env

SMOKE_BAG = ["base:" + c for c in "ABCDEFGHIJKL"]
MISSING = 3
EVAL_SEED = 10**9


def win_rate(env: Any, model: Any, games: int) -> float:
    """Share of `games` won (final reward > 0) with the model's argmax moves, seeds EVAL_SEED + n."""
    wins = 0
    for n in range(games):
        obs, _ = env.reset(seed=EVAL_SEED + n)
        terminated, reward = False, 0.0
        while not terminated:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, _, _ = env.step(action)
        wins += reward > 0
    return wins / max(1, games)


def env_speed(env: Any, steps: int, seed: int) -> float:
    """Learner steps per CPU second of the environment alone (random legal options, bots included)."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    start = time.process_time()
    for _ in range(steps):
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, _, _ = env.step(int(rng.choice(legal)))
        if terminated:
            env.reset(seed=int(rng.integers(2**31)))
    return steps / max(1e-9, time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--timesteps", type=int, default=20_000)
    parser.add_argument("--max-options", type=int, default=128)
    parser.add_argument("--evaluate", type=int, default=50)
    parser.add_argument("--n-steps", type=int, default=1024, help="rollout length per update")
    parser.add_argument("--threads", type=int, default=1, help="torch threads")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--save", help="save the trained model to this path")
    parser.add_argument("--smoke", action="store_true", help="a few hundred steps (tests)")
    args = parser.parse_args()
    try:
        import torch
        from sb3_contrib import MaskablePPO
    except ImportError as exc:
        print(f"this example needs sb3-contrib ({exc}): pip install -e '.[rl]'", file=sys.stderr)
        sys.exit(MISSING)
    torch.set_num_threads(args.threads)
    options: dict[str, Any] = {"players": 2}
    if args.smoke:
        args.timesteps, args.evaluate, args.n_steps = 256, 2, 128
        if args.game == "carcassonne":
            options["bag"] = SMOKE_BAG
    env = option_env(args.game, max_options=args.max_options, opponent=args.opponent, seat="random",
                     **options)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=args.n_steps, batch_size=64,
                        seed=args.seed, device="cpu", verbose=0)
    speed = env_speed(env, 200 if args.smoke else 2000, args.seed)
    before = win_rate(env, model, args.evaluate)
    start = time.process_time()
    model.learn(total_timesteps=args.timesteps)
    trained = model.num_timesteps / max(1e-9, time.process_time() - start)
    after = win_rate(env, model, args.evaluate)
    if args.save:
        model.save(args.save)
    print(f"MaskablePPO on {args.game} against {args.opponent}, {model.num_timesteps} steps: "
          f"win rate before {before:.2f}, after {after:.2f} over {args.evaluate} games; "
          f"env alone {speed:.0f} steps/s, training {trained:.0f} steps/s (CPU time)")


if __name__ == "__main__":
    main()
