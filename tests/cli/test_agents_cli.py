"""`ludoteca agents GAME`: a game's difficulty levels and presets, with the specs they stand for."""

from __future__ import annotations

from typer.testing import CliRunner

from ludoteca.cli.main import app

runner = CliRunner()


def test_agents_lists_the_levels_and_the_preset_search_in_full() -> None:
    result = runner.invoke(app, ["agents", "carcassonne"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    for name in ("easy", "medium", "hard", "mcts", "value-greedy"):
        assert name in result.stdout
    assert "greedy:explore=0.5" in result.stdout
    assert "paired=1,judge=value,time=1" in result.stdout  # hard: the preset search at 1 s


def test_agents_of_an_unknown_game_fails_with_the_list() -> None:
    result = runner.invoke(app, ["agents", "chess"])
    assert result.exit_code != 0
