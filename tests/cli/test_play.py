"""`ludoteca play`: a whole human-vs-bot game fed through stdin, re-asking, quitting, records."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

from typer.testing import CliRunner

import ludoteca
from ludoteca.agents import agent_names
from ludoteca.cli.main import app
from ludoteca.core.play import sample_chance
from ludoteca.core.record import load_record, replay
from ludoteca.sim.common import derive_seed

runner = CliRunner()


def _play(tmp_path: Path, answers: str, *extra: str, seed: int = 5):
    args = ["play", "carcassonne", "--seed", str(seed), "--record-dir", str(tmp_path), *extra]
    return runner.invoke(app, args, input=answers)


def _record(tmp_path: Path) -> Path:
    (path,) = tmp_path.glob("*.json")
    return path


def test_full_game_always_option_1(tmp_path: Path) -> None:
    result = _play(tmp_path, "1\n" * 400, "--players", "human,greedy")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Game over" in out
    assert "Scoring log" in out
    assert "seat 1 blue (greedy): place" in out  # bot moves are announced
    assert "draws base:" in out
    path = _record(tmp_path)
    assert str(path) in out.replace("\n", "")
    state = replay(load_record(path))
    assert state.is_terminal()
    printed = [float(p) for p in re.findall(r"^seat \d \w+ \(\w+\): (\d+) points", out, re.M)]
    assert printed == state.scores()
    replayed = runner.invoke(app, ["replay", str(path), "--json"])
    assert replayed.exit_code == 0
    assert json.loads(replayed.stdout)["scores"] == state.scores()


def test_same_seed_same_game(tmp_path: Path) -> None:
    a, b = tmp_path / "a", tmp_path / "b"
    for d in (a, b):
        assert _play(d, "1\n2\n" * 200, "--players", "greedy,human", seed=11).exit_code == 0
    assert load_record(_record(a)) == load_record(_record(b))


def test_invalid_input_is_asked_again_and_q_quits(tmp_path: Path) -> None:
    result = _play(tmp_path, "hello\n99\n0\nplace 5,5 r0\n\n?\nb\nq\n", "--players", "human,greedy")
    assert result.exit_code == 0, result.output
    out = result.output
    assert out.count("Not accepted") == 5
    assert "there is no option 99" in out
    assert "cannot read 'hello'" in out
    assert "'place 5,5 r0' is not a legal action" in out
    assert "Type the number of an option" in out  # help
    assert "Game stopped" in out
    record = load_record(_record(tmp_path))
    assert len(record["actions"]) == 1 and record["actions"][0].startswith("draw ")  # nothing applied
    assert "unfinished game" in out


def _first_draw(seed: int) -> str:
    state = ludoteca.load_game("carcassonne", players=2).new_initial_state()
    return state.action_to_string(sample_chance(state, random.Random(derive_seed(seed, 0, "chance"))))


def test_choose_by_notation(tmp_path: Path) -> None:
    seed = 8
    state = ludoteca.load_game("carcassonne", players=2).new_initial_state()
    state.apply_string(_first_draw(seed))
    place = state.prompt().options[-1].text  # the last option, typed as notation
    state.apply_string(place)
    meeple = next(o.text for o in state.prompt().options if o.text.startswith("meeple"))
    result = _play(tmp_path, f"{place}\n  {meeple}  \nq\n", seed=seed)
    assert result.exit_code == 0, result.output
    assert "Not accepted" not in result.output
    actions = load_record(_record(tmp_path))["actions"]
    assert actions[1:3] == [place, meeple]


def test_meeple_alias_is_accepted(tmp_path: Path) -> None:
    # a straight road placed east of the start tile: "road W" names the same road as "road E"
    seed = next(s for s in range(500) if _first_draw(s) == "draw base:U")
    result = _play(tmp_path, "place 1,0 r0\nmeeple road W\nq\n", seed=seed)
    assert result.exit_code == 0, result.output
    assert "Not accepted" not in result.output
    actions = load_record(_record(tmp_path))["actions"]
    assert actions[:3] == ["draw base:U", "place 1,0 r0", "meeple road E"]


def test_bots_only_game_matches_simulate_game_0(tmp_path: Path) -> None:
    result = _play(tmp_path, "", "--players", "greedy,random", seed=21)
    assert result.exit_code == 0, result.output
    state = replay(load_record(_record(tmp_path)))
    sim = runner.invoke(
        app, ["simulate", "carcassonne", "--games", "1", "--agents", "greedy,random", "--seed", "21",
              "--json", "--per-game"],
    )
    assert json.loads(sim.stdout)["per_game"][0]["scores"] == state.scores()


def test_end_of_input_quits_and_saves(tmp_path: Path) -> None:
    result = _play(tmp_path, "1\n", "--players", "human,greedy")
    assert result.exit_code == 0
    assert len(load_record(_record(tmp_path))["actions"]) >= 2


def test_bad_seat_spec(tmp_path: Path) -> None:
    result = _play(tmp_path, "", "--players", "human,alphago")
    assert result.exit_code == 2
    assert "unknown agent 'alphago'" in result.stderr
    assert ", ".join(agent_names()) in result.stderr and "human" in result.stderr
    assert "Traceback" not in result.output
    assert not list(tmp_path.glob("*.json"))


def test_bad_player_count_and_unknown_game(tmp_path: Path) -> None:
    result = _play(tmp_path, "", "--players", "human")
    assert result.exit_code == 2
    assert "Players must be a whole number from 2 to 6. (option 'players', got 1)" in result.stderr
    result = runner.invoke(app, ["--lang", "fr", "play", "terraforming-mars", "--players", "human",
                                 "--option", "draft=true", "--record-dir", str(tmp_path)])
    assert result.exit_code == 2
    assert "Pas de draft en solo : décochez Draft ou ajoutez un joueur. (--option draft=…)" in result.stderr
    result = runner.invoke(app, ["play", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.stderr and "carcassonne" in result.stderr


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"ludoteca {ludoteca.__version__}"


def test_bots_with_an_expansion(tmp_path: Path) -> None:
    result = _play(tmp_path, "", "--players", "random,random,random", "-x", "inns_cathedrals", seed=2)
    assert result.exit_code == 0, result.output
    assert "big meeple" in result.output  # the player table shows the big meeples left
    record = load_record(_record(tmp_path))
    assert record["options"]["expansions"] == ["inns_cathedrals"]
    assert record["options"]["players"] == 3
    assert replay(record).is_terminal()
