"""Carcassonne's words as messages (`ludoteca.core.i18n`): decisions, options, the log,
scoring events, tiles, features and the Wonders. The texts themselves are the catalogs in
`messages/<lang>.json`; this module only says which key and which params.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.i18n import DEFAULT, Message, lookup, msg, placeholders, seat
from ludoteca.games.carcassonne.actions import (
    BIG,
    CHOOSE,
    DRAW,
    HELPER,
    HOLD,
    MEEPLE,
    ORDER,
    PLACE,
    PLACE_WONDER,
    SKIP,
    WONDER,
    Decoded,
)
from ludoteca.games.carcassonne.tiles import SPOTS, TileType
from ludoteca.games.carcassonne.wonder_turns import WONDER_MEEPLES

if TYPE_CHECKING:
    from ludoteca.games.carcassonne.state import CarcassonneState

ARM_SIDES = "NESW"  # ARM_OFFSETS in order: north, east, south, west of the centre
CORNERS = ("NE", "SE", "SW", "NW")  # clockwise: a quarter turn moves each to the next


def code(t: TileType) -> str:
    """A tile type's short name, the same in every language: "D", "IC01"."""
    return t.id.partition(":")[2]


def directions(rotation: int) -> dict[str, Message]:
    """The params of a tile's description turned `rotation` quarter turns clockwise.

    A description names the tile's sides as printed (rotation 0): `{n}`, `{e}`, `{s}`, `{w}`
    and the corner `{nw}`. Turned K quarter turns, the printed side i lies on side i + K of
    the board, so `{n}` reads "east" at r90 and "west" at r270; `{nw}` reads "north-east" at
    r90, "south-east" at r180, "south-west" at r270.
    """
    k = rotation % 4
    sides = {name: ARM_SIDES[(i + k) % 4] for i, name in enumerate("nesw")}
    corner = CORNERS[(CORNERS.index("NW") + k) % 4]
    params: dict[str, Message] = {name: msg(f"carcassonne.direction.{letter}")
                                  for name, letter in sides.items()}
    params["nw"] = msg(f"carcassonne.corner.{corner}")
    return params


def tile(t: TileType, rotation: int = 0) -> Message:
    """A tile type's description as it lies turned `rotation` quarter turns clockwise
    ("city edge north; straight road west–east" at r0, "city edge east; straight road
    north–south" at r90). It carries only the sides its text names (every language names
    the same ones: `tests/core/test_i18n.py`)."""
    key = f"carcassonne.tile.{code(t)}"
    named = placeholders(lookup(key, DEFAULT))
    return msg(key, **{name: m for name, m in directions(rotation).items() if name in named})


def wonder_name(key: str) -> Message:
    return msg(f"carcassonne.wonder.{key}.name")


def wonder_power(key: str) -> Message:
    return msg(f"carcassonne.wonder.{key}.power")


def side(letter: str) -> Message:
    return msg(f"carcassonne.side.{letter}")


def spot(name: str, big: bool = False) -> Message:
    """A meeple on a spot: "a knight in the city (N)", "the big meeple in the field (E2)"."""
    kind, _, where = name.partition(" ")
    figure = "big" if big else "meeple"
    if not where:
        return msg(f"carcassonne.{figure}.{kind}")
    if where == "inner":
        place = msg("carcassonne.where.inner")
    elif len(where) == 1:
        place = side(where)
    else:
        place = msg("carcassonne.where.third", side=side(where[0]), i=where[1:])
    return msg(f"carcassonne.{figure}.{kind}.at", where=place)


def _where(d: Decoded) -> dict[str, Any]:
    return {"x": d.x, "y": d.y, "rotation": 90 * d.rotation}


def _meeple(d: Decoded) -> Message:
    figure = spot(SPOTS[d.spot], d.verb == BIG)
    if d.arm < 0:
        return figure
    return msg("carcassonne.on_wonder_arm", meeple=figure, arm=side(ARM_SIDES[d.arm]))


def _order(seats: tuple[int, ...]) -> Message:
    return msg("carcassonne.order", seats=[seat(s) for s in seats])


