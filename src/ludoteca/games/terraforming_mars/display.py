"""Read-only component data of Terraforming Mars for the browser table, and the cards' text.

`terraforming_mars(game)` returns what the page draws from: nothing here knows a rule,
it restates the packaged data (`data/*.json` of the game) in a form a drawing program
reads, with each card's effects written out in short English generated from its effect
data (`card_lines`), so a card is readable without its printed artwork.

Shape: `{"game": "terraforming-mars", "spaces": [Space], "cards": {id: Card},
"corporations": {id: Corporation}, "milestones": [Goal], "awards": [Goal],
"projects": [Project], "parameters": {name: {"min", "max", "bonuses": [{"at", "text"}]}},
"claim_cost", "fund_costs", "tags": [...], "resources": [...]}` where

* a Space is `{"id", "name", "type" (land | ocean_reserved | reserved_named | off_map),
  "row", "pos", "x", "y", "volcanic", "bonus": {resource or "cards": n}, "bonus_text"}`;
  `x, y` are the centre of its hexagon for hexagons of radius 1 (pointy top, from the
  axial q/r of the data); the two off-map spaces get places beside the map;
* a Card is `{"id", "number", "name", "set", "type", "cost", "tags", "requirements":
  [text], "vp": text | None, "resource_type", "lines": [text]}` — `lines` in printed
  order: what playing it does, then its effects ("Effect: ..."), then its actions
  ("Action: ...") and any rule note;
* a Corporation is a Card plus `"megacredits"` and `"start"` (text of its starting
  production and resources, its first action);
* a Goal (milestone or award) is `{"id", "name", "metric", "tag", "resources", "min",
  "text"}` — the metric as named in `milestones_awards.json`;
* a Project is `{"id", "name", "cost", "text"}`, the six standard projects.
"""

from __future__ import annotations

import json
import math
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.api import Game

RESOURCE_WORDS = {
    "megacredits": ("M€", "M€"), "steel": ("steel", "steel"), "titanium": ("titanium", "titanium"),
    "plants": ("plant", "plants"), "energy": ("energy", "energy"), "heat": ("heat", "heat"),
}
CARD_RESOURCE_WORDS = {
    "animal": ("animal", "animals"), "microbe": ("microbe", "microbes"),
    "science": ("science resource", "science resources"), "fighter": ("fighter", "fighters"),
}
TILE_WORDS = {
    "ocean": "an ocean tile", "greenery": "a greenery tile", "city": "a city tile",
    "capital": "the Capital city tile", "natural_preserve": "the Natural Preserve tile",
    "nuclear_zone": "the Nuclear Zone tile", "lava_flows": "the Lava Flows tile",
    "mohole_area": "the Mohole Area tile", "ecological_zone": "the Ecological Zone tile",
    "mining_rights": "the Mining Rights tile", "mining_area": "the Mining Area tile",
    "commercial_district": "the Commercial District tile", "industrial_center": "the Industrial Center tile",
    "restricted_area": "the Restricted Area tile",
}
PLACE_WORDS = {
    "land": "on a land space", "ocean_space": "on an ocean space",
    "isolated": "on a land space next to no other tile",
    "volcanic": "on a volcanic space", "adjacent_to_city": "next to a city tile",
    "adjacent_to_2_cities": "next to at least 2 city tiles",
    "adjacent_to_greenery": "next to a greenery tile",
    "steel_or_titanium_bonus": "on a space with a steel or titanium bonus",
    "steel_or_titanium_bonus_adjacent_to_own_tile":
        "on a space with a steel or titanium bonus next to your tile",
    "noctis_city": "on the Noctis City space", "phobos_space_haven": "on Phobos Space Haven (off Mars)",
    "ganymede_colony": "on Ganymede Colony (off Mars)",
}
#: the placement rule each tile follows when nothing else is said (left out of the text)
USUAL_PLACE = {"ocean": "ocean_space", "greenery": "greenery_rules", "city": "city_rules",
               "capital": "city_rules"}
TARGET_WORDS = {"this_card": "this card", "any_card": "any card", "another_card": "another card",
                "triggering_card": "the card just played"}
