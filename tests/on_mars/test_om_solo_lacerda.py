"""Lacerda's choices (rules 12.2-12.3), one worked example per rule."""

from __future__ import annotations

import random

from om_helpers import start

from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.board import distance, hex_ids, map_hexes, ring
from ludoteca.games.on_mars.construct import tech_owners
from ludoteca.games.on_mars.frames import push
from ludoteca.games.on_mars.handlers import TABLE
from ludoteca.games.on_mars.lab import tech_offer
from ludoteca.games.on_mars.model import COLONY, ORBIT, Building
from ludoteca.games.on_mars.movement import move_frame
from ludoteca.games.on_mars.notation import decision_text
from ludoteca.games.on_mars.shuttle import LACERDA
from ludoteca.games.on_mars.solo import actions as act
from ludoteca.games.on_mars.state import OnMarsState


def solo(side: str = ORBIT) -> OnMarsState:
    """A solo game at the player's first main action; Lacerda on `side`, no colonists
    on any action, 3 crystals, and missions nothing here contributes to."""
    state = start(1, seed=3, spaces=(4,))
    board = state.players[LACERDA]
    board.side, board.depot = side, 3
    for action in state.slots:
        state.slots[action] = []
    state.missions = [[9, 2]]
    return state


def run(state: OnMarsState, *frames: dict) -> None:
    """Push frames for Lacerda and let the engine resolve them (chance draws sampled)."""
    push(state, *frames)
    state.settle()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))


def test_obtain_blueprint_prefers_the_types_his_scientists_score() -> None:
    state = solo()
    board = state.players[LACERDA]
    state.display = [3, 7, 9]  # generator, greenhouse, oxygen condenser
    assert act.choose_blueprint(state) == 3  # no scientist: the first card
    board.scientists = ["hydrologist"]  # scores greenhouses
    assert act.choose_blueprint(state) == 7
    act.take_action(state, 1)
    run(state)
    assert board.blueprints == [7] and state.display == [3, 9] and board.markers == 7
    assert state.slots["obtain_blueprint"] == [LACERDA]


def test_learn_technology_takes_the_cheapest_tile_onto_the_top_lab_space() -> None:
    state = solo()
    board = state.players[LACERDA]
    state.grid = ["a:mine", "a:rover", None, "a:generator", None, None, None, "a:upgrade"]
    assert act.choose_tech(state) == 7  # bottom row: free
    run(state, {"k": "learn", "seat": LACERDA, "left": 1})
    assert board.lab["a:upgrade"] == (0, 0) and state.grid[7] is None and board.incoming == 0
    assert act.choose_tech(state) == 3  # then the middle row
    run(state, {"k": "learn", "seat": LACERDA, "left": 1})
    assert board.lab["a:generator"] == (0, 1) and board.incoming == 1  # column 1 bottom: a crystal
    assert act.choose_tech(state) is None  # column 1 is full


def test_research_and_development_most_developed_then_least_developed() -> None:
    state = solo()
    board = state.players[LACERDA]
    board.lab = {"shelter": (1, 1), "a:mine": (0, 0), "a:rover": (0, 1)}
    act.take_action(state, 3)
    run(state)
    # Shelter Tech (column 2) moves first; then of the two column-1 tiles the bottom one
    assert board.lab["shelter"][0] == 2 and board.lab["a:rover"][0] == 1 and board.lab["a:mine"] == (0, 0)
    assert state.slots["research_and_development"] == [LACERDA]


def test_construct_follows_his_bot_sequence_and_skips_types_at_the_colony_row() -> None:
    state = solo(COLONY)
    assert act.choose_build(state)[0] == "mine"  # the sequence starts on the Mine
    state.lacerda["sequence"] = 1  # Generator ...
    state.lss["generator"] = state.colony_level + 1  # ... whose marker is at the colony-level row
    assert act.choose_build(state)[0] == "water_extractor"
    _, hexes = act.choose_build(state)
    act.take_action(state, 1)
    run(state)
    assert [state.buildings[h].kind for h in hexes if h in state.buildings] == ["water_extractor"]
    assert state.lacerda["sequence"] == 3  # his bot now points at the Greenhouse
    assert state.slots["construct_building"] == [LACERDA]


