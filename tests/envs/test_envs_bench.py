"""The environment benchmark runs and reports rows comparable with the engine's."""

from __future__ import annotations

from ludoteca.envs.bench import bench_envs


def test_bench_envs_rows() -> None:
    rows = bench_envs("carcassonne", games=2, seed=1, bag=["base:" + c for c in "ABCDEFGHIJ"])
    assert [r["kind"] for r in rows] == ["engine", "pettingzoo", "gym", "gym-bare"]
    assert rows[0]["vs_engine"] == 1.0 and rows[0]["games_vs_engine"] == 1.0
    for row in rows:
        assert row["games"] == 2 and row["steps"] > 0 and row["steps_per_second"] > 0
        assert row["vs_engine"] > 0
    assert rows[2]["steps"] < rows[1]["steps"]  # gym counts only its seat's steps


def test_bench_envs_decisions() -> None:
    rows = bench_envs("carcassonne", games=2, seed=1, bag=["base:" + c for c in "ABCDEFGHIJ"])
    engine, pettingzoo, gym, bare = rows
    assert engine["decisions"] < engine["steps"]  # the engine's actions hold the tile draws
    assert pettingzoo["decisions"] == pettingzoo["steps"]
    assert gym["decisions"] > gym["steps"] and bare["decisions"] > bare["steps"]  # the bot's moves too
    for row in rows:
        assert row["vs_engine"] == row["decisions_per_second"] / engine["decisions_per_second"]
