"""Read-only component data of Terraforming Mars for the browser table, every text a message.

`terraforming_mars(game)` returns what the page draws from: nothing here knows a rule,
it restates the packaged data (`data/*.json` of the game, the cards as `cards.card_data()`
gives them once checked) in a form a drawing program reads. Every text is a **message**
(`{"key", "params"}`, rendered by the reader in their language, `docs/i18n.md`): names,
requirements, VP and each card's effects written out from its effect data by
`card_text.py`, so a card is readable without its printed artwork.

Shape: `{"game": "terraforming-mars", "spaces": [Space], "cards": {id: Card},
"corporations": {id: Corporation}, "milestones": [Goal], "awards": [Goal],
"projects": [Project], "parameters": {name: {"min", "max", "bonuses": [{"at", "text"}]}},
"claim_cost", "fund_costs", "tags": [...], "resources": [...]}` where

* a Space is `{"id", "name" (message, or None for an unnamed space), "type" (land |
  ocean_reserved | reserved_named | off_map), "row", "pos", "x", "y", "volcanic",
  "bonus": {resource or "cards": n}, "bonus_text" (message, None without a bonus)}`;
  `x, y` are the centre of its hexagon for hexagons of radius 1 (pointy top, from the
  axial q/r of the data); the two off-map spaces get places beside the map;
* a Card is `{"id", "number", "name", "set", "type", "cost", "tags", "requirements":
  [message], "vp": message | None, "resource_type", "lines": [message], "actions": n}` —
  `lines` in printed order: what playing it does, its lasting modifiers, its effects
  (key `terraforming_mars.effect.effect`), its `actions` actions (key
  `terraforming_mars.effect.action*`), the resource it holds, its rule note
  (`terraforming_mars.effect.note`);
* a Corporation is a Card plus `"megacredits"` and `"start"` (message: its starting
  M€, production and resources, its first action);
* a Goal (milestone or award) is `{"id", "name", "metric", "tag", "resources", "min",
  "text"}` (name and text messages) — the metric as named in `milestones_awards.json`;
* a Project is `{"id", "name", "cost", "text"}` (messages), the six standard projects;
* a parameter bonus's `text` is a message ("+1 heat production").
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.api import Game
from ludoteca.core.i18n import msg
from ludoteca.games.terraforming_mars import card_text as ct
from ludoteca.games.terraforming_mars.cards import card_data

#: what the parameters' bonus steps do, as the cards' data says it
OCEAN_BONUS = {"op": "place_tile", "tile": "ocean", "where": "ocean_space"}
TEMPERATURE_BONUS = {"op": "raise", "param": "temperature", "steps": 1}

def _card(card: dict[str, Any], corporation: bool = False) -> dict[str, Any]:
    held = card.get("resource_type")
    return {
        "id": card["id"], "number": card["number"], "name": ct.name(card["id"], corporation),
        "set": card["set"],
        "type": card.get("type", "corporation"), "cost": card.get("cost", 0),
        "tags": list(card.get("tags", [])),
        "requirements": [ct.requirement_message(r) for r in card.get("requirements", [])],
        "vp": ct.vp_message(card.get("vp"), held), "resource_type": held,
        "lines": ct.card_lines(card, corporation),
        "actions": len(card.get("actions", [])),
    }


def _corporation(corp: dict[str, Any]) -> dict[str, Any]:
    out = _card(corp, corporation=True)
    out.update({"megacredits": corp["starting_megacredits"], "start": ct.start_message(corp)})
    return out


#: where the off-map spaces are drawn (hexagon radius 1), beside the top of the map
OFF_MAP_PLACES = {"01": (-6.5, -6.2), "02": (6.5, -6.2)}


def _space(raw: dict[str, Any]) -> dict[str, Any]:
    if raw["type"] == "off_map":
        x, y = OFF_MAP_PLACES.get(raw["id"], (0.0, -8.0))
    else:
        q, r = int(raw["q"]), int(raw["r"])
        x, y = math.sqrt(3) * (q + r / 2), 1.5 * r
    name = msg(f"terraforming_mars.space.{raw['id']}.name") if raw.get("name") else None
    return {"id": raw["id"], "name": name, "type": raw["type"], "row": raw.get("row", 0),
            "pos": raw.get("pos", 0), "x": round(x, 3), "y": round(y, 3),
            "volcanic": bool(raw.get("volcanic")),
            "bonus": dict(raw.get("bonus", {})),
            "bonus_text": ct.bonus_message(raw["bonus"]) if raw.get("bonus") else None}


def _goal(raw: dict[str, Any], award: bool) -> dict[str, Any]:
    spec = raw["metric"] if award else raw["condition"]
    kind = "award" if award else "milestone"
    text = msg(f"terraforming_mars.{kind}.{raw['id']}.text", **({} if award else {"n": spec["min"]}))
    return {"id": raw["id"], "name": msg(f"terraforming_mars.{kind}.{raw['id']}.name"),
            "metric": spec["metric"],
            "tag": spec.get("tag"), "resource": spec.get("resource"), "resources": spec.get("resources", []),
            "min": spec.get("min", 0), "text": text}


def _read(name: str) -> dict[str, Any]:
    package = "ludoteca.games.terraforming_mars"
    data = json.loads(resources.files(package).joinpath(f"data/{name}").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@cache
def _static() -> dict[str, Any]:
    from ludoteca.games.terraforming_mars.constants import (
        PARAM_MAX,
        RESOURCES,
        TAGS,
        TEMPERATURE_START,
        TEMPERATURE_STEP,
    )
    from ludoteca.games.terraforming_mars.params import (
        HEAT_BONUS_STEPS,
        OCEAN_BONUS_STEP,
        TEMPERATURE_BONUS_OXYGEN,
    )
    from ludoteca.games.terraforming_mars.projects import PROJECT_COSTS, PROJECT_NAMES

    def degrees(step: int) -> int:
        return TEMPERATURE_START + TEMPERATURE_STEP * step

    projects, corporations = card_data()
    goals = _read("milestones_awards.json")
    rules = goals["rules"]
    return {
        "game": "terraforming-mars",
        "spaces": [_space(s) for s in _read("tharsis.json")["spaces"]],
        "cards": {c["id"]: _card(c) for c in projects},
        "corporations": {c["id"]: _corporation(c) for c in corporations},
        "milestones": [_goal(g, False) for g in goals["milestones"]],
        "awards": [_goal(g, True) for g in goals["awards"]],
        "claim_cost": rules["milestones"]["claim_cost_megacredits"],
        "fund_costs": list(rules["awards"]["funding_costs_megacredits"]),
        "projects": [{"id": p, "name": msg(f"terraforming_mars.project.{p}.name"), "cost": cost,
                      "text": msg(f"terraforming_mars.project.{p}.text")}
                     for p, cost in zip(PROJECT_NAMES, PROJECT_COSTS, strict=True)],
        "parameters": {
            "temperature": {"min": degrees(0), "max": degrees(PARAM_MAX[0]),
                            "bonuses": [{"at": degrees(k), "text": ct.production("heat", 1)}
                                        for k in HEAT_BONUS_STEPS]
                            + [{"at": degrees(OCEAN_BONUS_STEP), "text": ct.op_message(OCEAN_BONUS)}]},
            "oxygen": {"min": 0, "max": PARAM_MAX[1],
                       "bonuses": [{"at": TEMPERATURE_BONUS_OXYGEN,
                                    "text": ct.op_message(TEMPERATURE_BONUS)}]},
            "oceans": {"min": 0, "max": PARAM_MAX[2], "bonuses": []},
        },
        "tags": list(TAGS),
        "resources": list(RESOURCES),
    }


def terraforming_mars(game: Game) -> dict[str, Any]:
    """The component data of a Terraforming Mars game (the same for every game: one map, all cards)."""
    return _static()
