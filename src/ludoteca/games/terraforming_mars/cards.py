"""Project cards and corporations as data: loaded from `data/*.json`, checked, compiled.

A card is its printed facts (cost, tags, type, requirements, VP) plus its effects as
short lists of primitive operations (`Op`) that `effects.py` interprets. The JSON
format is described in docs/terraforming-mars.md ("Cards as data"). Loading checks
every field: an unknown op, tag, resource, tile or placement rule is an error, so a
typo in the data can never make a card silently inert.

Cards and corporations share one index space: project cards are 0..207 in printed
order, corporations follow (`CORP_BASE + i`). Card resources, used-action marks and
effect owners are kept per index.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.games.terraforming_mars.constants import (
    AUTOMATED,
    CARD_RESOURCES,
    CARD_TYPES,
    CORPORATION,
    EVENT,
    NR,
    NT,
    PARAM_INDEX,
    RESOURCE_INDEX,
    TAG_INDEX,
    TILE_INDEX,
)


class TMDataError(LudotecaError):
    """The packaged Terraforming Mars data breaks one of the format's rules."""


SPACE_RESOURCE = -2  # "steel_or_titanium_of_space": the bonus resource of the space just used

OPS = frozenset({
    "production", "gain", "spend", "raise", "tr", "place_tile", "draw_cards", "discard_cards", "look_keep",
    "look_buy", "add_resource", "remove_resource", "remove_resource_any_card", "reduce_any_production",
    "remove_any_resource", "steal", "remove_player_resource", "choose", "optional", "conditional",
    "production_swap", "convert", "reveal_top_card", "claim_space", "copy_production",
})
WHERE = frozenset({
    "ocean_space", "land", "greenery_rules", "city_rules", "isolated", "volcanic", "adjacent_to_city",
    "adjacent_to_2_cities", "adjacent_to_greenery", "steel_or_titanium_bonus",
    "steel_or_titanium_bonus_adjacent_to_own_tile", "noctis_city", "phobos_space_haven", "ganymede_colony",
})
EVENTS = frozenset({"tile_placed", "tag_played", "card_played", "standard_project_paid", "paid_for",
                    "placement_bonus"})
MODIFIERS = frozenset({"card_discount", "next_card_discount", "standard_project_discount",
                       "requirement_leeway", "resource_value", "greenery_plant_cost", "heat_as_megacredits",
                       "protect"})
VP_KINDS = frozenset({"fixed", "per_resource_here", "per_tag", "per_tile", "per_adjacent_tile",
                      "if_resources_here"})
COUNTABLES = frozenset({"tags", "city_tiles", "events_played", "resources_on_this_card"})


@dataclass(frozen=True, slots=True)
class Count:
    """A counted amount: floor(count * multiplier / divisor)."""

    what: str
    tag: int = -1
    scope: str = "self"
    where: str = "mars"
    includes_this: bool = False
    multiplier: int = 1
    divisor: int = 1


Amount = int | Count | str  # str: "X", a number the player chooses


@dataclass(frozen=True, slots=True)
class Req:
    """One requirement: global parameter, own tags, own production or tiles."""

    kind: str
    param: int = -1
    tag: int = -1
    resource: int = -1
    tile: int = -1
    scope: str = "self"
    min: int | None = None
    max: int | None = None


@dataclass(frozen=True, slots=True)
class Op:
    """One primitive operation; unused fields keep their defaults."""

    kind: str
    text: str = ""
    resource: int = -1
    amount: Amount = 0
    param: int = -1
    steps: int = 0
    tile: int = -1
    where: str = ""
    count: int = 1
    target: str = ""
    card_resource: str | None = None
    must_hold: int = 0
    mandatory: bool = False
    options: tuple[tuple[Op, ...], ...] = ()
    ops: tuple[Op, ...] = ()
    cond: Req | None = None
    then: tuple[Op, ...] = ()
    otherwise: tuple[Op, ...] = ()
    tag: int = -1
    to: int = -1
    min: int = 0
    max_heat_production: bool = False
    ratio: int = 1
    price: int = 0
    keep: int = 0
    may_pay_with: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Trigger:
    event: str
    by_anyone: bool = False
    tile: int = -1
    anywhere: bool = True
    including_this: bool = False
    tags: tuple[int, ...] = ()
    card_type: str | None = None
    has_tag: int = -1
    what: tuple[str, ...] = ()
    min_base_cost: int = 0
    exclude: tuple[str, ...] = ()
    bonus_any_of: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Effect:
    trigger: Trigger
    ops: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class CardAction:
    ops: tuple[Op, ...]
    condition: str | None = None


