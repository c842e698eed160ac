"""`ludoteca tournament`: table and JSON output, saved files, records and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.core import LudotecaError
from ludoteca.sim.tournament import split_agent_specs

runner = CliRunner()


def test_json_and_saved_files(tmp_path: Path) -> None:
    out = tmp_path / "t"
    result = runner.invoke(app, ["tournament", "carcassonne", "--agents", "greedy,random", "--games", "2",
                                 "--seed", "4", "--out", str(out), "--records", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["format"] == "ludoteca-tournament/1" and data["seed"] == 4 and data["total_games"] == 2
    assert [r["agent"] for r in data["standings"]] == ["greedy", "random"]
    assert sum(r["wins"] for r in data["standings"]) == pytest.approx(2)
    assert data["backend"] == "local" and data["workers"] == 1
    for name in ("tournament.json", "standings.csv", "games.csv"):
        assert (out / name).exists()
    assert json.loads((out / "tournament.json").read_text())["standings"] == data["standings"]
    assert sorted(p.name for p in (out / "records").iterdir()) == ["m0-g00000.json", "m0-g00001.json"]
    if _has_matplotlib():
        assert (out / "standings.png").read_bytes()[:4] == b"\x89PNG"


def test_resume_plays_only_what_the_log_lacks(tmp_path: Path) -> None:
    args = ["tournament", "carcassonne", "--agents", "greedy,random", "--games", "2", "--seed", "4",
            "--out", str(tmp_path), "--json"]
    first = runner.invoke(app, args)
    assert first.exit_code == 0, first.output
    log = (tmp_path / "games.jsonl").read_text().splitlines()
    (tmp_path / "games.jsonl").write_text("\n".join(log[:2]) + "\n")  # the second game was lost
    resumed = runner.invoke(app, [*args, "--resume"])
    assert resumed.exit_code == 0, resumed.output
    strip = [{k: v for k, v in json.loads(r.stdout).items() if k not in ("seconds", "games")}
             for r in (first, resumed)]
    assert strip[0] == strip[1]
    other = runner.invoke(app, ["tournament", "carcassonne", "--agents", "greedy,random", "--games", "2",
                                "--seed", "5", "--out", str(tmp_path), "--resume"])
    assert other.exit_code == 2 and "another tournament" in other.stderr


def _has_matplotlib() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def test_table_output_with_parameters_in_specs() -> None:
    result = runner.invoke(app, ["tournament", "carcassonne", "-a", "mcts:iterations=3,c=0.5,random",
                                 "-n", "2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    for text in ("mcts:iterations=3,c=0.5", "win rate", "95% CI", "mean score", "rating", "seed 1"):
        assert text in result.stdout


def test_same_seed_same_results_across_workers() -> None:
    def run(*extra: str) -> dict:
        result = runner.invoke(app, ["tournament", "carcassonne", "-a", "random,greedy,random", "-n", "2",
                                     "--players", "2", "--seed", "3", "--json", *extra])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        for key in ("seconds", "workers", "backend"):
            data.pop(key)
        for game in data["games"]:
            game.pop("seconds")
        return data

    one = run()
    assert one == run("--workers", "2")
    assert len(one["matchups"]) == 3 and one["total_games"] == 6


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--agents", "greedy,random", "--games", "2", "--backend", "dask"], "unknown backend 'dask'"),
        (["--agents", "greedy,random", "--games", "2", "--address", "auto"], "only used by the ray backend"),
        (["--agents", "greedy", "--games", "2"], "at least two agents"),
        (["--agents", "greedy,,random", "--games", "2"], "comma-separated list"),
        (["--agents", "greedy,nobody", "--games", "2"], "unknown agent 'nobody'"),
        (["--agents", "greedy,random", "--games", "2", "--records"], "--records needs --out"),
        (["--agents", "greedy,random", "--games", "2", "-x", "nothing"], "nothing"),
        (["--agents", "greedy,random", "--games", "2", "--resume"], "--resume needs the --out DIR"),
    ],
)
def test_bad_input_exits_2(args: list[str], message: str) -> None:
    result = runner.invoke(app, ["tournament", "carcassonne", *args])
    assert result.exit_code == 2, result.output
    assert "error:" in result.stderr and message in result.stderr


def test_unknown_game_and_bad_games() -> None:
    result = runner.invoke(app, ["tournament", "chess", "--agents", "greedy,random", "--games", "2"])
    assert result.exit_code == 2 and "unknown game 'chess'" in result.stderr
    result = runner.invoke(app, ["tournament", "carcassonne", "--agents", "greedy,random", "--games", "0"])
    assert result.exit_code == 2


def test_split_agent_specs() -> None:
    assert split_agent_specs("mcts:time=1,greedy") == ["mcts:time=1", "greedy"]
    assert split_agent_specs("ismcts:time=0.5,c=0.7, greedy:seed=3,random") == [
        "ismcts:time=0.5,c=0.7", "greedy:seed=3", "random"]
    with pytest.raises(LudotecaError, match="follows no 'name:key=value' spec"):
        split_agent_specs("c=0.7,greedy")
    with pytest.raises(LudotecaError, match="follows no"):
        split_agent_specs("greedy,c=0.7")
    with pytest.raises(LudotecaError, match="comma-separated"):
        split_agent_specs("")
