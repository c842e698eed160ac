"""Carcassonne's board picture (`image.board_image`, `render("rgb_array")`): pixels checked
against the start tile, a meeple and the canvas rules."""

from __future__ import annotations

import random

import numpy as np
import pytest

from ludoteca.core.play import sample_chance
from ludoteca.core.registry import load_game
from ludoteca.games.carcassonne import image
from ludoteca.games.carcassonne.image import CELL_H, CELL_W, COLOURS, EMPTY, SEAT_RGB, TILE, board_image
from ludoteca.games.carcassonne.state import CarcassonneState
from ludoteca.games.carcassonne.terminal_board import CITY, FIELD, ROAD, spot_cell


def _played(moves: int, seed: int = 3, **options: object) -> CarcassonneState:
    state = load_game("carcassonne", **options).new_initial_state()
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        chance = state.is_chance_node()
        state.apply_action(sample_chance(state, rng) if chance else rng.choice(state.legal_actions()))
    return state


def _cell(img: np.ndarray, x: int, y: int, r: int, c: int, half: int = 10) -> np.ndarray:
    """The pixels of cell (r, c) of square (x, y), on a canvas `2 * half + 1` squares wide."""
    top, left = (half - y) * TILE + r * CELL_H, (x + half) * TILE + c * CELL_W
    return img[top: top + CELL_H, left: left + CELL_W]


def test_the_start_tile_is_drawn_city_north_road_across_field_south() -> None:
    img = board_image(load_game("carcassonne").new_initial_state())
    assert img.shape == (21 * TILE, 21 * TILE, 3) and img.dtype == np.uint8
    city, road, field = COLOURS[CITY][0], COLOURS[ROAD][0], COLOURS[FIELD][0]
    assert (_cell(img, 0, 0, 0, 2) == city).all()  # the north side's middle third
    assert (_cell(img, 0, 0, 1, 0) == road).all() and (_cell(img, 0, 0, 1, 4) == road).all()
    assert (_cell(img, 0, 0, 2, 2) == field).all()
    assert (_cell(img, 1, 0, 1, 2) == EMPTY).all()  # nothing east of it yet


def test_a_meeple_is_drawn_in_its_seats_colour_on_its_spot() -> None:
    state = _played(200)
    meeples = state.meeples_on_board()
    assert meeples
    img = board_image(state)
    for m in meeples:
        cell = _cell(img, m["x"], m["y"], *spot_cell(m["spot"]))
        assert (cell[1:-1] == SEAT_RGB[m["seat"]]).all()
        assert (cell[0] == image.EDGE).all()


def test_a_board_past_the_canvas_is_shrunk_to_the_one_frame_size() -> None:
    """Always the first legal placement: the tiles run off in a line, past 10 squares."""
    state = load_game("carcassonne").new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[0])
        xy = [state.board.xy(sq) for sq in state.board.squares]
        if max(max(abs(x), abs(y)) for x, y in xy) > 12:
            break
    else:
        pytest.fail("the board never grew past 12 squares")
    img = board_image(state)
    assert img.shape == (21 * TILE, 21 * TILE, 3)
    far = max(xy, key=lambda p: max(abs(p[0]), abs(p[1])))
    side = 2 * max(abs(far[0]), abs(far[1])) + 1
    # the far tile is still in the picture: its square, shrunk, is not the empty colour
    half = side // 2
    top, left = (half - far[1]) * TILE * 21 // side, (far[0] + half) * TILE * 21 // side
    patch = img[top: top + TILE * 21 // side, left: left + TILE * 21 // side]
    assert (patch != EMPTY).any()


def test_scale_repeats_every_pixel() -> None:
    state = _played(40, players=3, expansions=["inns_cathedrals"])
    small, big = board_image(state), board_image(state, scale=2)
    assert big.shape == (2 * small.shape[0], 2 * small.shape[1], 3)
    assert (big[::2, ::2] == small).all()
    with pytest.raises(ValueError, match="scale"):
        board_image(state, scale=0)


def test_the_game_draws_images() -> None:
    game = load_game("carcassonne")
    state = _played(20)
    assert game.draws_images and (game.image(state, 0) == board_image(state)).all()
    assert (game.image(state, None) == game.image(state, 1)).all()  # the board is public
