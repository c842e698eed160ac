"""The 4 Solo Goals (each requirement matters) and worked examples of the result and of
Lacerda's final scoring."""

from __future__ import annotations

import pytest
from om_helpers import start

from ludoteca.games.on_mars.model import Building
from ludoteca.games.on_mars.scoring import final_breakdown
from ludoteca.games.on_mars.shuttle import LACERDA
from ludoteca.games.on_mars.solo.goals import requirement_status, solo_won
from ludoteca.games.on_mars.solo.lacerda import lacerda_before_scoring, lacerda_view
from ludoteca.games.on_mars.state import OnMarsState

GOALS = {
    "first_colonists": ["colony_level", "contracts", "private_goal", "highest_tech", "margin_op"],
    "next_generation": [
        "colony_level",
        "contracts",
        "contract_types",
        "private_goal",
        "research_tiles",
        "shelters",
        "margin_op",
    ],
    "hunky_dory": [
        "colony_level",
        "contracts",
        "contract_types",
        "private_goal",
        "mines",
        "advanced_buildings",
        "margin_op",
    ],
    "martian_potato": [
        "colony_level",
        "contract_ids",
        "scientist",
        "advanced_of",
        "complex_of",
        "stored",
        "research_tiles",
        "tech_of",
        "end_side",
        "margin_op",
    ],
}
GREENHOUSES = [(1, 1), (2, 1), (3, 1), (4, 1), (1, 2)]  # one connected complex of 5


def all_met(goal: str) -> OnMarsState:
    """A finished-looking solo game in which the player meets every requirement of `goal`."""
    state = start(1, seed=3, spaces=(4,))
    state.lacerda["goal"] = goal
    player, lacerda = state.players[0], state.players[LACERDA]
    state.colony_level = 4
    player.contracts_done = [4, 11]  # Greenhouse upgrade (size 4) + Plants/Minerals delivery
    player.goal_done = 1
    player.lab = {"shelter": (1, 1), "a:greenhouse": (5, 0)}  # a level-6 Greenhouse Tech
    player.research = ["pd_rs_red_A", "pd_rs_blue_B"]
    player.shelters_left = 0
    state.buildings = {h: Building("greenhouse", advanced=0) for h in GREENHOUSES}
    for h in [(-4, 0), (-4, 2), (-2, -2)]:
        state.buildings[h] = Building("mine", miner=0)
    player.scientists = ["biochemist"]
    player.storage["plant"] = 5
    player.side = "orbit"
    player.op, lacerda.op = 100, 60
    return state


BREAK = {
    "colony_level": lambda s, p: setattr(s, "colony_level", s.colony_level - 2),
    "contracts": lambda s, p: setattr(p, "contracts_done", []),
    "contract_types": lambda s, p: setattr(p, "contracts_done", [4, 1]),  # two upgrade contracts
    "contract_ids": lambda s, p: setattr(p, "contracts_done", [4, 7]),
    "private_goal": lambda s, p: setattr(p, "goal_done", None),
    "highest_tech": lambda s, p: p.lab.update({"a:greenhouse": (4, 0)}),
    "tech_of": lambda s, p: p.lab.update({"a:greenhouse": (4, 0)}),
    "research_tiles": lambda s, p: setattr(p, "research", ["pd_rs_red_A"]),
    "shelters": lambda s, p: setattr(p, "shelters_left", 2),  # 3 on Mars
    "mines": lambda s, p: setattr(s.buildings[(-4, 0)], "miner", -1),
    "advanced_buildings": lambda s, p: setattr(s.buildings[(1, 2)], "advanced", -1),
    "advanced_of": lambda s, p: [setattr(s.buildings[h], "advanced", -1) for h in GREENHOUSES[:3]],
    "complex_of": lambda s, p: s.buildings.pop((1, 2)),
    "scientist": lambda s, p: setattr(p, "scientists", []),
    "stored": lambda s, p: p.storage.update({"plant": 4}),
    "end_side": lambda s, p: setattr(p, "side", "colony"),
}


@pytest.mark.parametrize("goal", GOALS)
def test_solo_goal_requirements(goal: str) -> None:
    state = all_met(goal)
    assert list(requirement_status(state)) == GOALS[goal]
    assert solo_won(state)
    margin = next(g for g in state.om_game.components.raw["solo"]["goals"] if g["id"] == goal)["margin_op"]
    for code in GOALS[goal]:
        broken = all_met(goal)
        if code == "margin_op":
            broken.players[LACERDA].op = broken.players[0].op - margin + 1
        else:
            BREAK[code](broken, broken.players[0])
        status = requirement_status(broken)
        assert not status[code], code
        failing = {c for c, ok in status.items() if not ok}
        assert failing == {code} or (code == "contracts" and failing == {code, "contract_types"})
        assert not solo_won(broken)


def test_contracts_held_and_met_at_the_end_count_as_completed() -> None:
    state = all_met("first_colonists")
    player = state.players[0]
    player.contracts_done, player.contracts = [], [11]  # delivery: 3 plants + 2 minerals
    player.storage.update({"plant": 3, "mineral": 2})
    assert requirement_status(state)["contracts"]
    player.storage["mineral"] = 1
    assert not requirement_status(state)["contracts"]


def test_worked_example_of_the_result() -> None:
    """First Colonists needs *more* OP than Lacerda: 61 to 60 wins (+1), 60 to 60 loses
    (-1). Next Generation needs a 10-OP lead: 70 to 60 wins, 69 to 60 loses."""
    state = all_met("first_colonists")
    state.pending, state.stage = [], "over"
    state.players[0].op, state.players[LACERDA].op = 61, 60
    assert state.is_terminal() and state.returns() == [1.0] and state.scores() == [61.0]
    assert lacerda_view(state)["requirements"]["margin_op"]
    state.players[0].op = 60
    assert state.returns() == [-1.0]
    state.lacerda["goal"] = "next_generation"
    state.players[0].op = 70
    assert state.returns() == [1.0]
    state.players[0].op = 69
    assert state.returns() == [-1.0]
    state.players[0].op = 100
    state.players[0].shelters_left = 1  # 4 Shelters on Mars: still enough
    assert state.returns() == [1.0]
    state.players[0].research = []
    assert state.returns() == [-1.0]


def test_worked_example_of_lacerdas_final_scoring() -> None:
    """Lacerda: 2 Shelters (Living Quarters full: 6 colonists, row 3 -> 6 OP), 2 ships
    (6), Shelter Tech in column 4 (4), Blueprint #1 built (+3) and #13 not (-5), the
    Systems Engineer with one Advanced Mine (3), contract #7 done (9), 2 progress cubes
    (2): 28 OP."""
    state = start(1, seed=3, spaces=(4,))
    board = state.players[LACERDA]
    board.shelters_left, board.quarters, board.working = 3, 1, 2
    board.hangar, board.lab = 2, {"shelter": (3, 0)}
    board.built_blueprints, board.blueprints = [1], [13]
    board.scientists, board.contracts_done = ["systems_engineer"], [7]
    board.progress = ["battery", "water"]
    state.buildings[(0, 0)].advanced = LACERDA
    lacerda_before_scoring(state)
    breakdown = final_breakdown(state, LACERDA)
    assert breakdown == {
        "progress": 2,
        "ships": 6,
        "quarters": 6,
        "tech": 4,
        "blueprints": -2,
        "scientists": 3,
        "contracts": 9,
    }
    assert sum(breakdown.values()) == 28
