"""The order of a card's immediate effects, which the player may choose.

The rules let a player carry out the immediate effects of a played card in the order
of their choice. Almost always every order gives the same result, so the engine runs
the printed order and asks nothing. It asks (decision kind `order`, `option <k>` = do
the card's k-th immediate effect next) only when, in the position the card is played
in, two of its effects can give a different result in one order than in the other.

How "can give a different result" is decided:

* Each immediate effect (a top-level operation of `on_play`; an operation that acts on
  "the space just used", Flooding's removal, stays bound to the tile before it) has a
  static footprint: what it may change and what it depends on (`_writes`, `_reads`).
  Two effects are *dependent* if one may change what the other depends on. A card with
  no dependent pair never gets a decision (`effect_order` is None for it); for the base
  and Corporate Era cards this leaves 8: Asteroid, Big Asteroid, Comet, Deimos Down,
  Giant Ice Asteroid, Mining Expedition (a tile or a raise next to a plant removal),
  Nuclear Zone and Lava Flows (a raise next to a land tile).
* When such a card is played, each dependent pair is checked against the position
  (`_relevant`): a raise counts only for what it really does now (its 0 °C ocean only if
  this raise reaches 0 °C and oceans are left; oxygen's 8 % step included); an ocean
  only if oceans are left; a removal of an opponent's resource depends on a tile only
  if an opponent who can be hit has a card that gains that resource when such a tile
  is placed (Arctic Algae) and holds less than the amount removed (with at least that
  much, both orders leave the same count); a land tile depends on an ocean only if one
  of the tile's legal spaces is next to a free ocean space (2 M€ per adjacent ocean).
* The orders that give different results are the classes of permutations that order
  the relevant pairs differently; one permutation per class is offered, the
  lexicographically smallest (so with no relevant pair it is the printed order). The
  classes are fixed when the card is played; each step offers the next effect of the
  classes still open, and a step with one option is taken at once (no decision). The
  frame is `(F_ORDER, seat, card, step, orders)` (`OrderEffects`): `orders` the
  permutations still open, `step` how many effects are done.

The production box (`production`, `reduce_any_production`) is not part of the immediate
effects: the rules apply it after them. Cards without a decision keep their printed data
order, which already does so where it matters (Immigrant City); for a card with a
decision the box follows the chosen effects.

Not treated as a difference: knowing cards drawn earlier when making a later choice
(the reachable results are the same), and fixed own costs (`spend`), which are checked
before the card may be played and so can be paid in any order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.terraforming_mars.actions import OPTION
from ludoteca.games.terraforming_mars.board import OCEAN_SPACE
from ludoteca.games.terraforming_mars.cards import Card, Op
from ludoteca.games.terraforming_mars.constants import (
    CITY_TILES,
    MC,
    OCEAN,
    OCEANS,
    OXYGEN,
    PARAM_MAX,
    PLANTS,
    STEEL,
    TEMPERATURE,
    TITANIUM,
    slot,
)
from ludoteca.games.terraforming_mars.frames import F_ORDER, Frame, push_ops
from ludoteca.games.terraforming_mars.params import OCEAN_BONUS_STEP, TEMPERATURE_BONUS_OXYGEN
from ludoteca.games.terraforming_mars.placement import spaces_for
from ludoteca.games.terraforming_mars.tableau import protected

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

# ------------------------------------------------------------------ footprints (bit sets)
#: bits 0..5: the seat's own resources; then the aspects below
HAND, OPPONENTS, LAND, OCEAN_TILES, CARD_RES, PARAMS, PRODUCTION, LAST_SPACE = (1 << i for i in range(6, 14))
BOX = frozenset({"production", "reduce_any_production"})
_BONUS = (1 << STEEL) | (1 << TITANIUM) | (1 << PLANTS) | (1 << MC) | HAND  # printed bonuses, adjacent oceans
#: a tile's side effects: bonuses, the space just used, everybody's tile triggers
_TILE_SIDE = _BONUS | LAST_SPACE | OPPONENTS | PRODUCTION | CARD_RES
_CONDITION_READS = {"global": PARAMS, "tiles": LAND, "production": PRODUCTION, "tag": 0}


def _nested(op: Op) -> tuple[Op, ...]:
    return (*op.ops, *op.then, *op.otherwise, *(o for option in op.options for o in option))


def _tile_writes(tile: int, where: str) -> int:
    return (OCEAN_TILES if tile == OCEAN or where == "ocean_space" else LAND) | _TILE_SIDE


def _writes(op: Op) -> int:
    k = op.kind
    if k in ("gain", "spend", "steal"):
        return 1 << op.resource
    if k in ("draw_cards", "discard_cards", "look_keep"):
        return HAND
    if k == "look_buy":
        return HAND | (1 << MC)
    if k == "place_tile":
        return _tile_writes(op.tile, op.where)
    if k == "raise":
        return PARAMS | PRODUCTION | _tile_writes(OCEAN, "ocean_space")  # heat bonus steps, 0 °C ocean
    if k in ("add_resource", "remove_resource", "remove_resource_any_card"):
        return CARD_RES
    if k == "convert":
        return (1 << op.resource) | (1 << op.to)
    if k in ("production_swap", "copy_production"):
        return PRODUCTION
    if k == "claim_space":
        return LAND
    out = 0
    for o in _nested(op):
        out |= _writes(o)
    return out


def _reads(op: Op, nested: bool = False) -> int:
    k = op.kind
    if k == "spend":  # a fixed own cost is checked before playing; inside a choice it decides the options
        return 1 << op.resource if nested else 0
    if k == "convert":
        return 1 << op.resource
    if k == "production_swap":
        return PRODUCTION
    if k == "look_buy":
        return 1 << MC
    if k == "discard_cards":
        return HAND
    if k == "place_tile":
        if op.tile == OCEAN:
            return 0  # oceans placed one after another: the same results in either order
        return OCEAN_TILES if op.where == "ocean_space" else LAND | OCEAN_TILES
    if k in ("remove_any_resource", "steal"):
        return OPPONENTS
    if k in ("remove_player_resource", "space_bonus_production"):
        return LAST_SPACE
    if k in ("remove_resource", "remove_resource_any_card") or (k == "add_resource" and op.must_hold):
        return CARD_RES
    out = _CONDITION_READS[op.cond.kind] if k == "conditional" and op.cond is not None else 0
    for o in _nested(op):
        out |= _reads(o, True)
    return out


@dataclass(frozen=True, slots=True)
class EffectOrder:
    """A card whose immediate effects may need ordering: its units, its box, the dependent pairs."""

    units: tuple[tuple[Op, ...], ...]
    box: tuple[Op, ...]
    pairs: tuple[tuple[int, int], ...]


def effect_order(card: Card) -> EffectOrder | None:
    """The card's immediate effects as units with their dependent pairs, or None if none depend."""
    units: list[list[Op]] = []
    box: list[Op] = []
    for op in card.on_play:
        if op.kind in BOX:
            box.append(op)
        elif _reads(op) & LAST_SPACE and units:
            units[-1].append(op)  # acts on the tile just placed: bound to it
        else:
            units.append([op])
    writes = [_unit_bits(u, _writes) for u in units]
    reads = [_unit_reads(u) for u in units]
    pairs = tuple((i, j) for i in range(len(units)) for j in range(i + 1, len(units))
                  if writes[i] & reads[j] or writes[j] & reads[i])
    if not pairs:
        return None
    return EffectOrder(tuple(tuple(u) for u in units), tuple(box), pairs)


