"""The tournament runner: seating, paired seeds, determinism across workers, saving."""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path

import pytest

from ludoteca.core import LudotecaError, replay
from ludoteca.core.record import load_record
from ludoteca.sim.tournament import (
    agent_labels,
    derive_seed,
    matchups,
    run_tournament,
    save_chart,
    win_shares,
)

BAG = ["base:B", "base:D", "base:E", "base:U", "base:V", "base:K", "base:L", "base:J"]
OPTIONS = {"bag": BAG}


def test_matchups_and_labels() -> None:
    assert matchups(2, 2) == [(0, 1)]
    assert matchups(2, 4) == [(0, 1)]
    assert matchups(3, 2) == [(0, 1), (0, 2), (1, 2)]
    assert agent_labels(["random", "greedy", "random"]) == ["random", "greedy", "random#2"]


def test_win_shares_split_ties() -> None:
    assert win_shares([1.0, -1.0]) == [1.0, 0.0]
    assert win_shares([0.5, 0.5, -1.0]) == [0.5, 0.5, 0.0]
    assert win_shares([0.0, 0.0, 0.0]) == pytest.approx([1 / 3] * 3)


def test_derive_seed_is_stable() -> None:
    assert derive_seed(1, "deal", 0) == derive_seed(1, "deal", 0)
    assert len({derive_seed(1, "deal", i) for i in range(100)} | {derive_seed(2, "deal", 0)}) == 101
    assert 0 <= derive_seed(7, "agent", 0, 3, 1) < 2**63


def test_results_are_the_same_for_any_worker_count() -> None:
    specs = ["random", "greedy", "mcts:iterations=5"]
    one = run_tournament("carcassonne", OPTIONS, specs, games=4, players=2, seed=9, workers=1)
    two = run_tournament("carcassonne", OPTIONS, specs, games=4, players=2, seed=9, workers=2)
    assert one.to_dict(timings=False) == two.to_dict(timings=False)
    other = run_tournament("carcassonne", OPTIONS, specs, games=4, players=2, seed=10, workers=1)
    assert other.to_dict(timings=False) != one.to_dict(timings=False)


def test_seats_rotate_and_stats_add_up() -> None:
    progress: list[tuple[int, int]] = []
    result = run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=6, seed=1,
                            on_progress=lambda done, total: progress.append((done, total)))
    assert progress[-1] == (6, 6) and len(progress) == 6
    assert [o.agents for o in result.outcomes] == [(0, 1), (1, 0)] * 3
    rows = result.standings()
    assert [r.agent for r in rows] == ["random", "greedy"]
    assert [r.games for r in rows] == [6, 6]
    assert sum(r.wins for r in rows) == pytest.approx(6)
    for r in rows:
        assert r.ci_low <= r.win_rate <= r.ci_high
        assert r.win_rate == pytest.approx(r.wins / 6)
    assert rows[1].win_rate > rows[0].win_rate  # greedy beats random
    assert rows[1].elo > 1500 > rows[0].elo
    h2h = result.head_to_head()
    assert h2h[0][1] + h2h[1][0] == pytest.approx(6)


def test_round_robin_and_fewer_agents_than_seats() -> None:
    robin = run_tournament("carcassonne", OPTIONS, ["random", "greedy", "random"], games=2, players=2)
    assert robin.matchups == [(0, 1), (0, 2), (1, 2)]
    assert [r.games for r in robin.standings()] == [4, 4, 4]
    assert [r.agent for r in robin.standings()] == ["random", "greedy", "random#2"]
    crowd = run_tournament("carcassonne", {**OPTIONS, "players": 3}, ["random", "greedy"], games=2)
    assert [o.agents for o in crowd.outcomes] == [(0, 1, 0), (1, 0, 1)]
    assert [r.games for r in crowd.standings()] == [3, 3]


def test_seeds_are_paired_across_rotations_and_matchups(tmp_path: Path) -> None:
    result = run_tournament("carcassonne", OPTIONS, ["random", "greedy", "random"], games=4,
                            players=2, seed=3, out_dir=tmp_path, save_records=True)
    records = {(o.matchup, o.index): load_record(o.record) for o in result.outcomes if o.record}
    assert len(records) == 12
    first_draw = {key: rec["actions"][0] for key, rec in records.items()}
    for m in range(3):
        # both seatings of a deal see the same first tile, and so does every match-up
        assert first_draw[(m, 0)] == first_draw[(m, 1)] == first_draw[(0, 0)]
        assert first_draw[(m, 2)] == first_draw[(m, 3)] == first_draw[(0, 2)]
    for o in result.outcomes:
        state = replay(load_record(o.record))
        assert state.is_terminal() and tuple(state.scores()) == o.scores


