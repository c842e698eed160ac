"""A test for every On Mars component card and tile (`data/components.json`,
`data/standins.json`), parametrised over the data; the tiles, executive actions and
turn-order spaces are in `test_om_each_component_tiles.py`.

* each Private Goal's test code on a position that meets it and on one that misses by
  one, and each alternative reward's effect;
* each Earth Contract's final scoring, completed and failed;
* each mission's tracker moved (and its crystals paid) by the rules event it counts;
* each LSS reward tile scored when its column rises;
* each Blueprint's Advanced Building action and its built/unbuilt scoring;
* each Scientist's end scoring.

`REGISTRY` names, for every kind of component, the test that exercises it and the ids
it covers; `test_every_component_has_a_test` fails when the data holds an id the
registry does not, so new content cannot go untested (the parametrised checks also
refuse an unknown goal test, reward, mission count or Blueprint operation).
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from pathlib import Path

import pytest
from om_helpers import bare_board, fresh, line, play, put, texts

from ludoteca.games.on_mars.actions import MAIN_ACTIONS
from ludoteca.games.on_mars.advanced import effect
from ludoteca.games.on_mars.components import RESOURCES, Blueprint, Mission, load_components
from ludoteca.games.on_mars.construct import lss_move
from ludoteca.games.on_mars.goals import goal_count, met_goals, reward_frames
from ludoteca.games.on_mars.scoring import final_breakdown
from ludoteca.games.on_mars.state import OnMarsState
from ludoteca.games.on_mars.tiles import claim, collect_discovery

C = load_components()
HERE = Path(__file__).parent

# ----------------------------------------------------------------- Private Goals


def _goal_position(state: OnMarsState, seat: int, test: str, k: int) -> None:
    """Put `seat` exactly `k` along Private Goal test `test`."""
    p = state.players[seat]
    if test == "blueprints":
        p.blueprints, p.built_blueprints = list(range(1, k)), [k] if k else []
    elif test == "upgraded":
        put(state, "mine", [(-4 + 2 * i, 4) for i in range(k)], advanced=seat)
    elif test == "mines_occupied":
        put(state, "mine", [(-4 + 2 * i, 4) for i in range(k)], miner=seat)
        put(state, "mine", [(-4, -1)], miner=1 - seat)  # another seat's miner does not count
    elif test == "discoveries_collected":
        p.discoveries = ["crystals_3"] * k
    elif test == "advanced_in_complex_4":  # n = 1: a marker in a Complex of 4 (miss: of 3)
        put(state, "greenhouse", line(-2, 2, 3 + k))
        state.buildings[(-2, 2)].advanced = seat
    elif test == "max_resource_of_one_type":
        p.storage = {r: 0 for r in RESOURCES} | {"water": k, "mineral": 9}  # minerals never count
    elif test == "shelters_on_mars":
        p.shelters_left = 5 - k
    elif test == "colony_level":
        state.colony_level = k
    elif test == "colonists_in_quarters":
        p.quarters = k
    elif test == "tech_tiles":
        p.lab = {f"a:{t}": (0, 0) for t in C.standins["tech_types"][:k]}
    elif test == "ships_in_hangar":
        p.hangar = k
    elif test == "research_tiles":
        p.research = [t["id"] for t in C.research_tiles[:k]]
    elif test == "scientist_and_contract":  # n = 1: both (miss: a Scientist, no completed contract)
        p.scientists, p.contracts_done = ["geologist"], [7] * k
    elif test == "lab_marked_spaces":
        marked = [(col, s) for col in (3, 4, 5) for s in C.lab[col].benefits]
        unmarked = [(col, s) for col in range(6) for s in range(C.lab[col].spaces) if (col, s) not in marked]
        spots = marked[:k] + unmarked
        p.lab = {f"a:{t}": spots[i] for i, t in enumerate(C.standins["tech_types"][:5])}
    elif test == "progress_cubes":
        p.progress = list(RESOURCES[:k])
    elif test == "advanced_in_complexes_3":  # n = 2: markers in two Complexes of 3 (miss: one)
        put(state, "generator", line(-4, -1, 3))
        put(state, "generator", line(1, -4, 3 if k == 2 else 2))
        state.buildings[(-4, -1)].advanced = state.buildings[(1, -4)].advanced = seat
    else:
        raise AssertionError(f"no position for Private Goal test {test!r}")


@pytest.mark.parametrize("card", C.private_goals, ids=lambda g: f"goal{g['id']}")
@pytest.mark.parametrize("meets", [True, False])
def test_private_goal(card: dict, meets: bool) -> None:
    state, seat = bare_board()
    n = card["n"]
    _goal_position(state, seat, card["test"], n if meets else n - 1)
    assert goal_count(state, seat, card["test"]) == (n if meets else n - 1)
    state.players[seat].goals = [card["id"]]
    assert met_goals(state, seat) == ([card["id"]] if meets else [])


def _reward_effect(reward: str) -> Callable[[OnMarsState, int, list], None]:
    def check(state: OnMarsState, seat: int, frames: list) -> None:
        p = state.players[seat]
        expected = {
            "upgrade_free_2": {"k": "upgrade", "left": 2, "free": True},
            "gain_resources_3": {"k": "gain_choice", "left": 3},
            "move_rover_5": {"k": "move", "rover_mp": 5, "bots_mp": 0},
            "free_contract": {"k": "free_card", "what": "contract"},
            "free_scientist": {"k": "free_card", "what": "scientist"},
        }
        if reward in expected:
            assert len(frames) == 1 and expected[reward].items() <= frames[0].items()
            return
        assert frames == []
        if reward == "gain_minerals_3":
            assert p.storage["mineral"] == 1 + 3
        elif reward == "colonists_2":
            assert p.quarters == 3 + 2
        elif reward == "free_ship":
            assert (p.ships_depot, p.hangar, p.quarters) == (4, 1, 5)
        elif reward == "retrieve_colonists_2":
            assert (p.working, p.quarters) == (0, 5)
        elif reward == "travel":
            assert p.side == "colony"
        elif reward == "gain_crystals_3":
            assert p.incoming == 3
        else:
            raise AssertionError(f"no check for reward {reward!r}")

    return check


@pytest.mark.parametrize("reward", sorted({g["alt_reward"] for g in C.private_goals}))
def test_private_goal_alternative_reward(reward: str) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.shelters_left = 1  # storage limit 5, Living Quarters for 10
    p.quarters, p.working = 3, 2
    p.hangar, p.ships_depot = 0, 5
    p.side = "orbit"
    _reward_effect(reward)(state, seat, reward_frames(state, seat, reward))


# ----------------------------------------------------------------- Earth Contracts


def _contract_position(state: OnMarsState, seat: int, card: dict, done: bool) -> None:
    p = state.players[seat]
    if card["type"] == "delivery":
        p.storage = dict.fromkeys(RESOURCES, 0)
        p.depot = 0
        first = True
        for item, n in card["requires"].items():
            have = n if done or not first else n - 1
            first = False
            if item == "crystal":
                p.depot = have
            else:
                p.storage[item] = have
    else:
        kind = card["building"]
        put(state, kind, line(-2, 2, 4 if done else 3), owner=seat if kind == "shelter" else -1)
        state.buildings[(-2, 2)].advanced = seat


@pytest.mark.parametrize("card", C.contracts, ids=lambda c: f"contract{c['id']}")
@pytest.mark.parametrize("done", [True, False])
def test_earth_contract_scores_at_the_end(card: dict, done: bool) -> None:
    state, seat = bare_board()
    _contract_position(state, seat, card, done)
    state.players[seat].contracts = [card["id"]]
    assert final_breakdown(state, seat)["contracts"] == (card["op_complete"] if done else card["op_failed"])


# ----------------------------------------------------------------- missions


def _mission_event(state: OnMarsState, seat: int, counts: str) -> None:
    """Do, by the rules, one thing that mission `counts` counts."""
    p = state.players[seat]
    if counts == "research_tiles":
        state.map_research[(1, -1)] = C.research_tiles[1]["id"]  # water, no crystal
        p.depot = 1
        claim(state, seat, (1, -1))
    elif counts == "discoveries":
        collect_discovery(state, seat, "resources_water_2")
    elif counts == "blueprints":
        state.display[:] = [3]
        state.pending.append({"k": "take_blueprint", "seat": seat, "left": 1, "optional": False})
        play(fresh(state), "blueprint 3")
    elif counts == "advanced_buildings":
        p.blueprints = [1]  # a Mine blueprint, level 1
        put(state, "mine", [(0, 0)])
        p.bots = [(1, 0)]
        p.storage["mineral"] = 1
        state.pending.append({"k": "upgrade", "seat": seat, "left": 1, "optional": False, "free": True})
        play(fresh(state), "blueprint 1")
        if state.pending[-1]["k"] == "upgrade_hex":
            play(state, "at 0,0")
        assert state.buildings[(0, 0)].advanced == seat
    elif counts == "bots_placed":
        put(state, "shelter", [(0, 3)], owner=seat)
        p.bots = []
        state.pending.append({"k": "place_bot", "seat": seat})
        play(fresh(state), texts(state)[0])
    elif counts == "techs_taken":
        state.grid[6] = "a:mine"
        p.lab.pop("a:mine", None)
        state.pending.append({"k": "learn", "seat": seat, "left": 1, "optional": False})
        play(fresh(state), "tech 6 mine")
    elif counts == "progress_cubes":
        from ludoteca.games.on_mars.construct import finish_build

        put(state, "generator", [(0, 0)])
        p.progress = []
        finish_build(state, seat, "generator", (1, 0), -1)
    elif counts == "scientists":
        state.science[:] = ["geologist"]
        state.pending.append({"k": "free_card", "seat": seat, "what": "scientist"})
        play(fresh(state), "hire geologist")
    elif counts == "contracts_completed":
        p.contracts, p.storage["mineral"], p.shelters_left = [7], 4, 1
        state.pending.append({"k": "deliver", "seat": seat})
        play(fresh(state), "contract 7")
    else:
        raise AssertionError(f"no event for mission count {counts!r}")


@pytest.mark.parametrize("mission", C.missions, ids=lambda m: f"mission{m.id}")
def test_mission_counts_its_event(mission: Mission) -> None:
    state, seat = bare_board()
    state.missions = [[mission.id, 2], [other := 1 + mission.id % 9, 2]]
    p = state.players[seat]
    before = p.incoming
    _mission_event(state, seat, mission.counts)
    assert state.missions[0] == [mission.id, 1]
    assert state.missions[1] == [other, 2]  # another mission's tracker does not move
    assert p.incoming - before == mission.crystals  # the events chosen give no crystals of their own


# ----------------------------------------------------------------- LSS reward tiles


def _lss_reward_position(state: OnMarsState, seat: int, reward: str, k: int) -> None:
    p = state.players[seat]
    p.lab, p.hangar, p.bots, p.discoveries, p.shelters_left, p.quarters = {}, 0, [], [], 5, 0
    if reward == "highest_tech":
        p.lab = {"a:rover": (k - 1, 0), "a:mine": (0, 0)}
    elif reward == "ships":
        p.hangar = k
    elif reward == "advanced_markers":
        put(state, "mine", [(-4 + 2 * i, 4) for i in range(k)], advanced=seat)
    elif reward == "mines":
        put(state, "mine", [(-4 + 2 * i, 4) for i in range(k)], miner=seat)
    elif reward == "bots":
        p.bots = [(-4 + 2 * i, 4) for i in range(k)]
    elif reward == "discoveries":
        p.discoveries = ["crystals_3"] * k
    elif reward == "shelters":
        p.shelters_left = 5 - k
    elif reward == "colonists":
        p.quarters = k
    else:
        raise AssertionError(f"no position for LSS reward {reward!r}")


@pytest.mark.parametrize("reward", C.lss_rewards, ids=lambda r: r["id"])
def test_lss_reward_tile_scores_when_its_column_rises(reward: dict) -> None:
    state, seat = bare_board()
    _lss_reward_position(state, seat, reward["id"], 3)
    state.lss_rewards = [reward["id"], "ships", "ships", "ships"]
    state.lss["generator"], state.lss_left_bottom = 1, ["generator"]  # no first-exit bonus
    op = state.players[seat].op
    lss_move(state, seat, "generator")
    assert state.players[seat].op - op == reward["op_each"] * 3
    assert state.pending[-1] == {"k": "lss_benefit", "seat": seat}


# ----------------------------------------------------------------- Blueprints


def _blueprint_check(state: OnMarsState, seat: int, op: dict, frames: list) -> None:
    """The effect of one use, unboosted, of an Advanced Building action `op`."""
    p = state.players[seat]
    name = op["op"]
    frame_of = {
        "upgrade_anywhere": {"k": "upgrade", "anywhere": True},
        "construct": {"k": "build_type", "only": op.get("type"), "bonus": 0},
        "ship": {"k": "ship", "left": 1, "bonus": op.get("bonus")},
        "warehouse": {"k": "warehouse_take", "left": 1},
        "tech": {"k": "learn", "left": 1},
        "contract": {"k": "hire", "only": "contract"},
        "develop": {"k": "develop", "left": op.get("n")},
        "rover": {"k": "move", "rover_mp": op.get("n"), "bots_mp": 0},
        "rover_tech": {"k": "movement_tech", "piece": "rover", "rover_mp": 0},
        "blueprint": {"k": "take_blueprint", "left": 1},
    }
    if name in frame_of:
        assert len(frames) == 1 and frame_of[name].items() <= frames[0].items()
        return
    if name == "convert":
        assert [f["k"] for f in frames] == ["pay", "gain_choice"] and frames[1]["left"] == op["n"]
        return
    assert frames == []
    if name == "upgrade":
        assert state.pending[-1]["k"] == "upgrade_tech" and state.pending[-1]["base"] == 1
    elif name == "produce":
        assert p.storage[op["resource"]] == 2
    elif name == "crystals":
        assert p.incoming == op["n"]
    elif name == "score":
        assert p.op == op["n"]
    elif name == "colonists":
        assert p.quarters == 3 + op["n"]
    elif name == "retrieve_all":
        assert (p.working, p.quarters) == (0, 3 + 2 + 1)
    elif name == "travel_orbit":
        assert p.side == "orbit"
    elif name == "pd_radar":
        assert p.discoveries == ["crystals_3"] and p.incoming == 3
    else:
        raise AssertionError(f"no check for Advanced Building action {name!r}")


@pytest.mark.parametrize("blueprint", C.blueprints, ids=lambda b: f"blueprint{b.id}")
def test_blueprint_advanced_action(blueprint: Blueprint) -> None:
    from ludoteca.games.on_mars.advanced import op_of, usable

    state, seat = bare_board()
    p = state.players[seat]
    p.shelters_left, p.op, p.incoming, p.working = 1, 0, 0, 2
    p.side = "colony"
    p.lab = {"a:rover": (2, 0)}
    for s in range(2):
        if s != seat:
            state.players[s].lab = {}
    state.slots["resupply"] = [seat]
    state.exploration[:1] = ["crystals_3"]
    p.built_blueprints = [blueprint.id]
    op = op_of(state, blueprint.id)
    assert op["op"] != "unknown"
    if op["op"] == "travel_orbit":
        assert usable(state, seat, blueprint.id, "before") and not usable(state, seat, blueprint.id, "after")
    _blueprint_check(state, seat, op, effect(state, seat, blueprint.id, 0))


@pytest.mark.parametrize("blueprint", C.blueprints, ids=lambda b: f"blueprint{b.id}")
def test_blueprint_scores_built_or_not(blueprint: Blueprint) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.blueprints, p.built_blueprints = [blueprint.id], []
    unbuilt = final_breakdown(state, seat)["blueprints"]
    p.blueprints, p.built_blueprints = [], [blueprint.id]
    assert (unbuilt, final_breakdown(state, seat)["blueprints"]) == (blueprint.op_unbuilt, blueprint.op_built)


# ----------------------------------------------------------------- Scientists


@pytest.mark.parametrize("scientist", C.scientists, ids=lambda s: s["id"])
def test_scientist_scores_each_upgraded_building_of_its_type(scientist: dict) -> None:
    state, seat = bare_board()
    kind = scientist["scores"]
    put(state, kind, [(-4, 4), (0, 4)], advanced=1 - seat, owner=seat)
    put(state, kind, [(4, -4)])  # not upgraded: does not count
    state.players[seat].scientists = [scientist["id"]]
    assert final_breakdown(state, seat)["scientists"] == 2 * C.raw["scoring"]["scientist_op_each"]


@pytest.mark.parametrize("scientist", C.scientists, ids=lambda s: s["id"])
def test_scientist_hire_cost(scientist: dict) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.storage, p.quarters, p.working = dict.fromkeys(RESOURCES, 0), 3, 0
    ((item, n),) = scientist["hire_cost"].items()
    if item != "colonist_to_work":
        p.storage[item] = n
    state.science[:] = [scientist["id"]]
    state.pending.append({"k": "hire", "seat": seat, "only": "scientist"})
    play(fresh(state), f"hire {scientist['id'].replace('_', '-')}")
    assert p.scientists == [scientist["id"]] and p.storage == dict.fromkeys(RESOURCES, 0)
    assert (p.quarters, p.working) == ((3 - n, n) if item == "colonist_to_work" else (3, 0))


# ----------------------------------------------------------------- the registry

TILES = "each_component_tiles"

#: kind of component -> (module `test_om_<module>.py`, test, the ids that test covers)
REGISTRY: dict[str, tuple[str, str, set[object]]] = {
    "blueprint": ("each_component", "test_blueprint_advanced_action", set(range(1, 25))),
    "blueprint_scoring": ("each_component", "test_blueprint_scores_built_or_not", set(range(1, 25))),
    "scientist": (
        "each_component",
        "test_scientist_scores_each_upgraded_building_of_its_type",
        {"geologist", "rd_engineer", "hydrologist", "biochemist", "geochemist", "systems_engineer"},
    ),
    "scientist_hire": (
        "each_component",
        "test_scientist_hire_cost",
        {"geologist", "rd_engineer", "hydrologist", "biochemist", "geochemist", "systems_engineer"},
    ),
    "contract": ("each_component", "test_earth_contract_scores_at_the_end", set(range(1, 13))),
    "private_goal": ("each_component", "test_private_goal", set(range(1, 17))),
    "alt_reward": (
        "each_component",
        "test_private_goal_alternative_reward",
        {
            "upgrade_free_2",
            "gain_resources_3",
            "gain_minerals_3",
            "move_rover_5",
            "colonists_2",
            "free_contract",
            "free_ship",
            "retrieve_colonists_2",
            "travel",
            "free_scientist",
            "gain_crystals_3",
        },
    ),
    "mission": ("each_component", "test_mission_counts_its_event", set(range(1, 10))),
    "lss_reward": (
        "each_component",
        "test_lss_reward_tile_scores_when_its_column_rises",
        {
            "highest_tech",
            "ships",
            "advanced_markers",
            "mines",
            "bots",
            "discoveries",
            "shelters",
            "colonists",
        },
    ),
    "executive_action": (
        TILES,
        "test_executive_action",
        {
            "develop_tech",
            "move_rover",
            "take_blueprint",
            "upgrade",
            "gain_mineral",
            "move_bots",
            "warehouse",
            "advanced_building",
        },
    ),
    "discovery": (
        TILES,
        "test_discovery_kind",
        {
            "develop_twice",
            "construct_shown",
            "upgrade_2",
            "construct_any",
            "scientist_or_contract",
            "blueprints_2",
            "warehouse_2",
            "crystals_3",
            "resources_water_2",
            "resources_plant_2",
            "tech_tile",
        },
    ),
    "research_tile": (
        TILES,
        "test_research_tile",
        {"pd_rs_red_A", "pd_rs_blue_B", "pd_rs_green_C", "pd_rs_yellow_D"},
    ),
    "building_tech": (
        TILES,
        "test_building_tech_lets_a_building_join_a_complex",
        {"mine", "generator", "water_extractor", "greenhouse", "oxygen_condenser", "shelter"},
    ),
    "rover_tech": (TILES, "test_rover_tech_adds_its_level_to_the_rovers_movement", {"rover"}),
    "upgrade_tech": (TILES, "test_upgrade_tech_adds_upgrades", {"upgrade"}),
    "stand_in_tech": (TILES, "test_stand_in_bots_tech_adds_its_level_to_the_bots_movement", {"pd_tech_bots"}),
    "turn_order_space": (TILES, "test_turn_order_space", set(range(1, 9))),
    "solo_card": ("solo", "test_solo_card", set(range(1, 13))),
    "solo_goal": (
        "solo_goals",
        "test_solo_goal_requirements",
        {"first_colonists", "next_generation", "hunky_dory", "martian_potato"},
    ),
    "landing_pod": (
        "orbit",
        "test_landing_pod_travels_to_the_colony_without_a_discovery_tile",
        {"landing_pod"},
    ),
    "obtain_blueprint": ("orbit", "test_obtain_blueprint_gains_and_parks_a_marker", {"obtain_blueprint"}),
    "learn_technology": (
        "orbit",
        "test_learn_technology_top_row_costs_a_battery_and_one_resource",
        {"learn_technology"},
    ),
    "research_and_development": (
        "orbit",
        "test_research_and_development_moves_a_tile_to_an_adjacent_space",
        {"research_and_development"},
    ),
    "resupply": ("orbit", "test_resupply_with_boost_respects_storage_limits", {"resupply"}),
    "control_center": (
        "control",
        "test_rover_collects_crystals_and_claims_a_research_tile",
        {"control_center"},
    ),
    "construct_building": (
        "build",
        "test_generator_two_hexes_away_lss_reward_and_crystal_arrows",
        {"construct_building"},
    ),
    "upgrade_building": (
        "build",
        "test_upgrade_puts_the_blueprint_marker_on_a_building_for_a_mineral",
        {"upgrade_building"},
    ),
    "welcome_ship": ("colony", "test_welcome_a_ship_for_a_colonist_and_a_bot", {"welcome_ship"}),
    "hire_scientist_or_contract": (
        "colony",
        "test_hire_a_scientist_paid_with_resources_then_refill_with_a_contract",
        {"hire_scientist_or_contract"},
    ),
}


def data_ids() -> dict[str, set[object]]:
    """Every component id in the data, by the registry's kinds (a kind may span several)."""
    tech = set(C.standins["tech_types"]) | {"shelter"}
    return {
        "blueprint": {b.id for b in C.blueprints},
        "blueprint_scoring": {b.id for b in C.blueprints},
        "scientist": {s["id"] for s in C.scientists},
        "scientist_hire": {s["id"] for s in C.scientists},
        "contract": {c["id"] for c in C.contracts},
        "private_goal": {g["id"] for g in C.private_goals},
        "alt_reward": {g["alt_reward"] for g in C.private_goals},
        "mission": {m.id for m in C.missions},
        "lss_reward": {r["id"] for r in C.lss_rewards},
        "executive_action": {e["id"] for e in C.raw["executive_actions"]},
        "discovery": {d["kind"] for d in C.standins["discoveries"]},
        "research_tile": {t["id"] for t in C.standins["research_tiles"]},
        "tech": tech,
        "turn_order_space": {s["space"] for s in C.standins["turn_order"]},
        "solo_card": set(range(1, len(C.raw["solo"]["deck"]) + 1)),
        "solo_goal": {g["id"] for g in C.raw["solo"]["goals"]},
        "main_action": set(MAIN_ACTIONS),
    }


#: kinds of `data_ids` covered by several registry entries
SPLIT = {
    "tech": ("building_tech", "rover_tech", "upgrade_tech", "stand_in_tech"),
    "main_action": tuple(MAIN_ACTIONS),
}


@pytest.mark.parametrize("kind", sorted(data_ids()))
def test_every_component_has_a_test(kind: str) -> None:
    entries = SPLIT.get(kind, (kind,))
    untested = data_ids()[kind] - set().union(*(REGISTRY[e][2] for e in entries))
    assert not untested, f"{kind} without a test: {sorted(map(str, untested))}"


def test_the_tests_named_in_the_registry_exist() -> None:
    for module, name, _ids in REGISTRY.values():
        tree = ast.parse((HERE / f"test_om_{module}.py").read_text())
        assert name in {f.name for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}, (module, name)
