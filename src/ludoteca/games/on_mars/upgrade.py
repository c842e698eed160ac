"""Upgrade a Building (rules 5.3): a Blueprint's Advanced Building marker goes onto a
matching building in one of the seat's bots' building zones, for 1 mineral. Level-3
Blueprints need a Complex of 3+; only your own Shelters; each building once. An
Upgrade Tech of level N allows up to N more upgrades: the seat's own, or another seat's
if it chooses to use it (`lab.tech_offer`: its owner takes 1 oxygen)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.board import Hex, hex_ids, map_hexes
from ludoteca.games.on_mars.construct import displace_pieces_only, zone
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.lab import offered_level, tech_offer
from ludoteca.games.on_mars.payment import can_pay
from ludoteca.games.on_mars.rules import contribute, queue_payment
from ludoteca.games.on_mars.scoring import complex_at

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

UPGRADE_COST = {"mineral": 1}


def upgrade_hexes(state: OnMarsState, seat: int, blueprint: int, anywhere: bool = False) -> list[Hex]:
    card = state.om_game.components.blueprints[blueprint - 1]
    area = set(state.buildings) if anywhere else zone(state, seat)
    result = []
    for h in sorted(area, key=lambda x: hex_ids()[x]):
        b = state.buildings.get(h)
        if b is None or b.kind != card.building or b.advanced != -1:
            continue
        if b.kind == "shelter" and b.owner != seat:
            continue
        if len(complex_at(state, h)) < card.min_complex:
            continue
        result.append(h)
    return result


def upgradable_blueprints(
    state: OnMarsState, seat: int, free: bool = False, anywhere: bool = False
) -> list[int]:
    player = state.players[seat]
    if not free and not can_pay(player.storage, ["mineral"]):
        return []
    return [b for b in player.blueprints if upgrade_hexes(state, seat, b, anywhere)]


class _Upgrade(Decision):
    """Choose the Blueprint to use: `{"seat", "left", "optional", "free"}`."""

    kind = "upgrade"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        options = [
            BASE["blueprint"] + b - 1
            for b in upgradable_blueprints(state, frame["seat"], frame["free"], frame.get("anywhere", False))
        ]
        if options and frame.get("optional"):
            options.append(BASE["skip"])
        return sorted(options)

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, blueprint = frame["seat"], action - BASE["blueprint"] + 1
        later: list[Frame] = [
            {
                "k": "upgrade_hex",
                "seat": seat,
                "blueprint": blueprint,
                "anywhere": frame.get("anywhere", False),
            }
        ]
        if frame["left"] > 1:
            later.append({**frame, "left": frame["left"] - 1, "optional": True})
        push(state, *later)
        if not frame["free"]:
            queue_payment(state, seat, UPGRADE_COST)


class _UpgradeHex(Decision):
    kind = "upgrade_hex"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [
            BASE["hex"] + hex_ids()[h]
            for h in upgrade_hexes(state, frame["seat"], frame["blueprint"], frame.get("anywhere", False))
        ]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, blueprint = frame["seat"], frame["blueprint"]
        h = map_hexes()[action - BASE["hex"]]
        player = state.players[seat]
        building = state.buildings[h]
        if building.miner != -1:  # the colonist on the tile goes home
            state.players[building.miner].retrieve(1)
            building.miner = -1
        displace_pieces_only(state, h)
        building.advanced = seat
        player.blueprints.remove(blueprint)
        player.built_blueprints.append(blueprint)
        contribute(state, seat, "advanced_buildings")


def start_upgrades(state: OnMarsState, seat: int, free: bool = False, base: int = 1) -> None:
    """Queue `base` upgrades plus those of the Upgrade Tech the seat chooses to use."""
    push(state, {"k": "upgrade_tech", "seat": seat, "base": base, "free": free})


class _UpgradeTech(Decision):
    """Use an Upgrade Tech for up to its level more upgrades: the seat's own, another
    seat's of a higher level (its owner takes 1 oxygen), or none."""

    kind = "upgrade_tech"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return tech_offer(state, frame["seat"], "upgrade")

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        left = frame["base"] + offered_level(state, seat, "upgrade", action)
        push(state, {"k": "upgrade", "seat": seat, "left": left, "optional": False, "free": frame["free"]})
