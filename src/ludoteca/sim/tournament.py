"""Tournaments between bots: seat rotation, paired seeds, win rates with confidence, ratings.

`run_tournament` plays every match-up of the agent list, gathers per-agent results
(games, wins, win rate with a 95% Wilson interval, mean score, Bradley–Terry rating on
the Elo scale; see `ludoteca.sim.ratings`) and can save them with every game's record.
It uses only the core API and agent specs, so it works for every registered game.

Match-ups and seats
-------------------
With as many agents as players (or fewer) there is a single match-up: all agents,
repeated round the table when there are fewer agents than seats. With more agents
than players, every combination of `players` agents is a match-up (a round robin).
Each match-up plays `games` games. In game i of a match-up `m` (a tuple of agents),
seat j is played by `m[(i + j) % len(m)]`, so over `len(m)` consecutive games every
agent plays every seat position once.

Seeds and reproducibility
-------------------------
Every random number of game i comes from seeds derived from `(seed, ...)` by a hash
(`derive_seed`), never from shared state: the chance seed from `(seed, "deal", i //
len(m))` and each seat's agent seed from `(seed, "agent", match-up, i, seat)`. So

* the `len(m)` seat rotations of a deal share the same chance stream ("duplicate"
  games: in Carcassonne the same tiles come in the same order, whoever sits where),
* game i of every match-up sees the same chance stream too (seeds paired across
  match-ups, so differences between match-ups are not luck of the draw), and
* results do not depend on which process plays a game or when: any `workers` count
  gives identical results (only the timings differ).

Wins: the top scorers of a game share its win (k tied winners get 1/k each), and when
every seat ties each seat gets 1/n — the same rule as `returns()`. An agent's `games`
counts its seats, so with repeated agents one game can count several times.

Backends
--------
A tournament is a list of `GameTask`s (plain data: everything one game needs,
seeds included) mapped through `play_games`, a pure function, then aggregated in
the parent; a backend only decides where the tasks run.

* `local` (`_run_local`) maps batches of tasks over a
  `concurrent.futures.ProcessPoolExecutor` with `workers` processes, or plays them
  in this process with one worker.
* `ray` (`ludoteca.sim.ray_backend.run_ray`) submits the same kind of batches as
  Ray tasks (`play_games` wrapped with `ray.remote`) to a local Ray instance with
  `workers` CPUs, or to the cluster at `address`, gathers them with `ray.wait`
  (calling `on_progress` as they land) and sorts the outcomes by `(matchup, index)`.

Long tournaments and resuming
-----------------------------
With `out_dir`, every game is appended to `out_dir/games.jsonl` as it lands (a header
line naming the tournament, then one outcome per line). `resume=True` reads that log,
checks that it belongs to the same tournament (game, options, agents, players, games,
seed) and plays only the games it lacks; as every game's seeds come from its task,
the resumed tournament gives the results an uninterrupted one would.

Aggregation, saving and the reproducibility promise are the same for both because
the tasks carry all their seeds: the same seed gives the same results on either
backend (`to_dict(timings=False)` is equal); only the timings differ.
"""

from __future__ import annotations

import csv
import itertools
import json
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from ludoteca.agents import make_agent
from ludoteca.core.errors import LudotecaError
from ludoteca.core.manifest import with_players
from ludoteca.core.play import play
from ludoteca.core.record import save_record
from ludoteca.core.registry import game_class, load_game
from ludoteca.sim.common import cached_game, derive_seed, map_batches, win_shares
from ludoteca.sim.ratings import elo_ratings, pairwise_results, wilson_interval

RESULT_FORMAT = "ludoteca-tournament/1"
BACKENDS = ("local", "ray")
Progress = Callable[[int, int], None]


def matchups(agents: int, players: int) -> list[tuple[int, ...]]:
    """The match-ups of a tournament, as tuples of agent indices (see the module docstring)."""
    if agents <= players:
        return [tuple(range(agents))]
    return list(itertools.combinations(range(agents), players))


