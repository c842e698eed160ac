"""What a spec means in a given game: its search presets and difficulty levels.

Each game declares `Game.agent_presets`, a table of names to specs. Three kinds of
entries:

* **an agent's own name** (`mcts`, `ismcts`, `greedy`: an entry whose spec names
  the same agent): the options that agent takes in this game unless the spec says
  otherwise. `mcts:time=1` in Carcassonne is that game's strongest measured
  search at 1 s a move; explicit options override the preset's
  (`mcts:time=1,c=0.5`), and `preset=none` turns it off (`mcts:preset=none,time=1`:
  the plain defaults documented in `ludoteca.agents.mcts`). The entry may name another
  agent: in a game with hidden information `mcts = ismcts` makes `mcts:time=1` the
  information-set search when that is the strongest measured one; `preset=none` still
  gives the plain agent of the spec's own name.
* **`easy`, `medium`, `hard`**: difficulty levels for people, usable as agent names
  wherever a spec is (`--players human,hard`). `hard:time=2` overrides the level's
  own options like any spec.
* **any other name**: a named spec of the game (`ludoteca agents GAME` lists them),
  usable as an agent name too, and as `preset=NAME` for the agent it names
  (`mcts:preset=NAME,time=2`).

A preset entry may itself name another entry (`hard = mcts:time=1` then takes the
game's `mcts` preset), so each measured setting is written once. Budgets (`time`,
`iterations`) belong to the caller or to a named entry, never to the `mcts` entry
itself, so `mcts:iterations=200` is not also given a time limit.
"""

from __future__ import annotations

from typing import Any

from ludoteca.agents.base import parse_spec
from ludoteca.core.api import Game
from ludoteca.core.errors import LudotecaError

DIFFICULTIES = ("easy", "medium", "hard")
GAME_DEPENDENT = ("greedy", "mcts", "ismcts")  # agents a game's table may give default options
NO_PRESET = "none"


def game_presets(game: Game | type[Game] | str) -> dict[str, str]:
    """The game's preset table (name -> spec), by game, game class or registry name."""
    if isinstance(game, str):
        from ludoteca.core.registry import game_class

        game = game_class(game)
    return dict(game.agent_presets)


def resolve_spec(spec: str, presets: dict[str, str]) -> tuple[str, dict[str, Any]]:
    """The agent name and its full options for `spec` under a game's `presets`.

    Explicit options win over the preset's; unknown names are returned as they are
    (the caller reports them with the list of agents)."""
    return _resolve(spec, presets, ())


def _resolve(spec: str, presets: dict[str, str], seen: tuple[str, ...]) -> tuple[str, dict[str, Any]]:
    name, params = parse_spec(spec)
    explicit: dict[str, Any] = dict(params)
    chosen = explicit.pop("preset", None)
    if chosen == NO_PRESET and name in GAME_DEPENDENT:
        return name, explicit  # the plain agent, even where the game's entry names another
    if name in presets and not _defaults_entry(name, presets):  # a difficulty level or a named spec
        if name in seen:
            raise LudotecaError(f"agent presets name each other in a loop: {' -> '.join((*seen, name))}")
        if chosen is not None:
            raise LudotecaError(
                f"agent {name!r} is itself a preset; preset= applies to {', '.join(GAME_DEPENDENT)}")
        base_name, base = _resolve(presets[name], presets, (*seen, name))
        return base_name, {**base, **explicit}
    if name in DIFFICULTIES:
        raise LudotecaError(f"this game defines no {name!r} level")
    if chosen is None:
        chosen = name if _defaults_entry(name, presets) else NO_PRESET
    if chosen == NO_PRESET:
        return name, explicit
    if chosen not in presets:
        valid = ", ".join([NO_PRESET, *sorted(presets)])
        raise LudotecaError(f"unknown preset {chosen!r} for agent {name!r}; presets: {valid}")
    if chosen == name:
        base_name, base = parse_spec(presets[chosen])
    else:
        if chosen in seen:
            raise LudotecaError(f"agent presets name each other in a loop: {' -> '.join((*seen, chosen))}")
        base_name, base = _resolve(presets[chosen], presets, (*seen, chosen))
    if base_name != name:
        raise LudotecaError(f"preset {chosen!r} is a {base_name!r} spec, not {name!r}")
    return name, {**base, **explicit}


def _defaults_entry(name: str, presets: dict[str, str]) -> bool:
    """Is `presets[name]` the default options of agent `name` (a spec of that agent)?"""
    return name in presets and parse_spec(presets[name])[0] == name


def describe(presets: dict[str, str]) -> list[tuple[str, str]]:
    """(name, what it stands for) for every entry, difficulty levels first, resolved in full."""
    order = [*[d for d in DIFFICULTIES if d in presets], *sorted(set(presets) - set(DIFFICULTIES))]
    rows = []
    for name in order:
        agent, options = resolve_spec(name, presets)
        rows.append((name, format_spec(agent, options)))
    return rows


def format_spec(name: str, options: dict[str, Any]) -> str:
    """`name:key=value,...` (the inverse of `parse_spec`)."""
    if not options:
        return name
    return f"{name}:" + ",".join(f"{key}={value}" for key, value in options.items())
