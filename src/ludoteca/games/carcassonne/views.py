"""Read-only views of a Carcassonne state: what a seat sees, and the full dump.

Everything on the table is public. The one secret is Abu Simbel's: the tiles its
owner has drawn and not yet chosen, and the tile he keeps face down. Only he sees
which tiles they are; the others see how many there are, and count them among the
tiles they have not seen (`bag` is that unseen pool, `tiles_left` the bag's size).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.carcassonne.tiles import SPOTS

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.state import CarcassonneState


ALL, SPECTATOR = -1, -2  # pseudo-seats: the full dump sees everything, a spectator no secret


def placed_tiles(state: CarcassonneState) -> list[dict[str, Any]]:
    board = state.board
    out = []
    for sq, (tile, rot, _) in board.squares.items():
        x, y = board.xy(sq)
        out.append({"x": x, "y": y, "tile": tile.id, "rotation": 90 * rot})
    return sorted(out, key=lambda t: (t["x"], t["y"]))


def meeples_on_board(state: CarcassonneState) -> list[dict[str, Any]]:
    board = state.board
    out = []
    for root in board.manned:
        region = board.regions[root]
        assert region is not None
        for m in region.meeples:
            x, y = board.xy(m.square)
            out.append({"seat": m.seat, "x": x, "y": y, "spot": SPOTS[m.spot],
                        "big": m.weight == 2, "feature": region.kind})
    return sorted(out, key=lambda m: (m["x"], m["y"], m["spot"]))


def wonders_view(state: CarcassonneState, seat: int) -> dict[str, Any]:
    track, offer, board = state.wonder_track, state.game.wonders, state.board
    assert track is not None
    placed = []
    for w, (owner, centre, rotation, turn) in sorted(track.placed.items()):
        x, y = board.xy(centre)
        placed.append({"key": offer[w].key, "owner": owner, "x": x, "y": y,
                       "rotation": 90 * rotation, "turn": turn})
    tiles = state.game.tiles
    kept = [None if k < 0 else (tiles[k].id if s == seat or seat == ALL else "hidden")
            for s, k in enumerate(track.kept)]
    mine = seat == ALL or seat == state.turn_seat()
    hand = [tiles[t].id if mine else "hidden" for t in state.hand()]
    return {
        "display": [offer[w].key for w in track.display],
        "threshold": track.threshold,
        "waiting": list(track.waiting),
        "held": [offer[w].key if w >= 0 else None for w in track.held],
        "placed": placed,
        "claimants": list(track.claimants),
        "qualified": list(track.qualified),
        "kept_tile": kept,
        "hand": hand,
        "layouts": sorted({w.design for w in offer}),
    }


def unseen_counts(state: CarcassonneState, seat: int) -> list[int]:
    """`unseen_bag` as counts indexed like `game.tiles` (zeros included)."""
    counts = list(state.bag_by_type())
    track = state.wonder_track
    if seat == ALL or track is None:
        return counts
    for s, k in enumerate(track.kept):
        if k >= 0 and s != seat:
            counts[k] += 1
    if state.turn_seat() != seat:
        for t in state.hand():
            counts[t] += 1
    return counts


def unseen_bag(state: CarcassonneState, seat: int) -> dict[str, int]:
    """The tiles `seat` has not seen: the bag, plus other seats' kept and hand tiles
    (by tile id, in the order of `game.tiles`, types with none left out)."""
    tiles = state.game.tiles
    return {tiles[i].id: n for i, n in enumerate(unseen_counts(state, seat)) if n}


def observation(state: CarcassonneState, seat: int) -> dict[str, Any]:
    """What `seat` sees (`ALL`: everything, for the full dump; `SPECTATOR`: no secret)."""
    board = state.board
    placed = None
    if state.placed_square >= 0:
        x, y = board.xy(state.placed_square)
        placed = {"x": x, "y": y}
    view: dict[str, Any] = {
        "game": "carcassonne",
        "seat": seat,
        "players": len(state.scores()),
        "current_player": state.current_player(),
        "turn_seat": state.turn_seat(),
        "phase": state.phase(),
        "turn": state.turn_number(),
        "tile": state.drawn_tile(),
        "placed": placed,
        "board": placed_tiles(state),
        "meeples": meeples_on_board(state),
        "scores": [int(s) for s in state.scores()],
        "supply": state.supply(),
        "big_supply": state.big_supply(),
        "bag": unseen_bag(state, seat),
        "tiles_left": state.tiles_left(),
        "discarded": state.discarded(),
    }
    if state.wonder_track is not None:
        view["wonders"] = wonders_view(state, seat)
    return view


def full_state(state: CarcassonneState) -> dict[str, Any]:
    board = state.board
    xy = board.xy
    regions = []
    for root in board.roots():
        r = board.regions[root]
        assert r is not None
        regions.append({
            "root": root, "kind": r.kind, "tiles": sorted(xy(t) for t in r.tiles),
            "open": r.open, "pennants": r.pennants, "meeples": [list(m) for m in r.meeples],
            "cities": sorted({board.find(c) for c in r.cities}), "inn": r.inn,
            "cathedral": r.cathedral,
        })
    return {
        **observation(state, ALL),
        "regions": regions,
        "open": sorted((*xy(sq), p) for sq, p in board.open.items()),
        "legal": state.legal_actions(),
        "events": state.scoring_log(),
        "history_length": state.move_number(),
    }