def decision(state: CarcassonneState) -> Message:
    """The current decision (the state is at a decision or chance node)."""
    kind, _ = state._decision()
    game = state.game
    if kind == DRAW:
        return msg("carcassonne.prompt.draw", n=state.tiles_left())
    if kind == PLACE:
        t = game.tiles_by_id[state.drawn_tile()]  # type: ignore[index]  # PLACE: a tile is drawn
        return msg("carcassonne.prompt.place", tile=code(t), description=tile(t))
    if kind == MEEPLE:
        x, y = state.board.xy(state.placed_square)
        return msg("carcassonne.prompt.meeple", x=x, y=y)
    track = state.wonder_track
    assert track is not None
    if kind == CHOOSE:
        return msg("carcassonne.prompt.choose")
    if kind == ORDER:
        return msg("carcassonne.prompt.order", seats=[seat(s) for s in track.qualified])
    if kind == WONDER:
        return msg("carcassonne.prompt.claim", seat=seat(track.claimants[0]))
    if kind == "wonder-meeple":
        key = game.wonders[state._wonder].key
        return msg("carcassonne.prompt.wonder_meeple", wonder=wonder_name(key), n=track.meeples,
                   most=WONDER_MEEPLES)
    key = game.wonders[track.held[state.turn_seat()]].key
    if kind == PLACE_WONDER:
        return msg("carcassonne.prompt.helper_wonder", wonder=wonder_name(key))
    return msg("carcassonne.prompt.start", wonder=wonder_name(key))


def option(state: CarcassonneState, action: int) -> Message:
    """What choosing `action` now means ("Put a knight in the city (N)")."""
    game = state.game
    d = game.codec.decode(action)
    verb = d.verb
    if verb in (DRAW, CHOOSE):
        t = game.tiles[d.tile]
        return msg(f"carcassonne.option.{verb}", tile=code(t), description=tile(t))
    if verb == PLACE:
        return msg("carcassonne.option.place", **_where(d))
    if verb == PLACE_WONDER:
        return msg("carcassonne.option.place_wonder", **_where(d))
    if verb in (MEEPLE, BIG):
        return msg("carcassonne.option.meeple", meeple=_meeple(d))
    if verb == WONDER:
        return msg("carcassonne.option.wonder", wonder=wonder_name(game.wonders[d.wonder].key))
    if verb == ORDER:
        return msg("carcassonne.option.order", order=_order(d.order))
    return msg(f"carcassonne.option.{verb}")  # skip, hold, helper


def logged(state: CarcassonneState, action: int) -> Message:
    """`action`, applied in `state`, as the log tells it (past tense, without the player)."""
    game = state.game
    d = game.codec.decode(action)
    verb = d.verb
    if verb in (DRAW, CHOOSE):
        return msg(f"carcassonne.log.{verb}", tile=code(game.tiles[d.tile]))
    if verb == PLACE:
        key = "carcassonne.log.place_turned" if d.rotation else "carcassonne.log.place"
        return msg(key, **_where(d))
    if verb == PLACE_WONDER:
        return msg("carcassonne.log.place_wonder", **_where(d))
    if verb in (MEEPLE, BIG):
        return msg("carcassonne.log.meeple", meeple=_meeple(d))
    if verb == WONDER:
        return msg("carcassonne.log.wonder", wonder=wonder_name(game.wonders[d.wonder].key))
    if verb == ORDER:
        return msg("carcassonne.log.order", order=_order(d.order))
    assert verb in (SKIP, HOLD, HELPER)
    return msg(f"carcassonne.log.{verb}")


def score_what(event: dict[str, Any]) -> Message:
    """What a `scoring_log()` entry scored: "city of 4 tiles", "Tikal power"."""
    kind = event["kind"]
    if kind.startswith("wonder:"):
        return msg("carcassonne.score.wonder", wonder=wonder_name(kind[len("wonder:"):]))
    done = "" if kind == "field" else (".final" if event["final"] else ".done")
    return msg(f"carcassonne.score.{kind}{done}", n=event["tiles"])


def score_event(event: dict[str, Any]) -> Message:
    """One `scoring_log()` entry: "turn 12: city of 4 tiles — Ana, Bia +10"."""
    what = score_what(event)
    when = msg("carcassonne.score.final") if event["final"] else msg(
        "carcassonne.score.turn", n=event["turn"] + 1)
    seats = event["seats"]
    who = msg("carcassonne.score.who", seats=[seat(s) for s in seats]) if seats else msg(
        "carcassonne.score.nobody")
    return msg("carcassonne.score.event", when=when, what=what, who=who, points=event["points"])


def score_category(event: dict[str, Any]) -> Message:
    """The row of the score breakdown an event counts in ("Cities completed")."""
    kind = event["kind"]
    if kind.startswith("wonder:"):
        return msg("carcassonne.breakdown.wonder", wonder=wonder_name(kind[len("wonder:"):]))
    if kind == "field":
        return msg("carcassonne.breakdown.field")
    return msg(f"carcassonne.breakdown.{kind}.{'final' if event['final'] else 'done'}")
