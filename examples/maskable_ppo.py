"""MaskablePPO (sb3-contrib) on option-index actions: K logits instead of one per action id.

Install (CPU torch: a 190 MB wheel, 750 MB installed; not part of `dev`, so `make test`
never fetches it):

    pip install -e '.[rl]'      # torch==2.13.0, stable-baselines3==2.9.2, sb3-contrib==2.9.2

Use the CPU build of torch: install the `torch==2.13.0+cpu` wheel (PyTorch's CPU
index) before the extra, or pip picks the default wheel, which pulls in CUDA.

    PYTHONPATH=src python examples/maskable_ppo.py [--game carcassonne] [--timesteps 20000]
    PYTHONPATH=src python examples/maskable_ppo.py --smoke           # a few hundred steps, for the tests

The environment is `ludoteca.envs.option_env`: the action is the index of a legal
option (`Discrete(K)`), the observation a dict of the encoder's vector, the padded
option feature matrix and the option mask, and `action_masks()` is what
`MaskablePPO` asks for. The learner's seat is drawn at every reset. Two policies:

* `--policy options` (default), `OptionScorerPolicy` below: every option row is
  scored by the same small network, h = tanh(A·option + B·observation), score = w·h,
  and the K scores are the logits (masked by sb3-contrib), so what is learnt about
  one option carries over to any option with similar features, wherever it sits in
  the list; the value head reads B·observation and the mean h of the real options.
* `--policy mlp`: sb3's `MultiInputPolicy`, which flattens the whole dict into one
  MLP with a K-way head (K = 128 outputs, not 81,882 as with flat action ids).

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


def option_scorer_policy(hidden: int = 64) -> type:
    """`MaskableMultiInputActorCriticPolicy` whose logits are per-option scores (module docstring)."""
    import torch as th
    from sb3_contrib.common.maskable.policies import MaskableMultiInputActorCriticPolicy
    from stable_baselines3.common.torch_layers import BaseFeaturesExtractor
    from torch import nn

    class OptionScorer(BaseFeaturesExtractor):
        """Features: the K option scores, then B·observation and the mean h of the real options."""

        def __init__(self, observation_space: Any) -> None:
            k, width = observation_space["options"].shape
            super().__init__(observation_space, features_dim=k + 2 * hidden)
            self.option = nn.Linear(width, hidden)
            size = observation_space["observation"].shape[0]
            self.state = nn.Sequential(nn.Linear(size, hidden), nn.Tanh())
            self.score = nn.Linear(hidden, 1)

        def forward(self, obs: dict[str, Any]) -> Any:
            s = self.state(obs["observation"])
            h = th.tanh(self.option(obs["options"]) + s.unsqueeze(1))
            mask = obs["option_mask"].unsqueeze(-1)
            pooled = (h * mask).sum(1) / mask.sum(1).clamp(min=1.0)
            return th.cat([self.score(h).squeeze(-1), s, pooled], dim=1)

    class FirstK(nn.Module):
        """The action head: the first K features (the scores) are the logits."""

        def __init__(self, k: int) -> None:
            super().__init__()
            self.k = k

        def forward(self, latent: Any) -> Any:
            return latent[:, :self.k]

    class OptionScorerPolicy(MaskableMultiInputActorCriticPolicy):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            kwargs.setdefault("features_extractor_class", OptionScorer)
            kwargs.setdefault("net_arch", {"pi": [], "vf": [hidden]})
            super().__init__(*args, **kwargs)

        def _build(self, lr_schedule: Any) -> None:
            super()._build(lr_schedule)
            self.action_net = FirstK(int(self.action_space.n))
            nn.init.orthogonal_(self.features_extractor.score.weight, gain=0.01)  # near-uniform at first
            self.optimizer = self.optimizer_class(self.parameters(), lr=lr_schedule(1),
                                                  **self.optimizer_kwargs)

    return OptionScorerPolicy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="carcassonne")
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--timesteps", type=int, default=20_000)
    parser.add_argument("--max-options", type=int, default=128)
    parser.add_argument("--evaluate", type=int, default=50)
    parser.add_argument("--n-steps", type=int, default=1024, help="rollout length per update")
    parser.add_argument("--policy", choices=("options", "mlp"), default="options")
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
    policy = option_scorer_policy() if args.policy == "options" else "MultiInputPolicy"
    model = MaskablePPO(policy, env, n_steps=args.n_steps, batch_size=64,
                        seed=args.seed, device="cpu", verbose=0)
    speed = env_speed(env, 200 if args.smoke else 2000, args.seed)
    before = win_rate(env, model, args.evaluate)
    start = time.process_time()
    model.learn(total_timesteps=args.timesteps)
    trained = model.num_timesteps / max(1e-9, time.process_time() - start)
    after = win_rate(env, model, args.evaluate)
    if args.save:
        model.save(args.save)
    print(f"MaskablePPO ({args.policy} policy) on {args.game} against {args.opponent}, "
          f"{model.num_timesteps} steps: "
          f"win rate before {before:.2f}, after {after:.2f} over {args.evaluate} games; "
          f"env alone {speed:.0f} steps/s, training {trained:.0f} steps/s (CPU time)")


if __name__ == "__main__":
    main()
