"""Drawing a Carcassonne position in the terminal (rich `Text`, or plain text via `.plain`).

Every tile is a block of 3 rows x 5 columns, north up, drawn from its rotated edges
and features only (no rules here):

    ·▓▓▓·     ▓ city      ─ │ ┌ ┼ … road   · field   ⌂ monastery   ◆ pennant
    ───0─     ¤ inn       ✝ cathedral      ░ an open square (labelled x,y)
    ·····     0..5 a meeple of that seat, in the seat's colour (big: underlined)

The twelve border cells are the twelve side-thirds of the tile, clockwise from the
north-west: N0 N1 N2 on the top row, E0 E1 E2 down the east column, S0 S1 S2 right
to left on the bottom row, W0 W1 W2 up the west column. A meeple is drawn on the
cell of the spot it stands on (its feature's side, third, or the centre).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from rich.console import Group, JustifyMethod, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.i18n import msg, say, tr
from ludoteca.games.carcassonne import texts
from ludoteca.games.carcassonne.state import CarcassonneState
from ludoteca.games.carcassonne.tiles import SIDES, Orientation, TileType, tile_index

ROWS, COLS = 3, 5
SEAT_COLOURS = ("red", "blue", "yellow", "magenta", "cyan", "white")

CITY, ROAD, FIELD, MONASTERY, PENNANT = "city", "road", "field", "monastery", "pennant"
INN, CATHEDRAL = "inn", "cathedral"
CITY_GLYPH, FIELD_GLYPH, MONASTERY_GLYPH, PENNANT_GLYPH = "▓", "·", "⌂", "◆"
INN_GLYPH, CATHEDRAL_GLYPH = "¤", "✝"
OPEN_GLYPH = "░"

#: (row, col) of each side-third 0..11 (N0 N1 N2 E0 E1 E2 S0 S1 S2 W0 W1 W2)
THIRD_CELL: tuple[tuple[int, int], ...] = (
    (0, 1), (0, 2), (0, 3),
    (0, 4), (1, 4), (2, 4),
    (2, 3), (2, 2), (2, 1),
    (2, 0), (1, 0), (0, 0),
)
CENTRE = (1, 2)
#: corner cell -> the side it touches besides the side whose third it is
_CORNER_NEIGHBOUR = {(0, 4): 0, (2, 4): 2, (2, 0): 2, (0, 0): 0}
#: interior cell between the centre and the east / west edge
INNER = {1: (1, 3), 3: (1, 1)}
#: where a meeple on "city <side>" / "road <side>" is drawn
CITY_SPOT_CELL = ((0, 2), (1, 4), (2, 2), (1, 0))
ROAD_SPOT_CELL = ((0, 2), (1, 3), (2, 2), (1, 1))

#: box-drawing glyph for the set of road sides meeting at the centre
ROAD_GLYPH: dict[tuple[int, ...], str] = {
    (0, 2): "│", (1, 3): "─", (0, 1): "└", (1, 2): "┌", (2, 3): "┐", (0, 3): "┘",
    (0, 1, 2): "├", (1, 2, 3): "┬", (0, 2, 3): "┤", (0, 1, 3): "┴", (0, 1, 2, 3): "┼",
    (0,): "╵", (1,): "╶", (2,): "╷", (3,): "╴",
}

# Styles, by kind and by the square's colour parity (so that tile borders show).
_FIELD_BG = ("dark_green", "green4")
_CITY_BG = ("orange4", "dark_orange3")
_STYLE = {
    FIELD: ("green3 on {f}", "bold green3 on {f}"),
    ROAD: ("bold grey93 on {f}", "bold bright_white on {f}"),
    CITY: ("dark_orange on {c}", "bold orange1 on {c}"),
    PENNANT: ("bold bright_white on {c}", "bold bright_white on {c}"),
    MONASTERY: ("bold bright_white on dark_red", "bold bright_white on red3"),
    INN: ("bold bright_white on {f}", "bold bright_white on {f}"),
    CATHEDRAL: ("bold bright_white on {c}", "bold bright_white on {c}"),
}

Cell = tuple[str, str]  # (glyph, kind)
_CELLS: dict[tuple[str, int], tuple[tuple[Cell, ...], ...]] = {}


# ---------------------------------------------------------------- one tile
def tile_cells(tile: TileType, rotation: int) -> tuple[tuple[Cell, ...], ...]:
    """The 3x5 grid of (glyph, kind) cells of `tile` turned `rotation` quarter turns."""
    key = (tile.id, rotation)
    cells = _CELLS.get(key)
    if cells is None:
        cells = _CELLS[key] = _draw(tile.orientations[rotation])
    return cells


def _draw(o: Orientation) -> tuple[tuple[Cell, ...], ...]:
    grid: list[list[Cell]] = [[(FIELD_GLYPH, FIELD)] * COLS for _ in range(ROWS)]
    edges = o.edges
    for third, (r, c) in enumerate(THIRD_CELL):
        side, i = divmod(third, 3)
        if edges[side] == "C":
            if (r, c) in _CORNER_NEIGHBOUR and not _joins(o, side, _CORNER_NEIGHBOUR[r, c]):
                continue  # a corner between two separate cities stays field
            grid[r][c] = (CITY_GLYPH, CITY)
        elif edges[side] == "R" and i == 1:
            grid[r][c] = ("│" if side in (0, 2) else "─", ROAD)
    roads = [f for f in o.features if f.kind == ROAD]
    road_sides = tuple(sorted(s for f in roads for s in f.sides))
    big_city = next((f for f in o.features if f.kind == CITY and len(f.sides) >= 2), None)
    for side, (r, c) in INNER.items():
        if edges[side] == "R":
            grid[r][c] = ("─", ROAD)
        elif edges[side] == "C" and big_city is not None and side in big_city.sides:
            grid[r][c] = (CITY_GLYPH, CITY)
    r, c = CENTRE
    if any(f.kind == MONASTERY for f in o.features):
        grid[r][c] = (MONASTERY_GLYPH, MONASTERY)
    elif len(roads) == 1 and len(road_sides) == 2:
        grid[r][c] = (ROAD_GLYPH[road_sides], ROAD)
    elif big_city is not None:
        grid[r][c] = (CITY_GLYPH, CITY)
    elif len(road_sides) >= 3 or len(road_sides) == 1:
        grid[r][c] = (ROAD_GLYPH[road_sides], ROAD)
    elif road_sides:  # separate roads ending in the middle
        grid[r][c] = ("•", ROAD)
    # markers: an inn on its road (the centre if the road crosses it), a pennant or a
    # cathedral on a city cell (the centre, else an interior cell, else its first side)
    for f in o.features:
        if f.kind == ROAD and f.inn:
            pr, pc = CENTRE if len(roads) == 1 and len(f.sides) == 2 else THIRD_CELL[f.sides[0] * 3 + 1]
            grid[pr][pc] = (INN_GLYPH, INN)
    for f in o.features:
        if f.kind == CITY and (f.pennants or f.cathedral):
            cells = [CENTRE, *INNER.values()] if f is big_city else []
            pr, pc = next((rc for rc in cells if grid[rc[0]][rc[1]][1] == CITY), CITY_SPOT_CELL[f.sides[0]])
            grid[pr][pc] = (CATHEDRAL_GLYPH, CATHEDRAL) if f.cathedral else (PENNANT_GLYPH, PENNANT)
    return tuple(tuple(row) for row in grid)


def _joins(o: Orientation, side: int, other: int) -> bool:
    """May the corner cell of city side `side` be city, given the neighbouring side `other`?"""
    return o.edges[other] != "C" or o.side_feature[side] == o.side_feature[other]


def spot_cell(spot: str) -> tuple[int, int]:
    """The cell on which a meeple standing on `spot` (e.g. "city N", "field E0") is drawn."""
    kind, _, where = spot.partition(" ")
    try:
        if kind == CITY:
            return CITY_SPOT_CELL[SIDES.index(where)]
        if kind == ROAD:
            return ROAD_SPOT_CELL[SIDES.index(where)]
        if kind == FIELD and where != "inner":
            return THIRD_CELL[SIDES.index(where[0]) * 3 + int(where[1:])]
    except (ValueError, IndexError):
        pass  # a spot name this drawing does not know: show it in the middle
    return CENTRE


def _style(kind: str, parity: int, bright: bool) -> str:
    return _STYLE[kind][int(bright)].format(f=_FIELD_BG[parity], c=_CITY_BG[parity])


def meeple_style(seat: int) -> str:
    colour = seat_colour(seat)
    ink = "bright_white" if colour in ("red", "blue") else "black"
    return f"bold {ink} on {colour}"


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def tile_lines(
    tile: TileType,
    rotation: int,
    marks: Mapping[tuple[int, int], tuple[str, str]] | None = None,
    parity: int = 0,
    bright: bool = False,
) -> list[Text]:
    """The 3 lines of one tile; `marks` puts (glyph, style) over some cells."""
    lines = []
    for r, row in enumerate(tile_cells(tile, rotation)):
        line = Text()
        for c, (glyph, kind) in enumerate(row):
            mark = marks.get((r, c)) if marks else None
            if mark is not None:
                line.append(mark[0], mark[1])
            else:
                line.append(glyph, _style(kind, parity, bright))
        lines.append(line)
    return lines


# ---------------------------------------------------------------- the board
def render_board(
    state: CarcassonneState,
    *,
    candidates: Iterable[tuple[int, int]] = (),
    highlight: Collection[tuple[int, int]] = (),
) -> Text:
    """The whole board with x labels on top and y labels on both sides.

    `candidates`: empty squares to mark (e.g. where the drawn tile may go), labelled
    with their coordinates when they fit. `highlight`: squares drawn brighter.
    """
    board = state.board
    tiles = {board.xy(sq): (tile, rotation) for sq, (tile, rotation, _) in board.squares.items()}
    meeples: dict[tuple[int, int], dict[tuple[int, int], tuple[str, str]]] = {}
    for m in state.meeples_on_board():
        glyph = str(m["seat"])
        style = meeple_style(m["seat"]) + (" underline" if m["big"] else "")
        meeples.setdefault((m["x"], m["y"]), {})[spot_cell(m["spot"])] = (glyph, style)
    open_squares = {sq for sq in candidates if sq not in tiles}
    squares = set(tiles) | open_squares
    if not squares:
        return Text("(empty board)")
    xs = [x for x, _ in squares]
    ys = [y for _, y in squares]
    x_range = range(min(xs), max(xs) + 1)
    y_range = range(max(ys), min(ys) - 1, -1)
    label_width = max(len(str(y)) for y in y_range)

    out = Text(no_wrap=True, overflow="ignore")
    header = " " * (label_width + 1) + "".join(f"{x:^{COLS}}" for x in x_range)
    out.append(header.rstrip() + "\n", "bold")
    for y in y_range:
        rows: list[Text] = [Text() for _ in range(ROWS)]
        for x in x_range:
            parity = (x + y) & 1
            placed = tiles.get((x, y))
            if placed is not None:
                lines = tile_lines(placed[0], placed[1], meeples.get((x, y)), parity, (x, y) in highlight)
            elif (x, y) in open_squares:
                lines = _open_square(x, y)
            else:
                lines = [Text(" " * COLS) for _ in range(ROWS)]
            for row, line in zip(rows, lines, strict=True):
                row.append_text(line)
        for r, row in enumerate(rows):
            label = str(y) if r == ROWS // 2 else ""
            out.append(f"{label:>{label_width}} ", "bold")
            out.append_text(row)
            out.append(f" {label}".rstrip(), "bold")
            out.append("\n")
    out.append(header.rstrip(), "bold")
    return out


def _open_square(x: int, y: int) -> list[Text]:
    style = "grey62 on grey23"
    label = f"{x},{y}"
    middle = f"{label:{OPEN_GLYPH}^{COLS}}" if len(label) <= COLS else OPEN_GLYPH * COLS
    return [Text(OPEN_GLYPH * COLS, style), Text(middle, style), Text(OPEN_GLYPH * COLS, style)]


def _inns_cathedrals(state: CarcassonneState) -> bool:
    return "inns_cathedrals" in state.game.options.get("expansions", ())


def legend(players: int, inns_cathedrals: bool = False) -> Text:
    """Two short lines explaining the glyphs and the seat colours."""
    text = Text()
    items = [(CITY_GLYPH, CITY), ("─│┼", ROAD), (FIELD_GLYPH, FIELD), (MONASTERY_GLYPH, MONASTERY),
             (PENNANT_GLYPH, PENNANT)]
    if inns_cathedrals:
        items += [(INN_GLYPH, INN), (CATHEDRAL_GLYPH, CATHEDRAL)]
    for i, (glyph, kind) in enumerate(items):
        text.append("  " if i else "")
        text.append(glyph, _style(kind, 0, False))
        text.append(" " + tr(f"carcassonne.terminal.legend.{kind}"))
    text.append("\n")
    text.append(OPEN_GLYPH, "grey62 on grey23")
    legend = tr("carcassonne.terminal.legend.open"), tr("carcassonne.terminal.legend.meeples")
    text.append(" " + "   ".join(legend))
    for seat in range(players):
        text.append(" ")
        text.append(str(seat), meeple_style(seat))
    if inns_cathedrals:
        text.append(" " + tr("carcassonne.terminal.legend.big"))
    text.append("   " + tr("carcassonne.terminal.legend.north"))
    return text


# ---------------------------------------------------------------- decision aids
def tile_type(state: CarcassonneState, tile_id: str) -> TileType:
    """The tile type named `tile_id` in `state`'s game."""
    for tile in state.game.tiles:
        if tile.id == tile_id:
            return tile
    return tile_index()[tile_id]


