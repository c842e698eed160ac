"""How good a position looks to a seat, for the bots (`OnMarsGame.heuristic`).

A seat's worth is its OP plus what it would score if the game ended now (penalties
for unbuilt Blueprints and failed Contracts included) plus values for what builds
future points:

* stock: resources (minerals, being wild, a little more), crystals, bots, Shelters,
  a completed Private Goal, each building constructed (the engine of the game, and
  what ends it: buildings move the LSS markers that level the colony up), each tech
  tile in the Lab (what it allows, and the OP of developing it further);
* cards (`heuristic_plans.py`): held Blueprints by their chance of being built, an
  Advanced Building's action, Scientists, Contracts and the best held Private Goal by
  their prospects;
* colonists: one in Living Quarters is worth more than one idle in the Working Area
  or on an action slot (it only comes back when the seat travels), and having none
  ready is penalised — so a seat that has sent every colonist to work travels to get
  them back. The Living Quarters ladder of final scoring is projected with every
  colonist that comes back by travelling, wherever the seat stands (final scoring
  brings back only the current side's slots: judged by that, every travel looked
  like a loss of the colonists left on the other side, and greedy games stalled);
* income: each Mine the seat works (its colonist or Advanced marker), since every
  travel to Orbit turns it into a mineral — the first link of the construction chain;
* building sites (a potential): for each type the seat can pay for now (a tile
  left), how close its nearest bot is to a hex where that type may go (exactly 2
  hexes from a same-type building and adjacent to none, or joining a complex that
  some seat's tech tile allows). The value falls with each hex of distance, so every
  bot step toward a site is worth something to a one-turn search (bots move one hex
  per decision); a type the LSS still wants (its marker below the next colony level)
  counts more, as building it brings an LSS reward and moves the colony to the end;
* the rover (a potential): closeness to the nearest crystal on the map.

Movement points the seat has still to spend this turn count as steps already taken
toward the nearest site and crystal: a step toward them keeps the value, stopping early
loses it, and more movement (crystals, another seat's tech tile) is worth its reach.

What every seat's worth reads from the shared board (buildings by type, tech levels,
tiles left) is taken once per judgement (`Board`).

The heuristic is that worth minus the best other seat's; at the end it is the final
OP lead (final scoring is already on the track). At a chance node it is the
expectation over the outcomes. While the seat is in the middle of a construction
(type, payment, hex, whose tech tile) the rest of it is played out, best choice
first, so a search that stops early sees the building and not only the cost paid.

Why: without the potentials and the construction look-ahead, `greedy` (one turn
deep) never saw a gain in moving a bot or starting a construction it could not see
finished, and greedy-vs-greedy games stalled at colony level 1-3 for 100+ rounds.
With them, 2-player greedy games reach colony level 5 in about 30-50 rounds.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ludoteca.games.on_mars.board import Hex, distance
from ludoteca.games.on_mars.components import BUILDINGS, RESOURCES
from ludoteca.games.on_mars.construct import build_cost, same_type
from ludoteca.games.on_mars.heuristic_plans import (
    GOAL_DONE,
    Placed,
    adjacent,
    complex_sizes,
    plans_value,
    ring2,
)
from ludoteca.games.on_mars.lab import tech_seats
from ludoteca.games.on_mars.payment import can_pay, cost_units
from ludoteca.games.on_mars.scoring import final_breakdown

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

RESOURCE = 0.6
MINERAL = 0.9  # wild: pays for any other resource
CRYSTAL = 0.8
COLONIST = 0.6  # in Living Quarters, ready for an action
WORKING = 0.2  # in the Working Area: back only when the seat travels
SLOTTED = 0.3  # on an action slot (not the Scientist/Contract one): back when the seat next arrives there
NO_COLONIST = 2.0  # penalty: none in Living Quarters (no action that needs one)
BOT = 0.5
SHELTER = 1.5
BUILT = 3.0  # each building constructed
TECH_TILE = 1.5  # each tech tile in the Lab: what it allows, and the OP of developing it further
MINE_WORKED = 2.5  # a Mine holding the seat's colonist or Advanced marker: mineral income
SITE = 2.0  # a bot within reach of a site for a building the seat can pay for now
SITE_WANTED = 1.5  # multiplier for a type the LSS still wants at this colony level
SITE_REACH = 8  # steps beyond which a site is worth nothing
ROVER = 0.6  # the rover on a crystal (falls by 1/ROVER_REACH a step)
ROVER_REACH = 6
#: a construction or a run of upgrades under way: played out by `heuristic`
FINISH = frozenset({"build_type", "build_hex", "pay", "extra", "use_tech", "upgrade", "upgrade_hex"})
KEPT_SLOT = "hire_scientist_or_contract"  # its colonists never come back (`colony.py`)
MOVING = frozenset({"move", "cc_crystals", "movement_tech"})  # frames holding movement points
FINISH_DEPTH = 4


def tech_levels(state: OnMarsState) -> dict[str, int]:
    """The best tech level of each type on any board that may lend it (`lab.tech_seats`)."""
    levels: dict[str, int] = {}
    for s in tech_seats(state):
        for tile, (col, _) in state.players[s].lab.items():
            kind = tile.split(":")[-1]
            if col + 1 > levels.get(kind, 0):
                levels[kind] = col + 1
    return levels


def sites(state: OnMarsState, seat: int, kind: str) -> frozenset[Hex]:
    """Hexes where `seat` could place a `kind` building if a bot stood by (the placement
    rule of `construct.build_hexes` without the building-zone condition)."""
    own = frozenset(h for h, b in state.buildings.items() if same_type(state, b, kind, seat))
    return _sites(own, tech_levels(state).get(kind, 0), frozenset(state.buildings))


@lru_cache(maxsize=4096)
def _sites(own: frozenset[Hex], tech: int, built: frozenset[Hex]) -> frozenset[Hex]:
    """Free hexes exactly 2 from a building of `own` and adjacent to none; with a tech
    level `tech` (0: none) also free hexes joining at most `tech` of them."""
    found: set[Hex] = set()
    for x in own:
        for h in ring2(x):
            if h not in built and not adjacent(h) & own:
                found.add(h)
    if tech:
        size = complex_sizes(own)
        for x in own:
            for h in adjacent(x):
                if h not in built and h not in found:
                    joined = {size[n] for n in adjacent(h) & own}  # (complex id, size) pairs
                    if sum(n for _, n in joined) <= tech:
                        found.add(h)
    return frozenset(found)


@lru_cache(maxsize=4096)
def _nearest(targets: frozenset[Hex], bots: tuple[Hex, ...]) -> int:
    return min(distance(b, h) for b in bots for h in targets)


def site_steps(state: OnMarsState, seat: int, kind: str) -> int | None:
    """Bot steps until a site for `kind` lies in one of `seat`'s building zones (0: now;
    None: no bot on the map or no site)."""
    bots = state.players[seat].bots
    if not bots:
        return None
    targets = sites(state, seat, kind)
    return max(0, _nearest(targets, tuple(bots)) - 1) if targets else None


@lru_cache(maxsize=8192)
def _payable(storage: tuple[int, ...], units: tuple[str, ...]) -> bool:
    return can_pay(dict(zip(RESOURCES, storage, strict=True)), list(units))


_UNITS: dict[int, tuple[tuple[str, ...], ...]] = {}


def _build_units(state: OnMarsState) -> tuple[tuple[str, ...], ...]:
    """Each building type's cost as payment units (`construct.build_cost`), in the order
    of `BUILDINGS`, once per components."""
    costs = state.om_game.components.building_costs
    units = _UNITS.get(id(costs))
    if units is None:
        units = _UNITS[id(costs)] = tuple(tuple(cost_units(build_cost(state, kind))) for kind in BUILDINGS)
    return units


def affordable(state: OnMarsState, seat: int, kind: str) -> bool:
    """Could `seat` pay for a `kind` building now (and is a tile of it left)? That is
    `construct.can_build_type` without its condition on the bots' building zones."""
    return kind in affordable_types(state, seat)