@dataclass(frozen=True, slots=True)
class Modifier:
    kind: str
    amount: int = 0
    tag: int = -1  # -1: every card
    steps: int = 0
    next_card_only: bool = False
    resource: int = -1
    delta: int = 0
    project: str = ""
    protects: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class VP:
    kind: str
    value: int = 0
    per: int = 1
    tag: int = -1
    scope: str = "self"
    tile: int = -1
    min: int = 0


@dataclass(frozen=True, slots=True)
class Card:
    """A project card or a corporation (`type == "corporation"`)."""

    index: int
    id: str
    number: str
    name: str
    set: str
    type: str
    cost: int
    tags: tuple[int, ...]
    tag_counts: tuple[int, ...]
    requirements: tuple[Req, ...] = ()
    vp: VP | None = None
    resource_type: str | None = None
    on_play: tuple[Op, ...] = ()
    actions: tuple[CardAction, ...] = ()
    effects: tuple[Effect, ...] = ()
    modifiers: tuple[Modifier, ...] = ()
    custom: str = ""
    # corporations only
    starting_mc: int = 0
    starting_production: tuple[int, ...] = (0,) * NR
    starting_resources: tuple[int, ...] = (0,) * NR
    free_cards: int = 0
    first_action: tuple[Op, ...] = ()
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def is_corporation(self) -> bool:
        return self.type == CORPORATION

    def has_tag(self, tag: int) -> bool:
        return self.tag_counts[tag] > 0


# ------------------------------------------------------------------ compiling
def _need(obj: dict[str, Any], key: str, where: str) -> Any:
    if key not in obj:
        raise TMDataError(f"{where}: missing field {key!r}")
    return obj[key]


def _resource(name: object, where: str) -> int:
    if name == "steel_or_titanium_of_space":
        return SPACE_RESOURCE
    if name not in RESOURCE_INDEX:
        raise TMDataError(f"{where}: unknown resource {name!r}")
    return RESOURCE_INDEX[name]  # type: ignore[index]


def _tag(name: object, where: str) -> int:
    if name not in TAG_INDEX:
        raise TMDataError(f"{where}: unknown tag {name!r}")
    return TAG_INDEX[name]  # type: ignore[index]


def _amount(value: object, where: str) -> Amount:
    if isinstance(value, bool):
        raise TMDataError(f"{where}: bad amount {value!r}")
    if isinstance(value, int) or value == "X":
        return value  # type: ignore[return-value]
    if isinstance(value, dict) and isinstance(value.get("count"), dict):
        c = value["count"]
        what = c.get("what")
        if what not in COUNTABLES:
            raise TMDataError(f"{where}: unknown countable {what!r}")
        return Count(
            what=what, tag=_tag(c["tag"], where) if "tag" in c else -1, scope=c.get("scope", "self"),
            where=c.get("where", "mars"), includes_this=bool(c.get("includes_this_card", False)),
            multiplier=int(value.get("multiplier", 1)), divisor=int(value.get("divisor", 1)))
    raise TMDataError(f"{where}: bad amount {value!r}")


