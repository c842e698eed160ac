"""Every registered game as an OpenSpiel (`pyspiel`) Python game.

    >>> from ludoteca.envs import openspiel
    >>> openspiel.register()                      # idempotent; returns the OpenSpiel names
    ['ludoteca_carcassonne']
    >>> game = openspiel.load_game("carcassonne", players=2, bag=["base:A"] * 5)
    >>> # the same as pyspiel.load_game("ludoteca_carcassonne",
    >>> #                               {"players": 2, "bag": '["base:A","base:A",...]'})

Game type (`pyspiel.GameType`), per registered game `ludoteca_<name>`:
sequential, explicit stochastic chance, perfect information unless the game has
`hidden_information` (then imperfect), terminal rewards, observation string and
tensor, information-state string. Utility: zero-sum for a two-player instance whose
returns are the core's (+1/-1, 0 on a tie), general-sum otherwise (the registered
type says general-sum; each instance reports its own). Players: the range the
game's `players` option accepts with its other options at their defaults, widened
to the instance's own count.

Parameters: each game option becomes an OpenSpiel parameter of the same name. A
bool, int, float or str default stays that type; any other option (lists, options
without a default) is a JSON string, e.g. `expansions='["inns_cathedrals"]'`,
`bag='null'` for the default. In a game string, where `,` separates parameters,
write such a value percent-encoded (`%2C` for `,`; also `%25 %3D %28 %29` for
`% = ( )`): `ludoteca_carcassonne(players=3,expansions=["inns_cathedrals"%2C"wonders"])`.
`load_game()` and the game's own string use that form, so states serialize.

Game info: `num_distinct_actions()`, `max_chance_outcomes()` (the game's own, else
`num_distinct_actions()`), `num_players()`, utilities -1..1, `max_game_length()`
(the game's own, else `DEFAULT_MAX_GAME_LENGTH`).

States forward to a `ludoteca` state (`LudotecaSpielState.ludoteca_state`): legal
actions, chance outcomes, apply, notation, terminal, returns, `__str__`; cloning
uses the engine's cheap `clone()`; `resample_from_infostate` uses the engine's.

Observer (`make_py_observer`): the observation tensor is exactly the PettingZoo
encoder's vector (`Game.encoder()`, `ludoteca.core.encoding`), with the encoder's
named segments as its `dict`; the observation string is the seat's JSON view (`observation(seat)`,
keys sorted). The information-state string (perfect recall) is, for a perfect
information game, the seat and the whole action history; for a hidden-information
game, the seat's own actions plus its current view (an approximation of perfect
recall, enough for `ISMCTSBot`'s keys). No information-state tensor is provided:
`information_state_tensor(player)` raises `LudotecaError` saying so (rather than
returning an empty list). MCTS leaf values from Ludoteca's own judges:
`ludoteca.envs.openspiel_mcts.LudotecaEvaluator`.
"""

from __future__ import annotations

import json
import random
from typing import Any
from urllib.parse import unquote

import numpy as np
import pyspiel

from ludoteca.core.api import Game, State
from ludoteca.core.encoding import Encoder, encode_seat
from ludoteca.core.errors import LudotecaError
from ludoteca.core.registry import game_class, registered_games

PREFIX = "ludoteca_"
DEFAULT_MAX_GAME_LENGTH = 100_000
_SCALARS = (bool, int, float, str)
_ESCAPES = {c: f"%{ord(c):02X}" for c in "%,=()"}
INFOSTATE_TENSOR_MISSING = (
    "ludoteca games provide no information-state tensor (the game type says "
    "provides_information_state_tensor=False): use observation_tensor(player), the seat's view, "
    "or information_state_string(player)")


def spiel_name(name: str) -> str:
    return f"{PREFIX}{name}"


def _param_value(default: Any, value: Any) -> Any:
    """An option value as an OpenSpiel parameter: scalars as they are, the rest as JSON
    with `%`, `,`, `=`, `(` and `)` percent-encoded, so the game string round-trips.

    A bare JSON number or literal (an option whose default is None, given `2`) has its
    first character percent-encoded too, or OpenSpiel's game-string parser would read
    it back as a number and reject it for a string parameter."""
    if isinstance(default, _SCALARS):
        return value
    text = "".join(_ESCAPES.get(c, c) for c in json.dumps(value, separators=(",", ":")))
    if text[0] in "-0123456789tfn":
        text = f"%{ord(text[0]):02X}{text[1:]}"
    return text


def _parameter_spec(cls: type[Game]) -> dict[str, Any]:
    return {k: _param_value(v, v) for k, v in cls.default_options.items()}


def _options_from_params(cls: type[Game], params: dict[str, Any]) -> dict[str, Any]:
    """OpenSpiel parameters -> ludoteca options (JSON strings decoded, nulls dropped)."""
    options = {}
    for key, value in params.items():
        default = cls.default_options.get(key)
        if not isinstance(default, _SCALARS) and isinstance(value, str):
            try:
                value = json.loads(unquote(value))
            except json.JSONDecodeError:
                raise LudotecaError(f"parameter {key!r} must be JSON, got {value!r}") from None
        if value is not None:
            options[key] = value
    return options


def _game_type(name: str, cls: type[Game], players: tuple[int, int], zero_sum: bool) -> pyspiel.GameType:
    hidden = cls.hidden_information
    info = pyspiel.GameType.Information
    utility = pyspiel.GameType.Utility
    return pyspiel.GameType(
        short_name=spiel_name(name),
        long_name=f"Ludoteca {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.IMPERFECT_INFORMATION if hidden else info.PERFECT_INFORMATION,
        utility=utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        provides_factored_observation_string=False,
        parameter_specification=_parameter_spec(cls),
    )