def test_construct_forms_the_largest_complex_the_tech_on_the_table_allows() -> None:
    state = solo(COLONY)
    home = next(h for h, b in state.buildings.items() if b.kind == "generator")
    state.buildings = {h: b for h, b in state.buildings.items() if b.kind != "generator"}
    state.buildings[home] = Building("generator")
    state.buildings[(home[0] + 1, home[1])] = Building("generator")
    free = act.build_hexes(state, "generator")
    assert free and all(min(distance(h, home), distance(h, (home[0] + 1, home[1]))) == 2 for h in free)
    state.players[0].lab["a:generator"] = (1, 0)  # the player's level-2 Generator Tech
    joined = act.build_hexes(state, "generator")[0]
    assert min(distance(joined, home), distance(joined, (home[0] + 1, home[1]))) == 1
    oxygen = state.players[0].storage["oxygen"]
    act.construct(state, "generator", joined)
    run(state)
    assert state.players[0].storage["oxygen"] == oxygen + 1  # his use of the player's tile


def test_a_mine_takes_his_colonist() -> None:
    state = solo(COLONY)
    kind, hexes = act.choose_build(state)
    h = hexes[0]
    act.construct(state, kind, h)
    run(state)
    assert kind == "mine" and state.buildings[h].miner == LACERDA


def test_upgrade_anywhere_prefers_blueprints_his_scientists_score() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    board.blueprints, board.scientists = [1, 7], ["hydrologist"]  # Mine, Greenhouse; scores greenhouses
    greenhouse = next(h for h, b in state.buildings.items() if b.kind == "greenhouse")
    act.take_action(state, 2)
    run(state)
    assert board.built_blueprints == [7] and state.buildings[greenhouse].advanced == LACERDA
    assert board.blueprints == [1]


def test_upgrade_tech_lets_him_upgrade_as_many_more_as_its_level() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    board.blueprints = [1, 7]
    board.lab["a:upgrade"] = (0, 0)  # level 1
    act.take_action(state, 2)
    run(state)
    assert sorted(board.built_blueprints) == [1, 7]


def test_hire_the_scientist_with_most_potential_then_the_best_contract() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    state.players[0].blueprints = [3, 4]  # two Generator Blueprints: the Geologist scores them
    assert [state.science[i] for i in act.hire_spaces(state)] == ["geologist"]
    state.players[0].blueprints = [5]  # a Water Extractor: the R&D Engineer
    act.take_action(state, 3)
    run(state)
    assert board.scientists == ["rd_engineer"] and state.slots["hire_scientist_or_contract"] == [LACERDA]
    board.scientists.append("geologist")
    state.science = ["hydrologist", 7, 2, None, None, None]
    run(state, {"k": "hire", "seat": LACERDA})
    assert board.contracts_done == [2] and board.contracts == []  # 12 OP beats 9; done at once


def test_his_refill_is_a_draw_from_the_contract_deck() -> None:
    state = solo(COLONY)
    state.science[0] = None
    push(state, {"k": "refill", "seat": LACERDA, "space": 0})
    state.settle()
    assert state.is_chance_node()
    assert len(state.chance_outcomes()) == len(state.contract_deck)
    state.apply_string("draw contract 5")
    assert state.science[0] == 5 and 5 not in state.contract_deck


def test_he_pays_the_placement_cost_in_crystals_or_moves_his_rover() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    state.slots["construct_building"] = [0, 0]  # 2 players: 1 crystal per colonist there
    state.map_discoveries = {(2, 0): "tech_tile"}
    board.depot = 1
    act.take_action(state, 1)
    run(state)
    assert state.slots["construct_building"] == [0, 0] and board.rover == (2, 0)
    assert "tech_tile" in board.discoveries
    board.depot = 2
    act.take_action(state, 1)
    run(state)
    assert state.slots["construct_building"] == [0, 0, LACERDA] and board.depot == 0


def test_the_rover_heads_for_the_nearest_claimable_tile_spending_crystals_only_to_reach_it() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    state.map_discoveries = {(0, 2): "resources_water_2", (3, 0): "blueprints_2"}
    board.depot = 0
    act.rover_move(state)
    assert distance(board.rover, (3, 0)) == 1 and board.depot == 0  # 2 MP, no crystal to spare
    state = solo(COLONY)
    board = state.players[LACERDA]
    state.map_discoveries = {(0, 2): "resources_water_2", (3, 0): "blueprints_2"}
    state.crystals = {(1, 0)}
    board.depot = 1
    state.display = [3, 7]
    run(state, {"k": "add_colonists", "seat": LACERDA, "n": 1})  # his colonist benefit: a rover move
    assert board.rover == (3, 0) and board.depot == 0 and board.incoming == 1  # crystal picked up
    assert board.discoveries == ["blueprints_2"] and board.blueprints == [3, 7]


def test_lss_benefit_brings_his_colonist_back_from_the_scientists_or_gives_a_crystal() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    state.slots["hire_scientist_or_contract"] = [0, LACERDA]
    run(state, {"k": "lss_benefit", "seat": LACERDA})
    assert state.slots["hire_scientist_or_contract"] == [0] and board.incoming == 0
    run(state, {"k": "lss_benefit", "seat": LACERDA})
    assert board.incoming == 1


