"""One seat of a registered game as a single-agent `gymnasium.Env`, the other seats played by bots.

    >>> from ludoteca import envs
    >>> env = envs.gym_env("carcassonne", opponent="greedy", seat=0, players=2)
    >>> obs, info = env.reset(seed=1)
    >>> action = int(info["option_actions"][0])          # or any id where env.action_masks() is True
    >>> obs, reward, terminated, truncated, info = env.step(action)

Conventions
-----------
* `gym_env(name, opponent="greedy", seat=0, **options)`: the game `name` with
  `options` (`load_game(name, **options)`); the learner plays `seat` (or, with
  `seat="random"`, a seat drawn at every reset from the env's generator) and every
  other seat is a bot: `opponent` is one agent spec (`ludoteca.agents.make_agent`:
  `random`, `greedy`, `mcts:time=0.1`...) for all of them, or a list with one spec
  or `Agent` object per other seat, in seat order.
* `reset(seed=None, options=None)`: a new game. Chance (tile draws, dice, shuffles)
  is resolved inside from the env's `np_random` (seeded by `reset(seed=...)`), and
  the bots are reseeded from it too, so the same seed and the same actions give the
  same game. Bots move until the learner must decide. `options` is ignored.
* Observation: the game's encoder vector for the learner's seat
  (`Game.encoder()`, documented in docs/research-apis.md), a float32 `Box`.
* Action: `Discrete(num_distinct_actions())`, the flat action ids. `action_masks()`
  is the bool mask of the legal ones (sb3-contrib's `MaskablePPO` convention) and
  `info["action_mask"]` the same as int8 (both new arrays at every call).
* Compact actions: `info["option_actions"]` (int64, the legal ids in the order of
  `state.prompt().options`) and `info["option_features"]` (float32, one row of
  `option_width` features per legal option, `ludoteca.envs.options`), so a policy
  can score the options instead of emitting one logit per action id. With
  `max_options=K` both are padded to K rows (ids -1, features 0) and
  `info["option_count"]` says how many are real (what vector envs need: their infos
  are stacked); a decision with more than K options raises `LudotecaError`. With
  `option_features=False` neither is computed (faster).
* `info="lazy"` (the default; with option features on): at a decision,
  `action_mask`, `option_actions` and `option_features` are computed when first
  read (`ludoteca.envs.lazy_info.LazyInfo`: the mask alone, or the two option
  arrays together, when one of them is read by key; all of them by every way of
  reading a dict whole, copying or pickling it), so a learner that reads only `action_masks()`
  pays for none of them (an info still held and unread when the env steps on
  costs one `clone()` of the state, from which it is computed later, so an info
  read late has its own step's values; the mask needs none: it is built from the
  state's legal ids, which are kept). `seat`, `option_count` and the
  `max_options` check are computed at once, and so is a whole info after the
  game's end (no options), so a vector env's `final_info` is always complete.
  `info="full"`, and `option_features=False` (only the mask is left, cheap), build
  a plain dict with every value at every step.
* Reward: 0 until the game ends, then the learner's `returns()` entry (+1/k for
  each of k winners, -1 for a loser, 0 when everyone ties). `terminated` at the end;
  `truncated` never.
* Illegal actions: with `illegal_action="lose"` (the default, as PettingZoo's
  classic games) the episode ends at once with reward -1 and
  `info["illegal_action"] = True`, the state unchanged; `"raise"` raises
  `IllegalActionError` instead.
* `render()` with `render_mode="ansi"`: a summary and the terminal board as the
  learner's seat sees it (`ludoteca.envs.render`); with `"rgb_array"` (games that
  draw pictures, `Game.draws_images`: Carcassonne, Terraforming Mars) the picture
  `Game.image` draws.
* `env.game_state` is the engine's state (read it); `env.seat` the learner's seat
  this episode. Bots see the engine state, as in `ludoteca play`.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ludoteca.agents import make_agent
from ludoteca.core.api import State
from ludoteca.core.encoding import Encoder, encode_seat
from ludoteca.core.errors import IllegalActionError, LudotecaError
from ludoteca.core.play import Agent
from ludoteca.core.registry import load_game
from ludoteca.envs.common import action_mask, legal_mask, resolve_chance
from ludoteca.envs.lazy_info import LazyInfo
from ludoteca.envs.options import OptionFeatures, decision_features, option_features_for
from ludoteca.envs.render import MODES, check_render_mode, render_ansi, render_modes, summary_lines

ILLEGAL_MODES = ("lose", "raise")
INFO_MODES = ("lazy", "full")
OPTION_KEYS = ("option_actions", "option_features")
ILLEGAL_REWARD = -1.0


class LudotecaGymEnv(gymnasium.Env[np.ndarray, np.int64]):
    """A registered game, one seat against bots (see the module docstring)."""

    metadata: dict[str, Any] = {"render_modes": list(MODES), "render_fps": 4}  # noqa: RUF012  # each instance: its game's modes

    def __init__(
        self,
        game_name: str,
        opponent: str | Agent | Sequence[str | Agent] = "greedy",
        seat: int | str = 0,
        render_mode: str | None = None,
        option_features: bool = True,
        max_options: int | None = None,
        illegal_action: str = "lose",
        info: str = "lazy",
        **options: Any,
    ) -> None:
        if illegal_action not in ILLEGAL_MODES:
            raise LudotecaError(f"illegal_action must be one of {', '.join(ILLEGAL_MODES)}, "
                                f"got {illegal_action!r}")
        if info not in INFO_MODES:
            raise LudotecaError(f"info must be one of {', '.join(INFO_MODES)}, got {info!r}")
        self.game = load_game(game_name, **options)
        check_render_mode(self.game, render_mode)
        players = self.game.num_players()
        if seat != "random" and (type(seat) is not int or not 0 <= seat < players):
            raise LudotecaError(f"seat must be 0..{players - 1} or 'random', got {seat!r}")
        self.render_mode = render_mode
        self.metadata = {**LudotecaGymEnv.metadata, "name": f"ludoteca_{game_name}",
                         "render_modes": render_modes(self.game)}
        self._seat_option = seat
        self.seat = 0 if seat == "random" else int(seat)
        self.bots = _make_bots(opponent, players)
        self.encoder: Encoder = self.game.encoder()
        self.num_actions = self.game.num_distinct_actions()
        layout = self.encoder.layout
        self.observation_space = spaces.Box(layout.low(), layout.high(), layout.shape, np.float32)
        self.action_space = spaces.Discrete(self.num_actions)
        self.featurizer: OptionFeatures | None = option_features_for(self.game) if option_features else None
        self.option_width = self.featurizer.width if self.featurizer is not None else 0
        if max_options is not None and max_options < 1:
            raise LudotecaError(f"max_options must be at least 1, got {max_options}")
        self.max_options = max_options
        self._illegal = illegal_action
        self._lazy = info == "lazy"
        self._pending: weakref.ref[LazyInfo] | None = None  # the last lazy info made
        self.game_state: State = self.game.new_initial_state()
        self._done = True
        self._last: tuple[int, str] | None = None

    # ------------------------------------------------------------ gymnasium API
    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        self._pending = None  # a new state object: the old one, which a lazy info may hold, stays as it is
        rng = self.np_random
        if self._seat_option == "random":
            self.seat = int(rng.integers(self.game.num_players()))
        for bot in self.bots:
            if bot is not None:
                bot.reset(seed=int(rng.integers(2**31)))
        self.game_state = self.game.new_initial_state()
        self._last = None
        self._done = False
        self._advance()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        state = self.game_state
        if self._done:
            raise LudotecaError("the episode is over: call reset() first")
        self._keep_pending_info()
        try:
            state.apply_action(action)
        except IllegalActionError:
            if self._illegal == "raise":
                raise
            self._done = True
            info = self._info()
            info["illegal_action"] = True
            return self._observe(), ILLEGAL_REWARD, True, False, info
        if self.render_mode is not None:  # only `render()` reads it: no notation otherwise
            self._last = (self.seat, state.action_to_string(state.history()[-1]))
        self._advance()
        reward = 0.0
        if state.is_terminal():
            self._done = True
            reward = float(state.returns()[self.seat])
        return self._observe(), reward, self._done, False, self._info()

    def action_masks(self) -> np.ndarray:
        """Bool mask over the action ids: True exactly on the learner's legal actions."""
        return action_mask(self.game_state, None if self._done else self.seat, self.num_actions, bool)

    def render(self) -> str | np.ndarray | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs a render_mode: make the env with render_mode='ansi'")
            return None
        if self.render_mode == "rgb_array":
            return self.game.image(self.game_state, self.seat)
        lines = [f"learner: player_{self.seat}", *summary_lines(self.game_state)]
        if self._last is not None:
            lines.append(f"last: player_{self._last[0]} {self._last[1]}")
        return render_ansi(self.game_state, self.seat, lines)

    # ------------------------------------------------------------ internals
    def _advance(self) -> None:
        """Chance and bots move until the learner decides or the game ends."""
        state, rng, seat = self.game_state, self.np_random, self.seat
        while True:
            resolve_chance(state, rng)
            player = state.current_player()
            if player < 0 or player == seat:
                return
            bot = self.bots[player if player < seat else player - 1]
            assert bot is not None
            state.apply_action(bot.step(state))

    def _observe(self) -> np.ndarray:
        return encode_seat(self.encoder, self.game_state, self.seat)

    def _info(self) -> dict[str, Any]:
        state = self.game_state
        deciding = not self._done and state.current_player() == self.seat
        info: dict[str, Any] = {"seat": self.seat}
        k = len(state.legal_actions_view()) if deciding else 0
        if self.featurizer is not None and self.max_options is not None:
            if k > self.max_options:
                raise LudotecaError(f"{k} legal options here, more than max_options={self.max_options}; "
                                    "make the env with a larger max_options")
            info["option_count"] = k
        if not (deciding and self._lazy and self.featurizer is not None):
            # without option features only the mask is left, cheaper than keeping it lazy
            # (a held, unread lazy info costs a clone when the env steps on)
            info.update(self._costly(state, self.seat, deciding))
            return info
        legal, n = state.legal_actions_view(), self.num_actions  # never changed: safe to keep
        lazy = LazyInfo(info, ((("action_mask",), lambda _: {"action_mask": legal_mask(legal, n)}),
                               (OPTION_KEYS, self._options)), state, stateless=1)
        self._pending = weakref.ref(lazy)
        return lazy

    def _keep_pending_info(self) -> None:
        """Before the state changes in place: the last lazy info, if still held and unread,
        is given a clone of the state to compute from."""
        ref, self._pending = self._pending, None
        lazy = ref() if ref is not None else None
        if lazy is not None and lazy.needs_state:
            lazy.rebase(self.game_state.clone())

    def _costly(self, state: State, seat: int, deciding: bool) -> dict[str, Any]:
        """The mask and, with option features on, the options' ids and feature rows (padded
        to `max_options` rows if set) of `state` for the learner's `seat`."""
        values: dict[str, Any] = {
            "action_mask": action_mask(state, seat if deciding else None, self.num_actions)}
        if self.featurizer is not None:  # no prompt built: `option_features=False` is the cheap form
            values.update(self._options(state, deciding))
        return values

    def _options(self, state: State, deciding: bool = True) -> dict[str, Any]:
        """The options' ids and feature rows (see `_costly`)."""
        assert self.featurizer is not None
        values: dict[str, Any] = {}
        fast = decision_features(self.featurizer, state) if deciding else None
        if fast is not None:  # the featurizer reads the options from the state: no prompt
            actions, features = fast
        else:
            options = state.prompt(words=False).options if deciding else ()
            actions = np.fromiter((o.action for o in options), dtype=np.int64, count=len(options))
            features = self.featurizer.features(state, options)
        if self.max_options is not None:
            k = len(actions)
            padded = np.full(self.max_options, -1, dtype=np.int64)
            padded[:k] = actions
            table = np.zeros((self.max_options, self.option_width), dtype=np.float32)
            table[:k] = features
            actions, features = padded, table
        values["option_actions"] = actions
        values["option_features"] = features
        return values


