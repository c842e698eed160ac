"""What Terraforming Mars' cards say, as messages (issue #20): built from their effect data.

A card is drawn without its printed artwork, so its effects are written out from the
data the rules run on (`data/cards.json`, `data/corporations.json`, checked by
`cards.load_cards()`): `card_lines(card)` gives one message per part in printed order —
what playing it does, its lasting modifiers, its effects ("Effect: when you play a
Science tag…: …"), its actions ("Action: spend 1 energy to gain 2 M€"), the resource it
holds when nothing else names it, then its rule note (`terraforming_mars.card.<id>.note`).
`requirement_message`, `vp_message`, `start_message` (a corporation's start) and
`bonus_message` (a space's placement bonus) complete a card and the map.

Every phrase is a template of the components catalog (`messages/components.*.json`,
keys `terraforming_mars.effect.*`, with the words `terraforming_mars.resource.*`, `.tag.*`,
`.tile.*`, `.card_resource.*`), so word order, plurals and gender are each language's
own. Operations are phrased in the imperative, lower case ("gain 2 plants", "+1 steel
production"); a reader capitalises the first letter of a line. Nothing here knows a rule:
it restates the data.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ludoteca.core.i18n import Message, msg
from ludoteca.games.terraforming_mars.cards import card_data

P = "terraforming_mars."
E = P + "effect."

#: the placement rule each tile follows when the card says nothing more (left out of the text)
USUAL_PLACE = {"ocean": "ocean_space", "greenery": "greenery_rules", "city": "city_rules",
               "capital": "city_rules"}
#: tiles with a phrase of their own ("place a city tile"); the others are special tiles
COMMON_TILES = ("ocean", "greenery", "city")
#: operations that are what an action costs when they come first
COST_OPS = ("spend", "remove_resource")


# ------------------------------------------------------------------ words
def name(card_id: str, corporation: bool = False) -> Message:
    """A card's or a corporation's name."""
    return msg(f"{P}{'corporation' if corporation else 'card'}.{card_id}.name")


def tag(tag_name: str) -> Message:
    return msg(f"{P}tag.{tag_name}")


def resource(res: str, n: int) -> Message:
    """`n` of a standard resource: "2 plants", "1 M€"."""
    return msg(f"{P}resource.{res}", n=n)


def resource_name(res: str) -> Message:
    """A standard resource's bare name: "steel", "plants"."""
    return msg(f"{P}resource_name.{res}")


def card_resource(kind: str | None, n: int) -> Message:
    """`n` resources of a card: "2 animals" (`kind` None: "2 resources")."""
    return msg(f"{P}card_resource.{kind or 'any'}", n=n)


def _either(items: list[Message], joiner: str) -> Message:
    """ "a, b or c" ("and" with joiner "and")."""
    if len(items) == 1:
        return items[0]
    return msg(E + joiner, a=items[:-1], b=items[-1])


def production(res: str, n: int | str, signed: bool = True) -> Message:
    """ "+2 plant production", "-1 M€ production", "X heat production" (n "X")."""
    sign = ""
    if isinstance(n, int):
        sign = "-" if n < 0 else ("+" if signed else "")
        n = abs(n)
    return msg(f"{E}production.{res}", sign=sign, n=n)


def count_message(count: dict[str, Any], divisor: int = 1) -> Message:
    """What a counted amount counts, after "per": "Earth tag you have (this one included)"."""
    what = count.get("what")
    scope = count.get("scope", "self")
    if what == "tags":
        which = "self_incl" if scope == "self" and count.get("includes_this_card") else scope
        return msg(f"{E}per.tags.{which}", n=divisor, tag=tag(count["tag"]))
    if what == "city_tiles":
        return msg(f"{E}per.city_tiles.{count.get('where', 'mars')}", n=divisor)
    return msg(f"{E}per.{what}", n=divisor)


