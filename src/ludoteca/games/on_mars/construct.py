"""Construct a Building (rules 5.3): type, cost, placement (complex with tech or exactly
two hexes away), crystals from the tile's arrows, gains, progress cubes, LSS moves and
displacement. The tile's back (its arrows) is a chance draw from the type's stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.board import DIRECTIONS, Hex, distance, hex_ids, map_hexes, neighbours
from ludoteca.games.on_mars.components import BUILDINGS, LSS_BUILDINGS
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.lab import lend, tech_level, tech_seats
from ludoteca.games.on_mars.model import Building
from ludoteca.games.on_mars.movement import is_empty, pieces
from ludoteca.games.on_mars.payment import can_pay, cost_units
from ludoteca.games.on_mars.rules import contribute, gain, gain_crystals, queue_payment
from ludoteca.games.on_mars.scoring import complex_at

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

PRODUCES = {
    "mine": "mineral",
    "generator": "battery",
    "water_extractor": "water",
    "greenhouse": "plant",
    "oxygen_condenser": "oxygen",
    "shelter": "crystal",
}


def same_type(state: OnMarsState, b: Building, kind: str, seat: int) -> bool:
    return b.kind == kind and (kind != "shelter" or b.owner == seat)


def zone(state: OnMarsState, seat: int) -> set[Hex]:
    """Hexes in the building zone of any of `seat`'s bots (the bot's hex and its neighbours)."""
    hexes: set[Hex] = set()
    for h in state.players[seat].bots:
        hexes.add(h)
        hexes.update(neighbours(h))
    return hexes


def connects_to(state: OnMarsState, h: Hex, kind: str, seat: int) -> int:
    """How many same-type buildings a new building on `h` would join (whole complexes)."""
    joined: set[Hex] = set()
    for n in neighbours(h):
        b = state.buildings.get(n)
        if b is not None and same_type(state, b, kind, seat) and n not in joined:
            joined |= complex_at(state, n)
    return len(joined)


def tech_owners(state: OnMarsState, kind: str, level: int) -> list[int]:
    return [s for s in tech_seats(state) if tech_level(state, s, kind) >= level]


def build_hexes(state: OnMarsState, seat: int, kind: str, bonus: int = 0) -> list[Hex]:
    """Legal hexes for a new `kind` building of `seat` (`bonus`: extra tech levels)."""
    result = []
    for h in sorted(zone(state, seat), key=lambda x: hex_ids()[x]):
        if h in state.buildings:
            continue
        n = connects_to(state, h, kind, seat)
        if n:
            if n <= bonus or tech_owners(state, kind, n - bonus):
                result.append(h)
        elif any(same_type(state, b, kind, seat) and distance(h, x) == 2 for x, b in state.buildings.items()):
            result.append(h)
    return result


def build_cost(state: OnMarsState, kind: str) -> dict[str, int]:
    return {r: n for r, n in state.om_game.components.building_costs[kind].items() if r != "colonist"}


def can_build_type(state: OnMarsState, seat: int, kind: str, bonus: int = 0) -> bool:
    player = state.players[seat]
    if kind == "shelter":
        if player.shelters_left == 0:
            return False
    elif not any(state.pools[f"building_{kind}"]):
        return False
    if kind == "mine" and player.quarters < 1:
        return False
    return can_pay(player.storage, cost_units(build_cost(state, kind))) and bool(
        build_hexes(state, seat, kind, bonus)
    )


def buildable_types(state: OnMarsState, seat: int, only: str = "", bonus: int = 0) -> list[str]:
    return [k for k in BUILDINGS if (not only or k == only) and can_build_type(state, seat, k, bonus)]


class _BuildType(Decision):
    """Choose what to construct: `{"seat", "only": type or ""}`."""

    kind = "build_type"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [
            BASE["build"] + BUILDINGS.index(k)
            for k in buildable_types(state, frame["seat"], frame["only"], frame.get("bonus", 0))
        ]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, kind = frame["seat"], BUILDINGS[action - BASE["build"]]
        if kind == "mine":
            state.players[seat].quarters -= 1  # this colonist goes onto the Mine
        push(state, {"k": "build_hex", "seat": seat, "kind": kind, "bonus": frame.get("bonus", 0)})
        queue_payment(state, seat, build_cost(state, kind))


class _BuildHex(Decision):
    kind = "build_hex"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [
            BASE["hex"] + hex_ids()[h]
            for h in build_hexes(state, frame["seat"], frame["kind"], frame.get("bonus", 0))
        ]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, kind = frame["seat"], frame["kind"]
        h = map_hexes()[action - BASE["hex"]]
        after: Frame = {"k": "finish_build", "seat": seat, "kind": kind, "hex": list(h), "tile": -1}
        if kind != "shelter":
            after = {
                "k": "draw",
                "pool": f"building_{kind}",
                "to": "build",
                "seat": seat,
                "kind": kind,
                "hex": list(h),
            }
        frames: list[Frame] = []
        n = connects_to(state, h, kind, seat)
        if n > frame.get("bonus", 0):
            frames.append({"k": "use_tech", "seat": seat, "kind": kind, "level": n - frame.get("bonus", 0)})
        push(state, *frames, after)


class _UseTech(Decision):
    """Choose whose tech tile to use (a tile of another seat pays its owner 1 oxygen)."""

    kind = "use_tech"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        owners = tech_owners(state, frame["kind"], frame["level"])
        if frame["seat"] in owners:
            return [BASE["tech_owner"] + frame["seat"]]
        return [BASE["tech_owner"] + s for s in owners]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        owner = action - BASE["tech_owner"]
        if owner != frame["seat"]:
            lend(state, owner, frame["kind"])


def arrows(tile: int) -> list[int]:
    """Directions the crystal arrows on a tile's back point to (Ludoteca stand-in)."""
    return [tile % 6, (tile + 3) % 6] if tile % 3 == 0 else [tile % 6]


