"""Moving bots and rovers on the map, and placing Discovery tiles from the Exploration space.

Pieces spend 1 movement point (MP) per step. They may pass through, but not stop on,
a hex holding another piece (bot, rover, colonist) or an Advanced Building. A bot
that stops on a Discovery or Research tile destroys it; on a crystal, returns it. A
rover collects every crystal it enters and claims the tile it stops on; it may not
stop on a tile it cannot claim (a Research tile it owns or cannot pay for, a Discovery
tile none of whose benefit it can take).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.board import DIRECTIONS, Hex, hex_ids, map_hexes, neighbours, ring
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.tiles import claim, discovery_claimable, research_claimable

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

CENTRE: Hex = (0, 0)


def pieces(state: OnMarsState) -> dict[Hex, int]:
    """Hex -> how many pieces (bots, rovers, colonists on mines) stand there."""
    found: dict[Hex, int] = {}
    for p in state.players:
        for h in p.bots:
            found[h] = found.get(h, 0) + 1
        if p.rover is not None:
            found[p.rover] = found.get(p.rover, 0) + 1
    for h, b in state.buildings.items():
        if b.miner != -1:
            found[h] = found.get(h, 0) + 1
    return found


def blocked(
    state: OnMarsState, h: Hex, ignore: Hex | None = None, occupied: dict[Hex, int] | None = None
) -> bool:
    """May no piece stop on `h`? (`ignore`: the moving piece's own hex; `occupied`:
    `pieces(state)` if the caller has it already)."""
    if (pieces(state) if occupied is None else occupied).get(h, 0) - (h == ignore) > 0:
        return True
    b = state.buildings.get(h)
    return b is not None and b.advanced != -1


def is_empty(state: OnMarsState, h: Hex) -> bool:
    """No building, piece, tile or crystal on `h`."""
    return (
        h not in state.buildings
        and h not in pieces(state)
        and h not in state.map_discoveries
        and h not in state.map_research
        and h not in state.crystals
    )


def step_id(h: Hex, direction: int) -> int:
    return BASE["step"] + hex_ids()[h] * 6 + direction


def decode_step(action: int) -> tuple[Hex, int]:
    index = action - BASE["step"]
    return map_hexes()[index // 6], index % 6


def positions(state: OnMarsState, seat: int, piece: str) -> list[Hex]:
    player = state.players[seat]
    if piece == "rover":
        return [player.rover or CENTRE]
    return list(player.bots)


def can_claim(state: OnMarsState, seat: int, h: Hex) -> bool:
    """May `seat`'s rover take the tile on `h` (and so stop there)?"""

    if h in state.map_research:
        return research_claimable(state, seat, state.map_research[h])
    return h not in state.map_discoveries or discovery_claimable(state, seat, state.map_discoveries[h])


def stop_blocked(
    state: OnMarsState,
    seat: int,
    piece: str,
    h: Hex,
    ignore: Hex | None = None,
    occupied: dict[Hex, int] | None = None,
) -> bool:
    if blocked(state, h, ignore, occupied):
        return True
    if piece == "rover" and (h in state.map_research or h in state.map_discoveries):
        return not can_claim(state, seat, h)
    return False


PIECES = ("bots", "rover")


def move_frame(seat: int, bots: int = 0, rover: int = 0) -> Frame:
    """A movement of `seat`'s pieces: `bots` MP shared by its bots, `rover` MP for its rover."""
    return {"k": "move", "seat": seat, "bots_mp": bots, "rover_mp": rover, "moving": -1, "mover": ""}


def budgets(frame: Frame) -> dict[str, int]:
    return {piece: int(frame.get(f"{piece}_mp", 0)) for piece in PIECES}


def mover_of(state: OnMarsState, frame: Frame, h: Hex) -> str:
    """Which piece a step from `h` moves: the piece in transit there, else the rover if it
    stands there with MP left (an unmoved rover may share the central Mine with a bot),
    else a bot."""
    if frame["moving"] != -1 and tuple(frame["moving"]) == h and frame["mover"]:
        return str(frame["mover"])
    if frame.get("rover_mp", 0) > 0 and (state.players[frame["seat"]].rover or CENTRE) == h:
        return "rover"
    return "bots"


