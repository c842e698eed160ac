"""How good a position looks to a seat, for the bots (`OnMarsGame.heuristic`).

A seat's worth is its OP plus what it would score if the game ended now (penalties
for unbuilt Blueprints and failed Contracts included) plus small values for what
builds future points:

* stock: resources (minerals, being wild, a little more), crystals, colonists, bots,
  Shelters, a completed Private Goal, each building constructed (the engine of the
  game, and what ends it: buildings move the LSS markers that level the colony up);
* income: each Mine the seat works (its colonist or Advanced marker), since every
  travel to Orbit turns it into a mineral — the first link of the construction chain;
* building sites (a potential): for each type the seat can construct now (cost in
  hand, a tile left), how close its nearest bot is to a hex where that type may go
  (exactly 2 hexes from a same-type building and adjacent to none, or joining a
  complex that some Lab's tech tile allows). The value falls by one step per hex of
  distance, so each bot step toward a site is worth something to a one-turn search;
  a type still wanted by the LSS (its marker below the next colony level) counts
  more, as its building brings an LSS reward and moves the colony toward the end.
* the rover (a potential): closeness to the nearest crystal on the map.

At a chance node it is the expectation over the outcomes. The heuristic is that
worth minus the best other seat's; at the end it is the final OP lead (final
scoring is already on the track).
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from ludoteca.games.on_mars.board import Hex, distance, neighbours, ring
from ludoteca.games.on_mars.components import BUILDINGS
from ludoteca.games.on_mars.construct import build_cost, connects_to, same_type, tech_level
from ludoteca.games.on_mars.payment import can_pay, cost_units
from ludoteca.games.on_mars.scoring import final_breakdown

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

RESOURCE = 0.6
MINERAL = 0.9  # wild: pays for any other resource
CRYSTAL = 0.8
COLONIST = 0.5
BOT = 0.5
SHELTER = 1.5
GOAL_DONE = 4.0
BUILT = 3.0  # each building constructed
MINE_WORKED = 2.5  # a Mine holding the seat's colonist or Advanced marker: mineral income
SITE = 2.0  # a bot within reach of a site for a building the seat can pay for now
SITE_WANTED = 1.5  # multiplier for a type the LSS still wants at this colony level
SITE_REACH = 8  # steps beyond which a site is worth nothing
ROVER = 0.6  # the rover on a crystal (falls by 1/ROVER_REACH a step)
ROVER_REACH = 6


@cache
def _ring2(h: Hex) -> tuple[Hex, ...]:
    return tuple(ring(h, 2))


def sites(state: OnMarsState, seat: int, kind: str) -> set[Hex]:
    """Hexes where `seat` could place a `kind` building if a bot stood by (the placement
    rule of `construct.build_hexes` without the building-zone condition)."""
    own = [h for h, b in state.buildings.items() if same_type(state, b, kind, seat)]
    tech = max((tech_level(state, s, kind) for s in range(state.n)), default=0)
    found: set[Hex] = set()
    for x in own:
        for h in _ring2(x):
            if h not in state.buildings and h not in found and connects_to(state, h, kind, seat) == 0:
                found.add(h)
        if tech:
            for h in neighbours(x):
                if h not in state.buildings and h not in found and connects_to(state, h, kind, seat) <= tech:
                    found.add(h)
    return found


def site_steps(state: OnMarsState, seat: int, kind: str) -> int | None:
    """Bot steps until a site for `kind` lies in one of `seat`'s building zones (0: now;
    None: no bot on the map or no site)."""
    bots = state.players[seat].bots
    targets = sites(state, seat, kind)
    if not bots or not targets:
        return None
    return max(0, min(distance(b, h) for b in bots for h in targets) - 1)


def affordable(state: OnMarsState, seat: int, kind: str) -> bool:
    """Could `seat` pay for a `kind` building now (and is a tile of it left)?"""
    player = state.players[seat]
    if kind == "shelter":
        if player.shelters_left == 0:
            return False
    elif not any(state.pools.get(f"building_{kind}", ())):
        return False
    if kind == "mine" and player.quarters < 1:
        return False
    return can_pay(player.storage, cost_units(build_cost(state, kind)))


def site_value(state: OnMarsState, seat: int) -> float:
    """The best building-site potential among the types `seat` can pay for."""
    best = 0.0
    for kind in BUILDINGS:
        if not affordable(state, seat, kind):
            continue
        steps = site_steps(state, seat, kind)
        if steps is None or steps >= SITE_REACH:
            continue
        wanted = kind in state.lss and state.lss[kind] <= state.colony_level
        value = SITE * (SITE_WANTED if wanted else 1.0) * (SITE_REACH - steps) / SITE_REACH
        best = max(best, value)
    return best


def rover_value(state: OnMarsState, seat: int) -> float:
    """Closeness of `seat`'s rover (the central Mine until it moves) to the nearest crystal."""
    if not state.crystals:
        return 0.0
    rover = state.players[seat].rover or (0, 0)
    steps = min(distance(rover, h) for h in state.crystals)
    return ROVER * max(0, ROVER_REACH - steps) / ROVER_REACH


def mines_worked(state: OnMarsState, seat: int) -> int:
    return sum(b.kind == "mine" and seat in (b.miner, b.advanced) for b in state.buildings.values())


def worth(state: OnMarsState, seat: int) -> float:
    p = state.players[seat]
    if state.stage == "over":
        return float(p.op)
    value = float(p.op + sum(final_breakdown(state, seat).values()))
    value += RESOURCE * (sum(p.storage.values()) - p.storage["mineral"]) + MINERAL * p.storage["mineral"]
    value += CRYSTAL * (p.depot + p.incoming)
    value += COLONIST * (p.quarters + p.working) + BOT * len(p.bots) + SHELTER * p.shelters_on_map()
    value += GOAL_DONE * (p.goal_done is not None) + BUILT * state.counters.get(f"built_{seat}", 0)
    value += MINE_WORKED * mines_worked(state, seat)
    value += site_value(state, seat) + rover_value(state, seat)
    return value


def heuristic(state: OnMarsState, seat: int, chance_depth: int = 2) -> float:
    """`seat`'s worth minus the best other seat's. At a chance node (a building tile's
    back, a card drawn) it is the expectation over the outcomes, so that an action
    whose result waits on a draw (Construct) is judged by that result."""
    if chance_depth and state.is_chance_node():
        total = 0.0
        for action, p in state.chance_outcomes():
            child = state.clone()
            child.apply_action(action)
            assert isinstance(child, type(state))
            total += p * heuristic(child, seat, chance_depth - 1)
        return total
    mine = worth(state, seat)
    others = [worth(state, s) for s in range(state.n) if s != seat]
    return mine - max(others) if others else mine
