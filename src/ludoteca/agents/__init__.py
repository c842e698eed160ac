"""Bots, created by name from a spec string such as `random`, `greedy`, `greedy:seed=3` or `hard`.

Every agent works through the core API only, so each game gains every bot. What
`greedy`, `mcts`, `ismcts` and the difficulty levels `easy`, `medium`, `hard` mean depends on
the game (its `Game.agent_presets`, see `ludoteca.agents.presets`): given the game,
`make_agent` builds the agent for it at once; without it, the agent is built at its
first `step`, for the game of that state (and again if a later state is of another
game), and the spec is checked against the game-independent defaults right away.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.agents.base import parse_spec
from ludoteca.agents.greedy import GreedyAgent
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.presets import DIFFICULTIES, GAME_DEPENDENT, NO_PRESET, game_presets, resolve_spec
from ludoteca.agents.random_agent import RandomAgent
from ludoteca.core.api import Game, State
from ludoteca.core.errors import LudotecaError
from ludoteca.core.play import Agent

_AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
}


def agent_names() -> list[str]:
    """The agents and difficulty levels every game accepts."""
    return [*sorted(_AGENTS), *DIFFICULTIES]


def is_instant(spec: str) -> bool:
    """True for an agent whose every step is a constant, tiny amount of work (`random`):
    the server runs it in place instead of shipping the position to a worker process."""
    name, _params = parse_spec(spec)
    return bool(getattr(_AGENTS.get(name), "instant", False))


def make_agent(spec: str, seed: int | None = None, game: Game | type[Game] | str | None = None) -> Agent:
    """Build an agent from `name[:key=value,...]` for `game` (a game, its class or its
    registry name); a bad spec says what is valid. Without `game`, a spec whose meaning
    depends on the game is resolved at the agent's first step."""
    if game is not None:
        return _build(spec, seed, game_presets(game))
    name, params = parse_spec(spec)
    preset = params.get("preset", name if name in GAME_DEPENDENT else NO_PRESET)
    if name in _AGENTS and preset == NO_PRESET:  # the same agent in every game
        return _build(spec, seed, {})
    return GameAgent(spec, seed)


def _build(spec: str, seed: int | None, presets: dict[str, str]) -> Agent:
    name, options = resolve_spec(spec, presets)
    if name not in _AGENTS:
        known = [*agent_names(), *sorted(set(presets) - set(_AGENTS) - set(DIFFICULTIES))]
        raise LudotecaError(f"unknown agent {name!r}; agents: {', '.join(known)}")
    kwargs: dict[str, Any] = dict(options)
    if seed is not None and "seed" not in kwargs:
        kwargs["seed"] = seed
    try:
        return _AGENTS[name](**kwargs)
    except TypeError as exc:
        raise LudotecaError(f"bad parameters for agent {name!r}: {exc}") from None


def reseed(agent: Agent, seed: int) -> bool:
    """Give `agent` a fresh random generator seeded `seed` and keep everything else it holds
    (a planned turn, a kept tree); False if it has no `reseed` (then build a new agent).

    The server keeps a game's bot between its moves and reseeds it from the move's own seed,
    so a move is as reproducible as with a fresh agent while `whole=1` and `plan=1` still
    play the rest of the turn they chose."""
    method = getattr(agent, "reseed", None)
    if method is None:
        return False
    method(seed)
    return True


class GameAgent:
    """An agent whose spec is read in the game it is asked to play (see the module docstring).

    Until the first step it stands for the spec under the core `Game`'s presets, so a
    bad spec fails at once and attributes (`iterations`, `last_search`, ...) can be read;
    afterwards, attributes are those of the agent built for the game."""

    def __init__(self, spec: str, seed: int | None = None) -> None:
        self.spec = spec
        self._seed = seed
        self._game: str | None = None
        self._reset: tuple[int | None] | None = None  # the last reset's seed, replayed on a rebuild
        self._agent = _build(spec, seed, game_presets(Game))

    @property
    def name(self) -> str:
        return self._agent.name

    def step(self, state: State) -> int:
        game = state.game.name
        if game != self._game:
            self._agent = _build(self.spec, self._seed, game_presets(state.game))
            self._game = game
            if self._reset is not None:
                self._agent.reset(self._reset[0])
        return self._agent.step(state)

    def reset(self, seed: int | None = None) -> None:
        self._reset = (seed,)
        self._agent.reset(seed)

    def __getattr__(self, attribute: str) -> Any:
        return getattr(self.__dict__["_agent"], attribute)


__all__ = ["Agent", "GameAgent", "agent_names", "is_instant", "make_agent", "reseed"]
