"""Engine speed: whole random games, `apply_action` and `clone`, in one process.

Uses only the core API, so any registered game can be measured:

* games per second: complete games between uniform random agents, chance included
  (this also counts the agents' `legal_actions` calls);
* apply_action per second: the same games' action histories replayed on fresh states
  (each `apply_action` validates the action against the legal ones, as in play);
* clone per second: one state from the middle of the first game, cloned many times;
* optionally (`greedy_games=N`), the CPU seconds of a complete game between `greedy`
  bots, the figure that says how long a bot game takes (random games can be far
  longer or shorter than real ones).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.api import State
from ludoteca.core.manifest import with_players
from ludoteca.core.play import play
from ludoteca.core.registry import game_class, load_game
from ludoteca.sim.common import derive_seed


@dataclass(frozen=True, slots=True)
class BenchResult:
    game: str
    options: dict[str, Any]
    games: int
    seed: int
    actions: int  # total actions over all games, chance outcomes included
    mean_actions: float
    games_seconds: float
    games_per_second: float
    actions_per_second: float  # actions during whole games (agents' time included)
    apply_action_per_second: float
    clones: int
    clone_per_second: float
    greedy_games: int = 0
    greedy_seconds_per_game: float | None = None  # CPU seconds

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def bench(
    game_name: str = "carcassonne",
    games: int = 200,
    seed: int = 0,
    players: int = 2,
    clones: int | None = None,
    options: dict[str, Any] | None = None,
    greedy_games: int = 0,
    clock: Callable[[], float] = time.perf_counter,
) -> BenchResult:
    """Measure; `clones` defaults to 50 per game (at least 1000). `clock` times the random
    games, replays and clones (wall time by default; `time.process_time` for CPU time)."""
    if games < 1:
        raise ValueError("bench needs at least one game")
    if greedy_games < 0:
        raise ValueError("greedy_games must be >= 0")
    game = load_game(game_name, **with_players(game_class(game_name), options or {}, players))
    histories: list[list[int]] = []
    start = clock()
    for i in range(games):
        agents = [make_agent("random", seed=derive_seed(seed, i, "seat", s), game=game)
                  for s in range(players)]
        state = game.new_initial_state()
        play(state, agents, random.Random(derive_seed(seed, i, "chance")))
        histories.append(state.history())
    games_seconds = clock() - start
    actions = sum(len(h) for h in histories)

    start = clock()
    for history in histories:
        state = game.new_initial_state()
        apply = state.apply_action
        for action in history:
            apply(action)
    apply_seconds = clock() - start

    middle = _state_after(game.new_initial_state(), histories[0][: len(histories[0]) // 2])
    n_clones = clones if clones is not None else max(1000, 50 * games)
    clone = middle.clone
    start = clock()
    for _ in range(n_clones):
        clone()
    clone_seconds = clock() - start

    greedy_seconds = None
    if greedy_games:
        start = time.process_time()
        for i in range(greedy_games):
            agents = [make_agent("greedy", seed=derive_seed(seed, i, "greedy", s), game=game)
                      for s in range(players)]
            play(game.new_initial_state(), agents, random.Random(derive_seed(seed, i, "greedy chance")))
        greedy_seconds = (time.process_time() - start) / greedy_games

    return BenchResult(
        game=game.name,
        options=json.loads(json.dumps(game.options)),
        games=games,
        seed=seed,
        actions=actions,
        mean_actions=actions / games,
        games_seconds=games_seconds,
        games_per_second=_rate(games, games_seconds),
        actions_per_second=_rate(actions, games_seconds),
        apply_action_per_second=_rate(actions, apply_seconds),
        clones=n_clones,
        clone_per_second=_rate(n_clones, clone_seconds),
        greedy_games=greedy_games,
        greedy_seconds_per_game=greedy_seconds,
    )


def _state_after(state: State, actions: list[int]) -> State:
    for action in actions:
        state.apply_action(action)
    return state
