"""Compact actions for off-the-shelf RL libraries: choose the i-th legal option, not an action id.

    >>> from ludoteca import envs
    >>> env = envs.option_env("carcassonne", max_options=128, opponent="greedy", players=2)
    >>> obs, info = env.reset(seed=1)
    >>> sorted(obs)
    ['observation', 'option_mask', 'options']
    >>> obs, reward, terminated, truncated, info = env.step(0)   # the first legal option

`OptionActionEnv` wraps a `LudotecaGymEnv` made with `max_options=K` (and option
features on):

* action space `Discrete(K)`: action i plays `info["option_actions"][i]`, the i-th
  legal option in the order of `state.prompt().options`; an i at or past the
  number of options is an illegal action (handled as the wrapped env's
  `illegal_action` says: by default the episode ends with reward -1);
* observation `Dict(observation=Box, options=Box(-1, 1, (K, W)), option_mask=Box(0, 1, (K,), int8))`:
  the encoder's vector, the option feature matrix padded with zero rows, and 1 on
  the rows that are real options;
* `action_masks()`: bool (K,), True on the real options (sb3-contrib's convention),
  so `MaskablePPO("MultiInputPolicy", env)` has K logits, not one per action id.

`option_env(name, max_options=128, **kwargs)` builds both (`kwargs` as for `gym_env`).
A decision with more than K legal options raises `LudotecaError` (raise K).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ludoteca.core.errors import LudotecaError
from ludoteca.envs.gym_env import LudotecaGymEnv

DEFAULT_MAX_OPTIONS = 128


class OptionActionEnv(gymnasium.Wrapper[dict[str, np.ndarray], np.int64, np.ndarray, np.int64]):
    """Actions index the legal options (see the module docstring)."""

    def __init__(self, env: LudotecaGymEnv) -> None:
        if env.max_options is None or env.featurizer is None:
            raise LudotecaError("OptionActionEnv needs a gym_env made with max_options=K "
                                "and option features on")
        # gymnasium 1.x types `Wrapper.__init__`'s env with the wrapper's own (outer) types
        super().__init__(env)  # type: ignore[arg-type]  # a LudotecaGymEnv, whose spaces this wrapper replaces
        k, width = env.max_options, env.option_width
        self.max_options = k
        self._inner = env  # typed: `self.env` carries the confused generic types
        # spaces.Dict is a Space[dict[str, Any]], which gymnasium's stubs do not equate
        self.observation_space = spaces.Dict({  # type: ignore[assignment]  # the wrapper's own space
            "observation": env.observation_space,
            "options": spaces.Box(-1.0, 1.0, (k, width), np.float32),
            "option_mask": spaces.Box(0, 1, (k,), np.int8),
        })
        self.action_space = spaces.Discrete(k)
        self._info: dict[str, Any] = {}

    def reset(self, **kwargs: Any) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        obs, info = self._inner.reset(**kwargs)
        self._info = info
        return self._observation(obs, info), info

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        index = int(action)
        count = self._info.get("option_count", 0)
        chosen = int(self._info["option_actions"][index]) if 0 <= index < count else -1
        obs, reward, terminated, truncated, info = self._inner.step(np.int64(chosen))
        self._info = info
        return self._observation(obs, info), float(reward), terminated, truncated, info

    def action_masks(self) -> np.ndarray:
        """True on the rows that are legal options."""
        return np.arange(self.max_options) < self._info.get("option_count", 0)

    def _observation(self, obs: np.ndarray, info: dict[str, Any]) -> dict[str, np.ndarray]:
        return {"observation": obs, "options": info["option_features"],
                "option_mask": self.action_masks().astype(np.int8)}


def option_env(name: str, max_options: int = DEFAULT_MAX_OPTIONS, **kwargs: Any) -> OptionActionEnv:
    """`gym_env(name, max_options=max_options, **kwargs)` with option-index actions."""
    return OptionActionEnv(LudotecaGymEnv(name, max_options=max_options, option_features=True, **kwargs))


__all__ = ["DEFAULT_MAX_OPTIONS", "OptionActionEnv", "option_env"]