def _unit_bits(unit: Sequence[Op], bits: Callable[[Op], int]) -> int:
    out = 0
    for op in unit:
        out |= bits(op)
    return out


def _unit_reads(unit: Sequence[Op]) -> int:
    """What a unit depends on; "the space just used" is its own tile's, so it is left out."""
    return _unit_bits(unit, _reads) & ~LAST_SPACE


# ------------------------------------------------------------------ what an effect does now
def _raise_places_ocean(st: TMState, op: Op) -> bool:
    """Whether this raise, done now, reaches 0 °C (directly or by oxygen's 8 % step) with oceans left."""
    if st.params[OCEANS] >= PARAM_MAX[OCEANS]:
        return False
    temp = st.params[TEMPERATURE]
    if op.param == OXYGEN:
        oxygen = st.params[OXYGEN]
        steps = min(op.steps, PARAM_MAX[OXYGEN] - oxygen)
        reaches_8 = oxygen < TEMPERATURE_BONUS_OXYGEN <= oxygen + steps
        return reaches_8 and temp + 1 == OCEAN_BONUS_STEP
    steps = min(op.steps, PARAM_MAX[TEMPERATURE] - temp)
    return temp < OCEAN_BONUS_STEP <= temp + steps


def _tiles_now(st: TMState, unit: tuple[Op, ...]) -> list[int]:
    """The tiles this unit would place now (a raise's 0 °C ocean included)."""
    out = []
    for op in unit:
        if op.kind == "raise" and _raise_places_ocean(st, op):
            out.append(OCEAN)
        elif op.kind == "place_tile" and (op.tile != OCEAN or st.params[OCEANS] < PARAM_MAX[OCEANS]):
            out.append(op.tile)
    return out


def _live_writes(st: TMState, unit: tuple[Op, ...]) -> int:
    out = 0
    for op in unit:
        if op.kind == "raise":
            if st.params[op.param] < PARAM_MAX[op.param]:
                out |= PARAMS | PRODUCTION
            if _raise_places_ocean(st, op):
                out |= _tile_writes(OCEAN, "ocean_space")
        elif op.kind == "place_tile" and op.tile == OCEAN:
            if st.params[OCEANS] < PARAM_MAX[OCEANS]:
                out |= _writes(op)
        else:
            out |= _writes(op)
    return out