def test_saved_files(tmp_path: Path) -> None:
    result = run_tournament("carcassonne", OPTIONS, ["greedy", "random"], games=4, seed=2, out_dir=tmp_path)
    data = json.loads((tmp_path / "tournament.json").read_text())
    assert data["format"] == "ludoteca-tournament/1"
    assert data["total_games"] == 4 and len(data["games"]) == 4
    assert data["standings"] == json.loads(json.dumps(result.to_dict()["standings"]))
    with (tmp_path / "standings.csv").open() as f:
        rows = list(csv.DictReader(f))
    assert [r["agent"] for r in rows] == ["greedy", "random"]
    assert float(rows[0]["wins"]) + float(rows[1]["wins"]) == pytest.approx(4)
    assert set(rows[0]) == {"agent", "spec", "games", "wins", "win_rate", "ci_low", "ci_high",
                            "mean_score", "elo"}
    with (tmp_path / "games.csv").open() as f:
        games = list(csv.DictReader(f))
    assert len(games) == 4 and games[0]["agent0"] == "greedy" and games[1]["agent0"] == "random"
    assert not (tmp_path / "records").exists()


def test_png_chart(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    result = run_tournament("carcassonne", OPTIONS, ["greedy", "random"], games=2, out_dir=tmp_path)
    png = tmp_path / "standings.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert save_chart(result, tmp_path / "again.png") == tmp_path / "again.png"


def test_no_chart_without_matplotlib(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib.figure", None)  # import now raises ImportError
    result = run_tournament("carcassonne", OPTIONS, ["greedy", "random"], games=2)
    paths = result.save(tmp_path)
    assert "png" not in paths and not (tmp_path / "standings.png").exists()
    assert paths["json"].exists() and paths["csv"].exists()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"agent_specs": ["random", "mcts:rollout=smart"]}, "agent 'mcts': rollout must be"),
        ({"agent_specs": ["random", "nobody"]}, "unknown agent 'nobody'"),
        ({"agent_specs": []}, "at least one agent"),
        ({"games": -1}, "games must be an integer >= 0"),
        ({"workers": 0}, "workers must be an integer >= 1"),
        ({"players": 3, "options": {"players": 2}}, "contradicts the game option players=2"),
        ({"save_records": True}, "save_records needs an out_dir"),
        ({"game_name": "chess"}, "unknown game 'chess'"),
    ],
)
def test_bad_input_fails_before_any_game(kwargs: dict, message: str) -> None:
    args = {"game_name": "carcassonne", "options": OPTIONS, "agent_specs": ["random", "greedy"], "games": 2,
            **kwargs}
    with pytest.raises(LudotecaError, match=message):
        run_tournament(**args)


def test_an_interrupted_tournament_resumes_to_the_same_results(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.sim import tournament

    specs = ["random", "greedy", "mcts:iterations=5"]
    whole = run_tournament("carcassonne", OPTIONS, specs, games=4, players=2, seed=3, out_dir=tmp_path / "a")
    log = (tmp_path / "a" / "games.jsonl").read_text(encoding="utf-8").splitlines()
    assert len(log) == 1 + 12 and json.loads(log[0])["agents"] == specs
    # cut the run short: 5 games done and a sixth half-written when the machine stopped
    cut = tmp_path / "b"
    cut.mkdir()
    (cut / "games.jsonl").write_text("\n".join(log[:6]) + "\n" + log[6][:20], encoding="utf-8")
    played: list[tuple[int, int]] = []
    real = tournament.play_game

    def counting(task: tournament.GameTask) -> tournament.GameOutcome:
        played.append((task.matchup, task.index))
        return real(task)

    monkeypatch.setattr(tournament, "play_game", counting)
    resumed = run_tournament("carcassonne", OPTIONS, specs, games=4, players=2, seed=3, out_dir=cut,
                             resume=True)
    assert len(played) == 7  # only the missing games, the cut-off one included
    assert resumed.to_dict(timings=False) == whole.to_dict(timings=False)
    assert (cut / "games.jsonl").read_text(encoding="utf-8").splitlines()[:6] == log[:6]
    played.clear()
    again = run_tournament("carcassonne", OPTIONS, specs, games=4, players=2, seed=3, out_dir=cut,
                           resume=True)
    assert played == [] and again.to_dict(timings=False) == whole.to_dict(timings=False)


@pytest.mark.parametrize(
    ("log", "message"),
    [
        (None, "nothing to resume"),
        ('{"format": "ludoteca-tournament/1", "game": "carcassonne", "seed": 99}\n', "another tournament"),
    ],
)
def test_resume_refuses_a_missing_or_foreign_log(tmp_path: Path, log: str | None, message: str) -> None:
    if log is not None:
        (tmp_path / "games.jsonl").write_text(log, encoding="utf-8")
    with pytest.raises(LudotecaError, match=message):
        run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=2, seed=1, out_dir=tmp_path,
                       resume=True)
    with pytest.raises(LudotecaError, match="resume needs the out_dir"):
        run_tournament("carcassonne", OPTIONS, ["random", "greedy"], games=2, seed=1, resume=True)