def test_resource_benefits_take_the_most_plentiful_warehouse_item() -> None:
    state = solo()
    board = state.players[LACERDA]
    state.warehouse = {"crystal": 1, "battery": 2, "water": 3, "plant": 3, "oxygen": 0}
    run(state, {"k": "warehouse_take", "seat": LACERDA, "left": 2})
    assert state.warehouse == {"crystal": 1, "battery": 2, "water": 2, "plant": 2, "oxygen": 0}
    state.warehouse["crystal"] = 2
    run(state, {"k": "warehouse_take", "seat": LACERDA, "left": 1})
    assert state.warehouse["crystal"] == 1 and board.incoming == 1  # crystals first on ties


def test_bot_movement_moves_his_bot_along_the_sequence() -> None:
    state = solo()
    run(state, move_frame(LACERDA, bots=2))
    assert state.lacerda["sequence"] == 1 and state.players[LACERDA].bots == []


def test_he_never_pays_resources_nor_takes_decisions() -> None:
    state = solo()
    before = state.players[0].storage.copy()
    run(
        state,
        {"k": "pay", "seat": LACERDA, "units": ["battery"]},
        {"k": "goal", "seat": LACERDA},
        {"k": "executive", "seat": LACERDA, "when": "before"},
    )
    assert state.current_player() == 0 and state.pending[-1]["k"] != "pay"
    assert state.players[0].storage == before


def test_the_bots_lss_reward_counts_the_bots_on_his_board() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    state.lss_rewards[0] = "bots"  # the Generator column
    state.lacerda["bots"] = 2
    home = next(h for h, b in state.buildings.items() if b.kind == "generator")
    target = next(h for h in ring(home, 2) if h not in state.buildings)
    op = board.op
    act.construct(state, "generator", target)
    run(state)
    assert board.op == op + 2 + 2 * 2  # first Generator off the bottom row + 2 OP per bot


# ------------------------------------------------------------------ unclear ties: a card draw
PILE = [0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 1, 1]  # left in his pile: three 1s, four 2s, two 3s


def tie(state: OnMarsState) -> tuple[list, list[tuple[str, float]]]:
    """The tie on top: its options and its outcomes as (notation, probability)."""
    assert state.is_chance_node() and state.pending[-1]["pool"] == "lacerda_tie"
    outcomes = [(state.action_to_string(a), p) for a, p in state.chance_outcomes()]
    return state.pending[-1]["options"], outcomes


def test_tie_numbers_come_from_the_cards_left_in_his_pile() -> None:
    state = solo(COLONY)
    state.pools["solo"] = list(PILE)
    state.science = ["geologist", "hydrologist", None, None, None, None]  # no Blueprint taken: a tie
    act.take_action(state, 3)
    state.settle()
    options, outcomes = tie(state)
    assert options == [0, 1] and outcomes == [("lacerda-tie 1", 3 / 7), ("lacerda-tie 2", 4 / 7)]
    assert decision_text(state)[1] == "Chance: a solo card settles Lacerda's tie (2 options)"
    assert state.string_to_action("lacerda-tie 2") == state.chance_outcomes()[1][0]
    state.apply_string("lacerda-tie 2")
    assert state.players[LACERDA].scientists == ["hydrologist"]
    assert state.pools["solo"] == PILE  # the drawn cards are shuffled back


def test_a_pile_without_a_low_enough_number_is_read_as_the_whole_deck() -> None:
    state = solo(COLONY)
    state.pools["solo"] = [0] * 9 + [1, 1, 1]  # only 3s left
    state.players[LACERDA].scientists = ["geologist", "hydrologist"]
    state.science = [1, 2, None, None, None, None]  # two 12-OP contracts
    act.take_action(state, 3)
    state.settle()
    assert tie(state) == ([0, 1], [("lacerda-tie 1", 5 / 9), ("lacerda-tie 2", 4 / 9)])
    state.apply_string("lacerda-tie 1")
    assert state.players[LACERDA].contracts_done == [1] and state.science[0] is None


