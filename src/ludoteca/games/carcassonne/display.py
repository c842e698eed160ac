"""Carcassonne's pieces for drawings (`CarcassonneGame.display_components()`): a copy of the packaged
data (`tiles.load_tiles()`, `wonders.load_wonders()`) that a drawing program can read; no
rule is here.

Shape: `{"game": "carcassonne", "tiles": {tile_id: Tile}, "wonders": {key: Wonder},
"design_note"}` where a Tile is `{"id", "set", "label", "edges": "CRFR" (rotation 0, sides
N, E, S, W; "-" for a Wonder square's inner side), "features": [{"kind", "sides": ["N",
...], "thirds": ["N0", ...], "pennants", "inn", "cathedral", "spot", "cities"}],
"wonder": key | None, "cell": [dx, dy] | None, "description": [message at r0, r90, r180,
r270] | None}` (the tile's words as it lies in each rotation, `texts.tile`; None on a
Wonder's squares) and a Wonder is `{"key", "name", "power", "timing", "centre": tile_id,
"arms": [tile_id N, E, S, W]}`. Rotation rK turns a tile K
degrees clockwise (side N goes to E); a Wonder's squares all share its rotation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.carcassonne import texts
from ludoteca.games.carcassonne.tiles import SPOTS, TileType, load_tiles
from ludoteca.games.carcassonne.wonders import ARM_OFFSETS, load_wonders

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.game import CarcassonneGame

SIDE_NAMES = "NESW"


def components(game: CarcassonneGame) -> dict[str, Any]:
    """The tiles and Wonders `game` plays with, for the browser table."""
    def tile_json(tile: TileType, wonder: str | None = None,
                  cell: tuple[int, int] | None = None) -> dict[str, Any]:
        orientation = tile.orientations[0]
        features = [{
            "kind": f.kind,
            "sides": [SIDE_NAMES[s] for s in f.sides],
            "thirds": [f"{SIDE_NAMES[t // 3]}{t % 3}" for t in f.thirds],
            "pennants": f.pennants,
            "inn": f.inn,
            "cathedral": f.cathedral,
            "spot": SPOTS[f.spot],
            "cities": list(f.cities),
        } for f in orientation.features]
        return {"id": tile.id, "set": tile.set, "label": tile.label, "edges": orientation.edges,
                "features": features, "wonder": wonder, "cell": list(cell) if cell else None,
                "description": None if wonder else [texts.tile(tile, k) for k in range(4)]}

    sets = set(game.sets) or {t.set for t in load_tiles()}
    tiles = {t.id: tile_json(t) for t in load_tiles() if t.set in sets}
    offered = {w.key for w in game.wonders}
    wonders = {}
    for w in load_wonders():
        if w.key not in offered:
            continue
        tiles[w.centre.id] = tile_json(w.centre, w.key, (0, 0))
        for arm, offset in zip(w.arms, ARM_OFFSETS, strict=True):
            tiles[arm.id] = tile_json(arm, w.key, offset)
        wonders[w.key] = {"key": w.key, "name": w.name, "power": str(w.power.get("summary", "")),
                          "timing": str(w.power.get("timing", "")), "centre": w.centre.id,
                          "arms": [a.id for a in w.arms]}
    return {
        "game": "carcassonne",
        "tiles": tiles,
        "wonders": wonders,
        "design_note": "Wonder layouts: our own design (the published layouts could not be found)"
        if wonders else None,
    }
