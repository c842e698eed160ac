"""The solo game: the neutral player's two cities and greeneries, and the 14-generation limit.

Setup (before the corporations and cards are dealt) reveals and discards the top 4
project cards, one at a time (chance nodes `reveal <card>`); their costs place the
neutral tiles (a cost of 0 counts as 1):

1. the 1st city: count that many land spaces in reading order (`03` .. `63`),
   counting only spaces where the city and its greenery can go (not ocean spaces or
   Noctis City, not next to a city, with a free land neighbour), wrapping around;
2. its greenery: count the 2nd cost clockwise around that city from its upper-left
   neighbour, counting only free land spaces, wrapping around;
3. the 2nd city: like 1, counting backwards from the bottom-right space (`63`);
4. its greenery: like 2, with the 4th cost.

Neutral tiles belong to nobody that scores, raise no parameter and give no bonus;
Tharsis Republic still gains its +1 M€ production for each neutral city. The game
lasts 14 generations; it is won only if temperature, oxygen and oceans are all at
their goals when the 14th generation's production is over (the final greenery
conversion raises nothing). Milestones and awards are not used; "any player"
attacks hit the neutral player, who always has enough (stealing from it gains the
full amount).

Each reveal is the chance frame `(F_NEUTRAL, -1, step)` (`NeutralTile`), over the deck.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.terraforming_mars.actions import REVEAL
from ludoteca.games.terraforming_mars.constants import CITY, CITY_TILES, EMPTY, GREENERY, NEUTRAL
from ludoteca.games.terraforming_mars.deck import DeckChance, deck_outcomes, reveal_top
from ludoteca.games.terraforming_mars.frames import F_NEUTRAL, Frame
from ludoteca.games.terraforming_mars.placement import fire_tile_triggers, put_tile

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

SOLO_GENERATIONS = 14
NEUTRAL_STEPS = 4


def push_neutral_setup(st: TMState) -> None:
    st.stack.append((F_NEUTRAL, -1, 0))


def _free_land_neighbours(st: TMState, s: int) -> list[int]:
    land = st.game.mars.land_set
    return [n for n in st.game.mars.neighbors[s] if n in land and st.tiles[n] == EMPTY]


def city_space(st: TMState, cost: int, backwards: bool) -> int:
    mars = st.game.mars
    order = sorted(mars.land, reverse=backwards)
    options = [s for s in order if st.tiles[s] == EMPTY
               and not any(st.tiles[n] in CITY_TILES for n in mars.neighbors[s])
               and _free_land_neighbours(st, s)]
    return options[(max(cost, 1) - 1) % len(options)]


def greenery_space(st: TMState, city: int, cost: int) -> int:
    options = _free_land_neighbours(st, city)  # neighbours are listed clockwise from the upper left
    return options[(max(cost, 1) - 1) % len(options)]


def place_neutral(st: TMState, step: int, cost: int) -> None:
    """Step 0..3 of the neutral setup, from the cost of the card just revealed."""
    if step in (0, 2):
        space = city_space(st, cost, backwards=step == 2)
        put_tile(st, NEUTRAL, -1, space, CITY)
        st.neutral_cities = (*st.neutral_cities, space)
    else:
        put_tile(st, NEUTRAL, -1, greenery_space(st, st.neutral_cities[-1], cost), GREENERY)
    if step + 1 < NEUTRAL_STEPS:
        st.stack.append((F_NEUTRAL, -1, step + 1))


class NeutralTile(DeckChance):
    kind = F_NEUTRAL

    @staticmethod
    def outcomes(st: TMState, frame: Frame) -> list[tuple[int, float]]:
        return deck_outcomes(st, REVEAL)

    @staticmethod
    def resolve(st: TMState, frame: Frame, action: int) -> None:
        card = action - REVEAL
        reveal_top(st, card)
        place_neutral(st, frame[2], st.game.cards[card].cost)


def neutral_city_triggers(st: TMState) -> None:
    """After the corporation is revealed: its "city placed by anyone" effects see the neutral cities."""
    for s in st.neutral_cities:
        fire_tile_triggers(st, NEUTRAL, -1, s, CITY)
