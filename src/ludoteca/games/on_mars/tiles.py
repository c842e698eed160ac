"""Research and Discovery tiles claimed by a rover, and their effects.

Research-tile effects and costs, and the Discovery-tile mix, are Ludoteca stand-ins
(not official); the Discovery kinds are the published ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.on_mars.board import Hex
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.rules import can_store, contribute, gain, gain_crystals

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def research_card(state: OnMarsState, tile: str) -> dict[str, object]:
    return next(t for t in state.om_game.components.research_tiles if t["id"] == tile)


def research_claimable(state: OnMarsState, seat: int, tile: str) -> bool:
    player = state.players[seat]
    cost = research_card(state, tile)["cost"]
    assert isinstance(cost, dict)
    return tile not in player.research and player.depot >= cost.get("crystal", 0)


def discovery_claimable(state: OnMarsState, seat: int, kind: str) -> bool:
    """Can `seat` take at least part of a `kind` Discovery tile's benefit now? (A rover may
    not stop on a tile it cannot claim.) Crystals and resources need room to store one;
    the other kinds need their first decision to have an option."""

    if kind == "crystals_3":
        return can_store(state, seat, "crystal")
    if kind.startswith("resources_"):
        return can_store(state, seat, kind.split("_")[1])
    return any(state.table.legal(state, f) for f in discovery_frames(seat, kind))


def discovery_frames(seat: int, kind: str) -> list[Frame]:
    """What a Discovery tile of `kind` lets its finder do (every part optional)."""
    if kind == "develop_twice":
        return [{"k": "develop", "seat": seat, "left": 2, "optional": True, "free": True}]
    if kind in ("construct_shown", "construct_any"):
        return [{"k": "build_type", "seat": seat, "only": ""}]
    if kind == "upgrade_2":
        return [{"k": "upgrade", "seat": seat, "left": 2, "optional": True, "free": False}]
    if kind == "scientist_or_contract":
        return [{"k": "hire", "seat": seat}]
    if kind == "blueprints_2":
        return [{"k": "take_blueprint", "seat": seat, "left": 2, "optional": True}]
    if kind == "warehouse_2":
        return [{"k": "warehouse_take", "seat": seat, "left": 2, "optional": True}]
    if kind == "tech_tile":
        return [{"k": "learn", "seat": seat, "left": 1, "optional": True}]
    return []


def claim(state: OnMarsState, seat: int, h: Hex) -> None:
    player = state.players[seat]
    if h in state.map_research:
        tile = state.map_research.pop(h)
        card = research_card(state, tile)
        cost = card["cost"]
        assert isinstance(cost, dict)
        player.depot -= cost.get("crystal", 0)
        player.research.append(tile)
        player.op += int(card["op"])  # type: ignore[call-overload]  # research cards' "op" is an int (components.py checks)
        gains = card["gain"]
        assert isinstance(gains, dict)
        for item, n in gains.items():
            if item == "develop_free":
                push(state, {"k": "develop", "seat": seat, "left": n, "optional": True, "free": True})
            else:
                gain(state, seat, item, n)
        contribute(state, seat, "research_tiles")
        return
    collect_discovery(state, seat, state.map_discoveries.pop(h))


def collect_discovery(state: OnMarsState, seat: int, kind: str) -> None:
    """`seat` collects a Discovery tile of `kind` (kept face down) and resolves it."""
    state.players[seat].discoveries.append(kind)
    contribute(state, seat, "discoveries")
    if kind == "crystals_3":
        gain_crystals(state, seat, 3)
    elif kind.startswith("resources_"):
        resource, n = kind.split("_")[1], int(kind.split("_")[2])
        gain(state, seat, resource, n)
    else:
        push(state, *discovery_frames(seat, kind))
