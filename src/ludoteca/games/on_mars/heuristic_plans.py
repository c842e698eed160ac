"""What a seat's cards are worth before the end, for the bots (`heuristic.worth`).

Final scoring counts an unbuilt Blueprint as -3/-5 and a Contract not met as -4/-6; a
one-turn search that judged by those figures alone would never take either. Here
each card is valued as its end-game outcome weighted by how likely it looks, plus
what it brings before the end:

* a Blueprint held: its unbuilt penalty, plus the chance of building it times the
  swing to its built value (and to its Advanced Building's worth, below). The chance
  is highest when a matching building (the card's type, no Advanced marker, a Complex
  of `min_complex`+, the seat's own Shelters only) stands in one of the seat's bots'
  building zones, lower when it stands elsewhere on the map, lower still when none
  stands yet, and low once the end is triggered (no time left). Upgrades come one
  at a time, so the seat's Blueprints count in order of hope, each further one half
  the one before: holding many unbuilt cards is worth little (and ends at -3/-5 each);
* an Advanced Building of the seat's (a built Blueprint): its built OP is already in
  final scoring; its action (one more executive action the seat can use each turn)
  is worth `ADVANCED` more;
* a Scientist held: final scoring counts 3 OP per Advanced Building of the type it
  scores; a Blueprint of that type anyone holds may become one (`SCIENTIST_HOPE`
  each), and the Scientist can work on a built Blueprint for free actions;
* a Contract held: delivery contracts by the share of their items the seat holds now
  (crystals from the Depot, no mineral substitute), upgrade contracts by the size of
  the largest Complex of that type carrying the seat's Advanced marker (4 needed) —
  between the failed and the completed value, so each item gathered is worth part of
  the swing;
* Private Goals held (none revealed yet): the share of the best one's condition met,
  times `GOAL_HOPE` of a revealed goal's worth (`heuristic.GOAL_DONE`; its reward is
  judged by what it brings once taken). Held at 0, a goal card was always worth less
  than the crystal it can be discarded for, and greedy seats discarded every goal and
  revealed few; now the best goal is kept while it is under way, the others still go
  for crystals.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ludoteca.games.on_mars.board import Hex, neighbours, ring
from ludoteca.games.on_mars.components import BUILDINGS
from ludoteca.games.on_mars.goals import goal_count
from ludoteca.games.on_mars.scoring import end_depot

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

ADVANCED = 2.0  # an Advanced Building's action, on top of its built OP
SCIENTIST_HOPE = 1.0  # per Blueprint of the type a held Scientist scores, held by anyone
BUILD_IN_ZONE = 0.65  # chance of building a Blueprint whose building is in a bot's zone
BUILD_FAR = 0.5  # ... whose building stands on the map, out of reach
BUILD_NONE = 0.4  # ... whose building is not on the map yet
CROWDED = 0.5  # each further Blueprint held counts half the one before (one upgrade at a time)
CONTRACT_HOPE = 0.7  # of the failed-to-completed swing, times the share of the condition met
LATE = 0.3  # the chances above, once the end of the game is triggered
GOAL_DONE = 4.0  # a revealed Private Goal (besides its reward)
GOAL_HOPE = 0.75  # of GOAL_DONE, times the share of the best held goal's condition met


@cache
def ring2(h: Hex) -> tuple[Hex, ...]:
    return tuple(ring(h, 2))


@cache
def adjacent(h: Hex) -> frozenset[Hex]:
    return frozenset(neighbours(h))


@lru_cache(maxsize=4096)
def complex_sizes(own: frozenset[Hex]) -> dict[Hex, tuple[Hex, int]]:
    """Each hex of `own` (buildings of one type) -> (a hex naming its complex, the
    complex's size). Cached: the result must not be changed."""
    result: dict[Hex, tuple[Hex, int]] = {}
    for start in own:
        if start in result:
            continue
        group, todo = {start}, [start]
        while todo:
            for n in adjacent(todo.pop()) & own:
                if n not in group:
                    group.add(n)
                    todo.append(n)
        for h in group:
            result[h] = (start, len(group))
    return result


def own_buildings(state: OnMarsState, seat: int) -> dict[str, frozenset[Hex]]:
    """The hexes of each building type that count as `seat`'s for placement and
    complexes (`construct.same_type`: every building of the type, Shelters only its own)."""
    return Placed.of(state).own(seat)


class Placed(NamedTuple):
    """The buildings on the map grouped by type, once for every seat's `own_buildings`."""

    common: dict[str, frozenset[Hex]]  # every type but Shelters: every building of it
    shelters: dict[int, frozenset[Hex]]  # each owner's Shelters
    mines: dict[int, int]  # seat -> Mines holding its colonist or Advanced marker

    @staticmethod
    def of(state: OnMarsState) -> Placed:
        found: dict[str, list[Hex]] = {kind: [] for kind in BUILDINGS if kind != "shelter"}
        shelters: dict[int, list[Hex]] = {}
        mines: dict[int, int] = {}
        for h, b in state.buildings.items():
            if b.kind == "shelter":
                shelters.setdefault(b.owner, []).append(h)
                continue
            found[b.kind].append(h)
            if b.kind == "mine":
                for seat in {b.miner, b.advanced} - {-1}:
                    mines[seat] = mines.get(seat, 0) + 1
        return Placed(
            {kind: frozenset(hexes) for kind, hexes in found.items()},
            {owner: frozenset(hexes) for owner, hexes in shelters.items()}, mines)

    def own(self, seat: int) -> dict[str, frozenset[Hex]]:
        """`own_buildings(state, seat)`."""
        return {**self.common, "shelter": self.shelters.get(seat, frozenset())}


def blueprint_chance(
    state: OnMarsState, seat: int, blueprint: int, own: dict[str, frozenset[Hex]] | None = None
) -> float:
    """How likely `seat` is to build `blueprint` before the end (see the module docstring;
    `own`: `own_buildings(state, seat)` if already known)."""
    card = state.om_game.components.blueprints[blueprint - 1]
    bots = state.players[seat].bots
    hexes = (own or own_buildings(state, seat))[card.building]
    sizes = complex_sizes(hexes) if card.min_complex > 1 else {}
    best = BUILD_NONE
    for h in hexes:
        if state.buildings[h].advanced != -1 or (sizes and sizes[h][1] < card.min_complex):
            continue
        best = BUILD_FAR
        if any(x == h or x in adjacent(h) for x in bots):
            best = BUILD_IN_ZONE
            break
    return best * (LATE if state.end_rounds != -1 else 1.0)


def blueprint_value(state: OnMarsState, seat: int, own: dict[str, frozenset[Hex]] | None = None) -> float:
    """The seat's Blueprints beyond their final-scoring figure: held cards by their
    chance of being built, built ones by their Advanced Building's action."""
    c = state.om_game.components
    player = state.players[seat]
    value = ADVANCED * len(player.built_blueprints)
    if not player.blueprints:
        return value
    own = own or own_buildings(state, seat)
    hopes = []
    for b in player.blueprints:
        card = c.blueprints[b - 1]
        hopes.append(blueprint_chance(state, seat, b, own) * (card.op_built - card.op_unbuilt + ADVANCED))
    hopes.sort(reverse=True)
    for i, hope in enumerate(hopes):
        value += hope * CROWDED**i
    return value


def scientist_value(state: OnMarsState, seat: int) -> float:
    """Hope for each held Scientist: Blueprints of the type it scores, held by anyone."""
    player = state.players[seat]
    if not player.scientists:
        return 0.0
    c = state.om_game.components
    scores = {s["id"]: s["scores"] for s in c.scientists}
    held = [c.blueprints[b - 1].building for p in state.players for b in p.blueprints]
    return SCIENTIST_HOPE * sum(held.count(scores[s]) for s in player.scientists)


def contract_progress(
    state: OnMarsState, seat: int, contract: dict[str, object], own: dict[str, frozenset[Hex]] | None = None
) -> float:
    """The share (0..1) of `contract`'s condition `seat` meets now."""
    player = state.players[seat]
    if contract["type"] == "delivery":
        needs = contract["requires"]
        assert isinstance(needs, dict)
        have = {**player.storage, "crystal": end_depot(state, seat)}
        return sum(min(have[r], n) for r, n in needs.items()) / sum(needs.values())
    kind = str(contract["building"])
    hexes = (own or own_buildings(state, seat))[kind]
    sizes = complex_sizes(hexes)
    best = max((sizes[h][1] for h in hexes if state.buildings[h].advanced == seat), default=0)
    return min(4, 1 + best) / 5 if best else 0.0


def contract_value(state: OnMarsState, seat: int, own: dict[str, frozenset[Hex]] | None = None) -> float:
    """Held Contracts beyond final scoring's figure (which counts them met or failed as
    they stand): the share of the condition met, of the swing from failed to completed,
    while the condition is not met yet."""
    c = state.om_game.components
    value = 0.0
    for cid in state.players[seat].contracts:
        card = c.contracts[cid - 1]
        share = contract_progress(state, seat, card, own)
        if share < 1:
            value += share * (card["op_complete"] - card["op_failed"]) * CONTRACT_HOPE
    return value


def goal_value(state: OnMarsState, seat: int) -> float:
    """Hope for the held Private Goals while none is revealed (one per game): the
    share of the best one's condition met, times `GOAL_HOPE * GOAL_DONE`; low once
    the end is triggered."""
    player = state.players[seat]
    if player.goal_done is not None or not player.goals:
        return 0.0
    cards = state.om_game.components.private_goals
    share = max(
        min(1.0, goal_count(state, seat, cards[g - 1]["test"]) / cards[g - 1]["n"]) for g in player.goals)
    return GOAL_HOPE * GOAL_DONE * share * (LATE if state.end_rounds != -1 else 1.0)


def plans_value(state: OnMarsState, seat: int, own: dict[str, frozenset[Hex]] | None = None) -> float:
    """Blueprints, Scientists, Contracts and Private Goals, beyond what final scoring counts now."""
    own = own or own_buildings(state, seat)
    return (
        blueprint_value(state, seat, own) + scientist_value(state, seat) + contract_value(state, seat, own)
        + goal_value(state, seat))
