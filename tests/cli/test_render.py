"""The terminal drawing of Carcassonne: coordinates, glyphs, meeples, and every tile's cells."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import ludoteca
from ludoteca.games.carcassonne.terminal_board import (
    CATHEDRAL,
    CITY,
    FIELD,
    INN,
    MONASTERY,
    PENNANT,
    ROAD,
    THIRD_CELL,
    render_board,
    render_position,
    render_rotations,
    render_spots,
    spot_cell,
    tile_cells,
)
from ludoteca.games.carcassonne.tiles import SIDES, SPOTS, load_tiles, tile_index

SPOT_KINDS = {CITY: {CITY, PENNANT, CATHEDRAL}, ROAD: {ROAD, INN}, FIELD: {FIELD}, MONASTERY: {MONASTERY}}


def _small_state():
    state = ludoteca.load_game("carcassonne", players=2, bag=["base:U", "base:B"]).new_initial_state()
    for text in ("draw base:U", "place 1,0 r0", "meeple road E"):
        state.apply_string(text)
    return state


def test_board_shows_coordinates_tiles_and_meeples() -> None:
    text = render_board(_small_state()).plain
    assert text.splitlines() == [
        "    0    1",
        "  ·▓▓▓······",
        "0 ────────0─ 0",
        "  ··········",
        "    0    1",
    ]


def test_open_squares_are_labelled_with_their_coordinates() -> None:
    state = _small_state()
    state.apply_string("draw base:B")
    prompt = state.prompt()
    squares = {(o.payload["x"], o.payload["y"]) for o in prompt.options}
    assert squares == {(1, 1), (0, -1), (1, -1)}  # a monastery goes next to fields only
    assert render_board(state, candidates=squares).plain.splitlines() == [
        "     0    1",
        "        ░░░░░",
        " 1      ░1,1░ 1",
        "        ░░░░░",
        "   ·▓▓▓······",
        " 0 ────────0─ 0",
        "   ··········",
        "   ░░░░░░░░░░",
        "-1 0,-1░1,-1░ -1",
        "   ░░░░░░░░░░",
        "     0    1",
    ]


def test_position_and_aids_render_in_a_console() -> None:
    state = _small_state()
    console = Console(width=100, record=True, color_system=None)
    console.print(render_position(state, ["you", "greedy"]))
    out = console.export_text()
    assert "tiles left in the bag: 1" in out
    assert "greedy" in out and "meeples" in out
    rotations = render_rotations(tile_index()["base:D"]).plain.splitlines()
    assert rotations[0].split() == ["r0", "r90", "r180", "r270"]
    assert rotations[1].startswith("·▓▓▓·")  # r0: the city is north
    assert rotations[1].endswith("▓·│··")  # r270: the city is west
    spots = render_spots(tile_index()["base:D"], 0, {"city N": "1", "road E": "2", "field S0": "3"})
    assert spots.plain.splitlines() == ["·▓1▓·", "───2─", "···3·"]


@pytest.mark.parametrize("tile", load_tiles(), ids=lambda t: t.id)
def test_every_tile_cell_matches_its_edges_and_spots(tile) -> None:
    for rotation in range(4):
        cells = tile_cells(tile, rotation)
        orient = tile.orientations[rotation]
        kinds = [[kind for _, kind in row] for row in cells]
        for side, letter in enumerate(orient.edges):
            r, c = THIRD_CELL[side * 3 + 1]  # the middle third of each side
            expected = {"C": SPOT_KINDS[CITY], "R": SPOT_KINDS[ROAD], "F": {FIELD}}[letter]
            assert kinds[r][c] in expected, (tile.id, rotation, SIDES[side])
        for feature in orient.features:
            r, c = spot_cell(SPOTS[feature.spot])
            kind = feature.kind if feature.kind != FIELD or feature.thirds else None
            if kind is not None:  # the enclosed field of ic:IC03 has no cell of its own
                assert kinds[r][c] in SPOT_KINDS[kind], (tile.id, rotation, SPOTS[feature.spot])


def test_announcements_never_show_a_secret_draw() -> None:
    from ludoteca import load_game
    from ludoteca.cli.views import GameView, view_for
    from ludoteca.core.play import sample_chance

    game = load_game("tm-dice", players=2)
    state = game.new_initial_state()
    assert state.is_chance_node()
    line = GameView().describe(state, sample_chance(state, random.Random(0)), "")
    assert line == ""  # a game with hidden information never prints chance outcomes
    carcassonne = load_game("carcassonne").new_initial_state()
    line = view_for("carcassonne").describe(carcassonne, carcassonne.legal_actions()[0], "")
    assert "draws base:A" in line  # Carcassonne draws are public


def test_face_down_choices_are_announced_without_what_was_chosen() -> None:
    from ludoteca import load_game
    from ludoteca.cli.views import view_for
    from ludoteca.core.play import sample_chance

    state = load_game("terraforming-mars", players=2).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    assert state.prompt().kind == "corporation"
    view = view_for("terraforming-mars")
    lines = {view.describe(state, a, "seat 0 (greedy)") for a in state.legal_actions()}
    assert lines == {"seat 0 (greedy): chose a corporation"}  # the same whichever is chosen
    assert state.public_action_string(state.legal_actions()[0]) is None