def _per(message: Message, amount: Any) -> Message:
    """`message` "per ..." when the amount is counted."""
    if isinstance(amount, dict) and isinstance(amount.get("count"), dict):
        divisor = int(amount.get("divisor", 1))  # "per 2 Building tags": "a cada 2", "pour 2"
        return msg(E + ("per" if divisor == 1 else "per_group"), what=message,
                   per=count_message(amount["count"], divisor))
    return message


def _number(amount: Any) -> int | str:
    """The number of an amount: an int, "X", or a counted amount's multiplier."""
    if isinstance(amount, dict):
        return int(amount.get("multiplier", 1))
    return amount  # type: ignore[no-any-return]


def _x(res: str, ratio: int = 1) -> Message:
    """ "X energy", "2X M€"."""
    return msg(E + "x_of", x="X" if ratio == 1 else f"{ratio}X", what=resource_name(res))


# ------------------------------------------------------------------ operations
def op_message(op: dict[str, Any], held: str | None = None) -> Message:
    """One operation; `held` is the resource the card holds (for "this card")."""
    kind = op["op"]
    amount = op.get("amount", 0)
    n = _number(amount)
    res = str(op.get("resource", ""))
    if kind == "production":
        return _per(production(res, n), amount)
    if kind in ("gain", "remove_any_resource", "steal", "remove_player_resource"):
        return _per(msg(E + kind, what=resource(res, int(n))), amount)
    if kind == "spend":
        if op.get("may_pay_with"):
            return msg(E + "spend.may_pay", what=resource(res, int(n)),
                       others=_either([resource_name(r) for r in op["may_pay_with"]], "or"))
        return msg(E + "spend", what=resource(res, int(n)))
    if kind == "raise":
        return msg(f"{E}raise.{op['param']}", n=int(op.get("steps", 1)))
    if kind == "tr":
        return _per(msg(E + "tr", n=int(n)), amount)
    if kind == "place_tile":
        return _place(op)
    if kind in ("draw_cards", "discard_cards"):
        return msg(E + kind, n=int(op["count"]))
    if kind == "look_keep":
        return msg(E + "look_keep", n=int(op["count"]), keep=int(op.get("keep", 1)))
    if kind == "look_buy":
        return msg(E + "look_buy", n=int(op["count"]), price=int(op.get("price", 3)))
    if kind == "add_resource":
        target = str(op.get("target"))
        kept = op.get("resource") or (held if target == "this_card" else None)
        if op.get("target_must_hold_resources"):
            target = "holding_card"
        return _per(msg(f"{E}add_resource.{target}", what=card_resource(kept, int(n))), amount)
    if kind == "remove_resource":
        return msg(E + "remove_resource", what=card_resource(held, int(n)))
    if kind == "remove_resource_any_card":
        which = "" if op.get("mandatory") else ".up_to"
        return msg(f"{E}remove_resource_any_card{which}", what=card_resource(op.get("resource"), int(n)))
    if kind == "reduce_any_production":
        return msg(E + "reduce_any_production", what=production(res, -int(n)))
    if kind == "space_bonus_production":
        return msg(E + "space_bonus_production", n=int(n))
    return _compound(op, held)


def _place(op: dict[str, Any]) -> Message:
    """ "place an ocean tile", "place the Nuclear Zone tile on a land space"."""
    tile = str(op["tile"])
    where = op.get("where")
    if isinstance(where, dict):
        where = where.get("space_name")
    if tile in COMMON_TILES:
        what = msg(f"{E}place.{tile}", n=int(op.get("count", 1)))
    else:
        what = msg(E + "place.special", tile=msg(f"{P}tile.{tile}"))
    if USUAL_PLACE.get(tile) == where:
        return what
    return msg(E + "place.where", place=what, where=msg(f"{E}where.{where}"))


