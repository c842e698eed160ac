"""Research interfaces: every registered game as a PettingZoo environment and an OpenSpiel game.

    >>> from ludoteca import envs
    >>> env = envs.env("carcassonne", players=2)      # PettingZoo AEC, order-enforcing wrapper
    >>> env.reset(seed=1)
    >>> obs, reward, terminated, truncated, info = env.last()
    >>> obs["observation"].shape == env.observation_space(env.agent_selection)["observation"].shape
    True

* `env(name, render_mode=None, **options)`: the AEC environment wrapped in
  `OrderEnforcing`, PettingZoo's `OrderEnforcingWrapper` (the usual form) with the same
  checks and no per-step attribute forwarding; `raw_env(...)` is the bare
  `LudotecaAECEnv`, the fastest (no checks of the call order). `options` are the
  game's options (`load_game(name, **options)`).
  Conventions: `ludoteca.envs.pettingzoo_env`.
* Numeric observations: the game's `encoder()` (`ludoteca.core.encoding`: the generic
  fallback; a game with its own layout has it in `ludoteca/games/<game>/encoder.py`).
* `gym_env(name, opponent="greedy", seat=0, **options)`: one seat as a single-agent
  `gymnasium.Env` against bots, with `action_masks()` and the legal options as a
  feature matrix in `info` (computed when first read: `ludoteca.envs.lazy_info`);
  `gym_vector_env(name, n, ...)` runs n of them
  (`ludoteca.envs.gym_env`). Option features: `ludoteca.envs.options`;
  `option_env(name, max_options=K, ...)` makes the action "the i-th legal option"
  (`Discrete(K)`, `ludoteca.envs.gym_options`).
* OpenSpiel: `ludoteca.envs.openspiel.register()` (needs the `open_spiel` package).
* `env_names()` lists the PettingZoo names, `ludoteca_<game>_v0`.

Every game in `ludoteca.core.registry` works here without adapter code of its own.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.registry import registered_games
from ludoteca.envs.gym_env import LudotecaGymEnv, gym_env, gym_vector_env
from ludoteca.envs.gym_options import OptionActionEnv, option_env
from ludoteca.envs.pettingzoo_env import LudotecaAECEnv, OrderEnforcing


def raw_env(name: str, render_mode: str | None = None, **options: Any) -> LudotecaAECEnv:
    """The bare AEC environment for game `name` with `options`."""
    return LudotecaAECEnv(name, render_mode=render_mode, **options)


def env(name: str, render_mode: str | None = None, **options: Any) -> OrderEnforcing:
    """The AEC environment for game `name`, order-enforced like PettingZoo's own environments."""
    return OrderEnforcing(raw_env(name, render_mode=render_mode, **options))


def env_names() -> list[str]:
    return [f"ludoteca_{name}_v0" for name in registered_games()]


__all__ = ["LudotecaAECEnv", "LudotecaGymEnv", "OptionActionEnv", "OrderEnforcing", "env", "env_names",
           "gym_env", "gym_vector_env", "option_env", "raw_env"]
