"""The On Mars action codec: every action id lives in a fixed, named range.

Ranges never move once published; new ones are appended at the end (see
docs/on-mars.md for the table and the notation). `encode(range, index)` and
`decode(action)` convert between ids and `(range name, index)`.
"""

from __future__ import annotations

from ludoteca.games.on_mars.board import map_hexes
from ludoteca.games.on_mars.components import RESOURCES, load_components

C = load_components()

MAIN_ACTIONS = (
    "landing_pod",
    "obtain_blueprint",
    "learn_technology",
    "research_and_development",
    "resupply",
    "control_center",
    "construct_building",
    "upgrade_building",
    "welcome_ship",
    "hire_scientist_or_contract",
)
ORBIT_ACTIONS = MAIN_ACTIONS[:5]
COLONY_ACTIONS = MAIN_ACTIONS[5:]
WAREHOUSE_ITEMS = ("crystal", "battery", "water", "plant", "oxygen")
SHIP_GAINS = ("colonist_bot", "two_colonists")
EXTRA_PAY = ("crystal", "colonist")

#: (name, size) in id order; chance ranges first. Fixed: append only.
RANGES: tuple[tuple[str, int], ...] = (
    ("draw_discovery", len(C.standins["discoveries"])),  # by discovery kind
    ("draw_tech", len(C.tech_types)),  # by tech type
    ("draw_blueprint", len(C.blueprints)),  # by blueprint id - 1
    ("draw_lss_building", 4),  # starting LSS building type
    ("draw_mission", len(C.missions)),  # by mission id - 1
    ("draw_lss_reward", len(C.lss_rewards)),
    ("draw_goal", len(C.private_goals)),  # by goal id - 1
    ("draw_seat", 4),  # first player
    ("draw_space", 8),  # a turn-order space (Lacerda's start)
    ("draw_building_tile", C.building_tiles_per_type),
    ("space", 8),  # choose turn-order space 1..8
    ("shuttle_side", 2),
    ("main", len(MAIN_ACTIONS)),
    ("skip", 1),  # decline an optional benefit / stop
    ("warehouse", len(WAREHOUSE_ITEMS)),
    ("blueprint", len(C.blueprints)),  # take blueprint id - 1
    ("grid", 8),  # take the tech tile on grid space 0..7
    ("lab_space", 3),  # choose a Lab space in the target column
    ("pay", len(RESOURCES)),  # pay one cost unit with this resource
    ("extra", len(EXTRA_PAY)),  # pay one placement unit with a crystal or a colonist
    ("boost", 13),  # send 0..12 colonists to the Working Area
    ("ship_gain", len(SHIP_GAINS)),
    ("hex", len(map_hexes())),  # a map hex (placements)
    ("develop", len(C.tech_types) + 1),  # develop your tile of this tech type (last: Shelter Tech)
    ("scientist", 6),
    ("contract", 12),  # by contract id - 1
    ("travel", 2),  # 0 stay, 1 travel
    ("executive", len(C.executive_costs)),  # executive actions (EXECUTIVE_ACTIONS order)
    ("step", len(map_hexes()) * 6),  # move the piece on hex h one step in direction d: h*6+d
    ("build", 6),  # construct a building of this type (BUILDINGS order)
    ("tech_owner", 4),  # use the matching tech tile of this seat
    ("lss_benefit", 4),  # one LSS benefit (stand-in list order)
    ("crystals", 9),  # spend 0..8 Depot crystals (movement points)
    ("goal", len(C.private_goals) * 2),  # complete goal id-1: *2 + 0 develop x2 free, + 1 its alternative
    ("gain", len(RESOURCES)),  # gain one resource of this type from the supply
    ("work", 6),  # move this Scientist (display order) to work on a Blueprint
    ("work_use", 1),  # executive action: a Blueprint with a Scientist at work, for free
    ("discard_goal", len(C.private_goals)),  # discard Private Goal id-1 as a crystal
    ("draw_solo_card", len(C.raw["solo"]["deck"])),  # Lacerda reveals solo card i (deck order)
    ("solo_goal", len(C.raw["solo"]["goals"])),  # the Solo Goal chosen (data order)
    ("draw_contract", len(C.contracts)),  # Lacerda's refill: the top contract, by id - 1
    ("lacerda_tie", 3),  # Lacerda's unclear tie: the number (1-3) on the solo card drawn
    ("draw_fc_a", len(C.fc_a_cards)),  # First Colonists: A card id - 1 dealt to a seat (secret)
    ("draw_fc_b", len(C.fc_b_cards)),  # First Colonists: B card id - 1 drawn by a seat (secret)
    ("fc_task", len(C.fc_b_cards)),  # reveal the completed B card id - 1 and take its reward
    ("exploration", len(C.standins["discoveries"])),  # place the face-up Discovery tile of this kind
)

BASE: dict[str, int] = {}
_offset = 0
for _name, _size in RANGES:
    BASE[_name] = _offset
    _offset += _size
NUM_ACTIONS = _offset
SIZE = dict(RANGES)
_STARTS = sorted((b, n) for n, b in BASE.items())


def encode(name: str, index: int) -> int:
    if not 0 <= index < SIZE[name]:
        raise ValueError(f"index {index} outside range {name} (size {SIZE[name]})")
    return BASE[name] + index


def decode(action: int) -> tuple[str, int]:
    if not 0 <= action < NUM_ACTIONS:
        raise ValueError(f"action {action} out of range")
    name = ""
    for base, n in _STARTS:
        if base > action:
            break
        name = n
    return name, action - BASE[name]
