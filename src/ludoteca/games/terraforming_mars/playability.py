"""Can this card be played, can this action be used? (The checks before any choice.)

A project card is playable when its requirements hold (with leeway), its price can
be paid (M€, steel for building tags, titanium for space tags, Helion's heat), and
its mandatory parts can be done in full:

* own production decreases respect the floors (M€ -5, others 0), counting the
  card's own "including this" tile triggers (Immigrant City);
* own resource costs (Moss's plant, Local Heat Trapping's 5 heat, on top of heat
  used to pay) are there;
* a red-bordered production decrease can hit somebody (yourself included);
* every non-ocean tile it places has a legal space (oceans are skipped when none
  are left, as are maxed parameters);
* a mandatory removal of card resources has a card to take from;
* an effect that only works on a target has one: CEO's Favorite Project a card of
  yours already holding a resource; a card's hook (`hooks.py`) says whether it can
  be done (Robotic Workforce: a card whose production box it can copy, Land Claim:
  a free land space nobody has claimed).

Each card's profile (these static facts) is computed once per game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.cards import Card, CardAction, Op
from ludoteca.games.terraforming_mars.constants import (
    BUILDING,
    HEAT,
    MC,
    NR,
    OCEAN,
    OCEANS,
    PARAM_MAX,
    PRODUCTION_FLOOR,
    SPACE,
    STEEL,
    TITANIUM,
    slot,
)
from ludoteca.games.terraforming_mars.effects import resource_cards
from ludoteca.games.terraforming_mars.hooks import HOOK_OPS
from ludoteca.games.terraforming_mars.payment import PAY_STEEL, PAY_TITANIUM, can_afford
from ludoteca.games.terraforming_mars.placement import spaces_for
from ludoteca.games.terraforming_mars.tableau import card_cost, protected, requirements_met

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState


@dataclass(frozen=True, slots=True)
class Profile:
    """What must be possible to do a list of operations in full."""

    production: tuple[int, ...]  # net fixed own production change per resource
    spend: tuple[int, ...]  # own resources spent (M€ via payment)
    spend_flags: int  # may pay the M€ spend with steel/titanium
    reduce_any: tuple[tuple[int, int], ...]  # (resource, amount) someone must lose
    tiles: tuple[tuple[int, str], ...]  # non-ocean tiles that need a space
    remove_card: tuple[tuple[str, int], ...]  # mandatory card-resource removals
    remove_here: int  # resources removed from the card itself
    swap_min: tuple[tuple[bool, int, int], ...]  # (of production?, resource, minimum X): swaps, conversions
    only_raises: bool  # after its costs, nothing but parameter raises / oceans
    drops: tuple[tuple[int, int], ...] = ()  # (resource, net production decrease), for speed
    spends: tuple[tuple[int, int], ...] = ()  # (resource, cubes spent) other than M€
    trivial: bool = False  # nothing to check
    holders: tuple[tuple[str | None, int], ...] = ()  # (card resource, minimum held): CEO's Favorite Project
    hooks: tuple[Op, ...] = ()  # hook ops that must be possible (`hooks.Hook.possible`)


def profile(ops: tuple[Op, ...], card: Card | None = None) -> Profile:
    prod, spend = [0] * NR, [0] * NR
    flags = 0
    reduce_any, tiles, remove_card, swaps = [], [], [], []
    remove_here = 0
    only_raises = True
    holders, hooks = [], []
    for op in ops:
        k = op.kind
        fixed = op.amount if type(op.amount) is int else None
        if k == "production" and fixed is not None:
            prod[op.resource] += fixed
            only_raises = only_raises and fixed < 0
        elif k == "spend" and fixed is not None:
            spend[op.resource] += fixed
            flags |= PAY_STEEL if STEEL in op.may_pay_with else 0
            flags |= PAY_TITANIUM if TITANIUM in op.may_pay_with else 0
        elif k == "reduce_any_production" and fixed is not None:
            reduce_any.append((op.resource, fixed))
            only_raises = False
        elif k == "place_tile":
            if op.tile != OCEAN:
                tiles.append((op.tile, op.where))
                only_raises = False
        elif k == "remove_resource_any_card" and op.mandatory and fixed is not None:
            remove_card.append((op.card_resource or "", fixed))
            only_raises = False
        elif k == "add_resource" and op.must_hold > 0:
            holders.append((op.card_resource, op.must_hold))
            only_raises = False
        elif k == "remove_resource" and fixed is not None:
            remove_here += fixed
        elif k in ("production_swap", "convert"):
            swaps.append((k == "production_swap", op.resource, max(op.min, 0)))
            only_raises = False
        elif k not in ("raise",):
            only_raises = False
        if k in HOOK_OPS and HOOK_OPS[k].possible is not None:
            hooks.append(op)
    if card is not None:  # the card's own tile triggers it ("including this": Immigrant City)
        placed = {t for t, _ in tiles}
        for eff in card.effects:
            trig = eff.trigger
            if trig.event == "tile_placed" and trig.including_this and trig.tile in placed:
                for op in eff.ops:
                    if op.kind == "production" and type(op.amount) is int:
                        prod[op.resource] += op.amount
    drops = tuple((r, d) for r, d in enumerate(prod) if d < 0)
    spends = tuple((r, n) for r, n in enumerate(spend) if n and r != MC)
    trivial = not (drops or spends or spend[MC] or reduce_any or tiles or remove_card or remove_here or swaps
                   or holders or hooks)
    return Profile(tuple(prod), tuple(spend), flags, tuple(reduce_any), tuple(tiles), tuple(remove_card),
                   remove_here, tuple(swaps), only_raises, drops, spends, trivial, tuple(holders),
                   tuple(hooks))


def production_box(card: Card) -> tuple[int, ...] | None:
    """The card's fixed production changes when played (`copy_production` applies them again), or None."""
    box = [0] * NR
    found = False
    for op in card.on_play:
        if op.kind == "production":
            if type(op.amount) is not int:
                return None
            box[op.resource] += op.amount
            found = True
    return tuple(box) if found else None


