"""On Mars component data: loaded from `data/*.json` and validated on load.

Two files: `components.json` holds the published facts (cards, costs, scoring
tables) in our own format; `standins.json` fills the gaps the published sources
leave open (map hexes, tech tiles, turn-order benefits, ...). Everything from the
second file is *Ludoteca stand-in (not official)*: `Components.standin_label`
carries that label so views can show it. Replacing a stand-in by a printed value
is an edit to the data file only.

`load_components()` checks shapes, cross references and component counts and
raises `ComponentDataError` naming the first problem it finds.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import LudotecaError

RESOURCES = ("mineral", "battery", "water", "plant", "oxygen")
CRYSTAL = "crystal"
BUILDINGS = ("mine", "generator", "water_extractor", "greenhouse", "oxygen_condenser", "shelter")
LSS_BUILDINGS = ("generator", "water_extractor", "greenhouse", "oxygen_condenser")
SCIENTISTS = ("geologist", "rd_engineer", "hydrologist", "biochemist", "geochemist", "systems_engineer")
EXECUTIVE_ACTIONS = (
    "develop_tech",
    "move_rover",
    "take_blueprint",
    "upgrade",
    "gain_mineral",
    "move_bots",
    "warehouse",
    "advanced_building",
)
#: First Colonists B-card tasks (rules 11), in card order
FC_TASKS = (
    "learn_technology",
    "travel",
    "build_shelter",
    "hire_scientist",
    "develop",
    "develop_x2",
    "place_discovery",
    "obtain_blueprint",
)

#: component counts the data must match (rulebook component list)
COUNTS = {
    "blueprints": 24,
    "scientists": 6,
    "contracts": 12,
    "private_goals": 16,
    "missions": 9,
    "lss_rewards": 8,
    "executive_actions": 8,
    "solo_deck": 12,
    "discoveries": 19,
    "research_tiles": 8,
    "tech_tiles": 16,
    "tech_grid_spaces": 8,
    "lab_columns": 6,
    "turn_order_spaces": 8,
    "fc_a_cards": 4,
    "fc_b_cards": 8,
}


class ComponentDataError(LudotecaError):
    """The packaged component data is malformed or inconsistent."""


@dataclass(frozen=True, slots=True)
class Blueprint:
    id: int
    name: str
    level: int
    building: str
    scientist: str
    gain: tuple[tuple[str, int], ...]
    min_complex: int
    op_built: int
    op_unbuilt: int
    advanced: dict[str, Any]  # the Advanced Building action as an operation (see ADVANCED_OPS)


#: operations an Advanced Building action may use ("unknown": the card's effect is not known yet)
ADVANCED_OPS = (
    "upgrade",
    "construct",
    "produce",
    "ship",
    "warehouse",
    "tech",
    "crystals",
    "score",
    "contract",
    "unknown",
    "upgrade_anywhere",
    "develop",
    "colonists",
    "retrieve_all",
    "convert",
    "rover",
    "travel_orbit",
    "blueprint",
    "rover_tech",
    "pd_radar",  # Ludoteca stand-in for blueprint #15 (standins.json "blueprint_ops")
)


@dataclass(frozen=True, slots=True)
class Mission:
    id: int
    counts: str
    required: dict[str, int]
    crystals: int
    length: str  # "short" or "long" (a stand-in split)


@dataclass(frozen=True, slots=True)
class LabColumn:
    level: int
    spaces: int
    op: int
    enter_cost: dict[str, int]
    benefits: dict[int, str]


@dataclass(frozen=True, slots=True)
class Components:
    """Every piece of fixed data the rules read, validated."""

    raw: dict[str, Any]
    standins: dict[str, Any]
    standin_label: str
    blueprints: tuple[Blueprint, ...]
    scientists: tuple[dict[str, Any], ...]
    contracts: tuple[dict[str, Any], ...]
    private_goals: tuple[dict[str, Any], ...]
    missions: tuple[Mission, ...]
    lss_rewards: tuple[dict[str, Any], ...]
    executive_costs: dict[str, int]
    depot_order: tuple[str, ...]
    discoveries: tuple[str, ...]  # one entry per physical tile (19)
    research_tiles: tuple[dict[str, Any], ...]
    tech_tiles: tuple[str, ...]  # "<set>:<type>", 16 tiles
    tech_types: tuple[str, ...]
    tech_grid_rows: tuple[tuple[str, int, dict[str, int]], ...]  # (row, spaces, cost), top first
    lab: tuple[LabColumn, ...]
    building_costs: dict[str, dict[str, int]]
    turn_order: tuple[dict[str, Any], ...]
    action_slots: dict[str, int]
    building_tiles_per_type: int
    fc_a_cards: tuple[tuple[str, ...], ...]  # First Colonists A cards: building types, card id - 1
    fc_b_cards: tuple[tuple[str, tuple[tuple[str, int], ...]], ...]  # B cards: (task, reward), id - 1


def _need(condition: bool, message: str) -> None:
    if not condition:
        raise ComponentDataError(f"On Mars component data: {message}")


def _cost(value: Any, where: str, extra: tuple[str, ...] = ()) -> dict[str, int]:
    allowed = (*RESOURCES, CRYSTAL, *extra)
    _need(isinstance(value, dict), f"{where}: a cost must be an object")
    for key, n in value.items():
        _need(key in allowed, f"{where}: unknown cost item {key!r}")
        _need(type(n) is int and n > 0, f"{where}: {key} must be a positive integer")
    return dict(value)


def _count(name: str, items: Any) -> None:
    _need(isinstance(items, list | tuple), f"{name} must be a list")
    _need(len(items) == COUNTS[name], f"{name}: expected {COUNTS[name]}, found {len(items)}")


def parse_components(data: dict[str, Any], standins: dict[str, Any]) -> Components:
    """Validate both data files and build `Components`."""
    _need(data.get("format") == "ludoteca-on-mars-components/1", "components.json has the wrong format tag")
    _need(standins.get("format") == "ludoteca-on-mars-standins/1", "standins.json has the wrong format tag")
    label = standins.get("label")
    _need(label == "Ludoteca stand-in (not official)", "stand-in data must carry its label")
    _need(tuple(data["resources"]) == RESOURCES, "resources must be mineral..oxygen in chain order")
    _need([b["id"] for b in data["buildings"]] == list(BUILDINGS), "buildings must list the 6 types in order")

    _count("blueprints", data["blueprints"])
    ops = standins.get("blueprint_ops", {})
    _need(all(k.isdigit() and 1 <= int(k) <= 24 for k in ops), "blueprint_ops: keys must be blueprint ids")
    blueprints = []
    for i, b in enumerate(data["blueprints"]):
        where = f"blueprint {b.get('id')}"
        if str(b.get("id")) in ops:  # a stand-in for an action whose effect is not published
            b = {**b, "advanced": ops[str(b["id"])]}
        _need(b["id"] == i + 1, f"{where}: ids must run 1..24")
        _need(b["level"] in (1, 3), f"{where}: level must be 1 or 3")
        _need(b["building"] in BUILDINGS, f"{where}: unknown building")
        _need(b["scientist"] in SCIENTISTS, f"{where}: unknown scientist")
        _need(b["min_complex"] == (1 if b["level"] == 1 else 3), f"{where}: wrong minimum complex size")
        gain = _cost(b["gain"], where)
        advanced = b.get("advanced")
        _need(
            isinstance(advanced, dict) and advanced.get("op") in ADVANCED_OPS, f"{where}: unknown advanced op"
        )
        _need(advanced.get("type", b["building"]) == b["building"], f"{where}: constructs another type")
        blueprints.append(
            Blueprint(
                b["id"],
                b["name"],
                b["level"],
                b["building"],
                b["scientist"],
                tuple(sorted(gain.items())),
                b["min_complex"],
                b["op_built"],
                b["op_unbuilt"],
                dict(advanced),
            )
        )
    _need(sum(b.level == 1 for b in blueprints) == 12, "there must be 12 level-1 blueprints")
    for building in BUILDINGS:
        _need(sum(b.building == building for b in blueprints) == 4, f"4 blueprints per building ({building})")

    _count("scientists", data["scientists"])
    _need(tuple(s["id"] for s in data["scientists"]) == SCIENTISTS, "scientists must be in display order")
    for s in data["scientists"]:
        _cost(s["hire_cost"], f"scientist {s['id']}", ("colonist_to_work",))
        _need(
            s["works_in"] in BUILDINGS and s["scores"] in BUILDINGS, f"scientist {s['id']}: unknown building"
        )

    _count("contracts", data["contracts"])
    for c in data["contracts"]:
        if c["type"] == "upgrade":
            _need(c["building"] in BUILDINGS, f"contract {c['id']}: unknown building")
        else:
            _need(c["type"] == "delivery", f"contract {c['id']}: unknown type")
            _cost(c["requires"], f"contract {c['id']}")

    _count("private_goals", data["private_goals"])
    _need([g["id"] for g in data["private_goals"]] == list(range(1, 17)), "private goal ids must run 1..16")

    _count("missions", data["missions"])
    split = standins["mission_length"]
    short, long_ = set(split["short"]), set(split["long"])
    _need(not short & long_ and short | long_ == set(range(1, 10)), "mission split must cover 1..9 once")
    missions = []
    for m in data["missions"]:
        _need(set(m["required"]) == {"2", "3", "4"}, f"mission {m['id']}: needs 2/3/4-player counts")
        missions.append(
            Mission(
                m["id"],
                m["counts"],
                dict(m["required"]),
                m["crystals"],
                "short" if m["id"] in short else "long",
            )
        )

    _count("lss_rewards", data["lss_rewards"])
    _count("executive_actions", data["executive_actions"])
    _need(tuple(e["id"] for e in data["executive_actions"]) == EXECUTIVE_ACTIONS, "executive action ids")
    depot_order = tuple(standins["depot_order"])
    _need(
        sorted(depot_order) == sorted(EXECUTIVE_ACTIONS), "depot order must list each executive action once"
    )
    _count("solo_deck", data["solo"]["deck"])
    _need(len(data["solo"].get("goals", [])) == 4, "solo: 4 Solo Goals")

    discoveries = tuple(d["kind"] for d in standins["discoveries"] for _ in range(d["copies"]))
    _count("discoveries", discoveries)
    _count("research_tiles", [t for t in standins["research_tiles"] for _ in range(2)])
    for t in standins["research_tiles"]:
        _need(t["id"] in standins["map"]["research_hexes"], f"research tile {t['id']} has no hexes")
        _need(len(standins["map"]["research_hexes"][t["id"]]) == 2, f"research tile {t['id']}: two hexes")

    tech_types = tuple(standins["tech_types"])
    _need(len(tech_types) == 8 and len(set(tech_types)) == 8, "8 distinct tech types per set")
    tech_tiles = tuple(f"{'ab'[s]}:{t}" for s in range(standins["tech_sets"]) for t in tech_types)
    _count("tech_tiles", tech_tiles)
    rows = tuple(
        (r["row"], r["spaces"], _cost(r["cost"], f"tech grid {r['row']}", ("any",)) if r["cost"] else {})
        for r in standins["tech_grid"]
    )
    _need(sum(r[1] for r in rows) == COUNTS["tech_grid_spaces"], "tech grid must have 8 spaces")

    _count("lab_columns", standins["lab"])
    lab = []
    for i, col in enumerate(standins["lab"]):
        _need(col["level"] == i + 1, "lab columns must be levels 1..6 in order")
        benefits = {int(k): v for k, v in col["benefits"].items()}
        _need(
            all(0 <= k < col["spaces"] for k in benefits), f"lab column {i + 1}: benefit on a missing space"
        )
        cost = _cost(col["enter_cost"], f"lab column {i + 1}", ("any",)) if col["enter_cost"] else {}
        lab.append(LabColumn(col["level"], col["spaces"], col["op"], cost, benefits))
    _need(lab[0].spaces == 2 and lab[1].spaces == 3, "lab columns 1 and 2 must have 2 and 3 spaces")
    _need(lab[0].benefits.get(1) == "crystal", "lab column 1 bottom space must give 1 crystal")

    costs = {k: _cost(v, f"building cost {k}", ("colonist",)) for k, v in standins["building_costs"].items()}
    _need(set(costs) == set(BUILDINGS), "a building cost for each type")
    _need(costs["shelter"] == {"oxygen": 1}, "a shelter costs 1 oxygen")
    first = standins["first_colonists"]
    _need(
        len(first["missions"]) == 3 and set(first["missions"]) <= set(range(1, 10)),
        "3 First Colonists missions",
    )
    _need(
        len(first["start_spaces"]) == 6 and set(first["start_spaces"]) <= set(range(1, 9)),
        "6 First Colonist tiles naming turn-order spaces",
    )
    fc_a_cards, fc_b_cards = _first_colonists_cards(data["first_colonists"], first)
    turn_order = tuple(standins["turn_order"])
    _count("turn_order_spaces", turn_order)
    _need([s["space"] for s in turn_order] == list(range(1, 9)), "turn-order spaces 1..8 in order")
    _need(
        all(s["side"] in ("orbit", "colony") for s in turn_order), "turn-order side must be orbit or colony"
    )

    return Components(
        raw=data,
        standins=standins,
        standin_label=str(label),
        blueprints=tuple(blueprints),
        scientists=tuple(data["scientists"]),
        contracts=tuple(data["contracts"]),
        private_goals=tuple(data["private_goals"]),
        missions=tuple(missions),
        lss_rewards=tuple(data["lss_rewards"]),
        executive_costs={e["id"]: e["cost"] for e in data["executive_actions"]},
        depot_order=depot_order,
        discoveries=discoveries,
        research_tiles=tuple(standins["research_tiles"]),
        tech_tiles=tech_tiles,
        tech_types=tech_types,
        tech_grid_rows=rows,
        lab=tuple(lab),
        building_costs=costs,
        turn_order=turn_order,
        action_slots=dict(standins["action_slots"]),
        building_tiles_per_type=standins["building_tiles_per_type"],
        fc_a_cards=fc_a_cards,
        fc_b_cards=fc_b_cards,
    )


def _first_colonists_cards(
    cards: dict[str, Any], standin: dict[str, Any]
) -> tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, tuple[tuple[str, int], ...]], ...]]:
    """The First Colonists A cards as building types (published icons; the crystal-with-cog
    icon's building is a stand-in) and the B cards as (task, reward) (stand-in rewards)."""
    icons = {**cards["icon_buildings"], **standin["pd_fc_icons"]}
    _need(all(b in BUILDINGS for b in icons.values()), "first colonists: an icon names an unknown building")
    _count("fc_a_cards", cards["a_cards"])
    a_cards = []
    for i, card in enumerate(cards["a_cards"]):
        _need(card["id"] == i + 1, "first colonists: A card ids must run 1..4")
        _need(all(icon in icons for icon in card["icons"]), f"first colonists: A card {i + 1}: unknown icon")
        types = tuple(icons[icon] for icon in card["icons"])
        _need(len(types) == 4 and len(set(types)) == 4, f"first colonists: A card {i + 1}: 4 distinct types")
        a_cards.append(types)
    _count("fc_b_cards", cards["b_cards"])
    _need(tuple(b["task"] for b in cards["b_cards"]) == FC_TASKS, "first colonists: B card tasks in order")
    rewards = standin["pd_fc_rewards"]
    b_cards = []
    for i, card in enumerate(cards["b_cards"]):
        _need(card["id"] == i + 1, "first colonists: B card ids must run 1..8")
        reward = _cost(rewards.get(str(i + 1)), f"first colonists: B card {i + 1} reward")
        _need(sum(reward.values()) == 1, f"first colonists: B card {i + 1}: one resource or crystal")
        b_cards.append((card["task"], tuple(sorted(reward.items()))))
    return tuple(a_cards), tuple(b_cards)


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text(encoding="utf-8")
    return json.loads(text)


@cache
def load_components() -> Components:
    """The packaged data, validated (cached: it never changes)."""
    return parse_components(_read("components.json"), _read("standins.json"))


def raw_data() -> tuple[dict[str, Any], dict[str, Any]]:
    """Fresh copies of both data files, for tests that corrupt them."""
    return _read("components.json"), _read("standins.json")
