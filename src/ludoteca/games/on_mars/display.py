"""Read-only component data of On Mars for the browser table (`web/js/onmars/`).

`on_mars_components(game)` copies the packaged data (`game.components`: the published
facts of `components.json` and Ludoteca's stand-ins of `standins.json`) into JSON a
drawing program can read; it knows no rule. Everything taken from the stand-in file is
grouped under `standin` or carries `"standin": label`, so the table can mark it
"Ludoteca stand-in (not official)".

`{"game": "on-mars", "standin_label",
  "map": {"hexes": [[q, r], ...] (in hex-id order), "starting_mine": [q, r],
          "research_hexes": {tile id: [[q, r], ...]}, "standin"},
  "resources", "buildings": [id], "main_actions": [id], "orbit_actions": [id],
  "colony_actions": [id], "action_slots": {action: colonist spaces},
  "blueprints": {id: {"id", "name" (a message), "level", "building", "scientist", "gain", "op_built",
                      "op_unbuilt", "op", "action" (its Advanced Building's effect, a message),
                      "gives" (the whole card in words, a message), "standin"}},
  "scientists": {id: {"id", "name", "hire_cost", "works_in", "scores"}},
  "contracts": {id: {"id", "type", "building" | "requires", "op_complete", "op_failed"}},
  "private_goals": {id: {"id", "test", "n", "alt_reward"}},
  "missions": {id: {"id", "counts", "required": {players: n}, "crystals", "length", "standin"}},
  "lss_rewards": {id: {"id", "per", "op_each"}}, "lss_columns": [building], "lss_max_level", "lss_rows",
  "executive_actions": [{"id", "cost"}] (in Depot order, a stand-in),
  "tech_types", "tech_grid": [{"row", "spaces", "cost"}], "lab": [{"level", "spaces", "op",
  "enter_cost", "benefits"}], "turn_order": [{"space", "side", "benefit"}],
  "research_tiles": {id: {...}}, "discoveries": [kind], "lss_benefits": [id],
  "scoring": {...}, "solo": {"deck", "goals", "bot_sequence"},
  "texts": {"scientists": {id: {"name", "gives"}}, "contracts", "private_goals", "missions",
            "lss_rewards", "executive_actions", "turn_order", "research_tiles", "techs", "buildings",
            "main_actions", "solo_goals": {id: message}}}`

Every text is a message (`component_texts`), rendered in the reader's language by the
browser (`js/i18n.js`); names that are just an id (a resource, a building, a tech, a
scientist) the table takes from the catalog itself (`on_mars.building.<id>`, ...).

Hexes use axial coordinates `q,r` (the record notation's); neighbours differ by
(±1, 0), (0, ±1), (1, −1), (−1, 1).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.api import Game
from ludoteca.games.on_mars import component_texts as ct
from ludoteca.games.on_mars.actions import COLONY_ACTIONS, MAIN_ACTIONS, ORBIT_ACTIONS
from ludoteca.games.on_mars.board import map_hexes
from ludoteca.games.on_mars.components import BUILDINGS, RESOURCES, Components


def _blueprints(c: Components, label: str) -> dict[str, dict[str, Any]]:
    ops = c.standins.get("blueprint_ops", {})
    out = {}
    for b in c.blueprints:
        stand = ops.get(str(b.id))
        out[str(b.id)] = {
            "id": b.id, "name": ct.blueprint_name(b.id), "level": b.level, "building": b.building,
            "scientist": b.scientist, "gain": dict(b.gain), "op_built": b.op_built,
            "op_unbuilt": b.op_unbuilt,
            "op": b.advanced["op"], "action": ct.advanced_effect(b), "gives": ct.blueprint_gives(c, b.id),
            "standin": label if stand else None,
        }
    return out


def _texts(c: Components, players: int) -> dict[str, Any]:
    """The cards' texts as messages (`ludoteca.core.i18n`), rendered by the table."""
    return {
        "scientists": {
            s["id"]: {"name": ct.scientist(s["id"]), "gives": ct.scientist_gives(c, s["id"])}
            for s in c.scientists
        },
        "contracts": {str(k["id"]): ct.contract(c, k["id"]) for k in c.contracts},
        "private_goals": {str(g["id"]): ct.goal(c, g["id"]) for g in c.private_goals},
        "missions": {str(m.id): ct.mission(c, m.id, players) for m in c.missions},
        "lss_rewards": {r["id"]: ct.lss_reward(c, r["id"]) for r in c.lss_rewards},
        "executive_actions": {a: ct.executive_gives(c, a) for a in c.depot_order},
        "turn_order": {str(t["space"]): ct.turn_space_gives(c, t["space"]) for t in c.turn_order},
        "research_tiles": {t["id"]: ct.research_tile(c, t["id"]) for t in c.research_tiles},
        "techs": {t: ct.tech_gives(t) for t in (*c.tech_types, ct.SHELTER_TECH)},
        "buildings": {b: ct.building_gives(b) for b in BUILDINGS},
        "main_actions": {a: ct.main_action_gives(a) for a in MAIN_ACTIONS},
        "solo_goals": {g["id"]: ct.solo_goal_gives(c, i) for i, g in enumerate(c.raw["solo"]["goals"])},
    }