class _Inner:
    """Holds the ludoteca state; OpenSpiel deep-copies it on clone, we clone cheaply."""

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.state.clone())


class LudotecaSpielGame(pyspiel.Game):
    """A ludoteca game inside OpenSpiel. Subclassed per registered game by `register()`."""

    ludoteca_name: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        cls = game_class(self.ludoteca_name)
        spec = _parameter_spec(cls)
        params = {**spec, **(params or {})}
        self.ludoteca_game: Game = cls(**_options_from_params(cls, params))
        game = self.ludoteca_game
        n = game.num_players()
        low, high = _REGISTERED_RANGES.get(self.ludoteca_name, (n, n))
        zero_sum = n == 2 and type(game.new_initial_state()).returns is State.returns
        max_chance = game.max_chance_outcomes
        max_length = lambda: game.max_game_length() or DEFAULT_MAX_GAME_LENGTH  # noqa: E731
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_distinct_actions(),
            max_chance_outcomes=int(max_chance()),
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0 if zero_sum else None,
            max_game_length=int(max_length()),
        )
        game_type = _game_type(self.ludoteca_name, cls, (min(low, n), max(high, n)), zero_sum)
        # options the game filled in itself (e.g. Wonders drawn at random) go into the game string
        params.update({k: _param_value(cls.default_options.get(k), v) for k, v in game.options.items()})
        super().__init__(game_type, info, params)
        self.encoder: Encoder = game.encoder()

    def new_initial_state(self) -> LudotecaSpielState:
        return LudotecaSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> LudotecaObserver:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return LudotecaObserver(self, perfect_recall)


class LudotecaSpielState(pyspiel.State):
    """A pyspiel state forwarding to a ludoteca state."""

    def __init__(self, game: LudotecaSpielGame) -> None:
        super().__init__(game)
        self._inner = _Inner(game.ludoteca_game.new_initial_state())

    @property
    def ludoteca_state(self) -> State:
        """The engine's state (read it; change it only through this object's `apply_action`)."""
        return self._inner.state

    def current_player(self) -> int:
        return self._inner.state.current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return self._inner.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._inner.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._inner.state.apply_action(action)

    def _action_to_string(self, player: int, action: int) -> str:
        return self._inner.state.action_to_string(action)

    def is_terminal(self) -> bool:
        return self._inner.state.is_terminal()

    def returns(self) -> list[float]:
        return self._inner.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> LudotecaSpielState:
        """A state `player_id` cannot tell from this one, hidden parts re-dealt by the engine."""
        seed = probability_sampler() if callable(probability_sampler) else random.random()
        resampled = self._inner.state.resample_from_infostate(player_id, random.Random(seed))
        other = LudotecaSpielState(self.get_game())
        for action in resampled.history():  # replayed, so OpenSpiel's history matches the engine's
            other.apply_action(action)
        return other

    def __str__(self) -> str:
        return str(self._inner.state)


class LudotecaObserver:
    """OpenSpiel's PyObserver: the encoder's tensor and the seat's JSON view."""

    def __init__(self, game: LudotecaSpielGame, perfect_recall: bool) -> None:
        self._encoder = game.encoder
        self._perfect_recall = perfect_recall
        self._hidden = bool(game.ludoteca_game.hidden_information)
        layout = self._encoder.layout
        self.tensor = layout.zeros() if not perfect_recall else np.zeros(0, dtype=np.float32)
        self.dict: dict[str, np.ndarray] = layout.views(self.tensor) if not perfect_recall else {}

    def set_from(self, state: LudotecaSpielState, player: int) -> None:
        if self._perfect_recall:
            raise LudotecaError(INFOSTATE_TENSOR_MISSING)
        encode_seat(self._encoder, state.ludoteca_state, player, out=self.tensor)

    def string_from(self, state: LudotecaSpielState, player: int) -> str:
        inner = state.ludoteca_state
        if not self._perfect_recall:
            return json.dumps(inner.observation(player), sort_keys=True, separators=(",", ":"))
        if not self._hidden:
            return json.dumps({"seat": player, "history": inner.history()}, separators=(",", ":"))
        own = [pa.action for pa in state.full_history() if pa.player == player]
        view = json.dumps(inner.observation(player), sort_keys=True, separators=(",", ":"))
        return json.dumps({"seat": player, "own_actions": own}, separators=(",", ":")) + "|" + view


_REGISTERED_RANGES: dict[str, tuple[int, int]] = {}


def register() -> list[str]:
    """Register every ludoteca game with pyspiel (again: no-op); return the OpenSpiel names."""
    names = []
    known = set(pyspiel.registered_names())
    for name in registered_games():
        short = spiel_name(name)
        names.append(short)
        if short in known and name in _REGISTERED_RANGES:
            continue
        cls = game_class(name)
        players = (cls.min_players, cls.max_players)  # declared in the game's manifest
        _REGISTERED_RANGES[name] = players
        game_cls = type(f"Ludoteca_{name}_SpielGame", (LudotecaSpielGame,), {"ludoteca_name": name})
        pyspiel.register_game(_game_type(name, cls, players, zero_sum=False), game_cls)
    return names


def load_game(name: str, **options: Any) -> LudotecaSpielGame:
    """`pyspiel.load_game` for ludoteca game `name` with ludoteca-style options (registers first)."""
    register()
    cls = game_class(name)
    params = {key: _param_value(cls.default_options.get(key), value) for key, value in options.items()}
    game: LudotecaSpielGame = pyspiel.load_game(spiel_name(name), params)
    return game


__all__ = ["LudotecaSpielGame", "LudotecaSpielState", "load_game", "register", "spiel_name"]