PARAM_WORDS = {"temperature": "temperature", "oxygen": "oxygen", "oceans": "oceans"}
PROJECT_WORDS = {
    "sell_patents": ("Sell patents", "Discard any number of cards from hand for 1 M€ each"),
    "power_plant": ("Power plant", "+1 energy production"),
    "asteroid": ("Asteroid", "Raise temperature 1 step"),
    "aquifer": ("Aquifer", "Place an ocean tile"),
    "greenery": ("Greenery", "Place a greenery tile (raises oxygen)"),
    "city": ("City", "Place a city tile and +1 M€ production"),
}


def _plural(n: object, words: tuple[str, str]) -> str:
    return words[0] if n in (1, "1") else words[1]


def _res(name: str, n: object = 2) -> str:
    return _plural(n, RESOURCE_WORDS.get(name, (name, name)))


def _card_res(name: str | None, n: object = 2) -> str:
    if name is None:
        return "resource" if n == 1 else "resources"
    return _plural(n, CARD_RESOURCE_WORDS.get(name, (name, name + "s")))


def _tag(name: str) -> str:
    return name.capitalize()


def _join(words: list[str], last: str = "and") -> str:
    if len(words) <= 1:
        return "".join(words)
    return f"{', '.join(words[:-1])} {last} {words[-1]}"


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def count_text(count: dict[str, Any], divisor: int = 1) -> str:
    """What a counted amount counts: "Earth tag you have (this one included)", "city tile in play"."""
    what = count.get("what")
    every = f"{divisor} " if divisor > 1 else ""
    if what == "tags":
        whose = "in play" if count.get("scope") == "all" else "you have"
        this = " (this one included)" if count.get("includes_this_card") else ""
        return f"{every}{_tag(count['tag'])} tag{'s' if divisor > 1 else ''} {whose}{this}"
    if what == "city_tiles":
        where = " on Mars" if count.get("where", "mars") == "mars" else ""
        whose = "in play" if count.get("scope") == "all" else "you own"
        return f"{every}city tile{'s' if divisor > 1 else ''}{where} {whose}"
    if what == "events_played":
        whose = "played by anyone" if count.get("scope") == "all" else "you played"
        return f"{every}event card{'s' if divisor > 1 else ''} {whose}"
    if what == "resources_on_this_card":
        return f"{every}resource{'s' if divisor > 1 else ''} on this card"
    return str(what)


def _amount(value: Any) -> tuple[str, str]:
    """(number, " per ...") of an amount: an int, "X", or a counted amount."""
    if isinstance(value, dict) and isinstance(value.get("count"), dict):
        n = int(value.get("multiplier", 1))
        return str(n), f" per {count_text(value['count'], int(value.get('divisor', 1)))}"
    return str(value), ""


def _signed(value: Any) -> str:
    n, per = _amount(value)
    if n.lstrip("-").isdigit() and not n.startswith("-"):
        n = f"+{n}"
    return n + per