_POOLS = tuple(f"building_{kind}" for kind in BUILDINGS)


def tiles_left(state: OnMarsState) -> tuple[bool, ...]:
    """For each type of `BUILDINGS`, is a tile of it left in its pool (Shelters: True,
    they come from each seat's own track)?"""
    pools = state.pools
    return tuple(
        kind == "shelter" or any(pools.get(pool, ())) for kind, pool in zip(BUILDINGS, _POOLS, strict=True))


def affordable_types(state: OnMarsState, seat: int, left: tuple[bool, ...] | None = None) -> tuple[str, ...]:
    """The building types `seat` could pay for now with a tile left (`affordable`;
    `left`: `tiles_left(state)` if already known)."""
    player = state.players[seat]
    return _affordable(
        tuple(player.storage[r] for r in RESOURCES), left or tiles_left(state), player.shelters_left > 0,
        player.quarters >= 1, _build_units(state))


@lru_cache(maxsize=8192)
def _affordable(
    storage: tuple[int, ...], left: tuple[bool, ...], shelter: bool, mine: bool,
    units: tuple[tuple[str, ...], ...],
) -> tuple[str, ...]:
    return tuple(
        kind for kind, tile, cost in zip(BUILDINGS, left, units, strict=True)
        if tile and (shelter or kind != "shelter") and (mine or kind != "mine") and _payable(storage, cost))