def _removals(unit: tuple[Op, ...]) -> list[Op]:
    out = []
    for op in unit:
        if op.kind in ("remove_any_resource", "steal") and type(op.amount) is int:
            out.append(op)
        out += _removals(_nested(op))
    return out


def _gains_on_tile(st: TMState, p: int, tile: int, resource: int) -> bool:
    """Whether seat `p` has a card gaining `resource` when anyone places `tile` (Arctic Algae)."""
    cards = st.game.cards
    for c in st.effect_cards[p]:
        for eff in cards[c].effects:
            trig = eff.trigger
            if trig.event != "tile_placed" or not trig.by_anyone:
                continue
            if trig.tile >= 0 and not (trig.tile == tile or (tile in CITY_TILES and trig.tile in CITY_TILES)):
                continue
            if any(o.kind == "gain" and o.resource == resource for o in eff.ops):
                return True
    return False


def _opponents_relevant(st: TMState, seat: int, writer: tuple[Op, ...], reader: tuple[Op, ...]) -> bool:
    if st.solo:  # the neutral player has unlimited resources
        return False
    tiles = _tiles_now(st, writer)
    for op in _removals(reader):
        r, amount = op.resource, op.amount
        for p in range(st.n):
            if p == seat or st.res[slot(p, r)] >= amount:  # type: ignore[operator]  # a removal op always has an amount (schema.py)
                continue
            if r == PLANTS and protected(st, p, seat, "plants"):
                continue
            if any(_gains_on_tile(st, p, t, r) for t in tiles):
                return True
    return False


def _ocean_adjacency_relevant(st: TMState, seat: int, reader: tuple[Op, ...]) -> bool:
    """Whether a tile of `reader` could go next to a free ocean space (or on one)."""
    mars = st.game.mars
    for op in reader:
        if op.kind != "place_tile" or op.tile == OCEAN:
            continue
        if op.where == "ocean_space":
            return True
        for s in spaces_for(st, seat, op.tile, op.where):
            if any(mars.spaces[n].kind == OCEAN_SPACE and st.tiles[n] == 0 for n in mars.spaces[s].neighbors):
                return True
    return False


def _relevant(st: TMState, seat: int, a: tuple[Op, ...], b: tuple[Op, ...]) -> bool:
    """Whether doing `a` before `b` can give another result than `b` before `a`, here and now."""
    for writer, reader in ((a, b), (b, a)):
        common = _live_writes(st, writer) & _unit_reads(reader)
        if common & OPPONENTS and _opponents_relevant(st, seat, writer, reader):
            return True
        if common & OCEAN_TILES and _ocean_adjacency_relevant(st, seat, reader):
            return True
        if common & ~(OPPONENTS | OCEAN_TILES):
            return True
    return False


# ------------------------------------------------------------------ the decision
def start_effects(st: TMState, seat: int, index: int) -> None:
    """Schedule the played card's effects: the printed order, or an `order` decision."""
    card = st.game.cards[index]
    order = st.game.effect_orders[index]
    if order is not None:
        units = order.units
        pairs = [(i, j) for i, j in order.pairs if _relevant(st, seat, units[i], units[j])]
        if pairs:
            first: dict[tuple[bool, ...], tuple[int, ...]] = {}
            for perm in permutations(range(len(units))):  # lexicographic order: a class's first is its least
                pos = {u: k for k, u in enumerate(perm)}
                first.setdefault(tuple(pos[i] < pos[j] for i, j in pairs), perm)
            st.stack.append((F_ORDER, seat, index, 0, tuple(sorted(first.values()))))
            return
    push_ops(st, seat, index, card.on_play)


def order_units(st: TMState, index: int) -> tuple[tuple[Op, ...], ...]:
    """The immediate effects of a card with an `order` decision, as numbered by `option <k>`."""
    order = st.game.effect_orders[index]
    assert order is not None
    return order.units


def order_options(frame: Frame) -> list[int]:
    """The units that may come next: the next one of every order still open."""
    step, orders = frame[3], frame[4]
    return sorted({o[step] for o in orders})


def apply_order(st: TMState, frame: Frame, unit: int) -> None:
    _, seat, index, step, orders = frame
    order = st.game.effect_orders[index]
    assert order is not None
    left = tuple(o for o in orders if o[step] == unit)
    if len(left) > 1:
        st.stack.append((F_ORDER, seat, index, step + 1, left))
        push_ops(st, seat, index, order.units[unit])
        return
    push_ops(st, seat, index, order.box)
    for u in reversed(left[0][step:]):
        push_ops(st, seat, index, order.units[u])


class OrderEffects(Decision):
    kind = F_ORDER
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [OPTION + k for k in order_options(frame)]

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        apply_order(st, frame, action - OPTION)