def _make_bots(opponent: str | Agent | Sequence[str | Agent], players: int) -> list[Agent | None]:
    """One bot per seat but the learner's (`players - 1` of them, in seat order)."""
    if isinstance(opponent, str) or not isinstance(opponent, Sequence):
        specs: list[str | Agent] = [opponent] * (players - 1)
    else:
        specs = list(opponent)
        if len(specs) != players - 1:
            raise LudotecaError(f"opponent: {players - 1} bot(s) needed for {players} players, "
                                f"got {len(specs)}")
    return [make_agent(spec) if isinstance(spec, str) else spec for spec in specs]


def gym_env(
    name: str, opponent: str | Agent | Sequence[str | Agent] = "greedy", seat: int | str = 0, **kwargs: Any
) -> LudotecaGymEnv:
    """The single-agent environment for game `name` (keywords: the env's, then the game's options)."""
    return LudotecaGymEnv(name, opponent=opponent, seat=seat, **kwargs)


DEFAULT_VECTOR_MAX_OPTIONS = 512


def gym_vector_env(
    name: str, n: int, *, asynchronous: bool = False, max_options: int | None = DEFAULT_VECTOR_MAX_OPTIONS,
    **kwargs: Any,
) -> gymnasium.vector.VectorEnv:
    """`n` copies of `gym_env(name, **kwargs)` as a gymnasium vector env (`SyncVectorEnv`, or
    `AsyncVectorEnv` with one process per copy when `asynchronous`).

    The infos are stacked, so the option arrays are padded to `max_options` rows (see
    `LudotecaGymEnv`); `env.call("action_masks")` gives each copy's mask. Autoreset is
    gymnasium's default (`NEXT_STEP`: the step after a game's last one resets that copy
    and ignores its action). `reset(seed=s)` seeds copy i with s + i."""
    if n < 1:
        raise LudotecaError(f"a vector env needs at least one copy, got {n}")

    def make() -> LudotecaGymEnv:
        return LudotecaGymEnv(name, max_options=max_options, **kwargs)

    makers = [make] * n
    if asynchronous:
        return gymnasium.vector.AsyncVectorEnv(makers)
    return gymnasium.vector.SyncVectorEnv(makers)


def register_gymnasium() -> list[str]:
    """Register every game with gymnasium as `ludoteca/<name>-v0` (again: no-op); return the ids.

    Then `gymnasium.make("ludoteca/carcassonne-v0", opponent="random", players=2)` makes a
    `LudotecaGymEnv` (keywords as for `gym_env`), wrapped as `gymnasium.make` does."""
    from ludoteca.core.registry import registered_games

    ids = []
    for name in registered_games():
        env_id = f"ludoteca/{name}-v0"
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=f"{__name__}:LudotecaGymEnv", kwargs={"game_name": name},
                               disable_env_checker=True)
        ids.append(env_id)
    return ids


__all__ = ["DEFAULT_VECTOR_MAX_OPTIONS", "LudotecaGymEnv", "gym_env", "gym_vector_env", "register_gymnasium"]
