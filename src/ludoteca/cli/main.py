"""The `ludoteca` command: play, simulate, analyse, tournament, replay, serve and bench.

Every command reports bad input (unknown game, bad agent spec, malformed record) as
one `error: ...` line on stderr naming the valid choices, and exits with code 2.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

import ludoteca
from ludoteca.agents import agent_names
from ludoteca.agents.presets import describe, game_presets
from ludoteca.cli import analyse as analyse_cli
from ludoteca.cli import language
from ludoteca.cli.console import _echo_json, _stderr, _stdout, fail, user_errors
from ludoteca.cli.helptext import Command, Group, localise_typer
from ludoteca.cli.language import tr
from ludoteca.cli.play import PlaySession, make_seats
from ludoteca.cli.views import view_for
from ludoteca.core.errors import LudotecaError
from ludoteca.core.manifest import with_players
from ludoteca.core.record import load_record, replay, save_record
from ludoteca.core.registry import game_class, load_game, registered_games
from ludoteca.sim.bench import bench as run_bench
from ludoteca.sim.common import derive_seed
from ludoteca.sim.runner import prepare, run
from ludoteca.sim.tournament import TournamentResult, run_tournament, split_agent_specs
from ludoteca.sim.value_fit import fit_value

# the help texts are written when this module is imported: in the language the command
# line (--lang) or the locale asks for; the callback sets it again for each invocation
language.set_language(language.from_argv(sys.argv[1:]))
localise_typer()

app = typer.Typer(
    name="ludoteca",
    cls=Group,
    options_metavar=tr("cli.help.tool.options_metavar"),
    subcommand_metavar=tr("cli.help.tool.command_metavar"),
    help=tr("cli.help.app"),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



def _check_game(name: str) -> None:
    if name not in registered_games():
        fail(f"unknown game {name!r}; registered games: {', '.join(registered_games())}")


def _split(specs: str, what: str) -> list[str]:
    """Split a comma-separated list; a `key=value` item continues the agent spec before it,
    so `mcts:time=1,c=0.7,greedy` is two specs."""
    items: list[str] = []
    for raw in specs.split(","):
        item = raw.strip()
        if items and "=" in item and ":" not in item and ":" in items[-1]:
            items[-1] += "," + item
        else:
            items.append(item)
    if not specs.strip() or any(not s for s in items):
        fail(f"{what} must be a comma-separated list such as 'random,greedy', got {specs!r}")
    return items


def _options(expansions: list[str] | None, options: list[str] | None = None) -> dict[str, Any]:
    """Game options from the command line (only those given, so other games are not bothered):
    `-x` expansions and `--option name=value` (the value as JSON, else as a string)."""
    out: dict[str, Any] = {"expansions": list(expansions)} if expansions else {}
    for item in options or []:
        name, sep, raw = item.partition("=")
        if not sep or not name.strip():
            fail(f"--option must look like name=value (e.g. draft=true), got {item!r}")
        if name.strip() == "players":
            fail("the number of players is not an --option: it comes from --players or the agents")
        try:
            out[name.strip()] = json.loads(raw)
        except json.JSONDecodeError:
            out[name.strip()] = raw
    return out


Expansions = Annotated[
    list[str] | None,
    typer.Option(
        "--expansion", "-x",
        help=tr("cli.help.expansion"),
    ),
]
GameOptions = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", help=tr("cli.help.option")),
]


Language = Annotated[str | None, typer.Option("--lang", help=tr("cli.help.lang"))]


def _new_seed() -> int:
    return random.SystemRandom().randrange(2**31)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ludoteca {ludoteca.__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help=tr("cli.help.version"))
    ] = False,
    lang: Language = None,
) -> None:
    """Faithful, fast engines for modern board games."""
    language.set_language(lang or language.from_environment())


def _language(lang: str | None) -> None:
    """`--lang` given after the command (`ludoteca play carcassonne --lang fr`) wins."""
    if lang:
        language.set_language(lang)


# ---------------------------------------------------------------- play
@app.command(cls=Command, help=tr("cli.help.play"))
def play(
    game: Annotated[str, typer.Argument(help=tr("cli.help.play_game"))],
    players: Annotated[
        str,
        typer.Option(
            "--players", "-p",
            help=tr("cli.help.players"),
        ),
    ] = "human,greedy",
    seed: Annotated[int | None, typer.Option(help=tr("cli.help.seed"))] = None,
    record_dir: Annotated[
        Path, typer.Option("--record-dir", help=tr("cli.help.record_dir"))
    ] = Path("records"),
    expansion: Expansions = None,
    option: GameOptions = None,
    lang: Language = None,
) -> None:
    """Play a game in the terminal, humans and bots at one table."""
    _language(lang)
    _check_game(game)
    specs = _split(players, "--players")
    if seed is None:
        seed = _new_seed()
    with user_errors():
        seats = make_seats(specs, seed, game)
        options = with_players(game_class(game), _options(expansion, option), len(specs))
        state = load_game(game, **options).new_initial_state()
    console = _stdout()
    title = tr(state.game.manifest().title_key)
    console.print(tr("cli.play.start", title=title, seats=", ".join(specs), seed=str(seed)))
    session = PlaySession(
        state, seats, random.Random(derive_seed(seed, 0, "chance")), view_for(game), console
    )
    finished = session.run()
    path = save_record(state, _record_path(record_dir, game, seed))
    key = "cli.play.saved" if finished else "cli.play.saved_unfinished"
    console.print(tr(key, n=state.move_number(), path=str(path)), soft_wrap=True)
    console.print(tr("cli.play.replay_it", command=f"ludoteca replay {path}"), soft_wrap=True)


def _record_path(directory: Path, game: str, seed: int) -> Path:
    stem = f"{game}-{time.strftime('%Y%m%d-%H%M%S')}-seed{seed}"
    path = directory / f"{stem}.json"
    n = 2
    while path.exists():
        path = directory / f"{stem}-{n}.json"
        n += 1
    return path


# ---------------------------------------------------------------- simulate
@app.command(cls=Command, short_help=tr("cli.help.simulate"), help=tr("cli.help.simulate.about"))
def simulate(
    game: Annotated[str, typer.Argument(help=tr("cli.help.simulate.game"))],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help=tr("cli.help.simulate.games"))] = 100,
    agents: Annotated[
        str,
        typer.Option("--agents", "-a", help=tr("cli.help.simulate.agents", names=", ".join(agent_names()))),
    ] = "random,greedy",
    players: Annotated[
        int | None, typer.Option(help=tr("cli.help.simulate.players"))
    ] = None,
    seed: Annotated[int | None, typer.Option(help=tr("cli.help.simulate.seed"))] = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help=tr("cli.help.simulate.workers"))] = 1,
    as_json: Annotated[bool, typer.Option("--json", help=tr("cli.help.simulate.json"))] = False,
    per_game: Annotated[
        bool, typer.Option("--per-game", help=tr("cli.help.simulate.per_game"))
    ] = False,
    expansion: Expansions = None,
    option: GameOptions = None,
) -> None:
    """Play bots against each other, seats rotated game by game, and report win rates.

    Game i seats the agents rotated by i. A win is shared by the top scorers (1/k each
    for a k-way tie; when every seat ties each gets 1/n). Results do not depend on
    --workers: every game's seeds come from the base seed and the game's index.
    """
    _check_game(game)
    specs = _split(agents, "--agents")
    if seed is None:
        seed = _new_seed()
    with user_errors():
        options = _options(expansion, option)
        sim = prepare(game, specs, players=players, seed=seed, workers=workers, options=options)
    if as_json:
        _echo_json(run(sim, games).to_dict(per_game=per_game))
        return
    progress = Progress(
        TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        console=_stderr(), transient=True,
    )
    with progress:
        task = progress.add_task("games", total=games)
        run(sim, games, on_progress=lambda n: progress.advance(task, n))
    _print_simulation(sim.to_dict())


def rate_text(games: int, seconds: float) -> str:
    """`12.3 games/s`, or `4.2 s/game` for fewer than one game a second (never "0.0 games/s")."""
    if games <= 0 or seconds <= 0:
        return "no games timed" if games <= 0 else "too fast to time"
    rate = games / seconds
    if rate >= 1.0:
        return f"{rate:.1f} games/s"
    return f"{seconds / games:.1f} s/game"


def _print_simulation(data: dict[str, Any]) -> None:
    console = _stdout()
    title = f"{data['game']}: {data['games']} games, {data['players']} players, seed {data['seed']}"
    table = Table(title=title)
    for column in ("#", "agent", "seat-games", "wins", "win rate", "mean score", "mean return"):
        table.add_column(column, justify="left" if column == "agent" else "right")
    for a in data["agents"]:
        table.add_row(
            str(a["slot"]), a["agent"], str(a["seat_games"]), f"{a['wins']:g}", f"{100 * a['win_rate']:.1f}%",
            f"{a['mean_score']:.1f}", f"{a['mean_return']:+.3f}",
        )
    console.print(table)
    seats = Table(title="by seat (seat 0 moves first)")
    for column in ("seat", "win rate", "mean score"):
        seats.add_column(column, justify="right")
    for s in data["seats"]:
        seats.add_row(str(s["seat"]), f"{100 * s['win_rate']:.1f}%", f"{s['mean_score']:.1f}")
    console.print(seats)
    console.print(
        f"{data['games']} games in {data['seconds']:.2f} s: {rate_text(data['games'], data['seconds'])} "
        f"with {data['workers']} worker(s)", soft_wrap=True,
    )
    console.print(
        f"{data['draws']} all-seat ties; {data['mean_actions']:.1f} actions per game", soft_wrap=True
    )


# ---------------------------------------------------------------- replay
@app.command("replay", cls=Command, help=tr("cli.help.replay"))
def replay_command(
    file: Annotated[Path, typer.Argument(help=tr("cli.help.replay_file"))],
    as_json: Annotated[bool, typer.Option("--json", help=tr("cli.help.json"))] = False,
    board: Annotated[bool, typer.Option("--board", help=tr("cli.help.board"))] = False,
    lang: Language = None,
) -> None:
    """Replay a game record: final scores, whether the game is over, number of actions.

    A malformed record, or one with an illegal action, exits with code 2 and names
    the action's index and the reason.
    """
    _language(lang)
    with user_errors():
        state = replay(load_record(file))
    data = {
        "game": state.game.name,
        "options": json.loads(json.dumps(state.game.options)),
        "scores": state.scores(),
        "terminal": state.is_terminal(),
        "actions": state.move_number(),
        "returns": state.returns(),
        "current_player": state.current_player(),
    }
    if as_json:
        _echo_json(data)
        return
    console = _stdout()
    if board:
        view = view_for(state.game.name)
        names = [tr("cli.seat", n=i) for i in range(state.game.num_players())]
        console.print(view.final(state, names) if state.is_terminal() else view.position(state, names, None),
                      crop=False)
    title = tr(state.game.manifest().title_key)
    console.print(tr("cli.replay.summary", file=str(file), title=title, n=data["actions"]))
    scores = ", ".join(f"{tr('cli.seat', n=i)}: {tr('cli.number', n=v)}"
                       for i, v in enumerate(data["scores"]))
    console.print(tr("cli.replay.scores", scores=scores))
    console.print(tr("cli.replay.terminal", value=tr(f"cli.replay.{str(data['terminal']).lower()}")))


# ---------------------------------------------------------------- serve
@app.command(cls=Command, short_help=tr("cli.help.serve"), help=tr("cli.help.serve.about"))
def serve(
    host: Annotated[str, typer.Option(help=tr("cli.help.serve.host"))] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help=tr("cli.help.serve.port"))] = 8000,
    db: Annotated[str | None, typer.Option(
        "--db", help=tr("cli.help.serve.db"))] = None,
    public_url: Annotated[str | None, typer.Option(
        help=tr("cli.help.serve.public_url"))] = None,
    rate_limit: Annotated[bool, typer.Option(
        help=tr("cli.help.serve.rate_limit"))] = True,
    bot_workers: Annotated[int | None, typer.Option(
        min=1, help=tr("cli.help.serve.bot_workers"))] = None,
    bot_time: Annotated[float | None, typer.Option(
        min=0.01, help=tr("cli.help.serve.bot_time"))] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help=tr("cli.help.serve.forwarded_allow_ips"))] = None,
) -> None:
    """Run the game server: the web table at / and the HTTP/WebSocket API (docs at /docs)."""
    from ludoteca.server import serve as run_server
    from ludoteca.server.store import StoreError

    with user_errors():
        try:
            run_server(host, port, db, public_url=public_url, rate_limits=rate_limit,
                       bot_workers=bot_workers, bot_time=bot_time,
                       forwarded_allow_ips=forwarded_allow_ips)
        except StoreError as exc:
            fail(str(exc))


# ---------------------------------------------------------------- agents
@app.command("agents", cls=Command, help=tr("cli.help.agents.about"))
def agents_command(
    game: Annotated[str, typer.Argument(help=tr("cli.help.agents.game"))],
) -> None:
    """The bots a game offers: difficulty levels, presets and the specs they stand for."""
    _check_game(game)
    table = Table(title=f"{game}: bots (any spec works too: {', '.join(agent_names())})")
    table.add_column("name")
    table.add_column("plays as", overflow="fold")
    with user_errors():
        for name, spec in describe(game_presets(game)):
            table.add_row(name, Text(spec))
    _stdout().print(table)


# ---------------------------------------------------------------- bench
@app.command(cls=Command, short_help=tr("cli.help.bench"), help=tr("cli.help.bench.about"))
def bench(
    game: Annotated[str, typer.Argument(help=tr("cli.help.bench.game"))],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help=tr("cli.help.bench.games"))] = 200,
    seed: Annotated[int, typer.Option(help=tr("cli.help.bench.seed"))] = 0,
    expansion: Expansions = None,
    expansions: Annotated[str | None, typer.Option(
        "--expansions", help=tr("cli.help.bench.expansions"))] = None,
    option: GameOptions = None,
    greedy_games: Annotated[int, typer.Option(
        "--greedy-games", min=0,
        help=tr("cli.help.bench.greedy_games"))] = 0,
    as_json: Annotated[bool, typer.Option("--json", help=tr("cli.help.bench.json"))] = False,
) -> None:
    """Engine speed in one process: random games/s, apply_action/s and clone/s."""
    _check_game(game)
    chosen = [*(expansion or []), *(_split(expansions, "expansion") if expansions else [])]
    with user_errors():
        result = run_bench(game, games=games, seed=seed, options=_options(chosen, option),
                           greedy_games=greedy_games)
    data = result.to_dict()
    if as_json:
        _echo_json(data)
        return
    with_what = f" with {', '.join(chosen)}" if chosen else ""
    table = Table(title=f"{game}{with_what}: {games} random 2-player games, seed {seed}")
    table.add_column("measure")
    table.add_column("per second", justify="right")
    table.add_row("complete games", f"{data['games_per_second']:,.1f}")
    table.add_row("actions in play (agents included)", f"{data['actions_per_second']:,.0f}")
    table.add_row("apply_action (replaying the games)", f"{data['apply_action_per_second']:,.0f}")
    table.add_row(f"clone (mid-game state, {data['clones']:,} times)", f"{data['clone_per_second']:,.0f}")
    console = _stdout()
    console.print(table)
    console.print(f"{data['mean_actions']:.1f} actions per game, chance outcomes included")
    if data["greedy_seconds_per_game"] is not None:
        console.print(f"{data['greedy_seconds_per_game']:.2f} CPU s per complete greedy-vs-greedy game "
                      f"({data['greedy_games']} games)")


@app.command("fit-value", cls=Command, short_help=tr("cli.help.fit_value"),
             help=tr("cli.help.fit_value.about"))
def fit_value_command(
    game: Annotated[str, typer.Argument(help=tr("cli.help.fit_value.game"))],
    games: Annotated[int, typer.Option("--games", "-n", min=2, help=tr("cli.help.fit_value.games"))] = 3000,
    players: Annotated[int | None, typer.Option(min=1, help=tr("cli.help.fit_value.players"))] = None,
    agent: Annotated[str, typer.Option(help=tr("cli.help.fit_value.agent"))] = "greedy",
    explore: Annotated[float, typer.Option(help=tr("cli.help.fit_value.explore"))] = 0.2,
    seed: Annotated[int, typer.Option(help=tr("cli.help.fit_value.seed"))] = 0,
    ridge: Annotated[float, typer.Option(help=tr("cli.help.fit_value.ridge"))] = 1.0,
    holdout: Annotated[float, typer.Option(help=tr("cli.help.fit_value.holdout"))] = 0.15,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", min=1, help=tr("cli.help.fit_value.workers"))] = 1,
    expansion: Expansions = None,
    option: GameOptions = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help=tr("cli.help.fit_value.out"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=tr("cli.help.fit_value.json"))] = False,
) -> None:
    """Fit the game's value model (for mcts:judge=value) to the final leads of self-play games."""
    _check_game(game)
    progress = Progress(TextColumn("self-play"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                        console=_stderr(), transient=True)
    bar = progress.add_task("games", total=games)
    with user_errors(), progress:
        options = _options(expansion, option) | ({} if players is None else {"players": players})
        fit = fit_value(game, options, games=games, agent=agent, explore=explore,
                        seed=seed, ridge=ridge, holdout=holdout, workers=workers,
                        on_progress=lambda done, total: progress.update(bar, completed=done))
    flags = ("" if players is None else f" --players {players}") + "".join(
        f" -x {e}" for e in expansion or []) + "".join(f" -o {o}" for o in option or [])
    fit.command = (f"ludoteca fit-value {game} --games {games} --agent {agent} --explore {explore} "
                   f"--seed {seed} --ridge {ridge} --holdout {holdout}{flags}")
    data = fit.to_weights_file()
    if out is not None:
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    if as_json:
        _echo_json(data)
        return
    held = "n/a" if fit.r2_holdout is None else f"{fit.r2_holdout:.3f}"
    _stdout().print(f"{fit.positions:,} positions from {games} games; R² {fit.r2_train:.3f} "
                    f"(held-out games: {held})" + (f"; weights written to {out}" if out else ""),
                    soft_wrap=True)


# ---------------------------------------------------------------- tournament
analyse_cli.register(app, Command)


@app.command(cls=Command, short_help=tr("cli.help.tournament"), help=tr("cli.help.tournament.about"))
def tournament(
    game: Annotated[str, typer.Argument(help=tr("cli.help.tournament.game"))],
    agents: Annotated[str, typer.Option(
        "--agents", "-a",
        help=tr("cli.help.tournament.agents"))],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help=tr("cli.help.tournament.games"))],
    players: Annotated[int | None, typer.Option(
        help=tr("cli.help.tournament.players"))] = None,
    seed: Annotated[int | None, typer.Option(help=tr("cli.help.tournament.seed"))] = None,
    workers: Annotated[int, typer.Option(
        "--workers", "-w", min=1, help=tr("cli.help.tournament.workers"))] = 1,
    backend: Annotated[str, typer.Option(help=tr("cli.help.tournament.backend"))] = "local",
    address: Annotated[str | None, typer.Option(
        help=tr("cli.help.tournament.address"))] = None,
    out: Annotated[Path | None, typer.Option(
        "--out", help=tr("cli.help.tournament.out"))] = None,
    records: Annotated[bool, typer.Option(
        "--records", help=tr("cli.help.tournament.records"))] = False,
    resume: Annotated[bool, typer.Option(
        "--resume", help=tr("cli.help.tournament.resume"))] = False,
    expansion: Expansions = None,
    option: GameOptions = None,
    as_json: Annotated[bool, typer.Option("--json", help=tr("cli.help.tournament.json"))] = False,
) -> None:
    """Play a tournament between bots: seats rotated, seeds paired, win rates with 95% CIs, ratings.

    With as many agents as players there is one match-up; with more agents, every
    combination of --players agents is one (a round robin). Each match-up plays
    --games games, and consecutive games rotate the seats over the same tiles.
    Ratings are Bradley-Terry on the Elo scale. The results do not depend on
    --workers or --backend.
    """
    _check_game(game)
    with user_errors():
        specs = split_agent_specs(agents)
        if len(specs) < 2:
            raise LudotecaError(f"a tournament needs at least two agents, got {specs!r}")
        if records and out is None:
            raise LudotecaError("--records needs --out DIR to save the records in")
        if resume and (out is None or seed is None):
            raise LudotecaError("--resume needs the --out DIR and the --seed of the tournament to resume")
        if seed is None:
            seed = _new_seed()
        progress = Progress(
            TextColumn(f"tournament ({backend})"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=_stderr(), transient=True,
        )
        bar = progress.add_task("games", total=None)

        def advance(done: int, total: int) -> None:
            progress.update(bar, completed=done, total=total)

        cluster: list[tuple[int, str]] = []

        def on_cluster(cpus: int, where: str) -> None:
            cluster.append((cpus, where))
            _stderr().print(f"ray: {cpus} CPU(s) on {where}", soft_wrap=True, markup=False)

        with progress:
            result = run_tournament(
                game, _options(expansion, option), specs, games, players=players, seed=seed, workers=workers,
                out_dir=out, save_records=records, on_progress=advance, backend=backend, address=address,
                resume=resume, on_cluster=on_cluster,
            )
    if as_json:
        _echo_json(result.to_dict())
        return
    _print_tournament(result, out, cluster[0] if cluster else None)


def _print_tournament(result: TournamentResult, out: Path | None, cluster: tuple[int, str] | None) -> None:
    console = _stdout()
    title = (f"{result.game}: {len(result.outcomes)} games, {result.players} players, "
             f"{len(result.matchups)} match-up(s), seed {result.seed}")
    rows = [
        [r.agent, str(r.games), f"{r.wins:g}", f"{100 * r.win_rate:.1f}%",
         f"{100 * r.ci_low:.1f}-{100 * r.ci_high:.1f}%", f"{r.mean_score:.1f}", f"{r.elo:.0f}"]
        for r in result.standings()
    ]
    table = Table(title=title, box=box.SIMPLE_HEAD, collapse_padding=True, pad_edge=False, show_edge=False)
    for i, column in enumerate(("agent", "games", "wins", "win rate", "95% CI", "mean score", "rating")):
        width = max(len(r[i]) for r in rows)  # cells never wrap
        table.add_column(column, justify="left" if i == 0 else "right", min_width=width)
    for row in rows:
        table.add_row(*row)
    console.print(table)
    console.print("rating: Bradley-Terry on the Elo scale (mean 1500)", soft_wrap=True)
    where = (f"on {cluster[0]} CPU(s) of {cluster[1]}" if cluster is not None
             else f"with {result.workers} worker(s)")
    console.print(f"{len(result.outcomes)} games in {result.seconds:.1f} s {where}, {result.backend} backend",
                  soft_wrap=True, markup=False)
    if out is not None:
        console.print(f"results saved in {out}", soft_wrap=True)


__all__ = ["app"]


if __name__ == "__main__":  # `python -m ludoteca.cli.main ...` runs the command too
    app()
