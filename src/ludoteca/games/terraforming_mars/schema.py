"""The card format, strictly: for every object of `cards.json` / `corporations.json`, its keys.

Every table below maps a key to `(required, check)`. `check_keys` rejects an
unknown key, a missing required key, a value of the wrong type and a word outside
its vocabulary, with a message naming the card and the key (`card capital.on_play[2]:
unknown key 'cout'`), so nothing in the data can be silently inert: every key listed
here is read by `cards.py` and drives the engine (a one-word vocabulary, such as
`remove_resource.from`, spells out its op's only meaning). Nested lists (ops, options,
requirements...) are checked by `cards.py` as it compiles them, each with its own table.

The one exception is `note`: a ruling in words for the reader (the printed card's
fine print, how the reference implementation reads it). No code reads it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from ludoteca.core.errors import LudotecaError
from ludoteca.games.terraforming_mars.constants import (
    CARD_RESOURCES,
    CARD_TYPES,
    PARAMS,
    RESOURCES,
    STANDARD_PROJECTS,
    TAGS,
    TILES,
)


class TMDataError(LudotecaError):
    """The packaged Terraforming Mars data breaks one of the format's rules."""


Check = Callable[[object, str], None]
Keys = dict[str, tuple[bool, Check]]


# ------------------------------------------------------------------ value checks
def _fail(where: str, message: str) -> NoReturn:
    raise TMDataError(f"{where}: {message}")


def _typed(name: str, ok: Callable[[object], bool]) -> Check:
    def check(value: object, where: str) -> None:
        if not ok(value):
            _fail(where, f"expected {name}, got {value!r}")
    return check


INT = _typed("an integer", lambda v: type(v) is int)
POSITIVE = _typed("a positive integer", lambda v: type(v) is int and v > 0)
BOOL = _typed("true or false", lambda v: type(v) is bool)
TEXT = _typed("a non-empty string", lambda v: isinstance(v, str) and bool(v))
LIST = _typed("a list", lambda v: isinstance(v, list))
OBJECT = _typed("an object", lambda v: isinstance(v, dict))
AMOUNT = _typed('an integer, "X" or {"count": ...}',
                lambda v: type(v) is int or v == "X" or isinstance(v, dict))


def word(words: Iterable[str], what: str) -> Check:
    """One word of a vocabulary."""
    vocabulary = tuple(words)

    def check(value: object, where: str) -> None:
        if value not in vocabulary:
            _fail(where, f"unknown {what} {value!r} (one of: {', '.join(vocabulary)})")
    return check


def list_of(item: Check) -> Check:
    def check(value: object, where: str) -> None:
        LIST(value, where)
        assert isinstance(value, list)
        for i, v in enumerate(value):
            item(v, f"{where}[{i}]")
    return check


def nullable(inner: Check) -> Check:
    def check(value: object, where: str) -> None:
        if value is not None:
            inner(value, where)
    return check


def either(first: Check, second: Check, what: str) -> Check:
    def check(value: object, where: str) -> None:
        try:
            first(value, where)
        except TMDataError:
            try:
                second(value, where)
            except TMDataError:
                _fail(where, f"expected {what}, got {value!r}")
    return check


def keyed(keys: Keys) -> Check:
    """An object with exactly these keys."""
    def check(value: object, where: str) -> None:
        check_keys(value, keys, where)
    return check


def mapping(key: Check, value: Check) -> Check:
    def check(obj: object, where: str) -> None:
        OBJECT(obj, where)
        for k, v in obj.items():  # type: ignore[attr-defined]  # OBJECT just checked it is a dict
            key(k, f"{where}.{k}")
            value(v, f"{where}.{k}")
    return check


def check_keys(obj: object, keys: Keys, where: str) -> dict[str, Any]:
    """`obj` as a dict whose keys are exactly those allowed, each value checked."""
    OBJECT(obj, where)
    assert isinstance(obj, dict)
    for key in obj:
        if key not in keys:
            _fail(where, f"unknown key {key!r} (allowed: {', '.join(keys) or 'none'})")
    for key, (required, check) in keys.items():
        if key in obj:
            check(obj[key], f"{where}.{key}")
        elif required:
            _fail(where, f"missing key {key!r}")
    return obj


def need(check: Check) -> tuple[bool, Check]:
    """A required key."""
    return True, check


def may(check: Check) -> tuple[bool, Check]:
    """An optional key."""
    return False, check