class _Move(Decision):
    """`seat` spends `bots_mp` movement points on its bots and `rover_mp` on its rover, one
    step at a time in any order (the Control Center interleaves them); `moving`/`mover`:
    the hex and kind of the piece that moved last. A piece in transit on a hex where it may
    not stop moves on before any other piece. A piece's movement ends when its MP run out
    (the rover then claims its tile at once) or when the seat stops (`skip`)."""

    kind = "move"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        seat, mp = frame["seat"], budgets(frame)
        moving = (frame["moving"][0], frame["moving"][1]) if frame["moving"] != -1 else None
        occupied = pieces(state)
        stuck = moving is not None and stop_blocked(state, seat, frame["mover"], moving, moving, occupied)
        if stuck and moving is not None:
            starts = [(moving, str(frame["mover"]))]
        else:
            starts = [(h, piece) for piece in PIECES if mp[piece] > 0 for h in positions(state, seat, piece)]
        options = set()
        ids = hex_ids()
        for h, piece in starts:
            if mover_of(state, frame, h) != piece:
                continue  # a bot under the unmoved rover waits until the rover has left
            for d, (dq, dr) in enumerate(DIRECTIONS):
                target = (h[0] + dq, h[1] + dr)
                if target not in ids:
                    continue
                if not stop_blocked(state, seat, piece, target, None, occupied) or (
                    mp[piece] >= 2
                    and any(
                        n == h or not stop_blocked(state, seat, piece, n, None, occupied)
                        for n in neighbours(target)
                    )
                ):
                    options.add(step_id(h, d))
        if not stuck and (options or moving is not None):
            options.add(BASE["skip"])
        return sorted(options)

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat, mp = frame["seat"], budgets(frame)
        if action == BASE["skip"]:
            push(state, {"k": "move_end", "seat": seat, "pieces": [p for p in PIECES if mp[p] > 0]})
            return
        h, d = decode_step(action)
        piece = mover_of(state, frame, h)
        target = (h[0] + DIRECTIONS[d][0], h[1] + DIRECTIONS[d][1])
        player = state.players[seat]
        if piece == "rover":
            player.rover = target
            if target in state.crystals:  # the rover collects crystals it passes or stops on
                state.crystals.discard(target)
                player.incoming += 1
        else:
            player.bots[player.bots.index(h)] = target
        mp[piece] -= 1
        if any(mp.values()):
            rest = {"bots_mp": mp["bots"], "rover_mp": mp["rover"], "moving": list(target), "mover": piece}
            push(state, {**frame, **rest})
        if mp[piece] == 0:  # this piece's movement is over: its end resolves before the rest
            push(state, {"k": "move_end", "seat": seat, "pieces": [piece]})


class _MoveEnd(Automatic):
    """The movement of `pieces` ends: the rover claims the tile it stopped on; bots
    destroy the tiles and return the crystals they stopped on."""

    kind = "move_end"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        seat = frame["seat"]
        for piece in frame["pieces"]:
            if piece == "rover":
                rover = state.players[seat].rover
                if rover is not None and (rover in state.map_research or rover in state.map_discoveries):
                    claim(state, seat, rover)
                continue
            for h in state.players[seat].bots:
                state.crystals.discard(h)
                state.map_discoveries.pop(h, None)
                state.map_research.pop(h, None)


def discovery_hexes(state: OnMarsState, seat: int) -> list[Hex]:
    rover = state.players[seat].rover or CENTRE
    return [h for h in ring(rover, 3) if is_empty(state, h)]


def discovery_kinds(state: OnMarsState) -> list[str]:
    """The kinds of the face-up Discovery tiles on the Exploration space (once each)."""
    return list(dict.fromkeys(state.exploration))


class _Discovery(Decision):
    """Choose which face-up Discovery tile to place 3 hexes from the seat's rover (if any
    such hex is empty): `{"seat", "optional"}`. Forced when the face-up tiles are alike."""

    kind = "discovery"
    forced = True

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        if not state.exploration or not discovery_hexes(state, frame["seat"]):
            return []
        kinds = [d["kind"] for d in state.om_game.components.standins["discoveries"]]
        options = [BASE["exploration"] + kinds.index(k) for k in discovery_kinds(state)]
        if frame.get("optional"):
            options.append(BASE["skip"])
        return options

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        kind = state.om_game.components.standins["discoveries"][action - BASE["exploration"]]["kind"]
        push(state, {"k": "discovery_hex", "seat": frame["seat"], "kind": kind})


class _DiscoveryHex(Decision):
    """Place the chosen face-up Discovery tile (`kind`) on an empty hex exactly 3 hexes from
    the seat's rover; a new tile is revealed."""

    kind = "discovery_hex"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        return [BASE["hex"] + hex_ids()[h] for h in discovery_hexes(state, frame["seat"])]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        state.exploration.remove(frame["kind"])
        state.map_discoveries[map_hexes()[action - BASE["hex"]]] = frame["kind"]
        if any(state.pools["discovery"]):
            push(state, {"k": "draw", "pool": "discovery", "to": "exploration"})