def agent_labels(specs: Sequence[str]) -> list[str]:
    """Display names: the specs, with `#2`, `#3`... added to repeated ones."""
    seen: dict[str, int] = {}
    labels = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        labels.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return labels


def split_agent_specs(text: str) -> list[str]:
    """Agent specs from one comma-separated string, keeping each spec's parameters with it.

    `"mcts:time=1,c=0.7,greedy"` gives `["mcts:time=1,c=0.7", "greedy"]`: an item
    `key=value` without a `:` continues the spec before it. Empty items, or a
    parameter with no spec to belong to, raise `LudotecaError`.
    """
    specs: list[str] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise LudotecaError(f"agents must be a comma-separated list such as 'greedy,random', "
                                f"got {text!r}")
        if "=" in item and ":" not in item:
            if not specs or ":" not in specs[-1]:
                raise LudotecaError(f"agent parameter {item!r} in {text!r} follows no 'name:key=value' spec")
            specs[-1] += "," + item
        else:
            specs.append(item)
    return specs


@dataclass(frozen=True, slots=True)
class GameTask:
    """Everything needed to play one game of a tournament, seeds included."""

    game: str
    options: dict[str, Any]
    matchup: int
    index: int
    agents: tuple[int, ...]  # agent index per seat
    specs: tuple[str, ...]  # agent spec per seat
    agent_seeds: tuple[int, ...]
    chance_seed: int
    record_path: str | None = None


@dataclass(frozen=True, slots=True)
class GameOutcome:
    """The result of one game."""

    matchup: int
    index: int
    agents: tuple[int, ...]
    scores: tuple[float, ...]
    returns: tuple[float, ...]
    actions: int
    seconds: float
    record: str | None = None

    def win_shares(self) -> list[float]:
        return win_shares(self.returns)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameOutcome:
        return cls(matchup=data["matchup"], index=data["index"], agents=tuple(data["agents"]),
                   scores=tuple(data["scores"]), returns=tuple(data["returns"]), actions=data["actions"],
                   seconds=data["seconds"], record=data.get("record"))


def play_game(task: GameTask) -> GameOutcome:
    """Play one tournament game from its task (a pure function of the task)."""
    start = time.perf_counter()
    game = cached_game(task.game, task.options)
    bots = [make_agent(spec, seed=s, game=game) for spec, s in zip(task.specs, task.agent_seeds, strict=True)]
    state = play(game.new_initial_state(), bots, random.Random(task.chance_seed))
    if task.record_path is not None:
        save_record(state, task.record_path)
    return GameOutcome(
        matchup=task.matchup, index=task.index, agents=task.agents, scores=tuple(state.scores()),
        returns=tuple(state.returns()), actions=len(state.history()),
        seconds=time.perf_counter() - start, record=task.record_path,
    )


def play_games(tasks: list[GameTask]) -> list[GameOutcome]:
    """Play a batch of games (the unit of work a backend ships to a worker)."""
    return [play_game(task) for task in tasks]


@dataclass(frozen=True, slots=True)
class AgentResult:
    """One agent's line of the results table."""

    agent: str  # label
    spec: str
    games: int  # seats played
    wins: float
    win_rate: float
    ci_low: float
    ci_high: float
    mean_score: float
    elo: float


