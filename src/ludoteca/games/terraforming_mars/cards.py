"""Project cards and corporations as data: loaded from `data/*.json`, checked, compiled.

A card is its printed facts (cost, tags, type, requirements, VP) plus its effects as
short lists of primitive operations (`Op`) that `effects.py` interprets. The JSON
format is described in docs/terraforming-mars.md ("Cards as data") and, key by key,
in `schema.py`: loading checks every object against it, so an unknown key, op, tag,
resource, tile or placement rule, or a value of the wrong type, is an error naming
the card and the key; a typo in the data can never make a card silently inert. A
card whose rule no generic op says runs a named hook (`hooks.py`, `"hook"` in its data).

Cards and corporations share one index space: project cards are 0..N_PROJECTS-1 in
printed order, corporations follow (`CORP_BASE + i`). Both counts come from the data.
Card resources, used-action marks and effect owners are kept per index.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache
from importlib import resources
from typing import Any

from ludoteca.games.terraforming_mars import schema as sc
from ludoteca.games.terraforming_mars.constants import (
    AUTOMATED,
    CORPORATION,
    EVENT,
    NR,
    NT,
    PARAM_INDEX,
    RESOURCE_INDEX,
    TAG_INDEX,
    TILE_INDEX,
)
from ludoteca.games.terraforming_mars.schema import TMDataError

__all__ = ["TMDataError"]  # raised by every loader of the package's data


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
    ratio: int = 1
    keep: int = 0
    may_pay_with: tuple[int, ...] = ()
    card_types: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Trigger:
    event: str
    by_anyone: bool = False
    tile: int = -1
    anywhere: bool = True
    including_this: bool = False
    tags: tuple[int, ...] = ()
    per_tag: bool = False  # tag_played: once per matching tag (else once per card)
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
    around: int = -1  # per_adjacent_tile: the tile this card placed, whose neighbours count


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
    hook: str = ""  # the bespoke rule it runs (`hooks.py`), if any
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
# Every object is first checked against its table in `schema.py`; the builders below
# may then index the vocabularies directly.
def _amount(value: object, where: str) -> Amount:
    if not isinstance(value, dict):
        return value  # type: ignore[return-value]  # an int or "X" (checked)
    sc.check_keys(value, sc.COUNTED_AMOUNT_KEYS, where)
    c = sc.check_keys(value["count"], sc.COUNT_KEYS, f"{where}.count")
    return Count(
        what=c["what"], tag=TAG_INDEX[c["tag"]] if "tag" in c else -1, scope=c.get("scope", "self"),
        where=c.get("where", "mars"), includes_this=c.get("includes_this_card", False),
        multiplier=value.get("multiplier", 1), divisor=value.get("divisor", 1))


def _req(r: object, where: str) -> Req:
    kind, r = sc.kind_keys(r, "type", sc.REQUIREMENT_KEYS, "requirement type", where)
    lo, hi = r.get("min"), r.get("max")
    if kind == "global":
        return Req("global", param=PARAM_INDEX[r["param"]], min=lo, max=hi)
    if kind == "tag":
        return Req("tag", tag=TAG_INDEX[r["tag"]], min=lo, max=hi)
    if kind == "production":
        return Req("production", resource=RESOURCE_INDEX[r["resource"]], min=lo, max=hi)
    return Req("tiles", tile=TILE_INDEX[r["tile"]], scope=r["scope"], min=lo, max=hi)


def _ops(items: object, where: str) -> tuple[Op, ...]:
    sc.LIST(items, where)
    return tuple(_op(o, f"{where}[{i}]") for i, o in enumerate(items))  # type: ignore[arg-type]


def _text(o: dict[str, Any]) -> str:
    return json.dumps(o, separators=(",", ":"), ensure_ascii=False)


def _op(obj: object, where: str) -> Op:
    kind, o = sc.kind_keys(obj, "op", sc.OP_KEYS, "op", where)
    text = _text(o)
    if kind in ("production", "gain", "spend", "reduce_any_production", "remove_any_resource", "steal",
                "remove_player_resource"):
        return Op(kind, text, resource=RESOURCE_INDEX[o["resource"]], amount=_amount(o["amount"], where),
                  may_pay_with=tuple(RESOURCE_INDEX[r] for r in o.get("may_pay_with", ())),
                  target=o.get("target", ""))
    if kind == "raise":
        return Op(kind, text, param=PARAM_INDEX[o["param"]], steps=o["steps"])
    if kind in ("tr", "space_bonus_production"):
        return Op(kind, text, amount=_amount(o["amount"], where))
    if kind == "place_tile":
        place = o["where"]
        return Op(kind, text, tile=TILE_INDEX[o["tile"]], count=o.get("count", 1),
                  where=place["space_name"] if isinstance(place, dict) else place)
    if kind in ("draw_cards", "discard_cards", "look_keep", "look_buy"):
        return Op(kind, text, count=o["count"], keep=o.get("keep", 0))
    if kind == "add_resource":
        return Op(kind, text, target=o["target"], card_resource=o.get("resource"),
                  amount=_amount(o["amount"], where), must_hold=o.get("target_must_hold_resources", 0))
    if kind == "remove_resource":
        return Op(kind, text, target=o["from"], amount=_amount(o["amount"], where))
    if kind == "remove_resource_any_card":
        return Op(kind, text, card_resource=o["resource"], amount=_amount(o["amount"], where),
                  mandatory=o["mandatory"])
    if kind == "choose":
        options = tuple(_ops(sc.check_keys(opt, sc.OPTION_KEYS, f"{where}.options[{i}]")["ops"],
                             f"{where}.options[{i}]") for i, opt in enumerate(o["options"]))
        if not 2 <= len(options) <= 8:
            raise TMDataError(f"{where}: choose needs 2..8 options")
        return Op(kind, text, options=options)
    if kind == "optional":
        return Op(kind, text, ops=_ops(o["ops"], f"{where}.ops"))
    if kind == "conditional":
        return Op(kind, text, cond=_req(o["if"], f"{where}.if"), then=_ops(o["then"], f"{where}.then"),
                  otherwise=_ops(o.get("else", []), f"{where}.else"))
    if kind in ("production_swap", "convert"):
        return Op(kind, text, resource=RESOURCE_INDEX[o["from"]], to=RESOURCE_INDEX[o["to"]],
                  amount=o["amount"], min=o.get("min", 0), ratio=o.get("ratio", 1))
    if kind == "reveal_top_card":
        return Op(kind, text, tag=TAG_INDEX[o["if_tag"]], then=_ops(o["then"], f"{where}.then"))
    if kind == "copy_production":
        f = o["filter"]
        return Op(kind, text, tag=TAG_INDEX[f["tag"]], card_types=tuple(f["card_types"]))
    return Op(kind, text)  # claim_space


def _trigger(t: object, where: str) -> Trigger:
    event, t = sc.kind_keys(t, "event", sc.TRIGGER_KEYS, "trigger event", where)
    tile = t.get("tile")
    return Trigger(
        event=event, by_anyone=t["by"] == "anyone", tile=TILE_INDEX[tile] if tile else -1,
        anywhere=t.get("where", "anywhere") == "anywhere", including_this=t.get("including_this", False),
        tags=tuple(TAG_INDEX[x] for x in t.get("tags", ())), per_tag=t.get("per_tag", False),
        card_type=t.get("card_type"), has_tag=TAG_INDEX[t["has_tag"]] if "has_tag" in t else -1,
        what=tuple(t.get("what", ())), min_base_cost=t.get("min_base_cost", 0),
        exclude=tuple(t.get("exclude", ())),
        bonus_any_of=tuple(RESOURCE_INDEX[r] for r in t.get("bonus_any_of", ())))


def _modifier(m: object, where: str) -> Modifier:
    kind, m = sc.kind_keys(m, "kind", sc.MODIFIER_KEYS, "modifier", where)
    tag = m.get("tag")
    return Modifier(
        kind=kind, amount=m.get("amount", 0), tag=TAG_INDEX[tag] if tag else -1, steps=m.get("steps", 0),
        next_card_only=m.get("next_card_only", False),
        resource=RESOURCE_INDEX[m["resource"]] if "resource" in m else -1, delta=m.get("delta", 0),
        project=m.get("project", ""), protects=tuple(m.get("what", ())))


def _vp(v: object, where: str) -> VP | None:
    if v is None:
        return None
    kind, v = sc.kind_keys(v, "type", sc.VP_KEYS, "VP type", where)
    tile = v.get("tile")
    return VP(kind=kind, value=v["value"], per=v.get("per", 1),
              tag=TAG_INDEX[v["tag"]] if "tag" in v else -1, scope=v.get("scope", "self"),
              tile=TILE_INDEX[tile] if tile else -1, min=v.get("min", 0))


def _tags(names: list[str]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    tags = tuple(TAG_INDEX[t] for t in names)
    counts = [0] * NT
    for t in tags:
        counts[t] += 1
    return tags, tuple(counts)


def _common(c: dict[str, Any], where: str) -> dict[str, Any]:
    actions = []
    for i, a in enumerate(c["actions"]):
        at = f"{where}.actions[{i}]"
        sc.check_keys(a, sc.ACTION_KEYS, at)
        actions.append(CardAction(_ops(a["ops"], f"{at}.ops"), a.get("condition")))
    effects = []
    for i, e in enumerate(c["effects"]):
        at = f"{where}.effects[{i}]"
        sc.check_keys(e, sc.EFFECT_KEYS, at)
        effects.append(Effect(_trigger(e["trigger"], f"{at}.trigger"), _ops(e["ops"], f"{at}.ops")))
    modifiers = tuple(_modifier(m, f"{where}.modifiers[{i}]") for i, m in enumerate(c["modifiers"]))
    tags, counts = _tags(c["tags"])
    return {"id": c["id"], "number": c["number"], "name": c["name"], "set": c["set"], "tags": tags,
            "tag_counts": counts, "actions": tuple(actions), "effects": tuple(effects),
            "modifiers": modifiers, "hook": c.get("hook", ""), "data": c}


def _where(kind: str, c: object, index: int) -> str:
    return f"{kind} {c.get('id', index) if isinstance(c, dict) else index}"


def _project(index: int, c: object) -> Card:
    where = _where("card", c, index)
    c = sc.check_keys(c, sc.CARD_KEYS, where)
    common = _common(c, where)
    ctype = c["type"]
    if ctype in (EVENT, AUTOMATED) and (common["actions"] or common["effects"]):
        raise TMDataError(f"{where}: an {ctype} card has no actions or effects")
    on_play = _ops(c["on_play"], f"{where}.on_play")
    vp = _vp(c["vp"], f"{where}.vp")
    if vp is not None and vp.kind == "per_adjacent_tile":
        placed = [op.tile for op in on_play if op.kind == "place_tile"]
        if len(placed) != 1:
            raise TMDataError(f"{where}.vp: per_adjacent_tile needs the card to place exactly one tile")
        vp = replace(vp, around=placed[0])
    return Card(
        index=index, type=ctype, cost=c["cost"],
        requirements=tuple(_req(r, f"{where}.requirements[{i}]") for i, r in enumerate(c["requirements"])),
        vp=vp, resource_type=c["resource_type"], on_play=on_play, **common)


def _corporation(index: int, c: object) -> Card:
    where = _where("corporation", c, index)
    c = sc.check_keys(c, sc.CORPORATION_KEYS, where)
    prod, stock = [0] * NR, [0] * NR
    for name, n in c["starting_production"].items():
        prod[RESOURCE_INDEX[name]] += n
    for name, n in c["starting_resources"].items():
        stock[RESOURCE_INDEX[name]] += n
    return Card(
        index=index, type=CORPORATION, cost=0, starting_mc=c["starting_megacredits"],
        starting_production=tuple(prod), starting_resources=tuple(stock),
        free_cards=(c["starting_cards"] or {}).get("draw_free", 0),
        first_action=_ops(c["first_action"] or [], f"{where}.first_action"), **_common(c, where))


def all_ops(card: Card) -> Iterator[Op]:
    """Every operation of the card, nested ones included."""
    stack = [*card.on_play, *card.first_action, *(op for a in card.actions for op in a.ops),
             *(op for e in card.effects for op in e.ops)]
    while stack:
        op = stack.pop()
        yield op
        stack += [*op.ops, *op.then, *op.otherwise, *(o for option in op.options for o in option)]


def _check_hooks(cards: list[Card]) -> None:
    """Every hook a card names exists and is its own, every hook op is its card's, every hook is used."""
    from ludoteca.games.terraforming_mars.hooks import HOOKS  # hooks.py runs on states: imported late

    names = {h.name for h in HOOKS.values()}
    named = {}
    for card in cards:
        used = {op.kind for op in all_ops(card)} & names
        where = f"card {card.id}"
        if card.hook:
            hook = HOOKS.get(card.id)
            if hook is None or hook.name != card.hook:
                raise TMDataError(f"{where}: unknown hook {card.hook!r} (hooks.HOOKS has none for this card)")
            named[card.id] = card.hook
        if used - {card.hook} or (card.hook and card.hook not in used):
            raise TMDataError(f"{where}: hook ops {sorted(used)} must be exactly its hook {card.hook!r}")
    unused = sorted(set(HOOKS) - set(named))
    if unused:
        raise TMDataError(f"hooks {unused} are used by no card (a card names its hook with \"hook\")")


