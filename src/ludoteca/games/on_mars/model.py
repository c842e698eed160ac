"""Plain-data pieces of an On Mars position: one player's board and the shared board.

Everything is ints, strings, lists and dicts so a copy is cheap and exact
(`copy()` methods copy every mutable container once; no deepcopy).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ludoteca.games.on_mars.board import Hex
from ludoteca.games.on_mars.components import RESOURCES

ORBIT, COLONY = "orbit", "colony"
SIDES = (ORBIT, COLONY)


@dataclass(slots=True)
class PlayerBoard:
    """One seat's pieces (the rulebook's player board plus its supplies)."""

    storage: dict[str, int] = field(default_factory=lambda: dict.fromkeys(RESOURCES, 1))
    depot: int = 1  # crystals in the Depot (spendable)
    incoming: int = 0  # crystals below the Depot, moved in at the start of the seat's next turn
    ships_depot: int = 5  # ships still covering Depot spaces (top first)
    hangar: int = 0
    quarters: int = 3  # colonists in Living Quarters
    supply: int = 9  # colonists in the personal supply
    working: int = 0  # colonists in the Working Area
    bots_off: int = 3  # bots beside the board
    bots: list[Hex] = field(default_factory=list)  # bots on the map
    rover: Hex | None = None  # None: still on the central Mine (not moved yet)
    markers: int = 8  # spare Advanced Building markers
    shelters_left: int = 4  # Shelters on the shelter track
    lab: dict[str, tuple[int, int]] = field(default_factory=dict)  # tech tile -> (column 0..5, space)
    blueprints: list[int] = field(default_factory=list)  # taken, marker still on the card
    built_blueprints: list[int] = field(default_factory=list)
    scientists: list[str] = field(default_factory=list)
    contracts: list[int] = field(default_factory=list)  # taken, not completed yet
    contracts_done: list[int] = field(default_factory=list)
    goals: list[int] = field(default_factory=list)  # secret Private Goal cards
    goal_done: int | None = None
    progress: list[str] = field(default_factory=list)  # resource cubes in the Progress area
    research: list[str] = field(default_factory=list)
    discoveries: list[str] = field(default_factory=list)  # kept face down
    op: int = 0
    side: str = ORBIT
    space: int | None = None  # turn-order space 1..8
    discarded_goals: list[int] = field(default_factory=list)  # Private Goals spent as crystals (secret)

    def copy(self) -> PlayerBoard:
        return PlayerBoard(
            dict(self.storage),
            self.depot,
            self.incoming,
            self.ships_depot,
            self.hangar,
            self.quarters,
            self.supply,
            self.working,
            self.bots_off,
            list(self.bots),
            self.rover,
            self.markers,
            self.shelters_left,
            dict(self.lab),
            list(self.blueprints),
            list(self.built_blueprints),
            list(self.scientists),
            list(self.contracts),
            list(self.contracts_done),
            list(self.goals),
            self.goal_done,
            list(self.progress),
            list(self.research),
            list(self.discoveries),
            self.op,
            self.side,
            self.space,
            list(self.discarded_goals),
        )

    def shelters_on_map(self) -> int:
        return 5 - self.shelters_left

    def storage_limit(self) -> int:
        """Most of one resource type the seat may hold: its Shelters on the map + 1."""
        return self.shelters_on_map() + 1

    def quarters_capacity(self) -> int:
        """Living Quarters: 4 slots, +2 per Shelter built after the first."""
        return 4 + 2 * (self.shelters_on_map() - 1)

    def depot_capacity(self) -> int:
        return 8 - self.ships_depot

    def add_colonists(self, n: int) -> int:
        """Move up to `n` colonists supply -> Living Quarters (room permitting); return how many."""
        moved = max(0, min(n, self.supply, self.quarters_capacity() - self.quarters))
        self.supply -= moved
        self.quarters += moved
        return moved

    def retrieve(self, n: int) -> None:
        """`n` colonists come back to Living Quarters; overflow waits in the personal supply."""
        room = max(0, self.quarters_capacity() - self.quarters)
        self.quarters += min(n, room)
        self.supply += n - min(n, room)

    def to_json(self, hidden: bool = False) -> dict[str, Any]:
        data: dict[str, Any] = {
            "storage": dict(self.storage),
            "depot": self.depot,
            "incoming": self.incoming,
            "ships_depot": self.ships_depot,
            "hangar": self.hangar,
            "quarters": self.quarters,
            "supply": self.supply,
            "working": self.working,
            "bots_off": self.bots_off,
            "bots": [list(h) for h in self.bots],
            "rover": list(self.rover) if self.rover else None,
            "markers": self.markers,
            "shelters_left": self.shelters_left,
            "lab": {t: list(p) for t, p in sorted(self.lab.items())},
            "blueprints": list(self.blueprints),
            "built_blueprints": list(self.built_blueprints),
            "scientists": list(self.scientists),
            "contracts": list(self.contracts),
            "contracts_done": list(self.contracts_done),
            "goals": len(self.goals) if hidden else list(self.goals),
            "goal_done": self.goal_done,
            "progress": list(self.progress),
            "research": list(self.research),
            "discoveries": len(self.discoveries) if hidden else list(self.discoveries),
            "op": self.op,
            "side": self.side,
            "space": self.space,
            "discarded_goals": len(self.discarded_goals) if hidden else list(self.discarded_goals),
        }
        return data


@dataclass(slots=True)
class Building:
    kind: str
    owner: int = -1  # shelters only
    advanced: int = -1  # seat whose Advanced Building marker is on it
    miner: int = -1  # seat whose colonist works this Mine
    tile: int = -1  # index of the tile within its type's stack (-1: a starting tile)

    def copy(self) -> Building:
        return Building(self.kind, self.owner, self.advanced, self.miner, self.tile)

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "owner": self.owner,
            "advanced": self.advanced,
            "miner": self.miner,
            "tile": self.tile,
        }
