"""`ludoteca.sim.analysis`: win rate by factor level from per-game rows, and the games'
`seat_facts` it reads (corporation and cards, Wonders)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca.agents import make_agent
from ludoteca.core.play import play
from ludoteca.core.registry import load_game
from ludoteca.sim.analysis import AnalysisError, analyse, write_chart
from ludoteca.sim.runner import simulate


def _game(seats: list[str], scores: list[float], returns: list[float],
          facts: list[dict[str, list[str]]]) -> dict[str, Any]:
    return {"seats": seats, "scores": scores, "returns": returns, "facts": facts, "actions": 1}


# four 2-player games: "ecoline" wins 3 of its 4 seat-games, "helion" 1 of 4
SIM = {"game": "toy", "players": 2, "per_game": [
    _game(["a", "b"], [50, 40], [1, -1], [{"corporation": ["ecoline"], "card": ["x", "y"]},
                                         {"corporation": ["helion"], "card": ["x"]}]),
    _game(["b", "a"], [30, 45], [-1, 1], [{"corporation": ["helion"], "card": []},
                                         {"corporation": ["ecoline"], "card": ["y", "y"]}]),
    _game(["a", "b"], [60, 20], [1, -1], [{"corporation": ["ecoline"], "card": []},
                                         {"corporation": ["helion"], "card": []}]),
    _game(["b", "a"], [42, 42], [0, 0], [{"corporation": ["helion"], "card": []},  # a tie: half each
                                         {"corporation": ["ecoline"], "card": []}]),
]}


def test_a_worked_example_win_rates_intervals_and_scores() -> None:
    report = analyse(SIM)
    assert report.games == 4 and report.factors() == ["seat", "agent", "card", "corporation"]
    rows = {r.level: r for r in report.of("corporation")}
    eco, hel = rows["ecoline"], rows["helion"]
    assert (eco.n, eco.wins, eco.win_rate) == (4, 3.5, 0.875)
    assert (hel.n, hel.wins, hel.win_rate) == (4, 0.5, 0.125)
    assert eco.mean_score == pytest.approx((50 + 45 + 60 + 42) / 4)
    assert eco.lift == pytest.approx(0.375) and eco.ci_low < 0.875 < eco.ci_high
    assert [r.level for r in report.of("corporation")] == ["ecoline", "helion"]  # best first
    agents = {r.level: r.wins for r in report.of("agent")}
    assert agents == {"a": 3.5, "b": 0.5}
    seats = {r.level: (r.n, r.wins) for r in report.of("seat")}
    assert seats == {"0": (4, 2.5), "1": (4, 1.5)}


def test_a_level_counts_once_per_seat_and_rare_levels_are_left_out() -> None:
    cards = {r.level: r.n for r in analyse(SIM).of("card")}
    assert cards == {"x": 2, "y": 2}  # "y" twice in one tableau is one seat-game
    assert {r.level for r in analyse(SIM, min_games=3).rows} >= {"ecoline", "helion", "0", "1"}
    assert not analyse(SIM, min_games=3).of("card")
    assert analyse(SIM, factors=("card",)).factors() == ["card"]


def test_marks_need_the_whole_interval_off_the_fair_rate() -> None:
    many = {"game": "toy", "players": 2, "per_game": [
        _game(["a", "b"], [2, 1], [1, -1], [{"corporation": ["strong"]}, {"corporation": ["weak"]}])] * 30}
    rows = {r.level: r.mark for r in analyse(many).of("corporation")}
    assert rows == {"strong": "+", "weak": "-"}
    assert {r.mark for r in analyse(SIM).of("corporation")} == {""}  # 4 games prove nothing
    assert analyse(many).to_dict()["rows"][0]["mark"] in ("+", "-", "")


@pytest.mark.parametrize(("data", "why"), [
    ({"players": 2}, "no per-game rows"),
    ({"per_game": []}, "how many players"),
    ({"players": 2, "per_game": [{"seats": ["a"]}]}, "per-game row 0 is malformed"),
    ({"players": 2, "per_game": [_game(["a", "b"], [1], [1, -1], [{}, {}])]}, "per-game row 0"),
])
def test_malformed_input_is_refused_with_the_reason(data: dict[str, Any], why: str) -> None:
    with pytest.raises(AnalysisError, match=why):
        analyse(data)


def test_the_chart_is_a_png(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    path = write_chart(analyse(SIM), "corporation", tmp_path / "c.png", title="t", xlabel="x")
    assert path.read_bytes()[:4] == b"\x89PNG"
    with pytest.raises(AnalysisError, match="no levels of 'wonder'"):
        write_chart(analyse(SIM), "wonder", tmp_path / "w.png", title="t", xlabel="x")


def _played(name: str, seed: int, **options: Any) -> Any:
    game = load_game(name, **options)
    state = game.new_initial_state()
    play(state, [make_agent("greedy" if name == "carcassonne" else "random", seed=s, game=game)
                 for s in range(game.num_players())], random.Random(seed))
    return game, state


def test_terraforming_mars_facts_are_the_corporation_and_the_projects_played() -> None:
    game, state = _played("terraforming-mars", 1)
    ids = {c.id: c for c in game.cards}
    for seat in range(2):
        facts = state.seat_facts(seat)
        assert facts["corporation"] == [game.cards[state.corp[seat]].id]
        assert ids[facts["corporation"][0]].type == "corporation"
        assert facts["card"] == sorted(game.cards[c].id for c in state.played[seat]
                                       if game.cards[c].type != "corporation")
        assert facts["card"] and all(ids[c].type != "corporation" for c in facts["card"])


def test_dice_game_facts_are_the_corporation_and_the_tableau() -> None:
    game, state = _played("tm-dice", 2)
    content = game.content
    for seat in range(2):
        facts = state.seat_facts(seat)
        assert facts["corporation"] == [content.cards[state._corp[seat]].id]
        assert facts["card"] and len(set(facts["card"])) == len(facts["card"])
        corp_ids = {c.id for c in content.cards[content.corp_base:]}
        assert not corp_ids & set(facts["card"])


def test_carcassonne_facts_are_the_wonders_claimed() -> None:
    game, state = _played("carcassonne", 3, expansions=["wonders"], wonders=["circus_maximus", "stonehenge"])
    track = state.wonder_track
    claimed = [sorted([game.wonders[w].key for w, placed in track.placed.items() if placed[0] == s]
                      + ([game.wonders[track.held[s]].key] if track.held[s] >= 0 else [])) for s in range(2)]
    assert [state.seat_facts(s) for s in range(2)] == [{"wonder": c} for c in claimed]
    assert any(claimed), "greedy claims a Wonder in this game"
    _base, plain = _played("carcassonne", 3)
    assert plain.seat_facts(0) == {}


def test_simulated_rows_carry_the_facts() -> None:
    sim = simulate("tm-dice", ["random", "random"], 2, seed=5)
    rows = sim.to_dict(per_game=True)["per_game"]
    assert all(len(r["facts"]) == 2 and "corporation" in r["facts"][0] for r in rows)
    report = analyse(sim.to_dict(per_game=True))
    assert sum(r.n for r in report.of("seat")) == 4
