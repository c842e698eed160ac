"""Cards: project cards, bonus cards and corporations share one record type.

A card's parts (all optional except id, name, status):

* `cost`: icons to pay (project cards; bonus cards are free; corporations have none);
* `production`: the brown box — `dice` per colour, `white` dice (a colour chosen
  each production), `wild` tokens and `vp`, gained on every production turn;
* `play`: effects resolved when the card is played (red cards);
* `action`: a blue card's action — `timing` support, main or free, a `cost` (left
  of the arrow) and `ops` (right of it); usable once per refresh;
* `storage`: extra dice kept on a production turn; `discount`: icons of a
  resource not paid when playing project cards; `reactions`: effects for the
  owner whenever anyone places that tile; `on_play`: effects for the owner
  whenever he plays a card of that colour;
* `vp_now` (VP when played) and `vp_end` (VP at the end);
* corporations: `start` — `wild`, `vp` and `faces` (dice set to a face).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ludoteca.games.tm_dice.dice import N_COLOURS, N_RESOURCES
from ludoteca.games.tm_dice.ops import ContentDataError, OpCompiler, Ops
from ludoteca.games.tm_dice.tasks import (
    CARD_COLOURS,
    OP_DRAW,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_GAIN_VP,
    OP_GAIN_WILD,
    TILES,
    TIMINGS,
)

KINDS = ("project", "bonus", "corporation")
STATUSES = ("official", "observed", "standin")
KEYS = {"id", "name", "colour", "copies", "status", "sources", "note", "standin_parts", "cost", "production",
        "play", "action", "storage", "discount", "reactions", "on_play", "vp_now", "vp_end", "start"}
# effects that never ask the owner anything: allowed in reactions (they happen on other turns)
REACTION_OPS = (OP_GAIN_DIE, OP_GAIN_FACE, OP_GAIN_WILD, OP_GAIN_VP, OP_DRAW)


@dataclass(frozen=True, slots=True)
class Card:
    index: int  # place in Content.cards: projects, then bonus cards, then corporations
    id: str
    name: str
    kind: str
    colour: int  # GREEN, RED, BLUE; -1 for corporations
    status: str
    standin_parts: tuple[str, ...]
    sources: tuple[str, ...]
    copies: int
    cost: tuple[int, ...]  # icons, paying order
    cost_icons: tuple[int, ...]  # icons as printed (awards count these)
    prod_dice: tuple[int, ...]  # per colour
    prod_white: int
    prod_wild: int
    prod_vp: int
    play: Ops
    timing: int  # -1: no action; SUPPORT, MAIN or FREE
    action_cost: tuple[int, ...]
    action_ops: Ops
    storage: int
    discount: tuple[tuple[int, int], ...]  # (resource, n)
    reactions: tuple[tuple[int, Ops], ...]  # (tile, effects)
    on_play: tuple[tuple[int, Ops], ...]  # (card colour, effects)
    vp_now: int
    vp_end: int
    start_wild: int
    start_vp: int
    start_faces: tuple[tuple[int, int], ...]  # (resource, n)
    text: str  # one-line summary of cost and effects

    @property
    def standin(self) -> bool:
        return self.status == "standin"

    @property
    def production_dice(self) -> int:
        """Dice icons in the brown box (the tie-break and the Industrialist count these)."""
        return sum(self.prod_dice) + self.prod_white

    @property
    def has_production(self) -> bool:
        return bool(self.production_dice or self.prod_wild or self.prod_vp)


def _int(raw: dict[str, Any], key: str, where: str, default: int = 0) -> int:
    value = raw.get(key, default)
    if type(value) is not int or value < 0:
        raise ContentDataError(f"{where}: {key!r} must be a non-negative integer, got {value!r}")
    return value


def _production(raw: Any, ops: OpCompiler, where: str) -> tuple[tuple[int, ...], int, int, int]:
    if not isinstance(raw, dict) or set(raw) - {"dice", "white", "wild", "vp"}:
        raise ContentDataError(f"{where}: production takes dice, white, wild and vp")
    dice = [0] * N_COLOURS
    for colour, n in raw.get("dice", {}).items():
        if colour not in ops.colour_index or type(n) is not int or n < 1:
            raise ContentDataError(f"{where}: production dice must map colours to positive counts")
        dice[ops.colour_index[colour]] = n
    return (tuple(dice), _int(raw, "white", where), _int(raw, "wild", where), _int(raw, "vp", where))


def _summary(card: dict[str, Any], ops: OpCompiler, parts: dict[str, Any]) -> str:
    bits = []
    if parts["cost"]:
        bits.append("cost " + ", ".join(ops.icon_text(i) for i in parts["cost_icons"]))
    dice, white, wild, vp = parts["production"]
    prod = [f"{n} {ops.colours[c]}" for c, n in enumerate(dice) if n]
    prod += [f"{white} white"] * bool(white) + [f"{wild} wild"] * bool(wild) + [f"{vp} VP"] * bool(vp)
    if prod:
        bits.append("production: " + ", ".join(prod))
    if parts["play"]:
        bits.append(ops.ops_text(parts["play"]))
    if parts["timing"] >= 0:
        pay = ", ".join(ops.icon_text(i) for i in parts["action_cost"]) or "nothing"
        bits.append(f"{TIMINGS[parts['timing']]} action: pay {pay} -> {ops.ops_text(parts['action_ops'])}")
    if parts["storage"]:
        bits.append(f"storage {parts['storage']}")
    for r, n in parts["discount"]:
        bits.append(f"discount {n} {ops.resources[r]} on cards")
    for tile, effects in parts["reactions"]:
        bits.append(f"when anyone places {'an' if tile == 1 else 'a'} {TILES[tile]}: {ops.ops_text(effects)}")
    for colour, effects in parts["on_play"]:
        bits.append(f"when you play a {CARD_COLOURS[colour]} card: {ops.ops_text(effects)}")
    if parts["vp_now"]:
        bits.append(f"{parts['vp_now']} VP now")
    if parts["vp_end"]:
        bits.append(f"{parts['vp_end']} VP at the end")
    if card.get("start"):
        s = card["start"]
        start = [f"{s.get('wild')} wild"] * bool(s.get("wild")) + [f"{s.get('vp')} VP"] * bool(s.get("vp"))
        start += [f"{n} {face}" for face, n in s.get("faces", {}).items()]
        bits.insert(0, "start: " + ", ".join(start))
    return " · ".join(bits)


def parse_card(raw: Any, index: int, kind: str, ops: OpCompiler, file: str) -> Card:
    if not isinstance(raw, dict):
        raise ContentDataError(f"{file}: record {index} is not an object")
    cid = raw.get("id")
    where = f"{file} {cid!r}"
    if not isinstance(cid, str) or not cid or " " in cid or not isinstance(raw.get("name"), str):
        raise ContentDataError(f"{file}: record {index} needs a string id without spaces and a name")
    if set(raw) - KEYS:
        raise ContentDataError(f"{where}: unknown keys {sorted(set(raw) - KEYS)}")
    status = raw.get("status")
    if status not in STATUSES:
        raise ContentDataError(f"{where}: status must be one of {STATUSES}")
    if (status == "standin") != cid.startswith("pd_"):
        raise ContentDataError(f"{where}: stand-in records, and only they, have ids starting 'pd_'")
    if kind == "corporation":
        colour = -1
        if "colour" in raw or "cost" in raw:
            raise ContentDataError(f"{where}: corporations have no colour and no cost")
    else:
        if raw.get("colour") not in CARD_COLOURS:
            raise ContentDataError(f"{where}: colour must be green, red or blue")
        colour = CARD_COLOURS.index(raw["colour"])
    if kind == "bonus" and raw.get("cost"):
        raise ContentDataError(f"{where}: bonus cards are played free (no cost)")
    cost_raw = raw.get("cost", [])
    cost = ops.cost(cost_raw, where)
    cost_icons = tuple(ops.icon(i, where) for i in cost_raw)
    production = _production(raw.get("production", {}), ops, where)
    play = ops.compile(raw.get("play", []), f"{where} play")
    timing = -1
    action_cost: tuple[int, ...] = ()
    action_ops: tuple[tuple[int, ...], ...] = ()
    if "action" in raw:
        action = raw["action"]
        if not isinstance(action, dict) or action.get("timing") not in TIMINGS:
            raise ContentDataError(f"{where}: action needs timing support, main or free")
        timing = TIMINGS.index(action["timing"])
        action_cost = ops.cost(action.get("cost", []), f"{where} action")
        action_ops = ops.compile(action.get("ops", []), f"{where} action")
    discount = []
    for d in raw.get("discount", []):
        discount.append((ops._resource(d.get("resource"), where), _int(d, "n", where, 1)))
    reactions = []
    for r in raw.get("reactions", []):
        if r.get("tile") not in TILES[1:]:
            raise ContentDataError(f"{where}: a reaction needs tile ocean, forest, city or special")
        effects = ops.compile(r.get("ops", []), f"{where} reaction")
        if any(op[0] not in REACTION_OPS for op in effects):
            raise ContentDataError(f"{where}: reactions may only gain dice, faces, wild tokens, VP or cards")
        reactions.append((TILES.index(r["tile"]), effects))
    on_play = []
    for r in raw.get("on_play", []):
        if r.get("colour") not in CARD_COLOURS:
            raise ContentDataError(f"{where}: on_play needs a card colour")
        on_play.append((CARD_COLOURS.index(r["colour"]), ops.compile(r.get("ops", []), f"{where} on_play")))
    has_production = any(production[0]) or any(production[1:])
    if colour == 0 and not has_production:
        raise ContentDataError(f"{where}: a green card needs a production box")
    if colour != 0 and kind != "corporation" and has_production:
        raise ContentDataError(f"{where}: only green cards and corporations have production boxes")
    if colour == 2 and play:
        raise ContentDataError(f"{where}: blue cards have no effect when played (use action, storage, ...)")
    if timing >= 0 and colour != 2:
        raise ContentDataError(f"{where}: only blue cards have actions")
    start = raw.get("start", {})
    if start and kind != "corporation":
        raise ContentDataError(f"{where}: only corporations have a start bonus")
    faces = tuple((ops._resource(r, where), n) for r, n in start.get("faces", {}).items())
    parts: dict[str, Any] = {
             "cost": cost, "cost_icons": cost_icons, "production": production, "play": play, "timing": timing,
             "action_cost": action_cost, "action_ops": action_ops, "storage": _int(raw, "storage", where),
             "discount": tuple(discount), "reactions": tuple(reactions), "on_play": tuple(on_play),
             "vp_now": _int(raw, "vp_now", where), "vp_end": _int(raw, "vp_end", where)}
    standin_parts = raw.get("standin_parts", [])
    if not isinstance(standin_parts, list) or not all(isinstance(p, str) for p in standin_parts):
        raise ContentDataError(f"{where}: standin_parts must be a list of strings")
    return Card(
        index=index, id=cid, name=raw["name"], kind=kind, colour=colour, status=status,
        standin_parts=tuple(str(p) for p in standin_parts), sources=tuple(raw.get("sources", [])),
        copies=_int(raw, "copies", where, 1), cost=cost, cost_icons=cost_icons,
        prod_dice=production[0], prod_white=production[1], prod_wild=production[2], prod_vp=production[3],
        play=play, timing=timing, action_cost=action_cost, action_ops=action_ops, storage=parts["storage"],
        discount=parts["discount"], reactions=parts["reactions"], on_play=parts["on_play"],
        vp_now=parts["vp_now"], vp_end=parts["vp_end"], start_wild=_int(start, "wild", where),
        start_vp=_int(start, "vp", where), start_faces=faces, text=_summary(raw, ops, parts),
    )


def parse_cards(data: dict[str, Any], file: str, schema: str, key: str, kind: str, ops: OpCompiler,
                base: int) -> tuple[Card, ...]:
    if data.get("schema") != schema:
        raise ContentDataError(f"{file}: 'schema' must be {schema!r}")
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise ContentDataError(f"{file}: {key!r} must be a non-empty list")
    cards = tuple(parse_card(r, base + i, kind, ops, file) for i, r in enumerate(raw))
    if len({c.id for c in cards}) != len(cards):
        raise ContentDataError(f"{file}: duplicate ids")
    assert len(ops.resources) == N_RESOURCES
    return cards
