"""Tharsis as an RGB picture: what `render("rgb_array")` returns for Terraforming Mars.

`board_image(state, scale=1)` is a `uint8` array of shape (H, W, 3), always the same
size. Mars is drawn as its nine rows of hexagons (5, 6, ..., 9, ..., 5 spaces), each
`HEX_W` x `HEX_H` pixels, rows `ROW_STEP` pixels apart and each row centred; the two
spaces off Mars (Ganymede Colony, Phobos Space Haven) sit left of the first row.

* an empty space is sand, an empty ocean-reserved space light blue, an empty space
  reserved for a named city a darker sand, an empty space off Mars grey;
* an ocean is deep blue, a greenery green, a city (or the Capital) grey, any other
  special tile orange;
* the owner of a tile marks its centre with a square of the seat's colour (red,
  blue, yellow, magenta, cyan; the solo game's neutral cities and greeneries black);
* on the right, three bars fill from the bottom as the global parameters rise:
  temperature (red), oxygen (cyan), oceans (blue), each full at its goal.

The map and the parameters are public, so every seat's picture is the same.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from ludoteca.games.terraforming_mars.board import LAND, OCEAN_SPACE, OFF_MAP, RESERVED, ROW_LENGTHS, tharsis
from ludoteca.games.terraforming_mars.constants import CITY_TILES, EMPTY, GREENERY, NEUTRAL, OCEAN, PARAM_MAX

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

HEX_W, HEX_H = 14, 16  # a pointy-top hexagon's box, in pixels
ROW_STEP = 12  # three quarters of a hexagon's height
MARGIN = 4
BAR_W, BAR_GAP = 6, 3
MARK = 4  # the owner's square, in pixels a side

SPACE_RGB = {LAND: (214, 170, 110), OCEAN_SPACE: (150, 195, 230), RESERVED: (190, 145, 90),
             OFF_MAP: (120, 120, 130)}
OCEAN_RGB, GREENERY_RGB, CITY_RGB, SPECIAL_RGB = (30, 80, 190), (50, 150, 60), (150, 150, 150), (225, 120, 40)
BACKGROUND, BAR_EMPTY, NEUTRAL_RGB = (15, 15, 25), (55, 55, 65), (0, 0, 0)
SEAT_RGB = ((220, 30, 30), (40, 90, 230), (240, 210, 30), (200, 40, 200), (30, 200, 210))
PARAM_RGB = ((220, 60, 40), (90, 210, 230), (40, 90, 220))  # temperature, oxygen, oceans

MAP_W = max(ROW_LENGTHS) * HEX_W + 2 * MARGIN
HEIGHT = (len(ROW_LENGTHS) - 1) * ROW_STEP + HEX_H + 2 * MARGIN
WIDTH = MAP_W + len(PARAM_MAX) * (BAR_W + BAR_GAP) + MARGIN


@cache
def _hexagon() -> np.ndarray:
    """The (HEX_H, HEX_W) mask of a pointy-top hexagon, a pixel short of its box on every
    side so that neighbours show apart."""
    y, x = np.mgrid[0:HEX_H, 0:HEX_W]
    dx = np.abs(x + 0.5 - HEX_W / 2) / (HEX_W / 2 - 1)
    dy = np.abs(y + 0.5 - HEX_H / 2) / (HEX_H / 2 - 1)
    return (dx <= 1) & (dy <= 1 - dx / 2)


@cache
def _corners() -> tuple[tuple[int, int], ...]:
    """The top-left pixel of every space's box, by space index."""
    spaces = tharsis().spaces
    top_left = []
    for space in spaces:
        if space.row == 0:  # off Mars: side by side left of the first row
            top_left.append((MARGIN, MARGIN + space.index * HEX_W))
            continue
        length = ROW_LENGTHS[space.row - 1]
        left = MARGIN + (max(ROW_LENGTHS) - length) * HEX_W // 2 + (space.pos - 1) * HEX_W
        top_left.append((MARGIN + (space.row - 1) * ROW_STEP, left))
    return tuple(top_left)


def _colour(kind: str, tile: int) -> tuple[int, int, int]:
    if tile == EMPTY:
        return SPACE_RGB[kind]
    if tile == OCEAN:
        return OCEAN_RGB
    if tile == GREENERY:
        return GREENERY_RGB
    return CITY_RGB if tile in CITY_TILES else SPECIAL_RGB


def board_image(state: TMState, scale: int = 1) -> np.ndarray:
    """The map and global parameters of `state` as an (H, W, 3) uint8 picture."""
    if type(scale) is not int or scale < 1:
        raise ValueError(f"scale must be a positive integer, got {scale!r}")
    image = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    image[:] = BACKGROUND
    hexagon = _hexagon()
    for space, (top, left) in zip(tharsis().spaces, _corners(), strict=True):
        tile, owner = state.tiles[space.index], state.owner[space.index]
        box = image[top: top + HEX_H, left: left + HEX_W]
        box[hexagon] = _colour(space.kind, tile)
        if tile != EMPTY and owner >= 0:
            colour = NEUTRAL_RGB if owner == NEUTRAL else SEAT_RGB[owner % len(SEAT_RGB)]
            y, x = (HEX_H - MARK) // 2, (HEX_W - MARK) // 2
            box[y: y + MARK, x: x + MARK] = colour
    bottom = HEIGHT - MARGIN
    span = HEIGHT - 2 * MARGIN
    for i, (steps, goal) in enumerate(zip(state.params, PARAM_MAX, strict=True)):
        left = MAP_W + i * (BAR_W + BAR_GAP)
        image[MARGIN: bottom, left: left + BAR_W] = BAR_EMPTY
        filled = round(span * min(steps, goal) / goal)
        if filled:
            image[bottom - filled: bottom, left: left + BAR_W] = PARAM_RGB[i]
    if scale > 1:
        image = image.repeat(scale, axis=0).repeat(scale, axis=1)
    return image