@dataclass(slots=True)
class TournamentResult:
    """A finished tournament: its parameters, every game's outcome and the summaries."""

    game: str
    options: dict[str, Any]
    agents: tuple[str, ...]
    players: int
    games_per_matchup: int
    seed: int
    workers: int
    matchups: list[tuple[int, ...]]
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    prior: float = 1.0
    backend: str = "local"

    @property
    def labels(self) -> list[str]:
        return agent_labels(self.agents)

    def head_to_head(self) -> list[list[float]]:
        """`[i][j]`: pairwise wins of agent i over agent j (by score; ties count half)."""
        k = len(self.agents)
        wins = [[0.0] * k for _ in range(k)]
        for outcome in self.outcomes:
            for a, b, x in pairwise_results(outcome.agents, outcome.scores):
                wins[a][b] += x
                wins[b][a] += 1.0 - x
        return wins

    def standings(self) -> list[AgentResult]:
        """Per-agent results, in the order the agents were given."""
        k = len(self.agents)
        seats, wins, score = [0] * k, [0.0] * k, [0.0] * k
        for outcome in self.outcomes:
            for seat, (agent, share) in enumerate(zip(outcome.agents, outcome.win_shares(), strict=True)):
                seats[agent] += 1
                wins[agent] += share
                score[agent] += outcome.scores[seat]
        elo = elo_ratings(self.head_to_head(), prior=self.prior)
        rows = []
        for i, label in enumerate(self.labels):
            n = seats[i]
            low, high = wilson_interval(wins[i], n)
            rows.append(AgentResult(
                agent=label, spec=self.agents[i], games=n, wins=wins[i],
                win_rate=wins[i] / n if n else 0.0, ci_low=low, ci_high=high,
                mean_score=score[i] / n if n else 0.0, elo=elo[i],
            ))
        return rows

    def to_dict(self, timings: bool = True) -> dict[str, Any]:
        """JSON-able results; `timings=False` leaves out everything that depends on the clock."""
        games = []
        for o in self.outcomes:
            row = asdict(o)
            row["agents"] = [self.labels[a] for a in o.agents]
            if not timings:
                del row["seconds"]
            games.append(row)
        data: dict[str, Any] = {
            "format": RESULT_FORMAT,
            "game": self.game,
            "options": self.options,
            "agents": list(self.agents),
            "players": self.players,
            "games_per_matchup": self.games_per_matchup,
            "total_games": len(self.outcomes),
            "seed": self.seed,
            "rating": {"method": "bradley-terry", "scale": "elo", "prior": self.prior},
            "matchups": [[self.labels[a] for a in m] for m in self.matchups],
            "standings": [asdict(r) for r in self.standings()],
            "head_to_head": self.head_to_head(),
            "games": games,
        }
        if timings:
            data["backend"] = self.backend
            data["workers"] = self.workers
            data["seconds"] = self.seconds
        return data

    def save(self, out_dir: str | Path) -> dict[str, Path]:
        """Write `tournament.json`, `standings.csv`, `games.csv` and, with matplotlib, `standings.png`."""
        out = Path(out_dir)
        out.mkdir(parents=True, exist_ok=True)
        paths = {
            "json": out / "tournament.json", "csv": out / "standings.csv", "games_csv": out / "games.csv",
        }
        paths["json"].write_text(json.dumps(self.to_dict(), indent=1) + "\n", encoding="utf-8")
        standings = self.standings()
        with paths["csv"].open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(["agent", "spec", "games", "wins", "win_rate", "ci_low", "ci_high",
                             "mean_score", "elo"])
            for r in standings:
                writer.writerow([r.agent, r.spec, r.games, _fmt(r.wins), _fmt(r.win_rate), _fmt(r.ci_low),
                                 _fmt(r.ci_high), _fmt(r.mean_score), _fmt(r.elo)])
        with paths["games_csv"].open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            seat_cols = [f"{what}{s}" for what in ("agent", "score") for s in range(self.players)]
            writer.writerow(["matchup", "index", *seat_cols, "actions", "seconds", "record"])
            for o in self.outcomes:
                writer.writerow([o.matchup, o.index, *(self.labels[a] for a in o.agents),
                                 *(_fmt(s) for s in o.scores), o.actions, _fmt(o.seconds), o.record or ""])
        chart = save_chart(self, out / "standings.png")
        if chart is not None:
            paths["png"] = chart
        return paths


def _fmt(x: float) -> str:
    return f"{x:.6g}" if isinstance(x, float) else str(x)


