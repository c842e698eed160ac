"""Names and small numbers shared by every rule area: resources, tags, parameters, tiles.

Everything is an index into a fixed tuple, so the state stores plain ints.
"""

from __future__ import annotations

# ----------------------------------------------------------------- resources
RESOURCES = ("megacredits", "steel", "titanium", "plants", "energy", "heat")
MC, STEEL, TITANIUM, PLANTS, ENERGY, HEAT = range(6)
NR = len(RESOURCES)
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
#: lowest production allowed (M€ may go down to -5, the rest to 0)
PRODUCTION_FLOOR = (-5, 0, 0, 0, 0, 0)
STEEL_VALUE = 2
TITANIUM_VALUE = 3

#: resources held on cards
CARD_RESOURCES = ("animal", "microbe", "science", "fighter")

# ----------------------------------------------------------------------- tags
TAGS = ("building", "space", "science", "power", "earth", "jovian", "plant", "microbe", "animal", "city")
NT = len(TAGS)
TAG_INDEX = {name: i for i, name in enumerate(TAGS)}
BUILDING, SPACE, SCIENCE, POWER, EARTH, JOVIAN, PLANT, MICROBE, ANIMAL, CITY_TAG = range(NT)

# ----------------------------------------------------------------- card types
AUTOMATED, ACTIVE, EVENT, CORPORATION = "automated", "active", "event", "corporation"
CARD_TYPES = (AUTOMATED, ACTIVE, EVENT)

# -------------------------------------------------------- global parameters
PARAMS = ("temperature", "oxygen", "oceans")
TEMPERATURE, OXYGEN, OCEANS = range(3)
PARAM_INDEX = {name: i for i, name in enumerate(PARAMS)}
TEMPERATURE_START = -30  # °C; one step is 2 °C
TEMPERATURE_STEP = 2
#: steps to the goal: temperature -30 -> +8 °C, oxygen 0 -> 14 %, oceans 0 -> 9
PARAM_MAX = (19, 14, 9)
#: size of one requirement "step" in the parameter's printed unit
PARAM_UNIT = (2, 1, 1)

# ---------------------------------------------------------------------- tiles
TILES = (
    "empty", "ocean", "greenery", "city", "capital", "natural_preserve", "nuclear_zone", "lava_flows",
    "mohole_area", "ecological_zone", "mining_rights", "mining_area", "commercial_district",
    "industrial_center", "restricted_area",
)
EMPTY, OCEAN, GREENERY, CITY, CAPITAL = range(5)
TILE_INDEX = {name: i for i, name in enumerate(TILES)}
CITY_TILES = frozenset({CITY, CAPITAL})
SPECIAL_TILES = frozenset(range(CAPITAL, len(TILES)))

# ---------------------------------------------------------- standard projects
STANDARD_PROJECTS = ("sell_patents", "power_plant", "asteroid", "aquifer", "greenery", "city")

# ------------------------------------------------- sizes of action id ranges
#: milestones and awards on Tharsis; they size `actions.CLAIM` and `actions.FUND`
N_MILESTONES = N_AWARDS = 5
#: largest numbers of steel, titanium and heat a payment can use (the costliest card is 41 M€);
#: the payments grid sizes `actions.PAY` (`payment.pay_index`)
MAX_STEEL, MAX_TITANIUM, MAX_HEAT = 21, 14, 41
PAY_GRID = (MAX_STEEL + 1) * (MAX_TITANIUM + 1) * (MAX_HEAT + 1)

# ----------------------------------------------------------------------- seats
MAX_PLAYERS = 5
NEUTRAL = MAX_PLAYERS  # the solo game's neutral opponent (owner of its cities/greeneries)
NOBODY = -1
PUBLIC = -1  # "known to everyone" marker in the discard pile

#: research and starting cards cost 3 M€ each
CARD_PRICE = 3
START_TR = 20
SOLO_START_TR = 14


def slot(seat: int, resource: int = 0) -> int:
    """Where `seat`'s `resource` is in the per-seat flat lists `res` and `prod` (NR entries a seat)."""
    return seat * NR + resource
