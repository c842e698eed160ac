"""Canonical record notation for On Mars actions (documented in docs/on-mars.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.on_mars.actions import EXTRA_PAY, MAIN_ACTIONS, SHIP_GAINS, WAREHOUSE_ITEMS, decode
from ludoteca.games.on_mars.board import hex_text, map_hexes
from ludoteca.games.on_mars.components import (
    BUILDINGS,
    EXECUTIVE_ACTIONS,
    LSS_BUILDINGS,
    RESOURCES,
    SCIENTISTS,
)
from ludoteca.games.on_mars.lab import tile_type

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

DIRECTION_NAMES = ("e", "ne", "nw", "w", "sw", "se")


def _slug(name: str) -> str:
    return name.replace("_", "-")


def action_text(state: OnMarsState, action: int) -> str:
    c = state.om_game.components
    name, i = decode(action)
    if name == "draw_discovery":
        return f"draw discovery {_slug(c.standins['discoveries'][i]['kind'])}"
    if name == "draw_tech":
        return f"draw tech {_slug(c.tech_types[i])}"
    if name == "draw_blueprint":
        return f"draw blueprint {i + 1}"
    if name == "draw_lss_building":
        return f"draw start {_slug(LSS_BUILDINGS[i])}"
    if name == "draw_mission":
        return f"draw mission {i + 1}"
    if name == "draw_lss_reward":
        return f"draw lss-reward {_slug(c.lss_rewards[i]['id'])}"
    if name == "draw_goal":
        return f"draw goal {i + 1}"
    if name == "draw_seat":
        return f"draw first-player {i}"
    if name == "draw_space":
        return f"draw space {i + 1}"
    if name == "draw_building_tile":
        return f"draw tile {i}"
    if name == "space":
        return f"space {i + 1}"
    if name == "shuttle_side":
        return f"shuttle {('orbit', 'colony')[i]}"
    if name == "main":
        return _slug(MAIN_ACTIONS[i])
    if name == "skip":
        return "skip"
    if name == "warehouse":
        return f"take {WAREHOUSE_ITEMS[i]}"
    if name == "blueprint":
        return f"blueprint {i + 1}"
    if name == "grid":
        tile = state.grid[i]
        return f"tech {i} {_slug(tile_type(tile))}" if tile else f"tech {i}"
    if name == "lab_space":
        return f"lab {i}"
    if name == "pay":
        return f"pay {RESOURCES[i]}"
    if name == "extra":
        return f"extra {EXTRA_PAY[i]}"
    if name == "boost":
        return f"boost {i}"
    if name == "ship_gain":
        return f"ship {_slug(SHIP_GAINS[i])}"
    if name == "hex":
        return f"at {hex_text(map_hexes()[i])}"
    if name == "develop":
        return f"develop {_slug(c.tech_types[i]) if i < len(c.tech_types) else 'shelter'}"
    if name == "scientist":
        return f"hire {_slug(SCIENTISTS[i])}"
    if name == "contract":
        return f"contract {i + 1}"
    if name == "travel":
        return ("stay", "travel")[i]
    if name == "executive":
        return f"executive {_slug(EXECUTIVE_ACTIONS[i])}"
    if name == "step":
        return f"step {hex_text(map_hexes()[i // 6])} {DIRECTION_NAMES[i % 6]}"
    if name == "build":
        return f"build {_slug(BUILDINGS[i])}"
    if name == "tech_owner":
        return f"use-tech {i}"
    if name == "lss_benefit":
        return f"lss {_slug(c.standins['lss_benefits'][i])}"
    if name == "crystals":
        return f"crystals {i}"
    if name == "goal":
        return f"goal {i // 2 + 1} {'develop' if i % 2 == 0 else 'alternative'}"
    if name == "gain":
        return f"gain {RESOURCES[i]}"
    if name == "work":
        return f"work {_slug(SCIENTISTS[i])}"
    if name == "work_use":
        return "executive scientist-at-work"
    if name == "discard_goal":
        return f"discard-goal {i + 1}"
    if name == "draw_solo_card":
        return f"draw solo-card {i + 1}"
    if name == "solo_goal":
        return f"solo-goal {_slug(c.raw['solo']['goals'][i]['id'])}"
    if name == "draw_contract":
        return f"draw contract {i + 1}"
    if name == "lacerda_tie":
        return f"lacerda-tie {i + 1}"
    if name == "draw_fc_a":
        return f"draw a-card {i + 1}"
    if name == "draw_fc_b":
        return f"draw b-card {_slug(c.fc_b_cards[i][0])}"
    if name == "fc_task":
        return f"reveal-task {_slug(c.fc_b_cards[i][0])}"
    if name == "exploration":
        return f"discovery {_slug(c.standins['discoveries'][i]['kind'])}"
    raise AssertionError(name)


DECISION_TEXT = {
    "draw": "Chance: draw",
    "space": "Choose a turn-order space",
    "shuttle_side": "Place the shuttle",
    "main": "Choose your main action",
    "extra": "Pay the placement cost (crystal or colonist)",
    "pay": "Pay a cost",
    "boost": "Boost with colonists",
    "warehouse_take": "Take from the Warehouse",
    "take_blueprint": "Take a Blueprint",
    "learn": "Take a Tech tile",
    "lab_space": "Choose a Lab space",
    "develop": "Develop a Tech tile",
    "ship": "Welcome a ship: choose the gain",
    "place_bot": "Place the new bot",
    "hire": "Hire a Scientist or take an Earth Contract",
    "refill": "Refill the space with a Contract",
    "move": "Move your bots",
    "discovery": "Choose the face-up Discovery tile to place 3 hexes from your rover",
    "discovery_hex": "Place the Discovery tile 3 hexes from your rover",
    "travel": "Travel or stay",
    "build_type": "Choose a building to construct",
    "build_hex": "Choose where to build",
    "use_tech": "Choose whose tech tile to use",
    "lss_benefit": "Choose an LSS benefit",
    "upgrade": "Choose a Blueprint to upgrade with",
    "upgrade_hex": "Choose the building to upgrade",
    "executive": "Executive action (optional)",
    "goal": "Complete a Private Goal (optional)",
    "gain_choice": "Choose a resource to gain",
    "free_card": "Take a card for free",
    "deliver": "Complete an Earth Contract (optional)",
    "advanced": "Use one of your Advanced Buildings' actions",
    "adv_boost": "Boost with colonists",
    "lend_develop": "Your lent tech tile: develop it for free (returning the oxygen)?",
    "cc_crystals": "Spend crystals for movement",
    "movement_tech": "Use a tech tile for more movement (another seat's pays it 1 oxygen)",
    "upgrade_tech": "Use an Upgrade Tech for more upgrades (another seat's pays it 1 oxygen)",
    "work_target": "Choose the Blueprint your Scientist works on",
    "solo_goal": "Choose your Solo Goal against Lacerda",
    "fc_task": "Reveal a completed First Colonists task card (optional, one per turn)",
}


def decision_text(state: OnMarsState) -> tuple[str, str]:
    frame = state.pending[-1]
    kind: str = frame["k"]
    text: str = DECISION_TEXT.get(kind, kind)
    if kind == "draw" and frame["pool"] == "lacerda_tie":
        text = f"Chance: a solo card settles Lacerda's tie ({len(frame['options'])} options)"
    elif kind == "draw":
        text = f"Chance: draw from {frame['pool']}"
    elif kind == "pay":
        text = f"Pay {', '.join(frame['units'])}"
    elif kind == "move":
        bots, rover = frame["bots_mp"], frame["rover_mp"]
        if bots and rover:
            text = f"Move your bots and rover (bots {bots} MP, rover {rover} MP left)"
        else:
            text = f"Move your {'bots' if bots else 'rover'} ({bots or rover} MP left)"
    elif "left" in frame and kind != "extra":
        text = f"{text} ({frame['left']} left)"
    return kind, text