def op_text(op: dict[str, Any], card_resource: str | None = None) -> str:
    """One operation in short English, starting lower case ("+2 plant production")."""
    kind = op.get("op")
    amount = op.get("amount", 0)
    n, per = _amount(amount)
    res = str(op.get("resource", ""))
    if kind == "production":
        sign = "" if n.startswith("-") else "+"
        return f"{sign}{n} {_res(res, 1)} production{per}"
    if kind == "gain":
        return f"gain {n} {_res(res, n)}{per}"
    if kind == "spend":
        also = f" (may be paid with {_join([_res(r) for r in op['may_pay_with']], 'or')})" \
            if op.get("may_pay_with") else ""
        return f"spend {n} {_res(res, amount)}{also}"
    if kind == "raise":
        steps = int(op.get("steps", 1))
        return f"raise {op['param']} {steps} step{'s' if steps != 1 else ''}"
    if kind == "tr":
        return f"raise your TR {n} step{'s' if n != '1' else ''}{per}"
    if kind == "place_tile":
        return _place_text(op)
    if kind == "draw_cards":
        return f"draw {op['count']} card{'s' if op['count'] != 1 else ''}"
    if kind == "discard_cards":
        return f"discard {op['count']} card{'s' if op['count'] != 1 else ''} from your hand"
    if kind == "look_keep":
        return f"look at the top {op['count']} cards, keep {op.get('keep', 1)} and discard the rest"
    if kind == "look_buy":
        return f"look at the top {op['count']} card and buy it for {op.get('price', 3)} M€ or discard it"
    if kind == "add_resource":
        held = op.get("resource") or (card_resource if op.get("target") == "this_card" else None)
        where = TARGET_WORDS.get(str(op.get("target")), str(op.get("target")))
        if op.get("target_must_hold_resources"):
            where += " that already holds some"
        return f"add {n} {_card_res(held, amount)}{per} to {where}"
    if kind == "remove_resource":
        return f"remove {n} {_card_res(card_resource, amount)} from this card"
    if kind == "remove_resource_any_card":
        up_to = "" if op.get("mandatory") else "up to "
        return f"remove {up_to}{n} {_card_res(op.get('resource'), amount)} from any card"
    if kind == "reduce_any_production":
        return f"-{n} {_res(res, 1)} production of any player"
    if kind == "remove_any_resource":
        return f"remove up to {n} {_res(res, amount)} from any player"
    if kind == "steal":
        return f"steal up to {n} {_res(res, amount)} from any player"
    if kind == "remove_player_resource":
        return f"make the owner of a tile next to it lose up to {n} {_res(res, amount)}"
    if kind == "space_bonus_production":
        return f"+{n} production of the steel or titanium that space shows (your choice if both)"
    return _compound_text(op, card_resource)


def _place_text(op: dict[str, Any]) -> str:
    tile = str(op["tile"])
    where = op.get("where")
    if isinstance(where, dict):
        where = where.get("space_name")
    count = int(op.get("count", 1))
    what = TILE_WORDS.get(tile, tile.replace("_", " "))
    if count > 1:
        what = f"{count} {tile} tiles"
    place = "" if USUAL_PLACE.get(tile) == where else f" {PLACE_WORDS.get(str(where), str(where))}"
    return f"place {what}{place}"


def _compound_text(op: dict[str, Any], card_resource: str | None) -> str:
    kind = op.get("op")
    if kind == "choose":
        return "choose one: " + " or ".join(f"({ops_text(o.get('ops', []), card_resource)})"
                                             for o in op.get("options", []))
    if kind == "optional":
        return f"you may {ops_text(op.get('ops', []), card_resource)}"
    if kind == "conditional":
        then = ops_text(op.get("then", []), card_resource)
        otherwise = ops_text(op.get("else", []), card_resource)
        text = f"if you have {requirement_text(op['if'])}: {then}"
        return f"{text}; otherwise {otherwise}" if op.get("else") else text
    if kind == "production_swap":
        least = f" (at least {op['min']})" if op.get("min") else ""
        return f"turn X {_res(op['from'], 1)} production{least} into X {_res(op['to'], 1)} production"
    if kind == "convert":
        ratio = int(op.get("ratio", 1))
        gain = "X" if ratio == 1 else f"{ratio}X"
        least = f" (at least {op['min']})" if op.get("min") else ""
        return f"spend X {_res(op['from'])}{least} to gain {gain} {_res(op['to'])}"
    if kind == "reveal_top_card":
        then = ops_text(op.get("then", []), card_resource)
        return f"reveal the top card of the deck; if it has a {_tag(op['if_tag'])} tag, {then}; discard it"
    if kind == "claim_space":
        return "put your marker on a free land space: only you may place a tile there"
    if kind == "copy_production":
        return "copy the production box of one of your played building cards"
    return str(kind).replace("_", " ")


def ops_text(ops: list[dict[str, Any]], card_resource: str | None = None) -> str:
    return ", ".join(op_text(o, card_resource) for o in ops) or "nothing"


def _is_cost(op: dict[str, Any]) -> bool:
    """Spending, removing from this card or lowering one's own production: what an action costs."""
    if op.get("op") in ("spend", "remove_resource"):
        return True
    return op.get("op") == "production" and isinstance(op.get("amount"), int) and op["amount"] < 0


