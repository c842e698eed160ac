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


def test_bench_table_and_unknown_game() -> None:
    result = runner.invoke(app, ["bench", "carcassonne", "--games", "2"])
    assert result.exit_code == 0, result.output
    assert "apply_action" in result.stdout and "clone" in result.stdout
    result = runner.invoke(app, ["bench", "go"])
    assert result.exit_code == 2
    assert "unknown game 'go'" in result.stderr and "carcassonne" in result.stderr