def displace(state: OnMarsState, h: Hex) -> None:
    """A building arrives on `h`: crystals go back, tiles leave the game, pieces move away."""
    state.crystals.discard(h)
    state.map_discoveries.pop(h, None)
    state.map_research.pop(h, None)
    displace_pieces_only(state, h)


def displace_pieces_only(state: OnMarsState, h: Hex) -> None:
    """Bots and rovers on `h` move to the nearest free hex (ties: lowest hex id)."""
    for p in state.players:
        movers = [i for i, b in enumerate(p.bots) if b == h]
        for i in movers:
            p.bots[i] = nearest_free(state, h)
        if p.rover == h:
            p.rover = nearest_free(state, h)


def nearest_free(state: OnMarsState, h: Hex) -> Hex:
    """Nearest hex that is empty or holds a piece-free building (ties: lowest hex id)."""
    occupied = pieces(state)
    best = [
        x
        for x in map_hexes()
        if x != h
        and x not in occupied
        and (is_empty(state, x) or (x in state.buildings and state.buildings[x].advanced == -1))
    ]
    return min(best, key=lambda x: (distance(x, h), hex_ids()[x]))


class _FinishBuild(Automatic):
    kind = "finish_build"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        finish_build(state, frame["seat"], frame["kind"], (frame["hex"][0], frame["hex"][1]), frame["tile"])


def finish_build(state: OnMarsState, seat: int, kind: str, h: Hex, tile: int) -> None:
    player = state.players[seat]
    displace(state, h)
    state.buildings[h] = Building(
        kind, owner=seat if kind == "shelter" else -1, miner=seat if kind == "mine" else -1, tile=tile
    )
    if kind == "shelter":
        player.shelters_left -= 1
    state.counters[f"built_{seat}"] = state.counters.get(f"built_{seat}", 0) + 1
    if tile >= 0:
        for d in arrows(tile):
            target = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
            if target in hex_ids() and is_empty(state, target):
                state.crystals.add(target)
    size = len(complex_at(state, h))
    if kind == "shelter":
        gain_crystals(state, seat, size)
    else:
        gain(state, seat, PRODUCES[kind], size)
        if size >= 2 and PRODUCES[kind] not in player.progress:
            player.progress.append(PRODUCES[kind])
            contribute(state, seat, "progress_cubes")
    if kind in LSS_BUILDINGS:
        lss_move(state, seat, kind)


def lss_move(state: OnMarsState, seat: int, kind: str) -> None:
    """An LSS building was built: its marker rises; first exit from the bottom row scores
    2 OP; from below the colony-level row the builder scores the column's reward tile and
    takes one LSS benefit."""
    c = state.om_game.components
    before = state.lss[kind]
    state.lss[kind] = min(c.standins["lss_rows"], before + 1)
    if before == 1 and kind not in state.lss_left_bottom:
        state.lss_left_bottom.append(kind)
        state.players[seat].op += c.raw["lss"]["first_leave_bottom_op"]
    if before < state.colony_level + 1:
        column = LSS_BUILDINGS.index(kind)
        if column < len(state.lss_rewards):
            state.players[seat].op += lss_reward_value(state, seat, state.lss_rewards[column])
        push(state, {"k": "lss_benefit", "seat": seat})


def lss_reward_value(state: OnMarsState, seat: int, reward: str) -> int:
    p = state.players[seat]
    counts = {
        "highest_tech": max((col + 1 for col, _ in p.lab.values()), default=0),
        "ships": p.hangar,
        "advanced_markers": sum(b.advanced == seat for b in state.buildings.values()),
        "mines": sum(b.kind == "mine" and seat in (b.miner, b.advanced) for b in state.buildings.values()),
        "bots": len(p.bots),
        "discoveries": len(p.discoveries),
        "shelters": p.shelters_on_map(),
        "colonists": p.quarters,
    }
    each = next(r["op_each"] for r in state.om_game.components.lss_rewards if r["id"] == reward)
    return int(each) * counts[reward]
