"""`ludoteca analyse`: a simulation's balance report as tables (in the terminal's language),
JSON and a chart, and clear refusals of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app

runner = CliRunner()


@pytest.fixture(scope="module")
def simulation(tmp_path_factory: pytest.TempPathFactory) -> Path:
    result = runner.invoke(app, ["simulate", "tm-dice", "--games", "4", "--agents", "random,greedy",
                                 "--seed", "3", "--json", "--per-game"])
    assert result.exit_code == 0, result.output
    path = tmp_path_factory.mktemp("sim") / "sim.json"
    path.write_text(result.stdout, encoding="utf-8")
    return path


def test_the_report_in_json_has_every_factor(simulation: Path) -> None:
    result = runner.invoke(app, ["analyse", str(simulation), "--min-games", "1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "tm-dice" and data["games"] == 4 and data["fair_win_rate"] == 0.5
    factors = {r["factor"] for r in data["rows"]}
    assert factors == {"seat", "agent", "corporation", "card"}
    greedy = next(r for r in data["rows"] if r["factor"] == "agent" and r["level"] == "greedy")
    assert greedy["n"] == 4 and greedy["win_rate"] == 1.0 and greedy["mark"] == "+"


def test_the_tables_read_in_portuguese(simulation: Path) -> None:
    result = runner.invoke(app, ["--lang", "pt-BR", "analyse", str(simulation), "-f", "agent",
                                 "--min-games", "1"])
    assert result.exit_code == 0, result.output
    assert "tm-dice: 4 partidas, 2 jogadores" in result.stdout
    assert "taxa" in result.stdout and "IC 95%" in result.stdout and "card" not in result.stdout


def test_a_chart_is_drawn(simulation: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chart = tmp_path / "cards.png"
    result = runner.invoke(app, ["analyse", str(simulation), "--min-games", "1", "--chart", str(chart)])
    assert result.exit_code == 0, result.output
    assert chart.read_bytes()[:4] == b"\x89PNG" and f"chart saved in {chart}" in result.stdout


@pytest.mark.parametrize(("content", "error"), [
    ("not json", "is not JSON"),
    ("[1, 2]", "is not one JSON object"),
    ('{"game": "tm-dice", "players": 2}', "no per-game rows: run `ludoteca simulate GAME --json --per-game`"),
])
def test_bad_input_is_one_error_line(tmp_path: Path, content: str, error: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["analyse", str(path)])
    assert result.exit_code == 2 and error in result.stderr and "Traceback" not in result.output


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyse", str(tmp_path / "nope.json")])
    assert result.exit_code == 2 and f"cannot read {tmp_path / 'nope.json'}" in result.stderr


def test_numbers_are_written_as_each_language_writes_them(simulation: Path) -> None:
    fr = runner.invoke(app, ["--lang", "fr", "analyse", str(simulation), "-f", "agent", "--min-games", "1"])
    assert fr.exit_code == 0, fr.output
    assert "gagne 50,0\u00a0%" in fr.stdout and "100,0\u00a0%" in fr.stdout
    en = runner.invoke(app, ["--lang", "en", "analyse", str(simulation), "-f", "agent", "--min-games", "1"])
    assert "wins 50.0%" in en.stdout and "100.0%" in en.stdout
