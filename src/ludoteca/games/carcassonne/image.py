"""The board as an RGB picture: what `render("rgb_array")` returns for Carcassonne.

`board_image(state, scale=1)` is a `uint8` array of shape (H, W, 3), north up. Each
square is 15 x 15 pixels (times `scale`): the terminal drawing's 3 x 5 cells of a tile
(`terminal_board.tile_cells`), each cell 5 pixels tall and 3 wide, coloured by what
lies there:

* field green, road light grey, city brown, monastery dark red, pennant and inn
  white, cathedral violet; the squares alternate two shades so that tiles show;
* a meeple fills the cell of the spot it stands on in its seat's colour (red, blue,
  yellow, magenta, cyan, white, as at the terminal) between a dark row above and below;
  a big meeple (Inns & Cathedrals) fills the whole cell;
* empty squares are dark grey.

The canvas is square and centred on the start tile, 21 squares a side, so every frame
has one size, 315 x 315 pixels times `scale` (a video of a game needs that). A board
that outgrows it (a tile more than 10 squares from the start) is drawn on a canvas
wide enough and shrunk to that size (nearest pixel), so the frame still shows it all.
The picture shows the board only, which every seat sees alike; a seat's kept Abu
Simbel tile is in no picture.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ludoteca.games.carcassonne.terminal_board import (
    CATHEDRAL,
    CITY,
    FIELD,
    INN,
    MONASTERY,
    PENNANT,
    ROAD,
    ROWS,
    spot_cell,
    tile_cells,
)

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.state import CarcassonneState

CELL_H, CELL_W = 5, 3  # pixels per terminal cell: a tile is 15 x 15
TILE = ROWS * CELL_H  # pixels a side of a square (COLS * CELL_W is the same)
MIN_SQUARES = 21  # the canvas' side in squares, at least

#: colours by kind, for the two square parities
COLOURS: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {
    FIELD: ((66, 140, 56), (84, 160, 70)),
    ROAD: ((222, 222, 210), (236, 236, 226)),
    CITY: ((150, 92, 40), (172, 108, 50)),
    MONASTERY: ((150, 30, 30), (170, 40, 40)),
    PENNANT: ((250, 250, 250), (250, 250, 250)),
    INN: ((250, 250, 250), (250, 250, 250)),
    CATHEDRAL: ((140, 90, 200), (150, 100, 210)),
}
EMPTY = (40, 40, 40)
EDGE = (20, 20, 20)  # the ring around a meeple
SEAT_RGB = ((220, 30, 30), (40, 90, 230), (240, 210, 30), (200, 40, 200), (30, 200, 210), (245, 245, 245))


def board_image(state: CarcassonneState, scale: int = 1) -> np.ndarray:
    """The board of `state` as an (H, W, 3) uint8 picture (see the module docstring)."""
    if type(scale) is not int or scale < 1:
        raise ValueError(f"scale must be a positive integer, got {scale!r}")
    board = state.board
    placed = {board.xy(sq): (tile, rotation) for sq, (tile, rotation, _) in board.squares.items()}
    reach = max((max(abs(x), abs(y)) for x, y in placed), default=0)
    side = max(MIN_SQUARES, 2 * reach + 1)
    half = side // 2
    image = np.empty((side * TILE, side * TILE, 3), np.uint8)
    image[:] = EMPTY
    for (x, y), (tile, rotation) in placed.items():
        top, left = (half - y) * TILE, (x + half) * TILE
        parity = (x + y) & 1
        for r, row in enumerate(tile_cells(tile, rotation)):
            for c, (_glyph, kind) in enumerate(row):
                image[top + r * CELL_H: top + (r + 1) * CELL_H,
                      left + c * CELL_W: left + (c + 1) * CELL_W] = COLOURS[kind][parity]
    for meeple in state.meeples_on_board():
        r, c = spot_cell(meeple["spot"])
        top = (half - meeple["y"]) * TILE + r * CELL_H
        left = (meeple["x"] + half) * TILE + c * CELL_W
        cell = image[top: top + CELL_H, left: left + CELL_W]
        colour = SEAT_RGB[meeple["seat"] % len(SEAT_RGB)]
        if meeple["big"]:
            cell[:] = colour
        else:  # a dark row above and below
            cell[:] = EDGE
            cell[1:-1] = colour
    if side > MIN_SQUARES:  # shrink to the one frame size
        keep = np.arange(MIN_SQUARES * TILE) * side // MIN_SQUARES
        image = image[keep][:, keep]
    if scale > 1:
        image = image.repeat(scale, axis=0).repeat(scale, axis=1)
    return image

