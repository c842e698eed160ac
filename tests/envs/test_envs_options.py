"""Option features: hashed columns for every game, Carcassonne's own columns, fixed widths."""

from __future__ import annotations

import random
import subprocess
import sys

import numpy as np
import pytest

from ludoteca.core.play import sample_chance
from ludoteca.core.prompt import Option
from ludoteca.core.registry import load_game, registered_games
from ludoteca.envs.options import HashedOptionFeatures, option_features_for
from ludoteca.games.carcassonne.option_features import OWN, CarcassonneOptionFeatures


def _decisions(name: str, seed: int, count: int):
    """Up to `count` (state, options) decisions of a random game."""
    game = load_game(name, players=2)
    state, rng = game.new_initial_state(), random.Random(seed)
    found = []
    while not state.is_terminal() and len(found) < count:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        options = state.prompt().options
        found.append((state.clone(), options))
        state.apply_action(rng.choice(options).action)
    return game, found


@pytest.mark.parametrize("name", registered_games())
def test_every_game_has_fixed_width_bounded_features(name: str) -> None:
    game, decisions = _decisions(name, 1, 150)
    featurizer = option_features_for(game)
    assert len(featurizer.names) == featurizer.width
    distinct = 0
    for state, options in decisions:
        table = featurizer.features(state, options)
        assert table.shape == (len(options), featurizer.width) and table.dtype == np.float32
        assert np.all(np.abs(table) <= 1.0)
        distinct += len({row.tobytes() for row in table}) == len(options)
    assert distinct >= 0.8 * len(decisions)  # options are almost always told apart


def test_hashed_features_are_the_same_in_another_process() -> None:
    options = [Option(5, "play card_x", {"card": {"id": "card_x", "cost": 12, "tags": ["space"]}}),
               Option(9, "skip", {})]
    table = HashedOptionFeatures().features(None, options)  # type: ignore[arg-type]
    code = ("from ludoteca.core.prompt import Option; from ludoteca.envs.options import HashedOptionFeatures;"
            "o=[Option(5,'play card_x',{'card':{'id':'card_x','cost':12,'tags':['space']}}),"
            "Option(9,'skip',{})];"
            "print(HashedOptionFeatures().features(None,o).tobytes().hex())")
    other = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": "123", "PYTHONPATH": ":".join(sys.path)})
    assert other.stdout.strip() == table.tobytes().hex()
    assert table[1, 3] == 1.0 and table[0, 3] == 0.0  # the skip column
    assert table[:, 0].tolist() == [1.0, 1.0] and table[:, 1].tolist() == [0.0, 1.0]


def test_carcassonne_columns_read_the_payloads() -> None:
    game, decisions = _decisions("carcassonne", 2, 40)
    featurizer = option_features_for(game)
    assert isinstance(featurizer, CarcassonneOptionFeatures)
    col = {name: i for i, name in enumerate(featurizer.names)}
    seen = set()
    for state, options in decisions:
        table = featurizer.features(state, options)
        for row, option in zip(table, options, strict=True):
            p = option.payload
            kind = option.text.split()[0]
            seen.add(kind)
            if kind == "place":
                assert row[col["kind_place"]] == 1.0 and row[col[f"rot_{p['rotation']}"]] == 1.0
                assert row[col["x"]] == pytest.approx(p["x"] / 12)
                assert row[col["y"]] == pytest.approx(p["y"] / 12)
                assert 1 / 8 <= row[col["neighbours"]] <= 1.0  # every placement touches the board
            elif kind in ("meeple", "big"):
                assert row[col["kind_meeple"]] == 1.0 and row[col[f"feat_{p['feature']}"]] == 1.0
                side = p["spot"].partition(" ")[2][:1]  # "road E" -> E, "field N0" -> N, "monastery" -> ""
                sides = [row[col[f"side_{s}"]] for s in "NESW"]
                assert sides == [float(s == side) for s in "NESW"]
            elif kind == "skip":
                assert row[col["kind_skip"]] == 1.0
            assert row[: len(OWN)][[col["kind_place"], col["kind_meeple"], col["kind_skip"],
                                    col["kind_other"]]].sum() == 1.0
    assert {"place", "meeple", "skip"} <= seen
