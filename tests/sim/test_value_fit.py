"""Fitting a value model to self-play (`ludoteca.sim.value_fit`, `ludoteca fit-value`)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from ludoteca.cli.main import app
from ludoteca.core.errors import LudotecaError
from ludoteca.games.carcassonne.value import INPUTS, parse_weights, setup_inputs
from ludoteca.sim.value_fit import SelfPlayTask, Sums, fit_value, sample_game


def sums_of(x: np.ndarray, y: np.ndarray) -> Sums:
    s = Sums.empty(x.shape[1])
    s.add(x, y)
    return s


def test_sums_give_the_least_squares_fit_and_its_r2() -> None:
    rng = np.random.default_rng(3)
    x = rng.normal(size=(200, 4))
    y = x @ np.array([1.0, -2.0, 0.5, 0.0]) + rng.normal(size=200)
    first, second = sums_of(x[:120], y[:120]), sums_of(x[120:], y[120:])
    both = first.plus(second)
    w = both.solve(0.0)
    assert w == pytest.approx(np.linalg.lstsq(x, y, rcond=None)[0])
    residual = y - x @ w
    assert both.r2(w) == pytest.approx(1 - residual @ residual / ((y - y.mean()) @ (y - y.mean())))
    # a ridge penalty shrinks the weights
    assert np.linalg.norm(both.solve(1000.0)) < np.linalg.norm(w)


def test_a_worked_example_of_the_r2() -> None:
    # y = 1, 2, 3 predicted by w * x with x = 1, 1, 1 and w = 2: errors -1, 0, 1 -> 2; variance sum 2
    s = sums_of(np.ones((3, 1)), np.array([1.0, 2.0, 3.0]))
    assert s.r2(np.array([2.0])) == pytest.approx(0.0)
    assert s.r2(np.array([0.0])) == pytest.approx(1 - 14 / 2)


def test_a_self_play_game_labels_every_position_with_its_final_lead() -> None:
    x, y = sample_game(SelfPlayTask("carcassonne", {}, "greedy", 0.2, 5, 0))
    assert x.shape[1] == len(INPUTS) and len(y) == len(x) > 100
    # two seats per position: opposite inputs, opposite leads
    assert x[1::2] == pytest.approx(-x[::2])
    assert y[1::2] == pytest.approx(-y[::2])
    assert len(set(y[::2])) == 1


def test_the_fit_does_not_depend_on_the_workers() -> None:
    one = fit_value("carcassonne", games=4, seed=2, holdout=0.25, workers=1)
    two = fit_value("carcassonne", games=4, seed=2, holdout=0.25, workers=2)
    assert one.weights == two.weights and one.positions == two.positions
    assert one.r2_holdout == two.r2_holdout is not None
    assert one.weights != fit_value("carcassonne", games=4, seed=3, holdout=0.25).weights
    assert parse_weights(one.to_weights_file()) == tuple(one.weights)


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "tm-dice"}, "tm-dice has no value model"),
    ({"explore": 1.5}, "explore must be a share from 0 to 1"),
    ({"holdout": 1.0}, "holdout must be a share"),
    ({"ridge": -1.0}, "ridge must be >= 0"),
    ({"agent": "oracle"}, "unknown agent 'oracle'"),
])
def test_bad_fits_are_refused(kwargs: dict, message: str) -> None:
    args = {"game": "carcassonne", "games": 2, **kwargs}
    with pytest.raises(LudotecaError, match=message):
        fit_value(**args)


def test_a_game_without_a_model_for_its_options_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.games.carcassonne.game import CarcassonneGame

    monkeypatch.setattr(CarcassonneGame, "value_inputs", lambda self, state, seat: None)
    with pytest.raises(LudotecaError, match="no value model for options"):
        fit_value("carcassonne", {"players": 3}, games=2)


def test_three_seats_and_the_expansions_have_inputs_to_fit() -> None:
    fit = fit_value("carcassonne", {"players": 3, "expansions": ["inns_cathedrals"]}, games=2, holdout=0.0)
    assert fit.inputs == setup_inputs(["inns_cathedrals"]) and len(fit.weights) == len(fit.inputs)
    assert parse_weights(fit.to_weights_file(), ["inns_cathedrals"]) == tuple(fit.weights)


def test_the_command_writes_a_weights_file_the_game_accepts(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    result = CliRunner().invoke(app, ["fit-value", "carcassonne", "--games", "3", "--seed", "1",
                                      "--holdout", "0.34", "--out", str(out), "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(out.read_text())
    assert json.loads(result.stdout) == data
    assert len(parse_weights(data)) == len(INPUTS)
    assert data["fitted"]["command"] == ("ludoteca fit-value carcassonne --games 3 --agent greedy "
                                         "--explore 0.2 --seed 1 --ridge 1.0 --holdout 0.34")
    assert data["fitted"]["games"] == 3 and data["fitted"]["positions"] > 300
    bad = CliRunner().invoke(app, ["fit-value", "carcassonne", "--games", "3", "--explore", "2"])
    assert bad.exit_code != 0 and "explore must be a share" in bad.output


def test_the_recorded_command_keeps_the_game_options(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    bag = 'bag=["base:E","base:U","base:V","base:B"]'
    result = CliRunner().invoke(app, ["fit-value", "carcassonne", "--games", "2", "-o", bag,
                                      "--out", str(out)])
    assert result.exit_code == 0, result.output
    fitted = json.loads(out.read_text())["fitted"]
    assert fitted["command"].endswith(f" -o {bag}")
    assert fitted["options"]["bag"] == ["base:E", "base:U", "base:V", "base:B"]


def test_the_command_fits_more_seats_and_records_them(tmp_path: Path) -> None:
    out = tmp_path / "value.json"
    result = CliRunner().invoke(app, ["fit-value", "carcassonne", "--games", "2", "--players", "3",
                                      "-x", "inns_cathedrals", "--holdout", "0", "--out", str(out)])
    assert result.exit_code == 0, result.output
    fitted = json.loads(out.read_text())["fitted"]
    assert fitted["command"].endswith(" --holdout 0.0 --players 3 -x inns_cathedrals")
    assert fitted["options"] == {"expansions": ["inns_cathedrals"], "players": 3}