def _compound(op: dict[str, Any], held: str | None) -> Message:
    kind = op["op"]
    if kind == "choose":
        options = [msg(E + "option", ops=ops_message(o.get("ops", []), held)) for o in op.get("options", [])]
        return msg(E + "choose", options=_either(options, "or"))
    if kind == "optional":
        return msg(E + "optional", ops=ops_message(op.get("ops", []), held))
    if kind == "conditional":
        then = ops_message(op.get("then", []), held)
        req = requirement_message(op["if"])
        if op.get("else"):
            return msg(E + "conditional.else", req=req, then=then, otherwise=ops_message(op["else"], held))
        return msg(E + "conditional", req=req, then=then)
    if kind == "production_swap":
        key = E + ("production_swap.min" if op.get("min") else "production_swap")
        return msg(key, source=production(op["from"], "X"), target=production(op["to"], "X"),
                   min=int(op.get("min", 0)))
    if kind == "convert":
        key = E + ("convert.min" if op.get("min") else "convert")
        return msg(key, source=_x(op["from"]), target=_x(op["to"], int(op.get("ratio", 1))),
                   min=int(op.get("min", 0)))
    if kind == "reveal_top_card":
        return msg(E + "reveal_top_card", tag=tag(op["if_tag"]), then=ops_message(op.get("then", []), held))
    if kind in ("claim_space", "copy_production"):
        return msg(E + kind)
    raise KeyError(f"no text for the op {kind!r}")


def ops_message(ops: list[dict[str, Any]], held: str | None = None) -> Message:
    """Several operations in a row, "gain 2 plants, raise the oxygen 1 step" ("nothing" if none)."""
    if not ops:
        return msg(E + "nothing")
    return msg(E + "ops", ops=[op_message(o, held) for o in ops])


# ------------------------------------------------------------------ effects, actions, modifiers
def _is_cost(op: dict[str, Any]) -> bool:
    """Spending, removing from this card or lowering one's own production: what an action costs."""
    if op["op"] in COST_OPS:
        return True
    return op["op"] == "production" and isinstance(op.get("amount"), int) and op["amount"] < 0


def action_message(action: dict[str, Any], held: str | None = None) -> Message:
    """ "Action: spend 1 energy to gain 2 M€" — the costs first, as the card prints them."""
    ops = list(action.get("ops", []))
    costs = []
    while len(ops) > 1 and _is_cost(ops[0]):
        costs.append(ops.pop(0))
    head = msg(E + ("action.head." + action["condition"] if action.get("condition") else "action.head"))
    body = ops_message(ops, held)
    if not costs:
        return msg(E + "action", head=head, ops=body)
    gets = ops[0]["op"] == "production"  # "to get +1 plant production"
    return msg(E + ("action.cost_get" if gets else "action.cost"), head=head,
               cost=ops_message(costs, held), ops=body)


def trigger_message(trigger: dict[str, Any]) -> Message:
    """When an effect fires: "for each Science tag you play (this one included)"."""
    event = trigger["event"]
    who = "anyone" if trigger.get("by") == "anyone" else "self"
    if event == "tile_placed":
        when = msg(f"{E}when.placed.{trigger['tile']}.{who}")
        if trigger.get("where") == "mars":
            when = msg(E + "when.on_mars", when=when)
        if trigger.get("including_this"):
            when = msg(E + "when.including_this.tile", when=when)
        return when
    if event == "tag_played":
        each = "tag" if trigger.get("per_tag") else "tag_card"  # once per tag, or once per card
        when = msg(f"{E}when.{each}.{who}", tag=_either([tag(t) for t in trigger.get("tags", [])], "or"))
        if trigger.get("including_this"):
            when = msg(E + "when.including_this.tag", when=when)
        return when
    if event == "card_played":
        kind = trigger.get("card_type") or "card"
        if trigger.get("has_tag"):
            return msg(f"{E}when.card.{kind}.tag", tag=tag(trigger["has_tag"]))
        return msg(f"{E}when.card.{kind}")
    if event == "paid_for":
        which = "card_or_project" if "standard_project" in trigger.get("what", []) else "card"
        return msg(f"{E}when.paid.{which}", cost=int(trigger.get("min_base_cost", 0)))
    if event == "standard_project_paid":
        if trigger.get("exclude"):
            names = [msg(f"{P}project.{p}.name") for p in trigger["exclude"]]
            return msg(E + "when.standard_project.except", projects=_either(names, "and"))
        return msg(E + "when.standard_project")
    if event == "placement_bonus":
        return msg(E + "when.bonus", what=_either([resource_name(r) for r in trigger["bonus_any_of"]], "or"))
    raise KeyError(f"no text for the trigger {event!r}")