def render_rotations(tile: TileType) -> Text:
    """A tile in its four rotations side by side, labelled r0 r90 r180 r270."""
    gap = "   "
    out = Text(no_wrap=True, overflow="ignore")
    out.append(gap.join(f"{f'r{90 * k}':^{COLS}}" for k in range(4)) + "\n", "bold")
    columns = [tile_lines(tile, k) for k in range(4)]
    for r in range(ROWS):
        for k in range(4):
            if k:
                out.append(gap)
            out.append_text(columns[k][r])
        if r < ROWS - 1:
            out.append("\n")
    return out


def render_spots(tile: TileType, rotation: int, labels: Mapping[str, str]) -> Text:
    """One tile with `labels` (spot name -> short label, e.g. the option number) on its spots."""
    marks = {spot_cell(spot): (label[:1], "bold black on bright_white") for spot, label in labels.items()}
    out = Text(no_wrap=True, overflow="ignore")
    for i, line in enumerate(tile_lines(tile, rotation, marks)):
        if i:
            out.append("\n")
        out.append_text(line)
    return out


def option_label(number: int) -> str:
    """Single-character label for option `number` (1-9, then a-z)."""
    return str(number) if number < 10 else chr(ord("a") + number - 10)


# ---------------------------------------------------------------- tables
def render_players(
    state: CarcassonneState, names: Sequence[str], to_move: int | None = None
) -> Table:
    """Seat, colour, who plays it, score and meeples left (and big meeples, with I&C)."""
    big = _inns_cathedrals(state)
    table = Table(box=None, pad_edge=False, show_edge=False)
    columns = ["", "seat", "player", "score", "meeples"] + (["big"] if big else [])
    for column in columns:
        table.add_column(tr(f"carcassonne.terminal.column.{column}") if column else "",
                         justify="left" if column in ("", "seat", "player") else "right")
    scores, supply, big_supply = state.scores(), state.supply(), state.big_supply()
    for seat, name in enumerate(names):
        marker = "▶" if seat == to_move else ""
        seat_text = Text(f"{seat} ", meeple_style(seat))
        seat_text.append(" " + tr(f"carcassonne.terminal.colour.{seat_colour(seat)}"), "")
        row: list[str | Text] = [marker, seat_text, name, f"{scores[seat]:g}", str(supply[seat])]
        table.add_row(*row, *([str(big_supply[seat])] if big else []))
    return table