def _req(r: dict[str, Any], where: str) -> Req:
    kind = r.get("type")
    lo, hi = r.get("min"), r.get("max")
    if kind == "global":
        if r.get("param") not in PARAM_INDEX:
            raise TMDataError(f"{where}: unknown parameter {r.get('param')!r}")
        return Req("global", param=PARAM_INDEX[r["param"]], min=lo, max=hi)
    if kind == "tag":
        return Req("tag", tag=_tag(r.get("tag"), where), min=lo, max=hi)
    if kind == "production":
        return Req("production", resource=_resource(r.get("resource"), where), min=lo, max=hi)
    if kind == "tiles":
        if r.get("tile") not in ("city", "greenery"):
            raise TMDataError(f"{where}: unknown tile requirement {r.get('tile')!r}")
        return Req("tiles", tile=TILE_INDEX[r["tile"]], scope=r.get("scope", "self"), min=lo, max=hi)
    raise TMDataError(f"{where}: unknown requirement type {kind!r}")


def _ops(items: object, where: str) -> tuple[Op, ...]:
    if not isinstance(items, list):
        raise TMDataError(f"{where}: ops must be a list")
    return tuple(_op(o, f"{where}[{i}]") for i, o in enumerate(items))


def _text(o: dict[str, Any]) -> str:
    return json.dumps(o, separators=(",", ":"), ensure_ascii=False)


def _op(o: dict[str, Any], where: str) -> Op:
    kind = o.get("op")
    if kind not in OPS:
        raise TMDataError(f"{where}: unknown op {kind!r}")
    text = _text(o)
    if kind in ("production", "gain", "spend"):
        pay = tuple(_resource(r, where) for r in o.get("may_pay_with", ()))
        return Op(kind, text, resource=_resource(_need(o, "resource", where), where),
                  amount=_amount(_need(o, "amount", where), where), may_pay_with=pay)
    if kind == "raise":
        if o.get("param") not in ("temperature", "oxygen"):
            raise TMDataError(f"{where}: raise needs temperature or oxygen")
        return Op(kind, text, param=PARAM_INDEX[o["param"]], steps=int(o.get("steps", 1)))
    if kind == "tr":
        return Op(kind, text, amount=_amount(_need(o, "amount", where), where))
    if kind == "place_tile":
        tile, place = o.get("tile"), o.get("where")
        if tile not in TILE_INDEX or tile == "empty":
            raise TMDataError(f"{where}: unknown tile {tile!r}")
        if isinstance(place, dict):
            place = place.get("space_name")
        if place not in WHERE:
            raise TMDataError(f"{where}: unknown placement rule {o.get('where')!r}")
        return Op(kind, text, tile=TILE_INDEX[tile], where=place, count=int(o.get("count", 1)))
    if kind in ("draw_cards", "discard_cards"):
        return Op(kind, text, count=int(_need(o, "count", where)))
    if kind in ("look_keep", "look_buy"):
        return Op(kind, text, count=int(_need(o, "count", where)), keep=int(o.get("keep", 0)),
                  price=int(o.get("price", 0)))
    if kind == "add_resource":
        res = o.get("resource")
        if res is not None and res not in CARD_RESOURCES:
            raise TMDataError(f"{where}: unknown card resource {res!r}")
        if o.get("target") not in ("this_card", "any_card", "another_card", "triggering_card"):
            raise TMDataError(f"{where}: unknown target {o.get('target')!r}")
        return Op(kind, text, target=o["target"], card_resource=res, amount=_amount(o["amount"], where),
                  must_hold=int(o.get("target_must_hold_resources", 0)))
    if kind == "remove_resource":
        return Op(kind, text, target=o.get("from", "this_card"), amount=_amount(o["amount"], where))
    if kind == "remove_resource_any_card":
        if o.get("resource") not in CARD_RESOURCES:
            raise TMDataError(f"{where}: unknown card resource {o.get('resource')!r}")
        return Op(kind, text, card_resource=o["resource"], amount=_amount(o["amount"], where),
                  mandatory=bool(o.get("mandatory", False)))
    if kind in ("reduce_any_production", "remove_any_resource", "steal", "remove_player_resource"):
        return Op(kind, text, resource=_resource(o.get("resource"), where),
                  amount=_amount(_need(o, "amount", where), where), target=o.get("target", ""))
    if kind == "choose":
        options = tuple(_ops(opt.get("ops"), f"{where}.options[{i}]") for i, opt in enumerate(o["options"]))
        if not 2 <= len(options) <= 8:
            raise TMDataError(f"{where}: choose needs 2..8 options")
        return Op(kind, text, options=options)
    if kind == "optional":
        return Op(kind, text, ops=_ops(o.get("ops"), f"{where}.ops"))
    if kind == "conditional":
        return Op(kind, text, cond=_req(o["if"], where), then=_ops(o.get("then", []), f"{where}.then"),
                  otherwise=_ops(o.get("else", []), f"{where}.else"))
    if kind in ("production_swap", "convert"):
        return Op(kind, text, resource=_resource(o["from"], where), to=_resource(o["to"], where),
                  amount=_amount(o.get("amount", "X"), where), min=int(o.get("min", 0)),
                  max_heat_production=o.get("max") == "heat_production", ratio=int(o.get("ratio", 1)))
    if kind == "reveal_top_card":
        return Op(kind, text, tag=_tag(o["if_tag"], where), then=_ops(o.get("then", []), f"{where}.then"))
    return Op(kind, text)  # claim_space, copy_production: interpreted by hooks