def save_chart(result: TournamentResult, path: Path) -> Path | None:
    """A bar chart of win rates with their 95% intervals; None if matplotlib is not installed."""
    try:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
    except ImportError:
        return None
    rows = result.standings()
    fig = Figure(figsize=(max(4.0, 1.2 * len(rows) + 2), 3.6), layout="tight")
    FigureCanvasAgg(fig)
    ax = fig.add_subplot()
    x = range(len(rows))
    rates = [r.win_rate for r in rows]
    errors = [[r.win_rate - r.ci_low for r in rows], [r.ci_high - r.win_rate for r in rows]]
    ax.bar(x, rates, yerr=errors, capsize=6, color="#4878a8")
    ax.set_xticks(list(x), [f"{r.agent}\nElo {r.elo:.0f}" for r in rows], fontsize=8)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% CI)")
    ax.set_title(f"{result.game}, {result.players} players, {len(result.outcomes)} games", fontsize=10)
    fig.savefig(path, dpi=110)
    return path


def run_tournament(
    game_name: str,
    options: Mapping[str, Any] | None,
    agent_specs: Sequence[str],
    games: int,
    players: int | None = None,
    seed: int = 0,
    workers: int = 1,
    *,
    out_dir: str | Path | None = None,
    save_records: bool = False,
    on_progress: Progress | None = None,
    prior: float = 1.0,
    backend: str = "local",
    address: str | None = None,
    resume: bool = False,
    on_cluster: Callable[[int, str], None] | None = None,
) -> TournamentResult:
    """Play a tournament (see the module docstring) and return its results.

    `games` is per match-up; `players` defaults to the game option or the number of
    agents. `workers` > 1 plays in that many processes with identical results.
    `backend="ray"` plays on Ray instead: a local instance with `workers` CPUs, or the
    cluster at `address` or `RAY_ADDRESS` (see `ludoteca.sim.ray_backend`), with
    identical results; `on_cluster(cpus, where)` is told the CPUs the games run on.
    With `out_dir` the results are saved there (`TournamentResult.save`), and with
    `save_records` every game's record too, as `records/m<matchup>-g<index>.json`;
    every game is logged to `games.jsonl` as it lands, and `resume` plays only the
    games that log lacks.
    `on_progress(done, total)` is called as games finish. Bad names, options, agent
    specs or backends raise `LudotecaError` before any game starts, and so does a Ray
    that cannot be imported, started or reached.
    """
    if backend not in BACKENDS:
        raise LudotecaError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if address is not None and backend != "ray":
        raise LudotecaError(f"an address ({address!r}) is only used by the ray backend, not {backend!r}")
    if not agent_specs:
        raise LudotecaError("a tournament needs at least one agent")
    if type(games) is not int or games < 0:
        raise LudotecaError(f"games must be an integer >= 0, got {games!r}")
    if type(workers) is not int or workers < 1:
        raise LudotecaError(f"workers must be an integer >= 1, got {workers!r}")
    if save_records and out_dir is None:
        raise LudotecaError("save_records needs an out_dir to write the records to")
    if resume and out_dir is None:
        raise LudotecaError("resume needs the out_dir of the tournament to resume")
    opts = dict(options or {})
    if players is not None:
        if "players" in opts and opts["players"] != players:
            raise LudotecaError(f"players={players} contradicts the game option players={opts['players']}")
        opts["players"] = players
    else:
        opts = with_players(game_class(game_name), opts, len(agent_specs))
    game = load_game(game_name, **opts)
    for spec in agent_specs:
        make_agent(spec, seed=0, game=game)  # a bad spec fails here, not in a worker
    options_json = json.loads(json.dumps(game.options))
    result = TournamentResult(
        game=game.name, options=options_json, agents=tuple(agent_specs), players=game.num_players(),
        games_per_matchup=games, seed=seed, workers=workers,
        matchups=matchups(len(agent_specs), game.num_players()), prior=prior, backend=backend,
    )
    records = Path(out_dir) / "records" if save_records and out_dir is not None else None
    tasks = _tasks(result, opts, records)
    log = GameLog(Path(out_dir) / GAME_LOG, result) if out_dir is not None else None
    earlier = log.resume() if log is not None and resume else []
    if log is not None and not resume:
        log.start()
    played = {(o.matchup, o.index) for o in earlier}
    tasks = [t for t in tasks if (t.matchup, t.index) not in played]
    on_results = log.append if log is not None else None
    start = time.perf_counter()
    if backend == "ray":
        from ludoteca.sim.ray_backend import run_ray

        outcomes = run_ray(tasks, workers, address, on_progress, on_results, on_cluster)
    else:
        outcomes = _run_local(tasks, workers, on_progress, on_results)
    result.outcomes = sorted(earlier + outcomes, key=lambda o: (o.matchup, o.index))
    result.seconds = time.perf_counter() - start
    if out_dir is not None:
        result.save(out_dir)
    return result