def render_scoring_log(log: Sequence[Mapping[str, Any]], labels: Sequence[str] | None = None) -> Table:
    """Every scored feature: turn, what (in words), where, points and who."""
    table = Table(title=tr("carcassonne.terminal.scoring.title"), box=None, pad_edge=False)
    for column in ("turn", "feature", "at", "tiles", "points", "seats", "when"):
        justify: JustifyMethod = "right" if column in ("turn", "tiles", "points") else "left"
        table.add_column(tr(f"carcassonne.terminal.scoring.{column}"), justify=justify)
    for e in log:
        seats = Text(", ".join(str(s) for s in e["seats"]) or "-")
        what = texts.score_what(dict(e))
        table.add_row(
            str(e["turn"] + 1), say(what, labels), "{},{}".format(*e["at"]), str(e["tiles"]),
            str(e["points"]), seats,
            tr(f"carcassonne.terminal.scoring.{'final' if e['final'] else 'in_play'}"),
        )
    return table


def render_position(
    state: CarcassonneState,
    names: Sequence[str],
    *,
    candidates: Iterable[tuple[int, int]] = (),
    highlight: Collection[tuple[int, int]] = (),
) -> RenderableType:
    """Board, legend and player table together."""
    return Group(
        render_board(state, candidates=candidates, highlight=highlight),
        legend(len(names), _inns_cathedrals(state)),
        Text(say(msg("carcassonne.terminal.tiles_left", n=state.tiles_left()))),
        render_players(state, names, None if state.is_terminal() else state.turn_seat()),
    )