def test_more_than_three_tied_options_are_drawn_for_in_groups() -> None:
    state = solo(COLONY)
    state.pools["solo"] = list(PILE)
    centre = (0, 0)
    state.buildings = {centre: Building("mine")}
    state.crystals, state.map_research, state.map_discoveries = set(), {}, {}
    state.players[0].rover = state.players[LACERDA].rover = None  # rovers off the ring
    act.take_action(state, 1)  # a Mine: exactly 2 hexes from the one on the map
    state.settle()
    options, outcomes = tie(state)
    ring_ids = sorted(hex_ids()[h] for h in ring(centre, 2))
    assert options == ring_ids  # 12 hexes in id order: groups of 4, 4, 4
    assert outcomes == [("lacerda-tie 1", 3 / 9), ("lacerda-tie 2", 4 / 9), ("lacerda-tie 3", 2 / 9)]
    state.apply_string("lacerda-tie 3")  # the last 4 hexes: groups of 2, 1, 1
    assert tie(state) == (ring_ids[8:], outcomes)
    state.apply_string("lacerda-tie 1")
    assert tie(state) == (ring_ids[8:10], [("lacerda-tie 1", 3 / 7), ("lacerda-tie 2", 4 / 7)])
    state.apply_string("lacerda-tie 2")
    run(state)
    assert state.buildings[map_hexes()[ring_ids[9]]].kind == "mine"


def test_an_upgrade_tie_is_drawn_over_blueprint_and_building() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    board.blueprints = [1, 5]  # a Mine and a Water Extractor Blueprint; no Scientist
    mine = next(h for h, b in state.buildings.items() if b.kind == "mine")
    water = next(h for h, b in state.buildings.items() if b.kind == "water_extractor")
    act.take_action(state, 2)
    state.settle()
    options, _ = tie(state)
    assert options == [[1, hex_ids()[mine]], [5, hex_ids()[water]]]
    state.apply_string("lacerda-tie 2")
    assert state.buildings[water].advanced == LACERDA and board.blueprints == [1]


def test_the_rover_draws_between_equally_near_tiles() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    board.rover, board.depot = (0, 0), 0
    state.map_discoveries = {(2, 0): "tech_tile", (-2, 0): "blueprints_2", (0, 3): "tech_tile"}
    state.map_research, state.crystals = {}, set()
    act.rover_move(state)
    state.settle()
    options, outcomes = tie(state)  # (0, 3) is farther: not in the tie
    assert options == sorted(hex_ids()[h] for h in [(2, 0), (-2, 0)]) and len(outcomes) == 2
    state.apply_string("lacerda-tie 2")
    assert board.rover == map_hexes()[options[1]] and len(board.discoveries) == 1


def test_the_discovery_hex_is_drawn_among_the_farthest_from_the_player() -> None:
    state = solo(COLONY)
    state.players[LACERDA].rover, state.players[0].rover = (0, 0), (4, 0)
    state.crystals, state.map_research, state.map_discoveries, state.buildings = set(), {}, {}, {}
    state.players[0].bots = []
    exploration = list(state.exploration)
    push(state, {"k": "discovery", "seat": LACERDA})
    state.settle()
    options, _ = tie(state)  # 3 hexes from his rover, 7 from hers (the most there is)
    far = [(-3, 0), (-3, 1), (-3, 2), (-3, 3), (-2, -1), (-1, -2), (0, -3)]
    assert options == sorted(hex_ids()[h] for h in far)
    state.apply_string("lacerda-tie 1")  # the first 3 hexes: groups of 1, 1, 1
    state.apply_string("lacerda-tie 3")
    assert state.map_discoveries == {map_hexes()[options[2]]: exploration[0]}


# ------------------------------------------------------------------ the player uses his tech tiles
def test_the_player_may_use_his_tech_tile_and_he_develops_it() -> None:
    state = solo(COLONY)
    board = state.players[LACERDA]
    board.lab["a:generator"] = (1, 0)  # his level-2 Generator Tech
    assert tech_owners(state, "generator", 2) == [LACERDA]
    frame = {"k": "use_tech", "seat": 0, "kind": "generator", "level": 2}
    assert TABLE.legal(state, frame) == [BASE["tech_owner"] + LACERDA]  # "use-tech 1", forced
    oxygen = board.storage["oxygen"]
    push(state, frame)
    state.settle()
    assert state.counters["lent:1:a:generator"] == 1 and board.storage["oxygen"] == oxygen  # not his
    push(state, {"k": "end_turn", "seat": 0})
    state.settle()
    assert board.lab["a:generator"][0] == 2  # he develops it (for free) at the end of the turn
    assert "lent:1:a:generator" not in state.counters


def test_the_players_rover_and_upgrades_may_use_his_tiles() -> None:
    state = solo(COLONY)
    state.players[LACERDA].lab |= {"a:rover": (2, 0), "a:upgrade": (0, 0)}
    offer = [BASE["skip"], BASE["tech_owner"] + LACERDA]  # "skip" or "use-tech 1"
    assert tech_offer(state, 0, "rover") == offer and tech_offer(state, 0, "upgrade") == offer
