"""Putting a tile on a space, and everything that follows from it.

In order: the tile and its owner; an ocean raises the ocean count (+1 TR); a
greenery raises oxygen one step (+1 TR, unless maxed; solo neutral tiles never do);
the space's printed bonus (resources at once, cards as chance draws); 2 M€ for each
adjacent ocean; then the triggered effects of every seat's cards ("when a city is
placed", Mining Guild's "placement bonus" effect).

The decision is `(F_PLACE, seat, card, tile, where)` (`PlaceTile`): a space among
`spaces_for(tile, where)`, as `place <space>`; with none left it lapses.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.terraforming_mars.actions import PLACE
from ludoteca.games.terraforming_mars.board import OCEAN_BONUS_MC, legal_spaces
from ludoteca.games.terraforming_mars.cards import CORP_BASE
from ludoteca.games.terraforming_mars.constants import (
    CITY_TILES,
    GREENERY,
    MC,
    NEUTRAL,
    NOBODY,
    NR,
    OCEAN,
    OCEANS,
    PARAM_MAX,
    slot,
)
from ludoteca.games.terraforming_mars.frames import F_PLACE, Frame, push_draw, push_ops
from ludoteca.games.terraforming_mars.params import raise_oxygen, raise_tr

FINAL_PHASE = 3  # generation.FINAL (the solo game's final greeneries raise nothing)

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState


def spaces_for(st: TMState, seat: int, tile: int, where: str) -> tuple[int, ...]:
    """Legal spaces for this tile; an ocean needs oceans left to place.

    While the menu is being listed (`st.memo` is a dict) answers are remembered:
    the menu asks the same question for many cards and projects.
    """
    if tile == OCEAN and st.params[OCEANS] >= PARAM_MAX[OCEANS]:
        return ()
    memo = st.memo
    if memo is not None:
        key = (seat, where)
        found = memo.get(key)
        if found is None:
            found = memo[key] = legal_spaces(st.game.mars, st.tiles, st.owner, seat, where, st.claims)
        return found
    return legal_spaces(st.game.mars, st.tiles, st.owner, seat, where, st.claims)


def claimable_spaces(st: TMState) -> list[int]:
    """Land Claim: free land spaces nobody has claimed (not ocean or reserved spaces)."""
    return [s for s in st.game.mars.land if st.tiles[s] == 0 and st.claims[s] < 0]


def put_tile(st: TMState, seat: int, card: int, space: int, tile: int, *, oxygen: bool = True) -> None:
    """Place `tile` for `seat` on `space` with all its consequences."""
    mars = st.game.mars
    sp = mars.spaces[space]
    st.tiles[space] = tile
    st.owner[space] = NOBODY if tile == OCEAN else seat
    st.claims[space] = -1
    st.board_stamp = object()
    if seat < NEUTRAL:
        st.last_space[seat] = space
    if tile == OCEAN:
        st.params[OCEANS] += 1
        raise_tr(st, seat, 1)
    elif tile == GREENERY and oxygen and seat < NEUTRAL and not (st.solo and st.phase == FINAL_PHASE):
        raise_oxygen(st, seat, 1)
    if seat >= NEUTRAL:
        return
    base = slot(seat)
    res = st.res
    for r in range(NR):
        if sp.bonus[r]:
            res[base + r] += sp.bonus[r]
    push_draw(st, seat, sp.bonus_cards)
    oceans = sum(1 for n in sp.neighbors if st.tiles[n] == OCEAN)
    if oceans:
        res[base + MC] += OCEAN_BONUS_MC * oceans
    fire_tile_triggers(st, seat, card, space, tile)


class PlaceTile(Decision):
    kind = F_PLACE
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return sorted(PLACE + s for s in spaces_for(st, frame[1], frame[3], frame[4]))

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        put_tile(st, frame[1], frame[2], action - PLACE, frame[3])


def fire_tile_triggers(st: TMState, placer: int, source: int, space: int, tile: int) -> None:
    cards = st.game.cards
    on_mars = st.game.mars.spaces[space].on_mars
    bonus = st.game.mars.spaces[space].bonus
    is_city = tile in CITY_TILES
    for p in range(st.n):
        for c in st.effect_cards[p]:
            for eff in cards[c].effects:
                trig = eff.trigger
                if trig.event == "tile_placed":
                    if trig.tile >= 0 and not (trig.tile == tile or (is_city and trig.tile in CITY_TILES)):
                        continue
                    if not trig.by_anyone and p != placer:
                        continue
                    if not trig.anywhere and not on_mars:
                        continue
                    if c == source and c < CORP_BASE and not trig.including_this:
                        continue  # a project's own tile triggers it only when the card says so
                    push_ops(st, p, c, eff.ops)
                elif (trig.event == "placement_bonus" and p == placer
                      and any(bonus[r] for r in trig.bonus_any_of)):
                    push_ops(st, p, c, eff.ops)
