"""MaskablePPO (sb3-contrib) on option-index actions: K logits instead of one per action id.

    pip install 'sb3-contrib==2.9.2'         # brings stable-baselines3 and (CPU) torch: large
    PYTHONPATH=src python examples/maskable_ppo.py [--game carcassonne] [--timesteps 20000]
    PYTHONPATH=src python examples/maskable_ppo.py --smoke           # a few hundred steps, for the tests

The environment is `ludoteca.envs.option_env`: the action is the index of a legal
option (`Discrete(K)`), the observation a dict of the encoder's vector, the padded
option feature matrix and the option mask, and `action_masks()` is what
`MaskablePPO` asks for. `MultiInputPolicy` flattens the dict; with K = 128 the action
head has 128 outputs, not 81,882. Without sb3-contrib the script says how to install
it and exits with status 3 (the tests skip it then).
"""

from __future__ import annotations

import argparse
import sys

from ludoteca.envs import option_env

SMOKE_BAG = ["base:" + c for c in "ABCDEFGHIJKL"]
MISSING = 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--timesteps", type=int, default=20_000)
    parser.add_argument("--max-options", type=int, default=128)
    parser.add_argument("--evaluate", type=int, default=50)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--smoke", action="store_true", help="a few hundred steps (tests)")
    args = parser.parse_args()
    try:
        from sb3_contrib import MaskablePPO
    except ImportError as exc:
        print(f"this example needs sb3-contrib ({exc}): pip install 'sb3-contrib==2.9.2'", file=sys.stderr)
        sys.exit(MISSING)
    options = {"players": 2}
    if args.smoke:
        args.timesteps, args.evaluate = 256, 2
        if args.game == "carcassonne":
            options["bag"] = SMOKE_BAG
    env = option_env(args.game, max_options=args.max_options, opponent=args.opponent, seat="random",
                     **options)
    model = MaskablePPO("MultiInputPolicy", env, n_steps=128 if args.smoke else 1024, batch_size=64,
                        seed=args.seed, verbose=0)
    model.learn(total_timesteps=args.timesteps)
    wins = 0
    for n in range(args.evaluate):
        obs, _ = env.reset(seed=10**9 + n)
        terminated, reward = False, 0.0
        while not terminated:
            action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
            obs, reward, terminated, _, _ = env.step(action)
        wins += reward > 0
    print(f"MaskablePPO after {args.timesteps} steps against {args.opponent}: "
          f"win rate {wins / max(1, args.evaluate):.2f} over {args.evaluate} games")


if __name__ == "__main__":
    main()
