"""Every registered game as a PettingZoo AEC environment (`LudotecaAECEnv`).

Conventions
-----------
* Agents are `"player_0" .. "player_{n-1}"`; agent `player_i` plays seat i.
* `reset(seed=None, options=None)` starts a new game. Chance nodes (tile draws,
  dice, shuffles) never reach an agent: the environment resolves them itself with
  its own numpy generator, seeded by `reset(seed=...)` (a reset without a seed goes
  on with the current generator, or a fresh unpredictable one on first use). The
  same seed and the same actions give the same game. `options` is accepted and
  ignored (game options are fixed when the environment is made).
* `agent_selection` is the seat to move. `observe(agent)` returns
  `{"observation": float32 vector, "action_mask": int8 vector}`: the vector is the
  game's encoder applied to `state.observation(seat)` (see
  `Game.encoder()`, `ludoteca.core.encoding`), the mask has length `num_distinct_actions()` and is 1
  exactly on `legal_actions()` for the agent to move, all 0 for the others. Both are
  new arrays at every call, owned by the caller (`ludoteca.envs.common.action_mask`).
* `step(action)`: an integer action id (numpy integers welcome). An illegal one
  raises `IllegalActionError` and changes nothing. Agents that are terminated must
  be stepped with `None` (the AEC convention), which removes them.
* Rewards: 0 on every step until the game ends; then each agent's reward is its
  `returns()` entry (+1/k per winner, -1 per loser, all 0 on a full tie) and every
  agent is terminated. There is no truncation.
* `infos[agent]` is `{}`; the JSON view a seat gets is `raw_observation(agent)`,
  and the engine's state is `game_state` (read it, do not change it).
* `render()` with `render_mode="ansi"` returns a short text summary (game, move,
  seat to move and its decision, scores, last action) above the terminal table's
  board as the seat to move sees it (`ludoteca.envs.render`); `"rgb_array"`, for the
  games that draw pictures (`Game.draws_images`: Carcassonne, Terraforming Mars),
  returns `Game.image`.
* `observation_space(agent)`: `Dict(observation=Box(low, high, (size,), float32),
  action_mask=Box(0, 1, (num_distinct_actions,), int8))`; `action_space(agent)`:
  `Discrete(num_distinct_actions)`. Both are built once, so seeding them sticks.
* `ludoteca.envs.env()` wraps this class in `OrderEnforcing` (below), PettingZoo's
  `OrderEnforcingWrapper` with its checks kept and its per-step attribute forwarding
  removed; `raw_env()` is the bare class, the fastest path for a loop that follows
  the AEC order itself.
"""

from __future__ import annotations

from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterator
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable

from ludoteca.core.api import State
from ludoteca.core.encoding import Encoder, encode_seat
from ludoteca.core.registry import load_game
from ludoteca.envs.common import action_mask, resolve_chance
from ludoteca.envs.render import MODES, check_render_mode, render_ansi, render_modes, summary_lines