def _trigger(t: dict[str, Any], where: str) -> Trigger:
    event = t.get("event")
    if event not in EVENTS:
        raise TMDataError(f"{where}: unknown trigger event {event!r}")
    tile = t.get("tile")
    if tile is not None and tile not in TILE_INDEX:
        raise TMDataError(f"{where}: unknown tile {tile!r}")
    return Trigger(
        event=event, by_anyone=t.get("by", "self") == "anyone", tile=TILE_INDEX[tile] if tile else -1,
        anywhere=t.get("where", "anywhere") == "anywhere", including_this=bool(t.get("including_this")),
        tags=tuple(_tag(x, where) for x in t.get("tags", ())), card_type=t.get("card_type"),
        has_tag=_tag(t["has_tag"], where) if "has_tag" in t else -1, what=tuple(t.get("what", ())),
        min_base_cost=int(t.get("min_base_cost", 0)), exclude=tuple(t.get("exclude", ())),
        bonus_any_of=tuple(_resource(r, where) for r in t.get("bonus_any_of", ())))


def _modifier(m: dict[str, Any], where: str) -> Modifier:
    kind = m.get("kind")
    if kind not in MODIFIERS:
        raise TMDataError(f"{where}: unknown modifier {kind!r}")
    tag = m.get("tag")
    return Modifier(
        kind=kind, amount=int(m.get("amount", 0)), tag=_tag(tag, where) if tag else -1,
        steps=int(m.get("steps", 0)), next_card_only=bool(m.get("next_card_only", False)),
        resource=_resource(m["resource"], where) if "resource" in m else -1, delta=int(m.get("delta", 0)),
        project=m.get("project", ""), protects=tuple(m.get("what", ())))


def _vp(v: dict[str, Any] | None, where: str) -> VP | None:
    if v is None:
        return None
    kind = v.get("type")
    if kind not in VP_KINDS:
        raise TMDataError(f"{where}: unknown VP type {kind!r}")
    tile = v.get("tile")
    return VP(kind=kind, value=int(v.get("value", 0)), per=int(v.get("per", 1)),
              tag=_tag(v["tag"], where) if "tag" in v else -1, scope=v.get("scope", "self"),
              tile=TILE_INDEX[tile] if tile else -1, min=int(v.get("min", 0)))


