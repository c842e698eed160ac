"""`ludoteca replay`: good records, unfinished ones, and bad ones (exit 2, index named)."""

from __future__ import annotations

import json
import random
from pathlib import Path

from typer.testing import CliRunner

import ludoteca
from ludoteca.agents import make_agent
from ludoteca.cli.main import app
from ludoteca.core.play import play
from ludoteca.core.record import record_of, save_record

runner = CliRunner()


def _played(seed: int = 1):
    state = ludoteca.load_game("carcassonne", players=2).new_initial_state()
    agents = [make_agent("random", seed=seed), make_agent("greedy", seed=seed)]
    return play(state, agents, random.Random(seed))


def test_replay_good_record(tmp_path: Path) -> None:
    state = _played()
    path = save_record(state, tmp_path / "game.json")
    result = runner.invoke(app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["scores"] == state.scores()
    assert data["terminal"] is True
    assert data["actions"] == len(state.history())
    text = runner.invoke(app, ["replay", str(path)])
    assert text.exit_code == 0
    assert "terminal: true" in text.stdout
    assert f"seat 1: {state.scores()[1]:g}" in text.stdout


def test_replay_unfinished_record_with_board(tmp_path: Path) -> None:
    record = record_of(_played())
    record["actions"] = record["actions"][:10]
    path = tmp_path / "part.json"
    path.write_text(json.dumps(record))
    data = json.loads(runner.invoke(app, ["replay", str(path), "--json"]).stdout)
    assert data["terminal"] is False and data["actions"] == 10
    board = runner.invoke(app, ["replay", str(path), "--board"])
    assert board.exit_code == 0
    assert "▓" in board.stdout and "terminal: false" in board.stdout


def test_replay_illegal_action_names_its_index(tmp_path: Path) -> None:
    record = record_of(_played())
    record["actions"][4] = "place 40,40 r0"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    for extra in ([], ["--json"]):
        result = runner.invoke(app, ["replay", str(path), *extra])
        assert result.exit_code == 2
        assert "action 4" in result.stderr
        assert "place 40,40 r0" in result.stderr
        assert "Traceback" not in result.output


def test_replay_malformed_records(tmp_path: Path) -> None:
    cases = {
        "notjson.json": "this is not json",
        "format.json": json.dumps({"format": "other", "game": "carcassonne", "actions": []}),
        "game.json": json.dumps({"format": "ludoteca-record/1", "game": "chess", "actions": []}),
        "garbled.json": json.dumps(
            {"format": "ludoteca-record/1", "game": "carcassonne", "options": {"players": 2},
             "actions": ["draw base:U", "dance"]}
        ),
    }
    for name, text in cases.items():
        path = tmp_path / name
        path.write_text(text)
        result = runner.invoke(app, ["replay", str(path)])
        assert result.exit_code == 2, name
        assert result.stderr.startswith("error: "), name
    assert "action 1" in runner.invoke(app, ["replay", str(tmp_path / "garbled.json")]).stderr
    missing = runner.invoke(app, ["replay", str(tmp_path / "missing.json")])
    assert missing.exit_code == 2 and "cannot read record" in missing.stderr