def _a(word: str) -> str:
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def action_text(action: dict[str, Any], card_resource: str | None = None) -> str:
    """ "Action: spend 1 energy to ..." — the costs (spending, removing from this card) first."""
    ops = list(action.get("ops", []))
    costs = []
    while len(ops) > 1 and _is_cost(ops[0]):
        costs.append(ops.pop(0))
    head = "Action"
    if action.get("condition") == "tr_raised_this_generation":
        head = "Action (only if your TR was raised this generation)"
    body = ops_text(ops, card_resource)
    if costs:
        return f"{head}: {ops_text(costs, card_resource)} to {'get ' if body[:1] in '+-' else ''}{body}"
    return f"{head}: {_cap(body)}"


def trigger_text(trigger: dict[str, Any]) -> str:
    """When an effect fires, e.g. "when you play a Science tag (this one included)"."""
    event = trigger.get("event")
    anyone = trigger.get("by") == "anyone"
    who = "anyone" if anyone else "you"
    this = " (this one included)" if trigger.get("including_this") else ""
    if event == "tile_placed":
        where = " on Mars" if trigger.get("where") == "mars" else ""
        tile = trigger.get("tile", "")
        if anyone:
            return f"when any {tile} tile is placed{where}{this}"
        return f"when you place a {tile} tile{where}{this}"
    if event == "tag_played":
        tags = _join([_tag(t) for t in trigger.get("tags", [])], "or")
        return f"when {who} play{'s' if anyone else ''} {_a(tags)} tag{this}"
    if event == "card_played":
        kind = trigger.get("card_type") or "card"
        tag = f"{_tag(trigger['has_tag'])} " if trigger.get("has_tag") else ""
        return f"when {who} play{'s' if anyone else ''} {_a(tag + kind)}"
    if event == "paid_for":
        what = _join([w.replace("_", " ") for w in trigger.get("what", [])], "or")
        cost = trigger.get("min_base_cost", 0)
        return f"when you pay for {_a(what)} with a base cost of {cost} M€ or more"
    if event == "standard_project_paid":
        but = _join([w.replace("_", " ") for w in trigger.get("exclude", [])])
        return f"when you use a standard project{f' (except {but})' if but else ''}"
    if event == "placement_bonus":
        res = _join([_res(r) for r in trigger.get("bonus_any_of", [])], "or")
        return f"when you get {res} as a placement bonus"
    return str(event).replace("_", " ")


def modifier_text(mod: dict[str, Any]) -> str:
    """A lasting effect, e.g. "Space cards cost 2 M€ less"."""
    kind = mod.get("kind")
    amount = mod.get("amount", 0)
    if kind == "card_discount":
        tag = mod.get("tag")
        return f"{_tag(tag) + ' cards' if tag else 'Cards'} cost {amount} M€ less for you"
    if kind == "next_card_discount":
        return f"The next card you play this generation costs {amount} M€ less"
    if kind == "standard_project_discount":
        name = PROJECT_WORDS.get(mod.get("project", ""), (mod.get("project", ""),))[0]
        return f"The {name} standard project costs {amount} M€ less for you"
    if kind == "requirement_leeway":
        scope = "the next card you play this generation" if mod.get("next_card_only") else "your cards"
        return f"Global requirements are met with {mod.get('steps', 0)} steps to spare either way for {scope}"
    if kind == "resource_value":
        return f"Your {_res(mod['resource'])} is worth {mod.get('delta', 0)} M€ more"
    if kind == "greenery_plant_cost":
        return f"A greenery costs you {-int(mod.get('delta', 0))} plant less to convert"
    if kind == "heat_as_megacredits":
        return "You may pay with heat as if it were M€"
    if kind == "protect":
        what = mod.get("what", [])
        if what == ["resources_on_this_card"]:
            return "Opponents cannot remove resources from this card"
        words = [_res(w) if w in RESOURCE_WORDS else _card_res(w) for w in what]
        return f"Opponents cannot remove your {_join(words)}"
    return str(kind).replace("_", " ")