def _tags(names: list[str], where: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    tags = tuple(_tag(t, where) for t in names)
    counts = [0] * NT
    for t in tags:
        counts[t] += 1
    return tags, tuple(counts)


def _common(c: dict[str, Any], where: str) -> dict[str, Any]:
    actions = []
    for i, a in enumerate(c.get("actions", [])):
        cond = a.get("condition")
        if cond not in (None, "tr_raised_this_generation"):
            raise TMDataError(f"{where}.actions[{i}]: unknown condition {cond!r}")
        actions.append(CardAction(_ops(a.get("ops"), f"{where}.actions[{i}]"), cond))
    effects = tuple(
        Effect(_trigger(e["trigger"], f"{where}.effects[{i}]"), _ops(e["ops"], f"{where}.effects[{i}]"))
        for i, e in enumerate(c.get("effects", [])))
    modifiers = tuple(_modifier(m, f"{where}.modifiers[{i}]") for i, m in enumerate(c.get("modifiers", [])))
    return {"actions": tuple(actions), "effects": effects, "modifiers": modifiers,
            "custom": c.get("custom") or ""}


def _project(index: int, c: dict[str, Any]) -> Card:
    where = f"card {c.get('id', index)}"
    ctype = _need(c, "type", where)
    if ctype not in CARD_TYPES:
        raise TMDataError(f"{where}: unknown type {ctype!r}")
    cost = _need(c, "cost", where)
    if not isinstance(cost, int) or not 0 <= cost <= 41:
        raise TMDataError(f"{where}: cost must be an integer 0..41")
    tags, counts = _tags(c.get("tags", []), where)
    res = c.get("resource_type")
    if res is not None and res not in CARD_RESOURCES:
        raise TMDataError(f"{where}: unknown resource type {res!r}")
    if c.get("set") not in ("base", "corporate_era"):
        raise TMDataError(f"{where}: unknown set {c.get('set')!r}")
    common = _common(c, where)
    if ctype == EVENT and (common["actions"] or common["effects"]):
        raise TMDataError(f"{where}: an event has no actions or effects")
    if ctype == AUTOMATED and (common["actions"] or common["effects"]):
        raise TMDataError(f"{where}: an automated card has no actions or effects")
    return Card(
        index=index, id=c["id"], number=c["number"], name=c["name"], set=c["set"], type=ctype, cost=cost,
        tags=tags, tag_counts=counts, requirements=tuple(_req(r, where) for r in c.get("requirements", [])),
        vp=_vp(c.get("vp"), where), resource_type=res, on_play=_ops(c.get("on_play", []), f"{where}.on_play"),
        data=c, **common)


def _corporation(index: int, c: dict[str, Any]) -> Card:
    where = f"corporation {c.get('id', index)}"
    if c.get("set") not in ("base", "corporate_era", "beginner"):
        raise TMDataError(f"{where}: unknown set {c.get('set')!r}")
    tags, counts = _tags(c.get("tags", []), where)
    prod, stock = [0] * NR, [0] * NR
    for name, n in c.get("starting_production", {}).items():
        prod[_resource(name, where)] += int(n)
    for name, n in c.get("starting_resources", {}).items():
        stock[_resource(name, where)] += int(n)
    free = (c.get("starting_cards") or {}).get("draw_free", 0)
    return Card(
        index=index, id=c["id"], number=c["number"], name=c["name"], set=c["set"], type=CORPORATION, cost=0,
        tags=tags, tag_counts=counts, starting_mc=int(_need(c, "starting_megacredits", where)),
        starting_production=tuple(prod), starting_resources=tuple(stock), free_cards=int(free),
        first_action=_ops(c.get("first_action") or [], f"{where}.first_action"), data=c, **_common(c, where))


def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text(encoding="utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise TMDataError(f"{name} must hold a JSON object")
    return data


@cache
def load_cards() -> tuple[Card, ...]:
    """All 208 project cards (printed order), then the corporations."""
    projects = _read("cards.json")["cards"]
    corps = _read("corporations.json")["corporations"]
    cards = [_project(i, c) for i, c in enumerate(projects)]
    numbers = [c.number for c in cards]
    if numbers != sorted(numbers) or len(set(numbers)) != len(numbers):
        raise TMDataError("project cards must be listed once each, in printed order")
    cards += [_corporation(len(projects) + i, c) for i, c in enumerate(corps)]
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise TMDataError("card and corporation ids must be unique")
    return tuple(cards)


@cache
def card_index() -> dict[str, Card]:
    return {c.id: c for c in load_cards()}


def projects() -> tuple[Card, ...]:
    return tuple(c for c in load_cards() if not c.is_corporation)


def corporations() -> tuple[Card, ...]:
    return tuple(c for c in load_cards() if c.is_corporation)


N_PROJECTS = 208
CORP_BASE = N_PROJECTS  # corporations' indices start here