def ops_possible(st: TMState, seat: int, card: int, pr: Profile, reserve_heat: int = 0) -> bool:
    """Whether the mandatory parts profiled in `pr` can be done by `seat` now."""
    if pr.trivial:
        return True
    base = slot(seat)
    prods, res = st.prod, st.res
    for r, d in pr.drops:
        if prods[base + r] + d < PRODUCTION_FLOOR[r]:
            return False
    for r, need in pr.spends:
        if res[base + r] < need + (reserve_heat if r == HEAT else 0):
            return False
    if pr.spend[MC] and not can_afford(st, seat, pr.spend[MC], pr.spend_flags):
        return False
    if pr.remove_here and (card < 0 or st.card_res[card] < pr.remove_here):
        return False
    for r, amount in pr.reduce_any:
        if not any(prods[slot(p, r)] - amount >= PRODUCTION_FLOOR[r] for p in range(st.n)) and not st.solo:
            return False
    for of_production, r, lowest in pr.swap_min:
        if (prods if of_production else res)[base + r] < lowest:
            return False
    for tile, where in pr.tiles:
        if not spaces_for(st, seat, tile, where):
            return False
    for op in pr.hooks:
        if not HOOK_OPS[op.kind].possible(st, seat, card, op):  # type: ignore[misc]  # every hook op's handler has `possible` (schema.py)
            return False
    for what, held in pr.holders:
        if not resource_cards(st, seat, what, card, held):
            return False
    return all(removable_cards(st, seat, what, amount, exclude=card) for what, amount in pr.remove_card)


def removable_cards(st: TMState, seat: int, what: str, amount: int, exclude: int = -1) -> list[int]:
    """Cards of any seat holding >= `amount` of `what` that `seat` may take from."""
    cards = st.game.cards
    out = []
    for p in range(st.n):
        for c in st.played[p]:
            if c != exclude and cards[c].resource_type == what and st.card_res[c] >= amount \
                    and not protected(st, p, seat, what, c):
                out.append(c)
    return sorted(out)


def budget(st: TMState, seat: int) -> tuple[int, int, int]:
    """(M€ plus usable heat, steel in M€, titanium in M€) that `seat` could pay with."""
    base = slot(seat)
    res, mods = st.res, st.mods[seat]
    cash = res[base + MC] + (res[base + HEAT] if mods.heat_as_mc else 0)
    return cash, res[base + STEEL] * mods.steel, res[base + TITANIUM] * mods.titanium


def playable(st: TMState, seat: int, index: int, means: tuple[int, int, int] | None = None) -> bool:
    game = st.game
    card = game.cards[index]
    cash, steel, titanium = means or budget(st, seat)
    pr = game.play_profiles[index]
    if pr.spend[HEAT] and st.mods[seat].heat_as_mc:
        cash -= pr.spend[HEAT]
    counts = card.tag_counts
    total = cash + (steel if counts[BUILDING] else 0) + (titanium if counts[SPACE] else 0)
    if total < card_cost(st, seat, card):
        return False
    if card.requirements and not requirements_met(st, seat, card):
        return False
    return ops_possible(st, seat, index, pr)


def _useless_raise(st: TMState, action: CardAction) -> bool:
    """An action whose only effect is raising maxed parameters is not offered."""
    for op in action.ops:
        if op.kind == "raise" and st.params[op.param] < PARAM_MAX[op.param]:
            return False
        if op.kind == "place_tile" and op.tile == OCEAN and st.params[OCEANS] < PARAM_MAX[OCEANS]:
            return False
    return True


def action_option_ok(st: TMState, seat: int, index: int, k: int) -> bool:
    action = st.game.cards[index].actions[k]
    if action.condition == "tr_raised_this_generation" and not st.tr_raised >> seat & 1:
        return False
    pr = st.game.action_profiles[index][k]
    if pr.only_raises and _useless_raise(st, action):
        return False
    return ops_possible(st, seat, index, pr)


def action_options(st: TMState, seat: int, index: int) -> list[int]:
    """Indices of the card's action options possible now, whether or not the card was used."""
    return [k for k in range(len(st.game.cards[index].actions)) if action_option_ok(st, seat, index, k)]


def usable_actions(st: TMState, seat: int, index: int) -> list[int]:
    """Indices of the card's action options `seat` can use now (empty if used this generation)."""
    if st.used >> index & 1:
        return []
    return action_options(st, seat, index)