class LudotecaAECEnv(AECEnv[str, dict[str, np.ndarray], int]):
    """A registered game as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": list(MODES), "name": "ludoteca_v0", "is_parallelizable": False}

    def __init__(self, game_name: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = load_game(game_name, **options)
        check_render_mode(self.game, render_mode)
        self.render_mode = render_mode
        # PettingZoo declares `metadata` a class variable; each game instance has its own name
        self.metadata = {**type(self).metadata, "name": f"ludoteca_{game_name}_v0",  # type: ignore[misc]  # per instance: each game its name and modes
                         "render_modes": render_modes(self.game)}
        self.encoder: Encoder = self.game.encoder()
        n = self.game.num_players()
        self.num_actions = self.game.num_distinct_actions()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        layout = self.encoder.layout
        self.observation_spaces = {
            agent: spaces.Dict({
                "observation": spaces.Box(layout.low(), layout.high(), layout.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            })
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        self._np_random: np.random.Generator | None = None
        self.game_state: State = self.game.new_initial_state()
        self._last_action: tuple[int, str] | None = None
        self.agents: list[str] = []

    # ------------------------------------------------------------ spaces
    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------ AEC API
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None or self._np_random is None:
            self._np_random, _ = seeding.np_random(seed)
        self.game_state = self.game.new_initial_state()
        self._last_action = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._skip_agent_selection = None
        self._resolve_chance()
        self.agent_selection = self.possible_agents[0]
        self._after_move()
        self._accumulate_rewards()  # non-zero only for a game that is over before it starts

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is alive: step() needs an action id, not None")
        state = self.game_state
        state.apply_action(action)
        if self.render_mode is not None:  # only `render()` reads it: no notation otherwise
            self._last_action = (self._seat[agent], state.action_to_string(state.history()[-1]))
        self._resolve_chance()
        if state.is_terminal():
            self._cumulative_rewards[agent] = 0.0
            self._after_move()
            self._accumulate_rewards()
        else:  # rewards are 0 until the end, so nothing to clear or accumulate: skip the dict walks
            self.agent_selection = self.possible_agents[state.current_player()]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self._seat[agent]
        state = self.game_state
        return {"observation": encode_seat(self.encoder, state, seat),
                "action_mask": action_mask(state, seat, self.num_actions)}

    def raw_observation(self, agent: str) -> dict[str, Any]:
        """The JSON view of `agent`'s seat: `state.observation(seat)`."""
        return self.game_state.observation(self._seat[agent])

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: make the env with render_mode='ansi'")
            return None
        if self.render_mode == "rgb_array":
            return self.game.image(self.game_state, None)
        lines = summary_lines(self.game_state)
        if self._last_action is not None:
            lines.append(f"last: player_{self._last_action[0]} {self._last_action[1]}")
        return render_ansi(self.game_state, None, lines)

    def close(self) -> None:
        pass

    # ------------------------------------------------------------ internals
    def _resolve_chance(self) -> None:
        assert self._np_random is not None
        resolve_chance(self.game_state, self._np_random)

    def _after_move(self) -> None:
        state = self.game_state
        if state.is_terminal():
            for agent, value in zip(self.possible_agents, state.returns(), strict=True):
                if agent in self.rewards:
                    self.rewards[agent] = float(value)
                    self.terminations[agent] = True
            return
        self._clear_rewards()
        self.agent_selection = self.possible_agents[state.current_player()]


class OrderEnforcing(OrderEnforcingWrapper[str, dict[str, np.ndarray], int]):
    """PettingZoo's `OrderEnforcingWrapper` for `LudotecaAECEnv`, without its per-step overhead.

    Every check is kept (attributes, `step`, `observe`, `render`, `agent_iter` before
    `reset()` are refused as PettingZoo's wrapper refuses them; `agent_iter` asserts a
    `step` between agents). What changes: once reset, `last()`, `step()` and the agent
    iterator read the wrapped environment's attributes directly instead of through the
    wrapper's `__getattr__` (two Python-level lookups per attribute, eight attributes
    per step); everything else is forwarded as before."""

    env: LudotecaAECEnv

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            return super().last(observe)  # PettingZoo's own errors
        return self.env.last(observe)

    def step(self, action: int | None) -> None:
        if self._has_reset and self.env.agents:
            self._has_updated = True
            self.env.step(action)
        else:
            super().step(action)  # PettingZoo's own error or warning

    def agent_iter(self, max_iter: int = 2**63) -> AECOrderEnforcingIterable[str, dict[str, np.ndarray], int]:
        super().agent_iter(max_iter)  # PettingZoo's error before reset
        return _FastIterable(self, max_iter)


class _FastIterable(AECOrderEnforcingIterable[str, dict[str, np.ndarray], int]):
    def __iter__(self) -> _FastIterator:
        assert isinstance(self.env, OrderEnforcing)
        return _FastIterator(self.env, self.max_iter)


class _FastIterator(AECIterator[str, dict[str, np.ndarray], int]):
    """`AECOrderEnforcingIterator`'s rule (a `step()` or `reset()` between two agents),
    reading the wrapped environment's agents directly."""

    def __init__(self, env: OrderEnforcing, max_iter: int) -> None:
        super().__init__(env, max_iter)
        self._wrapper = env
        self._inner = env.env

    def __next__(self) -> str:
        inner = self._inner
        if not inner.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        wrapper = self._wrapper
        assert wrapper._has_updated, "need to call step() or reset() in a loop over `agent_iter`"
        wrapper._has_updated = False
        return inner.agent_selection