def pending_mp(state: OnMarsState, seat: int) -> tuple[int, int]:
    """Movement points `seat` has still to spend this turn: (bots, rover)."""
    frames = [f for f in state.pending if f["k"] in MOVING and f.get("seat") == seat]
    return sum(f.get("bots_mp", 0) for f in frames), sum(f.get("rover_mp", 0) for f in frames)


class Board(NamedTuple):
    """What every seat's worth reads from the shared board, taken once per judgement."""

    placed: Placed
    levels: dict[str, int]  # tech_levels
    built: frozenset[Hex]  # the hexes holding a building
    left: tuple[bool, ...]  # tiles_left

    @staticmethod
    def of(state: OnMarsState) -> Board:
        return Board(Placed.of(state), tech_levels(state), frozenset(state.buildings), tiles_left(state))


def site_value(
    state: OnMarsState, seat: int, reach: int = 0, own: dict[str, frozenset[Hex]] | None = None,
    board: Board | None = None,
) -> float:
    """The best building-site potential among the types `seat` can pay for (`reach`: bot
    steps still to take this turn, counted as already taken toward the site; `board`:
    `Board.of(state)` if already known)."""
    bots = state.players[seat].bots
    if not bots:
        return 0.0
    board = board or Board.of(state)
    kinds = affordable_types(state, seat, board.left)
    if not kinds:
        return 0.0
    own, levels, built = own or board.placed.own(seat), board.levels, board.built
    placed = tuple(bots)
    best = 0.0
    for kind in kinds:
        targets = _sites(own[kind], levels.get(kind, 0), built)
        if not targets:
            continue
        steps = max(0, _nearest(targets, placed) - 1)
        if steps >= SITE_REACH + reach:
            continue
        steps = max(0, steps - reach)
        wanted = kind in state.lss and state.lss[kind] <= state.colony_level
        value = SITE * (SITE_WANTED if wanted else 1.0) * (SITE_REACH - steps) / SITE_REACH
        best = max(best, value)
    return best


def rover_value(state: OnMarsState, seat: int, reach: int = 0) -> float:
    """Closeness of `seat`'s rover (the central Mine until it moves) to the nearest crystal
    (`reach`: rover steps still to take this turn)."""
    if not state.crystals:
        return 0.0
    rover = state.players[seat].rover or (0, 0)
    steps = max(0, _nearest(frozenset(state.crystals), (rover,)) - reach)
    return ROVER * max(0, ROVER_REACH - steps) / ROVER_REACH


def slotted(state: OnMarsState, seat: int) -> int:
    """`seat`'s colonists on action slots that come back when it travels (every slot but
    Hire a Scientist / Earth Contract's, which is never cleared)."""
    return sum(slot.count(seat) for action, slot in state.slots.items() if action != KEPT_SLOT)


