"""`ludoteca bench`: the measured fields, as JSON and as a table."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ludoteca.cli.main import app

runner = CliRunner()


def test_bench_json() -> None:
    result = runner.invoke(app, ["bench", "carcassonne", "--games", "3", "--json", "--seed", "4"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    for key in ("games_per_second", "apply_action_per_second", "clone_per_second", "actions_per_second"):
        assert data[key] > 0
    assert data["games"] == 3 and data["seed"] == 4
    assert data["actions"] > 3 * 100  # whole games, chance included
    assert data["clones"] >= 1000
    assert data["greedy_games"] == 0 and data["greedy_seconds_per_game"] is None


def test_bench_times_complete_greedy_games() -> None:
    bag = ",".join(f'"base:{c}"' for c in "ABCDEFGHIJKL")
    result = runner.invoke(app, ["bench", "carcassonne", "--games", "1", "--greedy-games", "2",
                                 "-o", f"bag=[{bag}]", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "CPU s per complete greedy-vs-greedy game (2 games)" in result.stdout
    data = json.loads(runner.invoke(app, ["bench", "carcassonne", "--games", "1", "--greedy-games", "1",
                                          "-o", f"bag=[{bag}]", "--json"]).stdout)
    assert data["greedy_games"] == 1 and 0 < data["greedy_seconds_per_game"] < 5


def test_bench_table_and_unknown_game() -> None:
    result = runner.invoke(app, ["bench", "carcassonne", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "apply_action" in result.stdout and "clone" in result.stdout
    result = runner.invoke(app, ["bench", "go"])
    assert result.exit_code == 2
    assert "unknown game 'go'" in result.stderr and "carcassonne" in result.stderr
