"""On Mars in the CLI: `play` (terminal view), `replay`, `simulate` and `bench`."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

from ludoteca.agents import make_agent
from ludoteca.cli.main import app
from ludoteca.core.play import play
from ludoteca.core.record import load_record, replay, save_record
from ludoteca.core.registry import load_game

runner = CliRunner()


def test_play_shows_the_board_map_and_costs_then_quits(tmp_path: Path) -> None:
    answers = "1\n" * 12 + "q\n"
    args = ["play", "on-mars", "--players", "human,random", "--seed", "3", "--record-dir", str(tmp_path)]
    result = runner.invoke(app, args, input=answers, terminal_width=200)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Colony map (axial q,r)" in out and "r=-5" in out and " 0:M" in out
    assert "Ludoteca stand-in (not official)" in out
    assert "player boards" in out and "Orbit" in out and "Colony" in out
    assert "costs" in out  # the option costs, spelled out
    (path,) = tmp_path.glob("*.json")
    state = replay(load_record(path))
    assert not state.is_terminal() and state.move_number() > 0


def test_replay_a_finished_game(tmp_path: Path) -> None:
    state = load_game("on-mars", players=2).new_initial_state()
    play(state, [make_agent("random", seed=1), make_agent("random", seed=2)], random.Random(1))
    path = save_record(state, tmp_path / "game.json")
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["terminal"] is True and data["scores"] == state.scores()
    assert data["returns"] == state.returns()
    board = runner.invoke(app, ["replay", str(path), "--board"], terminal_width=200)
    assert board.exit_code == 0 and "player boards" in board.stdout


def test_simulate_and_bench_run() -> None:
    result = runner.invoke(
        app, ["simulate", "on-mars", "-n", "2", "--agents", "random,random", "--seed", "1", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["mean_actions"] > 100
    bench = runner.invoke(app, ["bench", "on-mars", "-n", "1", "--json"])
    assert bench.exit_code == 0, bench.output
    speed = json.loads(bench.stdout)
    assert speed["actions_per_second"] > 0 and speed["clone_per_second"] > 0


def test_first_colonists_option_from_the_command_line() -> None:
    args = ["simulate", "on-mars", "-n", "1", "--agents", "random,random", "--seed", "2", "--json",
            "-o", "first_colonists=true"]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"]["first_colonists"] is True


def test_option_costs_are_spelled_out() -> None:
    from om_helpers import play, start

    from ludoteca.games.on_mars.costs import option_cost

    state = start(2, seed=1, spaces=(1, 2))
    cost = {state.action_to_string(a): option_cost(state, a) for a in state.legal_actions()}
    assert cost["resupply"] == "1 colonist on the action" and cost["landing-pod"] == ""
    play(state, "resupply", "boost 0", "take water", "skip")
    cost = {state.action_to_string(a): option_cost(state, a) for a in state.legal_actions()}
    assert cost["resupply"] == "1 colonist on the action + 1 crystal or colonist to the Working Area"
    play(state, "learn-technology", "boost 0")
    grid = {state.action_to_string(a): option_cost(state, a) for a in state.legal_actions()}
    texts = set(grid.values())
    assert "free" in texts and "1 battery (minerals may stand in)" in texts
    assert "1 battery + 1 resource of your choice (minerals may stand in)" in texts
