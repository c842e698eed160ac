"""The Wonders' numbers come from `data/wonders.json` (issue #22): `wonders.figures()` holds
what each Wonder's `power` says, the powers use it, and data without a number is refused."""

from __future__ import annotations

import copy
import dataclasses
import json
from importlib import resources
from typing import Any

import pytest

from ludoteca.games.carcassonne import wonders
from ludoteca.games.carcassonne.board import Board
from ludoteca.games.carcassonne.tiles import TileDataError, tile_index


def _raw() -> dict[str, Any]:
    text = resources.files("ludoteca.games.carcassonne").joinpath("data/wonders.json").read_text("utf-8")
    return dict(json.loads(text))


def test_the_figures_are_the_datas_numbers() -> None:
    power = {w["key"]: w["power"] for w in _raw()["wonders"]}
    f = wonders.figures()
    rates = power["circus_maximus"]["points_per_meeple_by_players"]
    assert f.circus_maximus == {int(k): v for k, v in rates.items()}
    assert f.circus_maximus == {2: 4, 3: 3, 4: 3, 5: 2, 6: 2}  # the rules' rates (D22)
    assert (f.angkor_wat, f.angkor_wat_min_road) == (power["angkor_wat"]["points_per_road"],
                                                     power["angkor_wat"]["min_road_squares"]) == (5, 5)
    assert (f.terracotta_army, f.terracotta_army_min_run) == (2, 7) == (
        power["terracotta_army"]["points_per_line"], power["terracotta_army"]["min_run"])
    assert (f.tikal, f.tikal_min_city) == (2, 3)
    assert (f.alhambra, f.alhambra_large, f.alhambra_large_bag) == (5, 6, 120)
    assert (f.notre_dame, f.stonehenge, f.abu_simbel_choice) == (3, 3, 2)


def _road(length: int) -> Board:
    board = Board(20)
    u, start = tile_index()["base:U"], tile_index()["base:D"]
    board.place(start, board.square(0, 0), 0)
    for x in range(1, length):
        board.place(u, board.square(x, 0), 0)
    return board


def test_the_powers_use_the_figures(monkeypatch: pytest.MonkeyPatch) -> None:
    board = _road(4)  # one open road of 4 squares, a row of 4 filled squares
    assert wonders.angkor_wat(board) == 0
    other = dataclasses.replace(wonders.figures(), angkor_wat=7, angkor_wat_min_road=4,
                                terracotta_army=9, terracotta_army_min_run=4)
    monkeypatch.setattr(wonders, "figures", lambda: other)
    assert wonders.angkor_wat(board) == 7
    assert wonders.terracotta_army(board) == 9
    assert wonders.end_power(board, wonders.ANGKOR_WAT, 0, 2, 72) == 7
    assert wonders.end_power(board, wonders.TIKAL, 0, 2, 72) == 0  # not an end-game power


def test_data_without_a_number_is_refused() -> None:
    data = copy.deepcopy(_raw())
    parsed = wonders.parse_wonders(data)
    assert wonders.figures_of(parsed) == wonders.figures()
    for w in data["wonders"]:
        if w["key"] == "terracotta_army":
            del w["power"]["min_run"]
    with pytest.raises(TileDataError, match="min_run"):
        wonders.figures_of(wonders.parse_wonders(data))
