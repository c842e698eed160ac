"""The colony map: axial hex coordinates `(q, r)` on a radius-5 hexagon (91 hexes).

The map shape and its special hexes are a Ludoteca stand-in (not official): see
`data/standins.json`. Hexes are numbered 0..90 in (q, r) order; the number is the
hex's id in the action codec. Notation writes a hex as `q,r` (e.g. `-2,3`).
"""

from __future__ import annotations

from functools import cache

Hex = tuple[int, int]
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


@cache
def map_hexes(radius: int = 5) -> tuple[Hex, ...]:
    """Every hex of the map in id order."""
    return tuple(
        (q, r)
        for q in range(-radius, radius + 1)
        for r in range(-radius, radius + 1)
        if distance((q, r), (0, 0)) <= radius
    )


@cache
def hex_ids(radius: int = 5) -> dict[Hex, int]:
    return {h: i for i, h in enumerate(map_hexes(radius))}


@cache
def neighbours(h: Hex, radius: int = 5) -> tuple[Hex, ...]:
    """The on-map neighbours of `h` (cached: the map never changes)."""
    ids = hex_ids(radius)
    return tuple((h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS if (h[0] + dq, h[1] + dr) in ids)


def ring(center: Hex, k: int, radius: int = 5) -> list[Hex]:
    """On-map hexes exactly `k` steps from `center`, in id order."""
    return [h for h in map_hexes(radius) if distance(h, center) == k]


def hex_text(h: Hex) -> str:
    return f"{h[0]},{h[1]}"