# ------------------------------------------------------------------ vocabularies
RESOURCE = word(RESOURCES, "resource")
CARD_RESOURCE = word(CARD_RESOURCES, "card resource")
TAG = word(TAGS, "tag")
PARAM = word(PARAMS, "global parameter")
TILE = word(TILES[1:], "tile")
CARD_TYPE = word(CARD_TYPES, "card type")
PROJECT = word(STANDARD_PROJECTS, "standard project")
SCOPE = word(("self", "all"), "scope")
#: placement rules (`board.legal_spaces`); the named spaces may also be given as {"space_name": ...}
NAMED_SPACES = ("noctis_city", "phobos_space_haven", "ganymede_colony")
WHERE = (
    "ocean_space", "land", "greenery_rules", "city_rules", "isolated", "volcanic", "adjacent_to_city",
    "adjacent_to_2_cities", "adjacent_to_greenery", "steel_or_titanium_bonus",
    "steel_or_titanium_bonus_adjacent_to_own_tile", *NAMED_SPACES,
)
TARGETS = ("this_card", "any_card", "another_card", "triggering_card")
COUNTABLES = ("tags", "city_tiles", "events_played", "resources_on_this_card")
PROTECTABLE = ("plants", "animal", "microbe", "resources_on_this_card")

# ------------------------------------------------------------------ amounts
COUNT_KEYS: Keys = {
    "what": need(word(COUNTABLES, "countable")), "tag": may(TAG),
    "scope": may(word(("self", "all", "others"), "scope")),
    "where": may(word(("mars", "anywhere"), "city place")), "includes_this_card": may(BOOL),
}
COUNTED_AMOUNT_KEYS: Keys = {"count": need(OBJECT), "multiplier": may(POSITIVE), "divisor": may(POSITIVE)}

# ------------------------------------------------------------------ operations
_RES_AMOUNT: Keys = {"resource": need(RESOURCE), "amount": need(AMOUNT)}
OP_KEYS: dict[str, Keys] = {
    "production": _RES_AMOUNT,
    "gain": _RES_AMOUNT,
    "spend": {**_RES_AMOUNT,
              "may_pay_with": may(list_of(word(("steel", "titanium"), "payment resource")))},
    "raise": {"param": need(word(("temperature", "oxygen"), "raised parameter")), "steps": need(POSITIVE)},
    "tr": {"amount": need(AMOUNT)},
    "place_tile": {"tile": need(TILE), "count": may(POSITIVE),
                   "where": need(either(word(WHERE, "placement rule"),
                                     keyed({"space_name": need(word(NAMED_SPACES, "named space"))}),
                                     "a placement rule or {\"space_name\": ...}"))},
    "draw_cards": {"count": need(POSITIVE)},
    "discard_cards": {"count": need(POSITIVE)},
    "look_keep": {"count": need(POSITIVE), "keep": need(POSITIVE)},
    "look_buy": {"count": need(POSITIVE)},  # bought at the research price
    "add_resource": {"target": need(word(TARGETS, "target")), "amount": need(AMOUNT),
                     "resource": may(CARD_RESOURCE), "target_must_hold_resources": may(POSITIVE)},
    "remove_resource": {"from": need(word(("this_card",), "source")), "amount": need(AMOUNT)},
    "remove_resource_any_card": {"resource": need(CARD_RESOURCE), "amount": need(AMOUNT),
                                 "mandatory": need(BOOL)},
    "reduce_any_production": _RES_AMOUNT,
    "remove_any_resource": _RES_AMOUNT,
    "steal": _RES_AMOUNT,
    "remove_player_resource": {**_RES_AMOUNT,
                               "target": need(word(("owner_of_tile_adjacent_to_placed_tile",), "player"))},
    "choose": {"options": need(LIST)},
    "optional": {"ops": need(LIST)},
    "conditional": {"if": need(OBJECT), "then": need(LIST), "else": may(LIST)},
    "production_swap": {"from": need(RESOURCE), "to": need(RESOURCE), "amount": need(word(("X",), "amount")),
                        "min": may(INT)},  # X is at most the "from" production
    "convert": {"from": need(RESOURCE), "to": need(RESOURCE), "amount": need(word(("X",), "amount")),
                "min": may(INT), "ratio": may(POSITIVE)},
    "reveal_top_card": {"if_tag": need(TAG), "then": need(LIST)},
    # hook ops: each is one card's bespoke rule (`hooks.py`); the card names it with "hook"
    "claim_space": {},
    "copy_production": {"filter": need(keyed({"tag": need(TAG), "card_types": need(list_of(CARD_TYPE))}))},
    "space_bonus_production": {"amount": need(INT)},
}
OPTION_KEYS: Keys = {"ops": need(LIST)}