def mines_worked(state: OnMarsState, seat: int) -> int:
    """Mines holding `seat`'s colonist or Advanced marker."""
    return Placed.of(state).mines.get(seat, 0)


def worth(state: OnMarsState, seat: int, board: Board | None = None) -> float:
    """`seat`'s worth (the module docstring; `board`: `Board.of(state)` if already known)."""
    p = state.players[seat]
    if state.stage == "over":
        return float(p.op)
    back = slotted(state, seat)
    # the Living Quarters as at the end wherever the seat then stands: final scoring
    # brings back only the current side's slots, which would make every travel look
    # like a loss of the colonists left on the other side (and a seat never leave)
    breakdown = final_breakdown(state, seat, min(p.quarters_capacity(), p.quarters + p.working + back))
    value = float(p.op + sum(breakdown.values()))
    value += RESOURCE * (sum(p.storage.values()) - p.storage["mineral"]) + MINERAL * p.storage["mineral"]
    value += CRYSTAL * (p.depot + p.incoming)
    value += COLONIST * p.quarters + WORKING * p.working - NO_COLONIST * (p.quarters == 0)
    value += SLOTTED * back
    value += BOT * len(p.bots) + SHELTER * p.shelters_on_map()
    value += GOAL_DONE * (p.goal_done is not None) + BUILT * state.counters.get(f"built_{seat}", 0)
    value += TECH_TILE * len(p.lab)
    board = board or Board.of(state)
    own = board.placed.own(seat)
    value += MINE_WORKED * board.placed.mines.get(seat, 0) + plans_value(state, seat, own)
    bots_mp, rover_mp = pending_mp(state, seat)
    value += site_value(state, seat, bots_mp, own, board) + rover_value(state, seat, rover_mp)
    return value


HORIZON = frozenset({"move", "main", "discovery_hex"})


def horizon(state: OnMarsState) -> bool:
    """Where a one-turn search judges the position as it stands (`Game.turn_horizon`):
    in the middle of a movement (`move`: the points still to spend already count as
    steps toward the nearest site and crystal, so each step is judged on its own
    instead of every path of three steps) and at the main-action choice reached after
    the executive-action window (an executive action is taken for what it brings by
    itself, not for every main action that could follow it)."""
    frame = state.top()
    return frame is not None and frame["k"] in HORIZON


def heuristic(state: OnMarsState, seat: int, chance_depth: int = 2, finish: int = FINISH_DEPTH) -> float:
    """`seat`'s worth minus the best other seat's. At a chance node (a building tile's
    back, a card drawn) it is the expectation over the outcomes, so that an action
    whose result waits on a draw (Construct) is judged by that result. When `seat` is
    in the middle of a construction (choosing the type, paying, the hex, whose tech
    tile) or of a run of upgrades, the rest of it is played out (best choice, up to
    `finish` more decisions), so that a search which stops there sees the building, not
    just the cost paid, and the upgrades another seat's Upgrade Tech adds."""
    if chance_depth and state.is_chance_node():
        # a building tile's back changes nothing but the crystals its arrows place (the
        # tile is read only then): outcomes placing the same ones are judged once
        top = state.top()
        build = top is not None and top.get("to") == "build"
        seen: dict[frozenset[Hex], float] | None = {} if build else None
        total = 0.0
        for action, p in state.chance_outcomes():
            child = state.clone()
            child.apply_action(action)
            assert isinstance(child, type(state))
            if seen is None:
                total += p * heuristic(child, seat, chance_depth - 1, finish)
                continue
            key = frozenset(child.crystals)
            value = seen.get(key)
            if value is None:
                value = seen[key] = heuristic(child, seat, chance_depth - 1, finish)
            total += p * value
        return total
    frame = state.top()
    if finish and frame is not None and frame["k"] in FINISH and state.current_player() == seat:
        best = float("-inf")
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            assert isinstance(child, type(state))
            best = max(best, heuristic(child, seat, chance_depth, finish - 1))
        return best
    board = Board.of(state)
    mine = worth(state, seat, board)
    others = [worth(state, s, board) for s in range(state.n) if s != seat]
    return mine - max(others) if others else mine
