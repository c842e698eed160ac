"""`ludoteca analyse FILE`: the balance report of a simulation (`ludoteca.sim.analysis`).

FILE is what `ludoteca simulate GAME --json --per-game` printed (`-`: standard input).
The report gives, per factor (seat, agent, and the game's own: corporation, card,
wonder...), each level's seat-games, win rate with its 95% interval and mean score;
`--chart PNG` draws one factor. Every word is in the terminal's language; `--json` is
language-neutral.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from ludoteca.cli.console import _echo_json, _stdout, user_errors
from ludoteca.cli.language import tr
from ludoteca.core.errors import LudotecaError
from ludoteca.core.i18n import format_number, format_percent, language
from ludoteca.sim.analysis import AnalysisError, Report, analyse, write_chart


def _read(path: str) -> dict[str, Any]:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LudotecaError(tr("cli.analyse.error.read", path=path, why=exc.strerror or str(exc))) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LudotecaError(tr("cli.analyse.error.json", path=path, why=str(exc))) from None
    if not isinstance(data, dict):
        raise LudotecaError(tr("cli.analyse.error.shape", path=path))
    return data


def register(app: typer.Typer, command: type) -> None:
    """Add `analyse` to `app` (called once the language is set: the help is written then)."""

    @app.command("analyse", cls=command, short_help=tr("cli.help.analyse"), help=tr("cli.help.analyse.about"))
    def analyse_command(
        file: Annotated[str, typer.Argument(help=tr("cli.help.analyse.file"))],
        factor: Annotated[
            list[str] | None, typer.Option("--factor", "-f", help=tr("cli.help.analyse.factor"))
        ] = None,
        min_games: Annotated[
            int, typer.Option("--min-games", min=1, help=tr("cli.help.analyse.min_games"))
        ] = 5,
        top: Annotated[int, typer.Option("--top", min=1, help=tr("cli.help.analyse.top"))] = 15,
        chart: Annotated[Path | None, typer.Option("--chart", help=tr("cli.help.analyse.chart"))] = None,
        as_json: Annotated[bool, typer.Option("--json", help=tr("cli.help.analyse.json"))] = False,
    ) -> None:
        with user_errors():
            data = _read(file)
            try:
                report = analyse(data, min_games=min_games, factors=tuple(factor or ()))
            except AnalysisError as exc:
                raise LudotecaError(tr("cli.analyse.error.input", path=file, why=str(exc))) from None
            if chart is not None:
                _chart(report, factor, chart, top)
        if as_json:
            _echo_json(report.to_dict())
            return
        _print(_stdout(), report, top)
        if chart is not None:
            _stdout().print(tr("cli.analyse.chart_saved", path=str(chart)), soft_wrap=True, markup=False)


def _chart(report: Report, factors: list[str] | None, path: Path, top: int) -> None:
    shown = [f for f in report.factors() if not factors or f in factors]
    name = next((f for f in shown if f not in ("seat", "agent")), shown[0] if shown else None)
    if name is None:
        raise LudotecaError(tr("cli.analyse.error.nothing"))
    try:
        write_chart(report, name, path, top=top,
                    title=tr("cli.analyse.chart_title", game=report.game, factor=name, games=report.games),
                    xlabel=tr("cli.analyse.chart_axis"))
    except ImportError:
        raise LudotecaError(tr("cli.analyse.error.matplotlib")) from None


def _print(console: Console, report: Report, top: int) -> None:
    lang = language()
    console.print(tr("cli.analyse.title", game=report.game, games=report.games, players=report.players,
                     fair=format_percent(1 / report.players, lang)), soft_wrap=True, markup=False)
    if not report.rows:
        console.print(tr("cli.analyse.empty"), soft_wrap=True, markup=False)
        return
    headers = [tr(f"cli.analyse.col.{c}") for c in ("level", "n", "wins", "rate", "ci", "score", "mark")]
    for name in report.factors():
        rows = report.of(name)
        shown = rows if len(rows) <= 2 * top else rows[:top] + rows[-top:]  # the best and the worst
        table = Table(title=tr("cli.analyse.factor", factor=name, levels=len(rows)), box=box.SIMPLE_HEAD,
                      collapse_padding=True, pad_edge=False, show_edge=False)
        cells = [[r.level, str(r.n), format_number(r.wins, lang), format_percent(r.win_rate, lang),
                  f"{format_percent(r.ci_low, lang)}–{format_percent(r.ci_high, lang)}",
                  format_number(round(r.mean_score, 1), lang), r.mark]
                 for r in shown]
        for i, head in enumerate(headers):
            width = max(len(head), *(len(c[i]) for c in cells))
            table.add_column(head, justify="left" if i == 0 else "right", min_width=width)
        for row in cells:
            table.add_row(*row)
        console.print(table)
        if len(shown) < len(rows):
            console.print(tr("cli.analyse.cut", shown=len(shown), levels=len(rows)),
                          soft_wrap=True, markup=False)
    console.print(tr("cli.analyse.legend"), soft_wrap=True, markup=False)
