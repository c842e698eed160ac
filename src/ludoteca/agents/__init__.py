"""Bots, created by name from a spec string such as `random`, `greedy` or `greedy:seed=3`.

Every agent works through the core API only, so each game gains every bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ludoteca.agents.base import parse_spec
from ludoteca.agents.greedy import GreedyAgent
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.random_agent import RandomAgent
from ludoteca.core.errors import LudotecaError
from ludoteca.core.play import Agent

_AGENTS: dict[str, Callable[..., Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    "mcts": MCTSAgent,
    "ismcts": ISMCTSAgent,
}


def agent_names() -> list[str]:
    return sorted(_AGENTS)


def is_instant(spec: str) -> bool:
    """True for an agent whose every step is a constant, tiny amount of work (`random`):
    the server runs it in place instead of shipping the position to a worker process."""
    name, _params = parse_spec(spec)
    return bool(getattr(_AGENTS.get(name), "instant", False))


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """Build an agent from `name[:key=value,...]`; a bad spec says what is valid."""
    name, params = parse_spec(spec)
    if name not in _AGENTS:
        raise LudotecaError(f"unknown agent {name!r}; agents: {', '.join(agent_names())}")
    kwargs: dict[str, Any] = dict(params)
    if seed is not None and "seed" not in kwargs:
        kwargs["seed"] = seed
    try:
        return _AGENTS[name](**kwargs)
    except TypeError as exc:
        raise LudotecaError(f"bad parameters for agent {name!r}: {exc}") from None


__all__ = ["Agent", "agent_names", "is_instant", "make_agent"]