# ------------------------------------------------------------------ requirements, VP
REQUIREMENT_KEYS: dict[str, Keys] = {
    "global": {"param": need(PARAM), "min": may(INT), "max": may(INT)},
    "tag": {"tag": need(TAG), "min": need(INT)},
    "production": {"resource": need(RESOURCE), "min": need(INT)},
    "tiles": {"tile": need(word(("city", "greenery"), "counted tile")), "scope": need(SCOPE),
              "min": need(INT)},
}
VP_KEYS: dict[str, Keys] = {
    "fixed": {"value": need(INT)},
    "per_resource_here": {"per": need(POSITIVE), "value": need(INT)},
    "per_tag": {"tag": need(TAG), "per": need(POSITIVE), "value": need(INT), "scope": need(SCOPE)},
    "per_tile": {"tile": need(TILE), "scope": need(SCOPE), "per": need(POSITIVE), "value": need(INT)},
    "per_adjacent_tile": {"tile": need(TILE), "value": need(INT)},
    "if_resources_here": {"min": need(POSITIVE), "value": need(INT)},
}

# ------------------------------------------------------------------ effects, actions, modifiers
_BY_SELF = word(("self",), "player")  # these events are only ever the owner's own
_BY = word(("self", "anyone"), "player")
TRIGGER_KEYS: dict[str, Keys] = {
    "tile_placed": {"by": need(_BY), "tile": may(TILE), "where": may(word(("anywhere", "mars"), "place")),
                    "including_this": may(BOOL)},
    "tag_played": {"by": need(_BY), "tags": need(list_of(TAG)), "per_tag": need(BOOL),
                   "including_this": may(BOOL)},
    "card_played": {"by": need(_BY), "card_type": may(CARD_TYPE), "has_tag": may(TAG),
                    "including_this": may(BOOL)},
    "paid_for": {"by": need(_BY_SELF), "min_base_cost": need(INT),
                 "what": need(list_of(word(("project_card", "standard_project"), "payment")))},
    "standard_project_paid": {"by": need(_BY_SELF), "exclude": may(list_of(PROJECT))},
    "placement_bonus": {"by": need(_BY_SELF), "bonus_any_of": need(list_of(RESOURCE))},
}
EFFECT_KEYS: Keys = {"trigger": need(OBJECT), "ops": need(LIST)}
ACTION_KEYS: Keys = {"ops": need(LIST), "condition": may(word(("tr_raised_this_generation",), "condition"))}
MODIFIER_KEYS: dict[str, Keys] = {
    "card_discount": {"amount": need(POSITIVE), "tag": need(nullable(TAG))},
    "next_card_discount": {"amount": need(POSITIVE)},
    "standard_project_discount": {"project": need(PROJECT), "amount": need(POSITIVE)},
    "requirement_leeway": {"steps": need(POSITIVE), "next_card_only": may(BOOL)},
    "resource_value": {"resource": need(word(("steel", "titanium"), "resource")), "delta": need(INT)},
    "greenery_plant_cost": {"delta": need(INT)},
    "heat_as_megacredits": {},
    "protect": {"what": need(list_of(word(PROTECTABLE, "protected resource")))},
}

# ------------------------------------------------------------------ cards, corporations
_COMMON: Keys = {
    "id": need(TEXT), "number": need(TEXT), "name": need(TEXT), "tags": need(list_of(TAG)),
    "actions": need(LIST), "effects": need(LIST), "modifiers": need(LIST),
    "hook": may(TEXT),  # the card's bespoke rule, `hooks.HOOKS[card id]`
    "note": may(TEXT),  # a ruling in words, for the reader only
}
CARD_KEYS: Keys = {
    **_COMMON, "set": need(word(("base", "corporate_era"), "set")), "type": need(CARD_TYPE),
    "cost": need(_typed("an integer 0..41", lambda v: type(v) is int and 0 <= v <= 41)),
    "requirements": need(LIST), "vp": need(nullable(OBJECT)), "resource_type": need(nullable(CARD_RESOURCE)),
    "on_play": need(LIST),
}
CORPORATION_KEYS: Keys = {
    **_COMMON, "set": need(word(("base", "corporate_era", "beginner"), "set")),
    "starting_megacredits": need(INT), "starting_production": need(mapping(RESOURCE, INT)),
    "starting_resources": need(mapping(RESOURCE, INT)),
    "starting_cards": need(nullable(keyed({"draw_free": need(POSITIVE)}))),
    "first_action": need(nullable(LIST)),
}
FILE_KEYS: dict[str, Keys] = {
    "cards.json": {"format": need(word(("ludoteca-tm-cards/1",), "format")), "cards": need(LIST)},
    "corporations.json": {"format": need(word(("ludoteca-tm-corporations/1",), "format")),
                          "corporations": need(LIST)},
}


def kind_keys(obj: object, tag: str, tables: dict[str, Keys], what: str,
              where: str) -> tuple[str, dict[str, Any]]:
    """An object whose `tag` key picks its table (an op's "op", a requirement's "type"...), checked."""
    OBJECT(obj, where)
    assert isinstance(obj, dict)
    kind = obj.get(tag)
    if not isinstance(kind, str) or kind not in tables:
        _fail(where, f"unknown {what} {kind!r}")
    check_keys(obj, {tag: need(TEXT), **tables[kind]}, where)
    return kind, obj
