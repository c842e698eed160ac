"""Cards in play: tags, ongoing modifiers, card costs and requirements.

A seat's tableau is its corporation plus its played project cards. Tags count on the
corporation and on played automated and active cards (never on events). Modifiers
(discounts, resource values, requirement leeway, Ecoline's greenery price, Helion's
heat, protection) are summed into one `Mods` per seat, recomputed from the tableau
whenever a card with modifiers joins it (the only place a tableau grows).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.cards import Card, Req
from ludoteca.games.terraforming_mars.constants import (
    BUILDING,
    CITY_TILES,
    EVENT,
    GREENERY,
    NT,
    PARAM_UNIT,
    SPACE,
    STEEL,
    STEEL_VALUE,
    TEMPERATURE,
    TITANIUM,
    TITANIUM_VALUE,
    slot,
)

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

GREENERY_PLANTS = 8


def add_to_tableau(st: TMState, seat: int, card: Card) -> None:
    """Record `card` as played by `seat`: tags, effect/action/modifier owners."""
    i = card.index
    if not card.is_corporation:
        st.played[seat] = (*st.played[seat], i)
    if card.type != EVENT:
        base = seat * NT
        tags = st.tags
        for t in card.tags:
            tags[base + t] += 1
    if card.effects:
        st.effect_cards[seat] = (*st.effect_cards[seat], i)
    if card.actions:
        st.action_cards[seat] = (*st.action_cards[seat], i)
    if card.modifiers and card.type != EVENT:
        st.modifier_cards[seat] = (*st.modifier_cards[seat], i)
        st.mods[seat] = compute_mods(st, seat)


def tag_count(st: TMState, seat: int, tag: int) -> int:
    return st.tags[seat * NT + tag]


@dataclass(frozen=True, slots=True)
class Mods:
    """A seat's ongoing modifiers, summed over its tableau (recomputed when one is played)."""

    discounts: tuple[tuple[int, int], ...] = ()  # (tag or -1 for every card, M€)
    steel: int = STEEL_VALUE
    titanium: int = TITANIUM_VALUE
    leeway: int = 0
    heat_as_mc: bool = False
    greenery_plants: int = GREENERY_PLANTS
    project_discounts: tuple[tuple[str, int], ...] = ()
    protects: frozenset[str] = frozenset()


NO_MODS = Mods()


def compute_mods(st: TMState, seat: int) -> Mods:
    discounts: list[tuple[int, int]] = []
    projects: list[tuple[str, int]] = []
    protects: set[str] = set()
    steel, titanium, leeway, heat, plants = STEEL_VALUE, TITANIUM_VALUE, 0, False, GREENERY_PLANTS
    cards = st.game.cards
    for c in st.modifier_cards[seat]:
        for m in cards[c].modifiers:
            k = m.kind
            if k == "card_discount":
                discounts.append((m.tag, m.amount))
            elif k == "resource_value":
                steel += m.delta if m.resource == STEEL else 0
                titanium += m.delta if m.resource == TITANIUM else 0
            elif k == "requirement_leeway" and not m.next_card_only:
                leeway += m.steps
            elif k == "heat_as_megacredits":
                heat = True
            elif k == "greenery_plant_cost":
                plants += m.delta
            elif k == "standard_project_discount":
                projects.append((m.project, m.amount))
            elif k == "protect":
                protects.update(w for w in m.protects if w != "resources_on_this_card")
    return Mods(tuple(discounts), steel, titanium, leeway, heat, plants, tuple(projects), frozenset(protects))


def steel_value(st: TMState, seat: int) -> int:
    return st.mods[seat].steel


def titanium_value(st: TMState, seat: int) -> int:
    return st.mods[seat].titanium


def heat_as_megacredits(st: TMState, seat: int) -> bool:
    return st.mods[seat].heat_as_mc


def greenery_plants(st: TMState, seat: int) -> int:
    return st.mods[seat].greenery_plants


def card_cost(st: TMState, seat: int, card: Card) -> int:
    """The card's price for `seat` after discounts (never below 0)."""
    cost = card.cost
    counts = card.tag_counts
    for tag, amount in st.mods[seat].discounts:
        if tag < 0 or counts[tag]:
            cost -= amount
    cost -= st.next_discount[seat]
    return cost if cost > 0 else 0


def project_cost(st: TMState, seat: int, project: str, base: int) -> int:
    cost = base - sum(a for p, a in st.mods[seat].project_discounts if p == project)
    return max(0, cost)


def leeway(st: TMState, seat: int) -> int:
    """Steps of leeway on global requirements (Adaptation Technology, Inventrix, Special Design)."""
    return st.mods[seat].leeway + st.leeway_next[seat]


def param_value(st: TMState, param: int) -> int:
    """A global parameter in its printed unit (°C, %, tiles)."""
    steps = st.params[param]
    return -30 + 2 * steps if param == TEMPERATURE else steps


def tiles_owned(st: TMState, seat: int, kinds: frozenset[int]) -> int:
    owner = st.owner
    return sum(1 for s, k in enumerate(st.tiles) if k in kinds and owner[s] == seat)


def requirement_met(st: TMState, seat: int, req: Req, slack: int = 0) -> bool:
    if req.kind == "global":
        value = param_value(st, req.param)
        give = slack * PARAM_UNIT[req.param]
        if req.min is not None and value < req.min - give:
            return False
        return not (req.max is not None and value > req.max + give)
    if req.kind == "tag":
        value = tag_count(st, seat, req.tag)
    elif req.kind == "production":
        value = st.prod[slot(seat, req.resource)]
    else:
        kinds = frozenset({GREENERY}) if req.tile == GREENERY else CITY_TILES
        if req.scope == "self":
            value = tiles_owned(st, seat, kinds)
        else:
            value = sum(1 for k in st.tiles if k in kinds)
    if req.min is not None and value < req.min:
        return False
    return not (req.max is not None and value > req.max)


def requirements_met(st: TMState, seat: int, card: Card) -> bool:
    if not card.requirements:
        return True
    slack = leeway(st, seat)
    return all(requirement_met(st, seat, r, slack) for r in card.requirements)


def pays_with_steel(card: Card) -> bool:
    return card.tag_counts[BUILDING] > 0


def pays_with_titanium(card: Card) -> bool:
    return card.tag_counts[SPACE] > 0


def protected(st: TMState, owner: int, actor: int, what: str, card: int = -1) -> bool:
    """True if `owner`'s `what` (plants, animal, microbe, ...) may not be removed by `actor`."""
    if owner == actor or owner < 0 or owner >= len(st.mods):
        return False
    if what in st.mods[owner].protects:
        return True
    if card >= 0:
        return any(m.kind == "protect" and "resources_on_this_card" in m.protects
                   for m in st.game.cards[card].modifiers)
    return False


def city_count(st: TMState, on_mars_only: bool) -> int:
    tiles = st.tiles
    mars = st.game.mars
    return sum(1 for s, k in enumerate(tiles)
               if k in CITY_TILES and (not on_mars_only or mars.spaces[s].on_mars))
