"""Playing many games between bots, in one process or several, reproducibly.

Game-agnostic: it uses only the core API (`load_game`, `new_initial_state`,
`play`, `returns`, `scores`) and agent specs (`ludoteca.agents.make_agent`).

Reproducibility
---------------
Game `i` of a run with base seed `S` gets its own seeds, derived from `(S, i)` only
(`derive_seed`): one for the chance outcomes and one per seat for its agent. So a
game's result does not depend on which process plays it or in what order, and a run
gives identical results for any number of workers.

Seating
-------
Game `i` rotates the agent list by `i`: seat `j` is played by
`agents[(i + j) % len(agents)]`. With as many agents as players, every agent plays
every seat equally often over `len(agents)` games. With fewer players than agents some
agents sit out a game; with more, an agent fills several seats of the same game.

Per game (`to_dict(per_game=True)`, `simulate --json --per-game`): the seats' specs, scores,
returns, the number of actions and each seat's `facts` (`State.seat_facts`: corporation,
cards played, Wonders taken...), which `ludoteca.sim.analysis` turns into a balance report.

Wins
----
Each finished game hands out exactly one win. The top scorers share it: a seat with a
positive return (`returns()`: +1/k for each of k tied winners) gets that share, and
when every seat ties (`returns()` are all 0) each of the n seats gets 1/n. An agent's
win rate is its win shares divided by the seats it played ("seat-games"); `draws`
counts the games where every seat tied.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.manifest import with_players
from ludoteca.core.play import play
from ludoteca.core.registry import game_class, load_game
from ludoteca.sim.common import cached_game, derive_seed, map_batches, win_shares


def seat_specs(agents: Sequence[str], players: int, index: int) -> list[str]:
    """The agent spec of each seat in game `index` (the agent list rotated by `index`)."""
    return [agents[(index + seat) % len(agents)] for seat in range(players)]


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of one game of a run."""

    index: int
    seats: tuple[str, ...]  # agent spec per seat
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    actions: int
    facts: tuple[dict[str, list[str]], ...] = ()  # per seat: `State.seat_facts` at the end

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index, "seats": list(self.seats), "scores": list(self.scores),
            "returns": list(self.returns), "actions": self.actions, "facts": list(self.facts),
        }


def play_one(
    game_name: str, options: dict[str, Any], agents: Sequence[str], seed: int, index: int
) -> GameResult:
    """Play game `index` of a run to the end and return its outcome."""
    game = cached_game(game_name, options)
    specs = seat_specs(agents, game.num_players(), index)
    bots = [make_agent(spec, seed=derive_seed(seed, index, "seat", s), game=game)
            for s, spec in enumerate(specs)]
    state = game.new_initial_state()
    play(state, bots, random.Random(derive_seed(seed, index, "chance")))
    return GameResult(
        index=index,
        seats=tuple(specs),
        scores=tuple(state.scores()),
        returns=tuple(state.returns()),
        actions=len(state.history()),
        facts=tuple(state.seat_facts(s) for s in range(game.num_players())),
    )


def _play_chunk(
    game_name: str, options: dict[str, Any], agents: Sequence[str], seed: int, indices: list[int]
) -> list[GameResult]:
    return [play_one(game_name, options, agents, seed, i) for i in indices]


@dataclass(frozen=True, slots=True)
class AgentStats:
    slot: int  # position in the agent list
    agent: str  # its spec
    seat_games: int
    wins: float
    win_rate: float
    mean_score: float
    mean_return: float


@dataclass(slots=True)
class Simulation:
    """A finished run: its parameters, every game's result and the time it took."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    players: int
    seed: int
    workers: int
    results: list[GameResult] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def games(self) -> int:
        return len(self.results)

    def agent_stats(self) -> list[AgentStats]:
        stats = []
        for slot, spec in enumerate(self.agents):
            seat_games, wins, score, ret = 0, 0.0, 0.0, 0.0
            for r in self.results:
                shares = win_shares(r.returns)
                for seat in range(self.players):
                    if (r.index + seat) % len(self.agents) == slot:
                        seat_games += 1
                        wins += shares[seat]
                        score += r.scores[seat]
                        ret += r.returns[seat]
            n = max(seat_games, 1)
            stats.append(AgentStats(slot, spec, seat_games, wins, wins / n, score / n, ret / n))
        return stats

    def seat_stats(self) -> list[dict[str, float]]:
        """Win rate and mean score by seat (seat 0 moves first)."""
        n = max(self.games, 1)
        out = []
        for seat in range(self.players):
            wins = sum(win_shares(r.returns)[seat] for r in self.results)
            score = sum(r.scores[seat] for r in self.results)
            out.append({"seat": seat, "win_rate": wins / n, "mean_score": score / n})
        return out

    def draws(self) -> int:
        return sum(1 for r in self.results if not any(x > 0 for x in r.returns))

    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else math.inf

    def to_dict(self, per_game: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "workers": self.workers,
            "agents": [asdict(s) for s in self.agent_stats()],
            "seats": self.seat_stats(),
            "draws": self.draws(),
            "mean_actions": sum(r.actions for r in self.results) / max(self.games, 1),
            "seconds": self.seconds,
            "games_per_second": self.games_per_second(),
        }
        if per_game:
            data["per_game"] = [r.to_dict() for r in self.results]
        return data


def prepare(
    game_name: str,
    agents: Sequence[str],
    *,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
) -> Simulation:
    """Check everything and return an empty run; bad names, options or specs raise here.

    `players` defaults to the number of agents (it overrides `options["players"]`).
    """
    if not agents:
        raise ValueError("a simulation needs at least one agent")
    opts = dict(options or {})
    if players is not None:
        opts["players"] = players
    else:
        opts = with_players(game_class(game_name), opts, len(agents))
    game = load_game(game_name, **opts)  # raises LudotecaError on a bad name or option
    for spec in agents:
        make_agent(spec, seed=0, game=game)  # raises LudotecaError on a bad spec, here and not in a worker
    return Simulation(
        game=game.name, options=json.loads(json.dumps(game.options)), agents=tuple(agents),
        players=game.num_players(), seed=seed, workers=max(1, workers),
    )


def run(sim: Simulation, games: int, on_progress: Callable[[int], None] | None = None) -> Simulation:
    """Play `games` games into `sim` (replacing earlier results); `on_progress(n)` as n more finish.

    With `sim.workers` > 1 the games are played in that many processes; the results
    are the same for any number of workers.
    """
    if games < 0:
        raise ValueError("the number of games must be >= 0")
    start = time.perf_counter()
    play_chunk = partial(_play_chunk, sim.game, sim.options, list(sim.agents), sim.seed)
    sim.results = map_batches(play_chunk, range(games), sim.workers, on_progress)
    sim.seconds = time.perf_counter() - start
    return sim


def simulate(
    game_name: str,
    agents: Sequence[str],
    games: int,
    *,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    on_progress: Callable[[int], None] | None = None,
) -> Simulation:
    """`prepare` then `run`: play `games` games of `game_name` between `agents` (specs)."""
    sim = prepare(game_name, agents, players=players, seed=seed, workers=workers, options=options)
    return run(sim, games, on_progress)