def on_mars_components(game: Game) -> dict[str, Any]:
    c: Components = game.components  # type: ignore[attr-defined]  # only OnMarsGame calls this
    label = c.standin_label
    raw, standins = c.raw, c.standins
    radius = int(standins["map"]["radius"])
    return {
        "game": "on-mars",
        "standin_label": label,
        "map": {
            "hexes": [list(h) for h in map_hexes(radius)],
            "starting_mine": list(standins["map"]["starting_mine"]),
            "research_hexes": {k: [list(h) for h in v] for k, v in standins["map"]["research_hexes"].items()},
            "standin": label,
        },
        "resources": list(RESOURCES),
        "buildings": list(BUILDINGS),
        "main_actions": list(MAIN_ACTIONS),
        "orbit_actions": list(ORBIT_ACTIONS),
        "colony_actions": list(COLONY_ACTIONS),
        "action_slots": dict(c.action_slots),
        "blueprints": _blueprints(c, label),
        "scientists": {s["id"]: dict(s) for s in c.scientists},
        "contracts": {str(k["id"]): dict(k) for k in c.contracts},
        "private_goals": {str(g["id"]): dict(g) for g in c.private_goals},
        "missions": {str(m.id): {"id": m.id, "counts": m.counts, "required": dict(m.required),
                                 "crystals": m.crystals, "length": m.length, "standin": label}
                     for m in c.missions},
        "lss_rewards": {r["id"]: dict(r) for r in c.lss_rewards},
        "lss_columns": list(raw["lss"]["columns"]),
        "lss_max_level": raw["lss"]["max_level"],
        "lss_rows": int(standins["lss_rows"]),
        "executive_actions": [{"id": a, "cost": c.executive_costs[a]} for a in c.depot_order],
        "tech_types": list(c.tech_types),
        "tech_grid": [{"row": row, "spaces": n, "cost": dict(cost)} for row, n, cost in c.tech_grid_rows],
        "lab": [{"level": col.level, "spaces": col.spaces, "op": col.op, "enter_cost": dict(col.enter_cost),
                 "benefits": {str(k): v for k, v in col.benefits.items()}} for col in c.lab],
        "turn_order": [dict(t) for t in c.turn_order],
        "research_tiles": {t["id"]: dict(t) for t in c.research_tiles},
        "discoveries": sorted(set(c.discoveries)),
        "lss_benefits": list(standins["lss_benefits"]),
        "scoring": dict(raw["scoring"]),
        "solo": {"deck": list(raw["solo"]["deck"]), "goals": list(raw["solo"]["goals"]),
                 "bot_sequence": list(raw["solo"]["bot_sequence"])},
        "texts": _texts(c, game.seats),  # type: ignore[attr-defined]  # OnMarsGame.seats
    }