def vp_text(vp: dict[str, Any] | None, card_resource: str | None = None) -> str | None:
    """The card's victory points in words, e.g. "1 VP per 2 animals on this card"."""
    if not vp:
        return None
    kind = vp.get("type")
    value = vp.get("value", 0)
    per = int(vp.get("per", 1))
    each = f"{per} " if per > 1 else ""
    if kind == "fixed":
        return f"{value} VP"
    if kind == "per_resource_here":
        return f"{value} VP per {each}{_card_res(card_resource, per)} on this card"
    if kind == "if_resources_here":
        least = vp.get("min", 1)
        return f"{value} VP if this card holds at least {least} {_card_res(card_resource, least)}"
    if kind == "per_tag":
        return f"{value} VP per {each}{_tag(vp['tag'])} tag{'s' if per > 1 else ''} you have"
    if kind == "per_tile":
        whose = "in play" if vp.get("scope") == "all" else "you own"
        return f"{value} VP per {each}{vp['tile']} tile{'s' if per > 1 else ''} {whose}"
    if kind == "per_adjacent_tile":
        return f"{value} VP per {vp['tile']} tile next to this card's tile"
    return str(kind)


def requirement_text(req: dict[str, Any]) -> str:
    """A requirement in words, e.g. "-12 °C or warmer", "max 5% oxygen", "2 Science tags"."""
    kind = req.get("type")
    lo, hi = req.get("min"), req.get("max")
    if kind == "global":
        param = req.get("param")
        unit = {"temperature": " °C", "oxygen": "% oxygen", "oceans": " ocean tiles"}.get(str(param), "")
        if param == "temperature":
            return f"{lo} °C or warmer" if lo is not None else f"{hi} °C or colder"
        return f"{lo}{unit} or more" if lo is not None else f"max {hi}{unit}"
    bound = f"at least {lo}" if lo is not None else f"at most {hi}"
    if kind == "tag":
        n = lo if lo is not None else hi
        return f"{bound} {_tag(req['tag'])} tag{'s' if n != 1 else ''}"
    if kind == "production":
        return f"{bound} {_res(req['resource'], 1)} production"
    if kind == "tiles":
        whose = "in play" if req.get("scope") == "all" else "of your own"
        n = lo if lo is not None else hi
        return f"{bound} {req['tile']} tile{'s' if n != 1 else ''} {whose}"
    return str(kind)


def card_lines(card: dict[str, Any]) -> list[str]:
    """What a card does, one line per part: its play effect, effects, actions, then a rule note."""
    held = card.get("resource_type")
    lines = []
    if card.get("on_play"):
        lines.append(_cap(ops_text(card["on_play"], held)))
    lines += [modifier_text(m) for m in card.get("modifiers", [])]
    for effect in card.get("effects", []):
        lines.append(f"Effect: {_cap(trigger_text(effect['trigger']))}: {ops_text(effect['ops'], held)}")
    lines += [action_text(a, held) for a in card.get("actions", [])]
    if held and not any(held in line for line in lines):
        lines.append(f"Holds {_card_res(held)}")
    if card.get("note"):
        lines.append(f"Note: {card['note']}")
    return lines


def _card(card: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": card["id"], "number": card["number"], "name": card["name"], "set": card["set"],
        "type": card.get("type", "corporation"), "cost": card.get("cost", 0),
        "tags": list(card.get("tags", [])),
        "requirements": [requirement_text(r) for r in card.get("requirements", [])],
        "vp": vp_text(card.get("vp"), card.get("resource_type")), "resource_type": card.get("resource_type"),
        "lines": card_lines(card),
    }


def _corporation(corp: dict[str, Any]) -> dict[str, Any]:
    out = _card(corp)
    start = [f"{corp['starting_megacredits']} M€"]
    start += [f"{_signed(n)} {_res(r, 1)} production" for r, n in corp.get("starting_production", {}).items()]
    start += [f"{n} {_res(r, n)}" for r, n in corp.get("starting_resources", {}).items()]
    if corp.get("first_action"):
        start.append(f"first action: {ops_text(corp['first_action'])}")
    out.update({"megacredits": corp["starting_megacredits"], "start": ", ".join(start)})
    return out