def effect_message(effect: dict[str, Any], held: str | None = None) -> Message:
    return msg(E + "effect", when=trigger_message(effect["trigger"]), ops=ops_message(effect["ops"], held))


def modifier_message(mod: dict[str, Any]) -> Message:
    """A lasting effect: "Space cards cost you 2 M€ less"."""
    kind = mod["kind"]
    n = int(mod.get("amount", 0))
    if kind == "card_discount":
        if mod.get("tag"):
            return msg(E + "mod.card_discount.tag", tag=tag(mod["tag"]), n=n)
        return msg(E + "mod.card_discount", n=n)
    if kind == "next_card_discount":
        return msg(E + "mod.next_card_discount", n=n)
    if kind == "standard_project_discount":
        return msg(E + "mod.standard_project_discount", project=msg(f"{P}project.{mod['project']}.name"), n=n)
    if kind == "requirement_leeway":
        which = ".next_card" if mod.get("next_card_only") else ""
        return msg(f"{E}mod.requirement_leeway{which}", n=int(mod.get("steps", 0)))
    if kind == "resource_value":
        return msg(E + "mod.resource_value", what=resource_name(mod["resource"]), n=int(mod.get("delta", 0)))
    if kind == "greenery_plant_cost":
        return msg(E + "mod.greenery_plant_cost", n=-int(mod.get("delta", 0)))
    if kind == "heat_as_megacredits":
        return msg(E + "mod.heat_as_megacredits")
    if kind == "protect":
        what = mod.get("what", [])
        if what == ["resources_on_this_card"]:
            return msg(E + "mod.protect.this_card")
        words = [resource_name(w) if w in ("megacredits", "steel", "titanium", "plants", "energy", "heat")
                 else msg(f"{P}card_resource_name.{w}") for w in what]
        return msg(E + "mod.protect", what=_either(words, "and"))
    raise KeyError(f"no text for the modifier {kind!r}")


# ------------------------------------------------------------------ VP and requirements
def vp_message(vp: dict[str, Any] | None, held: str | None = None) -> Message | None:
    """The card's victory points: "1 VP per 2 animals on this card"."""
    if not vp:
        return None
    kind = vp["type"]
    value = int(vp.get("value", 0))
    per = int(vp.get("per", 1))
    if kind == "fixed":
        return msg(E + "vp.fixed", n=value)
    if kind == "per_resource_here":
        return msg(f"{E}vp.per_resource.{held}", v=value, n=per)
    if kind == "if_resources_here":
        return msg(E + "vp.if_resources", v=value, what=card_resource(held, int(vp.get("min", 1))))
    if kind == "per_tag":
        return msg(E + "vp.per_tag", v=value, n=per, tag=tag(vp["tag"]))
    if kind == "per_tile":
        return msg(f"{E}vp.per_tile.{vp['tile']}.{vp.get('scope', 'self')}", v=value, n=per)
    if kind == "per_adjacent_tile":
        return msg(f"{E}vp.per_adjacent.{vp['tile']}", v=value)
    raise KeyError(f"no text for the VP {kind!r}")


def requirement_message(req: dict[str, Any]) -> Message:
    """A requirement: "-12 °C or warmer", "max 5% oxygen", "at least 2 Science tags"."""
    kind = req["type"]
    lo, hi = req.get("min"), req.get("max")
    bound = "min" if lo is not None else "max"
    n = int(lo if lo is not None else hi)
    if kind == "global":
        return msg(f"{E}req.{req['param']}.{bound}", n=n)
    if kind == "tag":
        what = msg(E + "tags", n=n, tag=tag(req["tag"]))
    elif kind == "production":
        what = production(req["resource"], n, signed=False)
    elif kind == "tiles":
        what = msg(f"{E}tiles.{req['tile']}.{req.get('scope', 'self')}", n=n)
    else:
        raise KeyError(f"no text for the requirement {kind!r}")
    return msg(f"{E}req.{bound}", what=what)


