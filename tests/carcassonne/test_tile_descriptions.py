"""A tile's description follows its rotation (issue #24): the words name the sides of the
board the tile's features lie on once turned, in every language, and agree with the tile data."""

from __future__ import annotations

import re

import pytest
from rich.console import Console

import ludoteca
from ludoteca.core.i18n import catalog, render, set_language
from ludoteca.games.carcassonne import texts
from ludoteca.games.carcassonne.tiles import TileType, load_tiles

SIDES = "NESW"


def test_worked_example_the_start_tile_in_its_four_rotations() -> None:
    d = next(t for t in load_tiles() if t.id == "base:D")
    assert [render(texts.tile(d, k), "en") for k in range(4)] == [
        "city edge north; straight road west–east (start tile)",
        "city edge east; straight road north–south (start tile)",
        "city edge south; straight road east–west (start tile)",
        "city edge west; straight road south–north (start tile)"]
    assert render(texts.tile(d, 1), "pt-BR") == (
        "borda de cidade no lado leste; estrada reta norte–sul (tile inicial)")
    assert render(texts.tile(d, 3), "fr") == (
        "bord de ville côté ouest\u00a0; route droite sud–nord (tuile de départ)")


def test_worked_example_a_city_corner_turns_through_the_four_corners() -> None:
    n = next(t for t in load_tiles() if t.id == "base:N")
    assert [render(texts.tile(n, k), "pt-BR") for k in range(4)] == [
        "canto de cidade noroeste", "canto de cidade nordeste", "canto de cidade sudeste",
        "canto de cidade sudoeste"]
    assert render(texts.tile(n, 2), "fr") == "angle de ville sud-est"
    assert render(texts.tile(n, 1), "en") == "city corner north-east"


# English phrases of the descriptions and the edge each named side must show ("C" city, "R" road)
_CHECKS = [
    (r"city edges?,? \{(\w)\}", "C"), (r"city edge \{(\w)\}", "C"),
    (r"city on \{(\w)\}, \{(\w)\} and \{(\w)\}", "C"), (r"city band \{(\w)\}–\{(\w)\}", "C"),
    (r"road curve \{(\w)\}–\{(\w)\}", "R"), (r"straight road \{(\w)\}–\{(\w)\}", "R"),
    (r"roads \(\{(\w)\}, \{(\w)\}, \{(\w)\}\)", "R"), (r"road from the \{(\w)\}", "R"),
    (r"roads from \{(\w)\} and \{(\w)\}", "R"),
    (r"road curves: \{(\w)\}–\{(\w)\} and \{(\w)\}–\{(\w)\}", "R"),
    (r"field \{(\w)\}", "F"), (r"leaves from the \{(\w)\} side", "R"),
]


def _named_sides(template: str) -> list[tuple[str, str]]:
    found = []
    for pattern, edge in _CHECKS:
        for match in re.finditer(pattern, template):
            found += [(letter, edge) for letter in match.groups()]
    for _ in re.finditer(r"city corner \{nw\}", template):
        found += [("n", "C"), ("w", "C")]
    return found


@pytest.mark.parametrize("tile", load_tiles(), ids=lambda t: t.id)
def test_every_side_a_description_names_shows_that_feature_in_every_rotation(tile: TileType) -> None:
    template = catalog("en")[f"carcassonne.tile.{texts.code(tile)}"]
    named = _named_sides(template)
    assert named or "{" not in template, template  # every template with sides is checked
    for k in range(4):
        edges = tile.orientations[k].edges
        params = texts.directions(k)
        for letter, edge in named:
            side = render(params[letter], "en")  # "north" ... the board side it names at rK
            assert edges["NESW".index(side[0].upper())] == edge, (tile.id, k, template, edges)


def test_the_browser_components_carry_the_four_descriptions() -> None:
    game = ludoteca.load_game("carcassonne", players=2, expansions=["inns_cathedrals", "wonders"],
                              wonders=["tikal", "alhambra", "abu_simbel"])
    tiles = game.display_components()["tiles"]
    assert tiles["base:J"]["description"] == [texts.tile(game.tiles_by_id["base:J"], k) for k in range(4)]
    assert [render(m, "fr") for m in tiles["base:J"]["description"]][1] == (
        "bord de ville côté est\u00a0; virage de route sud–ouest")
    wonder_squares = [t for t in tiles.values() if t["wonder"]]
    assert wonder_squares and all(t["description"] is None for t in wonder_squares)


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "as turned: city edge south; straight road east–west"),
    ("pt-BR", "como ficou girado: borda de cidade no lado sul; estrada reta leste–oeste"),
    ("fr", "telle que tournée\u00a0: bord de ville côté sud\u00a0; route droite est–ouest"),
])
def test_the_terminal_describes_the_placed_tile_as_turned(lang: str, expected: str) -> None:
    game = ludoteca.load_game("carcassonne", players=2, bag=["base:D"])
    state = game.new_initial_state()
    state.apply_string("draw base:D")
    state.apply_string("place 0,-1 r180")  # city south, under the start tile's road
    view = game.terminal_view()
    try:
        set_language(lang)
        aid = view.decision_aid(state, state.prompt())
        console = Console(width=200, record=True, color_system=None)
        console.print(aid)
        out = console.export_text()
    finally:
        set_language("en")
    assert expected in out, out
