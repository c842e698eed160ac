"""Victory points: TR, milestones, awards, greeneries, cities and cards.

* TR;
* 5 VP per claimed milestone; awards as in `milestones.py`;
* 1 VP per owned greenery; 1 VP per greenery (anyone's) next to each owned city on
  Mars (off-map cities score nothing for adjacency);
* cards in play, events included: fixed VP, VP per resource on the card (or a fixed
  VP when it holds at least some), VP per own tag, per tile in play (`scope: all`
  counts every city, off-map included), per tile next to the tile the card placed
  (Capital: adjacent oceans; Commercial District: adjacent cities).

`scores()` is the total VP; `winners()` breaks a tie at the top by M€ left
(`tiebreak_winners`), and a tie in both is shared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from ludoteca.games.terraforming_mars.cards import VP, Card
from ludoteca.games.terraforming_mars.constants import (
    CITY_TILES,
    GREENERY,
    MC,
    NT,
    OCEAN,
    slot,
)
from ludoteca.games.terraforming_mars.milestones import award_vp

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

def card_vp(st: TMState, seat: int, card: Card) -> int:
    vp: VP | None = card.vp
    if vp is None:
        return 0
    kind = vp.kind
    if kind == "fixed":
        return vp.value
    if kind == "per_resource_here":
        return st.card_res[card.index] // vp.per * vp.value
    if kind == "if_resources_here":
        return vp.value if st.card_res[card.index] >= vp.min else 0
    if kind == "per_tag":
        return st.tags[seat * NT + vp.tag] // vp.per * vp.value
    if kind == "per_tile":
        kinds = CITY_TILES if vp.tile in CITY_TILES else frozenset({vp.tile})
        everyone = vp.scope == "all"
        count = sum(1 for s, k in enumerate(st.tiles) if k in kinds and (everyone or st.owner[s] == seat))
        return count // vp.per * vp.value
    # per_adjacent_tile: around the special tile this card placed
    tile = vp.around
    kinds = CITY_TILES if vp.tile in CITY_TILES else frozenset({vp.tile})
    mars = st.game.mars
    total = 0
    for s, k in enumerate(st.tiles):
        if k == tile and st.owner[s] == seat:
            total += sum(1 for n in mars.spaces[s].neighbors if st.tiles[n] in kinds) * vp.value
    return total


class BoardCounts(NamedTuple):
    """Per seat, from one pass over the board: greeneries, VP of the cities on Mars
    for their adjacent greeneries, city tiles (off-map included) and non-ocean tiles."""

    greenery: list[int]
    city_vp: list[int]
    cities: list[int]
    tiles: list[int]


def board_counts(st: TMState) -> BoardCounts:
    n = st.n
    greenery, city_vp, cities, tiles_owned = [0] * n, [0] * n, [0] * n, [0] * n
    tiles = st.tiles
    mars = st.game.mars
    on_mars, neighbors = mars.on_mars, mars.neighbors
    for s, seat in enumerate(st.owner):
        if seat < 0 or seat >= n:
            continue
        k = tiles[s]
        if k == OCEAN:
            continue
        tiles_owned[seat] += 1
        if k == GREENERY:
            greenery[seat] += 1
        elif k in CITY_TILES:
            cities[seat] += 1
            if on_mars[s]:
                city_vp[seat] += sum(1 for nb in neighbors[s] if tiles[nb] == GREENERY)
    return BoardCounts(greenery, city_vp, cities, tiles_owned)


def cards_vp(st: TMState, seat: int) -> int:
    """VP of the cards `seat` has in play."""
    game = st.game
    cards, scoring = game.cards, game.vp_cards
    return sum(card_vp(st, seat, cards[c]) for c in st.played[seat] if c in scoring)


def milestones_vp(st: TMState, seat: int) -> int:
    return st.game.rules.milestone_vp * st.milestones.count(seat)


def breakdown(st: TMState, counts: BoardCounts | None = None) -> list[dict[str, int]]:
    """Per seat: tr, milestones, awards, greenery, city, cards and total VP (`counts`:
    the board's, when already made)."""
    board = counts or board_counts(st)
    awards = award_vp(st, board)
    out = []
    for seat in range(st.n):
        award = sum(v for _, v in awards[seat])
        row = {"tr": st.tr[seat], "milestones": milestones_vp(st, seat), "awards": award,
               "greenery": board.greenery[seat], "city": board.city_vp[seat], "cards": cards_vp(st, seat)}
        row["total"] = sum(row.values())
        out.append(row)
    return out


def vp_but_awards(st: TMState, counts: BoardCounts) -> list[int]:
    """Per seat, `breakdown`'s total without the awards (whose standings may yet change)."""
    return [st.tr[seat] + milestones_vp(st, seat) + counts.greenery[seat] + counts.city_vp[seat]
            + cards_vp(st, seat) for seat in range(st.n)]


def score_values(st: TMState) -> list[float]:
    return [float(row["total"]) for row in breakdown(st)]


def megacredits(st: TMState, seat: int) -> int:
    """M€ left: the tie-break."""
    return st.res[slot(seat, MC)]


def tiebreak_winners(st: TMState) -> list[int]:
    """The seats with the most VP and, among them, the most M€."""
    scores = score_values(st)
    top = [seat for seat, v in enumerate(scores) if v == max(scores)]
    most = max(megacredits(st, seat) for seat in top)
    return [seat for seat in top if megacredits(st, seat) == most]