# ------------------------------------------------------------------ whole cards
def _names_held(card: dict[str, Any]) -> bool:
    """Whether some line of the card already names the resource it holds."""
    def walk(ops: list[dict[str, Any]]) -> bool:
        for op in ops:
            if op["op"] == "remove_resource" or op.get("target") == "this_card":
                return True
            inner = [*op.get("ops", []), *op.get("then", []), *op.get("else", [])]
            inner += [o for option in op.get("options", []) for o in option.get("ops", [])]
            if walk(inner):
                return True
        return False

    parts = [*card.get("on_play", []), *(o for a in card.get("actions", []) for o in a.get("ops", [])),
             *(o for e in card.get("effects", []) for o in e.get("ops", []))]
    return walk(parts) or bool(card.get("vp") and "resources_here" in str(card["vp"].get("type")))


def card_lines(card: dict[str, Any], corporation: bool = False) -> list[Message]:
    """What a card does, one message per part: its play effect, modifiers, effects, actions,
    the resource it holds (if no line names it), then its rule note."""
    held = card.get("resource_type")
    lines: list[Message] = []
    if card.get("on_play"):
        lines.append(ops_message(card["on_play"], held))
    lines += [modifier_message(m) for m in card.get("modifiers", [])]
    lines += [effect_message(e, held) for e in card.get("effects", [])]
    lines += [action_message(a, held) for a in card.get("actions", [])]
    if held and not _names_held(card):
        lines.append(msg(E + "holds", what=msg(f"{P}card_resource_name.{held}")))
    if card.get("note"):
        kind = "corporation" if corporation else "card"
        lines.append(msg(E + "note", text=msg(f"{P}{kind}.{card['id']}.note")))
    return lines


def start_message(corp: dict[str, Any]) -> Message:
    """A corporation's start: "42 M€, +1 titanium production, first action: draw 3 cards"."""
    parts = [resource("megacredits", int(corp["starting_megacredits"]))]
    parts += [production(r, int(n)) for r, n in corp.get("starting_production", {}).items()]
    parts += [resource(r, int(n)) for r, n in corp.get("starting_resources", {}).items()]
    if corp.get("first_action"):
        parts.append(msg(E + "first_action", ops=ops_message(corp["first_action"])))
    return msg(E + "list", items=parts)


def bonus_message(bonus: dict[str, int]) -> Message:
    """A placement bonus: "2 plants", "1 card", "1 plant, 1 titanium"."""
    parts = [msg(E + "cards", n=n) if res == "cards" else resource(res, n) for res, n in bonus.items()]
    return msg(E + "list", items=parts)


# ------------------------------------------------------------------ by card id
@cache
def _by_id() -> dict[str, tuple[dict[str, Any], bool]]:
    projects, corporations = card_data()
    return {**{c["id"]: (c, False) for c in projects}, **{c["id"]: (c, True) for c in corporations}}


def card_name(card_id: str) -> Message:
    """The name of a project card or a corporation, by id."""
    return name(card_id, _by_id()[card_id][1])


def summary(card_id: str) -> Message:
    """What a card does on one line (its lines but the note, "; " between them): a hand's summary."""
    card, corporation = _by_id()[card_id]
    note = E + "note"
    lines = [line for line in card_lines(card, corporation) if line["key"] != note]
    if not lines:
        return msg(E + "nothing")
    text = lines[0]
    for line in lines[1:]:
        text = msg(E + "then", a=text, b=line)
    return text


def sentence(text: str) -> str:
    """A rendered line as a sentence: its first letter in capitals (templates start lower case)."""
    return text[:1].upper() + text[1:]
