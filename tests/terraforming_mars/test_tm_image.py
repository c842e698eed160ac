"""Terraforming Mars' picture of Tharsis (`image.board_image`, `render("rgb_array")`)."""

from __future__ import annotations

import numpy as np
import pytest

from ludoteca.core.registry import load_game
from ludoteca.games.terraforming_mars import image
from ludoteca.games.terraforming_mars.board import LAND, OCEAN_SPACE, tharsis
from ludoteca.games.terraforming_mars.constants import CITY, GREENERY, NEUTRAL, OCEAN, PARAM_MAX
from ludoteca.games.terraforming_mars.image import HEX_H, HEX_W, board_image
from ludoteca.games.terraforming_mars.state import TMState


def _centre(img: np.ndarray, space: int) -> tuple[int, ...]:
    top, left = image._corners()[space]
    return tuple(int(v) for v in img[top + HEX_H // 2, left + HEX_W // 2])


def _edge(img: np.ndarray, space: int) -> tuple[int, ...]:
    """A pixel inside the hexagon, off the owner's mark."""
    top, left = image._corners()[space]
    return tuple(int(v) for v in img[top + HEX_H // 2, left + 2])


def _state() -> TMState:
    return load_game("terraforming-mars").new_initial_state()


def test_empty_spaces_show_their_kind_and_every_frame_has_one_size() -> None:
    state = _state()
    img = board_image(state)
    assert img.shape == (image.HEIGHT, image.WIDTH, 3) and img.dtype == np.uint8
    mars = tharsis()
    land, ocean = mars.land[0], mars.oceans[0]
    assert _centre(img, land) == image.SPACE_RGB[LAND]
    assert _centre(img, ocean) == image.SPACE_RGB[OCEAN_SPACE]
    corners = image._corners()
    assert len(set(corners)) == len(mars.spaces)  # no two spaces drawn in one place


def test_tiles_and_their_owners_are_drawn() -> None:
    state = _state()
    mars = tharsis()
    green, city, ocean, neutral = mars.land[0], mars.land[5], mars.oceans[0], mars.land[10]
    state.tiles[green], state.owner[green] = GREENERY, 1
    state.tiles[city], state.owner[city] = CITY, 0
    state.tiles[ocean] = OCEAN
    state.tiles[neutral], state.owner[neutral] = CITY, NEUTRAL
    img = board_image(state)
    assert _edge(img, green) == image.GREENERY_RGB and _centre(img, green) == image.SEAT_RGB[1]
    assert _edge(img, city) == image.CITY_RGB and _centre(img, city) == image.SEAT_RGB[0]
    assert _centre(img, ocean) == image.OCEAN_RGB  # an ocean has no owner
    assert _centre(img, neutral) == image.NEUTRAL_RGB


def test_the_bars_fill_with_the_global_parameters() -> None:
    state = _state()
    def filled(img: np.ndarray, i: int) -> int:
        column = img[:, image.MAP_W + i * (image.BAR_W + image.BAR_GAP)]
        return sum(tuple(int(v) for v in px) == image.PARAM_RGB[i] for px in column)
    span = image.HEIGHT - 2 * image.MARGIN
    assert [filled(board_image(state), i) for i in range(3)] == [0, 0, 0]
    state.params[:] = [PARAM_MAX[0], PARAM_MAX[1] // 2, 3]
    img = board_image(state)
    assert (filled(img, 0), filled(img, 1), filled(img, 2)) == (span, round(span / 2), round(span * 3 / 9))


def test_the_game_offers_the_picture_and_scale_works() -> None:
    game = load_game("terraforming-mars", players=3)
    state = game.new_initial_state()
    assert game.draws_images and (game.image(state, 2) == board_image(state)).all()
    assert (board_image(state, scale=3)[::3, ::3] == board_image(state)).all()
    with pytest.raises(ValueError, match="scale"):
        board_image(state, scale=1.5)  # type: ignore[arg-type]