@cache
def _read(name: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"data/{name}").read_text(encoding="utf-8")
    return sc.check_keys(json.loads(text), sc.FILE_KEYS[name], name)


def compile_cards(projects: list[Any], corporations: list[Any]) -> tuple[Card, ...]:
    """Check and compile raw card data: the project cards (printed order), then the corporations."""
    cards = [_project(i, c) for i, c in enumerate(projects)]
    numbers = [c.number for c in cards]
    if numbers != sorted(numbers) or len(set(numbers)) != len(numbers):
        raise TMDataError("project cards must be listed once each, in printed order")
    cards += [_corporation(len(projects) + i, c) for i, c in enumerate(corporations)]
    ids = [c.id for c in cards]
    if len(set(ids)) != len(ids):
        raise TMDataError("card and corporation ids must be unique")
    _check_hooks(cards)
    return tuple(cards)


@cache
def load_cards() -> tuple[Card, ...]:
    """All project cards (printed order), then the corporations, from the package's data."""
    return compile_cards(_read("cards.json")["cards"], _read("corporations.json")["corporations"])


@cache
def card_index() -> dict[str, Card]:
    return {c.id: c for c in load_cards()}


def card_data() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The JSON objects of the project cards and of the corporations, once `load_cards()` has
    checked them against the schema (what the card texts are written from)."""
    load_cards()
    return _read("cards.json")["cards"], _read("corporations.json")["corporations"]


def projects() -> tuple[Card, ...]:
    return tuple(c for c in load_cards() if not c.is_corporation)


def corporations() -> tuple[Card, ...]:
    return tuple(c for c in load_cards() if c.is_corporation)


#: the counts that fix the action ids (`actions.py`), read from the data
N_PROJECTS = len(_read("cards.json")["cards"])
N_CORPORATIONS = len(_read("corporations.json")["corporations"])
CORP_BASE = N_PROJECTS  # corporations' indices start here