def _tasks(result: TournamentResult, options: dict[str, Any], records: Path | None) -> list[GameTask]:
    tasks = []
    for m, members in enumerate(result.matchups):
        for i in range(result.games_per_matchup):
            agents = tuple(members[(i + j) % len(members)] for j in range(result.players))
            tasks.append(GameTask(
                game=result.game, options=options, matchup=m, index=i, agents=agents,
                specs=tuple(result.agents[a] for a in agents),
                agent_seeds=tuple(derive_seed(result.seed, "agent", m, i, j) for j in range(result.players)),
                chance_seed=derive_seed(result.seed, "deal", i // len(members)),
                record_path=str(records / f"m{m}-g{i:05d}.json") if records is not None else None,
            ))
    return tasks


def _run_local(tasks: list[GameTask], workers: int, on_progress: Progress | None,
               on_results: Callable[[list[GameOutcome]], None] | None = None) -> list[GameOutcome]:
    """Play the tasks in this process (one worker) or a process pool; outcomes in task order."""
    total, done = len(tasks), 0

    def advance(n: int) -> None:
        nonlocal done
        done += n
        if on_progress is not None:
            on_progress(done, total)

    return map_batches(play_games, tasks, workers, advance, max_batch=4 if on_results else 16,
                       on_results=on_results)


GAME_LOG = "games.jsonl"


class GameLog:
    """`games.jsonl`: a header naming the tournament, then one game outcome per line."""

    def __init__(self, path: Path, result: TournamentResult) -> None:
        self.path = path
        self.header = {"format": RESULT_FORMAT, "game": result.game, "options": result.options,
                       "agents": list(result.agents), "players": result.players,
                       "games": result.games_per_matchup, "seed": result.seed}

    def start(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(self.header) + "\n", encoding="utf-8")

    def append(self, outcomes: list[GameOutcome]) -> None:
        with self.path.open("a", encoding="utf-8") as f:
            for o in outcomes:
                f.write(json.dumps(o.to_json()) + "\n")

    def resume(self) -> list[GameOutcome]:
        """The outcomes logged so far; a missing, foreign or damaged log is an error."""
        if not self.path.is_file():
            raise LudotecaError(f"nothing to resume: {self.path} does not exist")
        lines = self.path.read_text(encoding="utf-8").splitlines()
        try:
            header = json.loads(lines[0]) if lines else None
        except json.JSONDecodeError:
            header = None
        if header != self.header:
            raise LudotecaError(f"{self.path} belongs to another tournament: {header!r}")
        outcomes = []
        for number, line in enumerate(lines[1:], start=2):
            try:
                outcomes.append(GameOutcome.from_json(json.loads(line)))
            except (json.JSONDecodeError, KeyError, TypeError) as exc:
                if number == len(lines):  # a game cut off while being written: play it again
                    break
                raise LudotecaError(f"{self.path} line {number} is damaged: {exc}") from None
        self.start()  # rewrite it clean (without a cut-off line) before appending to it
        self.append(outcomes)
        return outcomes