def bonus_text(bonus: dict[str, int]) -> str:
    """A placement bonus in words: "2 plants", "1 card", "1 plant, 1 titanium"."""
    parts = []
    for name, n in bonus.items():
        parts.append(f"{n} card{'s' if n != 1 else ''}" if name == "cards" else f"{n} {_res(name, n)}")
    return ", ".join(parts)


#: where the off-map spaces are drawn (hexagon radius 1), beside the top of the map
OFF_MAP_PLACES = {"01": (-6.5, -6.2), "02": (6.5, -6.2)}


def _space(raw: dict[str, Any]) -> dict[str, Any]:
    if raw["type"] == "off_map":
        x, y = OFF_MAP_PLACES.get(raw["id"], (0.0, -8.0))
    else:
        q, r = int(raw["q"]), int(raw["r"])
        x, y = math.sqrt(3) * (q + r / 2), 1.5 * r
    return {"id": raw["id"], "name": raw.get("name"), "type": raw["type"], "row": raw.get("row", 0),
            "pos": raw.get("pos", 0), "x": round(x, 3), "y": round(y, 3),
            "volcanic": bool(raw.get("volcanic")),
            "bonus": dict(raw.get("bonus", {})), "bonus_text": bonus_text(raw.get("bonus", {}))}


def _goal(raw: dict[str, Any], award: bool) -> dict[str, Any]:
    spec = raw["metric"] if award else raw["condition"]
    metric = spec["metric"]
    what = {
        "terraform_rating": "terraform rating", "city_tiles_owned": "city tiles", "greenery_tiles_owned":
        "greenery tiles", "cards_in_hand": "cards in hand", "tiles_owned": "tiles (oceans excluded)",
    }.get(metric, "")
    if metric == "tags_in_play":
        what = f"{_tag(spec['tag'])} tags"
    elif metric == "production":
        what = f"{_res(spec['resource'], 1)} production"
    elif metric == "resources":
        what = " + ".join(_res(r) for r in spec["resources"])
    text = f"{spec['min']} {what}" if not award else f"most {what}"
    return {"id": raw["id"], "name": raw["name"], "metric": metric, "tag": spec.get("tag"),
            "resource": spec.get("resource"), "resources": spec.get("resources", []),
            "min": spec.get("min", 0),
            "text": text}


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

    goals = _read("milestones_awards.json")
    rules = goals["rules"]
    return {
        "game": "terraforming-mars",
        "spaces": [_space(s) for s in _read("tharsis.json")["spaces"]],
        "cards": {c["id"]: _card(c) for c in _read("cards.json")["cards"]},
        "corporations": {c["id"]: _corporation(c) for c in _read("corporations.json")["corporations"]},
        "milestones": [_goal(g, False) for g in goals["milestones"]],
        "awards": [_goal(g, True) for g in goals["awards"]],
        "claim_cost": rules["milestones"]["claim_cost_megacredits"],
        "fund_costs": list(rules["awards"]["funding_costs_megacredits"]),
        "projects": [{"id": p, "name": PROJECT_WORDS[p][0], "cost": cost, "text": PROJECT_WORDS[p][1]}
                     for p, cost in zip(PROJECT_NAMES, PROJECT_COSTS, strict=True)],
        "parameters": {
            "temperature": {"min": degrees(0), "max": degrees(PARAM_MAX[0]),
                            "bonuses": [{"at": degrees(k), "text": "+1 heat production"}
                                        for k in HEAT_BONUS_STEPS]
                            + [{"at": degrees(OCEAN_BONUS_STEP), "text": "place an ocean tile"}]},
            "oxygen": {"min": 0, "max": PARAM_MAX[1],
                       "bonuses": [{"at": TEMPERATURE_BONUS_OXYGEN, "text": "raise temperature 1 step"}]},
            "oceans": {"min": 0, "max": PARAM_MAX[2], "bonuses": []},
        },
        "tags": list(TAGS),
        "resources": list(RESOURCES),
    }


def terraforming_mars(game: Game) -> dict[str, Any]:
    """The component data of a Terraforming Mars game (the same for every game: one map, all cards)."""
    return _static()
