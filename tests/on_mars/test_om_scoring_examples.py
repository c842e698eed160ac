"""Final scoring worked examples (rules 9): the rulebook's Tech-tile example, then one
hand-built board per scoring table, a whole board scored end to end, the tie-breaks and
the scoring table every observation carries (final at the end, a projection before).

Positions are built by editing a started 2-player game (`om_helpers.start`): the
starting Generator stands on -2,0, the central Mine on 0,0; each seat starts with its
Shelter Tech in Lab column 2 (2 OP) and 3 colonists in Living Quarters.
"""

from __future__ import annotations

import pytest
from om_helpers import start

from ludoteca.games.on_mars.flow import finish
from ludoteca.games.on_mars.model import Building
from ludoteca.games.on_mars.scoring import final_breakdown, final_scoring, scoring_view, winners
from ludoteca.games.on_mars.shuttle import LACERDA
from ludoteca.games.on_mars.state import OnMarsState

#: a Complex of 4 Generators around the starting one on -2,0 (all mutually connected)
GENERATORS = [(-2, 0), (-3, 0), (-3, 1), (-2, 1)]


def two_players() -> OnMarsState:
    return start(2, seed=0, spaces=(1, 2))


def generator_complex(state: OnMarsState, size: int, advanced: dict[tuple[int, int], int]) -> None:
    """Generators on the first `size` hexes of GENERATORS; `advanced`: hex -> marker's seat."""
    for h in GENERATORS[:size]:
        state.buildings[h] = Building("generator", advanced=advanced.get(h, -1))


def test_rulebook_example_four_tech_tiles_score_1_4_4_9() -> None:
    """Rules 9: tiles in the columns worth 1, 4, 4 and 9 OP score 18."""
    state = two_players()
    state.players[0].lab = {"a:mine": (0, 0), "a:rover": (3, 0), "a:upgrade": (3, 2), "shelter": (5, 0)}
    assert final_breakdown(state, 0)["tech"] == 1 + 4 + 4 + 9 == 18
    assert final_breakdown(state, 1)["tech"] == 2  # the Shelter Tech where it starts


@pytest.mark.parametrize(("cubes", "op"), [(0, 0), (1, 1), (2, 2), (3, 4), (4, 7), (5, 11)])
def test_progress_area(cubes: int, op: int) -> None:
    state = two_players()
    state.players[0].progress = ["mineral", "battery", "water", "plant", "oxygen"][:cubes]
    assert final_breakdown(state, 0)["progress"] == op


@pytest.mark.parametrize("ships", [0, 1, 4, 5])
def test_three_op_per_ship_in_the_hangar(ships: int) -> None:
    state = two_players()
    state.players[0].hangar, state.players[0].ships_depot = ships, 5 - ships
    assert final_breakdown(state, 0)["ships"] == 3 * ships


@pytest.mark.parametrize(
    ("quarters", "working", "op"),
    [(0, 0, 0), (2, 0, 0), (3, 0, 3), (2, 2, 3), (5, 0, 6), (4, 3, 10), (8, 1, 15), (6, 6, 21), (12, 5, 21)],
)
def test_colonists_ladder_after_returning_the_working_area(quarters: int, working: int, op: int) -> None:
    """0/3/6/10/15/21 beside the highest filled row of 2 (bottom-up); 5 Shelters on the
    map open all 12 spaces, more colonists than that do not score."""
    state = two_players()
    p = state.players[0]
    p.shelters_left, p.quarters, p.working = 0, quarters, working
    assert p.quarters_capacity() == 12
    assert final_breakdown(state, 0)["quarters"] == op


def test_colonists_come_back_only_from_the_current_side_up_to_capacity() -> None:
    """In Orbit with 3 Shelters on Mars (8 spaces): 3 in Living Quarters + 1 working + 2 on
    Orbit actions come back (6: row 3, 6 OP); the one on a Colony action stays out. Two
    more working fill the quarters (8: row 4, 10 OP) and the ninth finds no space."""
    state = two_players()
    p = state.players[0]
    p.side, p.shelters_left, p.quarters, p.working = "orbit", 2, 3, 1
    state.slots["resupply"] = [0, 1]
    state.slots["learn_technology"] = [0]
    state.slots["construct_building"] = [0]
    assert final_breakdown(state, 0)["quarters"] == 6
    p.working = 4
    assert final_breakdown(state, 0)["quarters"] == 10
    p.side = "colony"  # now the Orbit colonists stay out and the Colony one comes back
    assert final_breakdown(state, 0)["quarters"] == 10  # 3 + 4 + 1 = 8


def test_blueprints_built_and_unbuilt() -> None:
    """+3 per built L1, +5 per built L3, -3 per unbuilt L1, -5 per unbuilt L3."""
    state = two_players()
    p = state.players[0]
    p.built_blueprints, p.blueprints = [3], []
    assert final_breakdown(state, 0)["blueprints"] == 3
    p.built_blueprints, p.blueprints = [3, 15], [1]
    assert final_breakdown(state, 0)["blueprints"] == 3 + 5 - 3
    p.built_blueprints, p.blueprints = [], [1, 13, 14]
    assert final_breakdown(state, 0)["blueprints"] == -3 - 5 - 5


def test_scientists_score_advanced_buildings_of_their_type_of_any_owner() -> None:
    """The Geologist scores Generators: 2 Advanced ones (seat 0's and seat 1's) = 6 OP;
    a plain Generator and the Advanced Mine do not count for him; the Systems Engineer
    (Mines) scores the Advanced Mine."""
    state = two_players()
    generator_complex(state, 3, {(-2, 0): 0, (-3, 0): 1})
    state.buildings[(0, 0)].advanced = 1
    p = state.players[0]
    p.scientists = ["geologist"]
    assert final_breakdown(state, 0)["scientists"] == 6
    p.scientists = ["geologist", "systems_engineer"]
    assert final_breakdown(state, 0)["scientists"] == 6 + 3
    p.scientists = ["hydrologist"]  # Greenhouses: the starting one is not Advanced
    assert final_breakdown(state, 0)["scientists"] == 0


def test_upgrade_contract_needs_own_marker_in_a_complex_of_four() -> None:
    """Contract #2 (Generator): +12 with the seat's marker on a Generator in a Complex of
    4+, else -6 (a Complex of 3, or the marker is another seat's)."""
    state = two_players()
    p = state.players[0]
    p.contracts = [2]
    generator_complex(state, 3, {(-3, 1): 0})
    assert final_breakdown(state, 0)["contracts"] == -6
    generator_complex(state, 4, {(-3, 1): 1})
    assert final_breakdown(state, 0)["contracts"] == -6
    generator_complex(state, 4, {(-3, 1): 0})
    assert final_breakdown(state, 0)["contracts"] == 12
    p.contracts_done = [7]  # a contract completed during play scores its +9 too
    assert final_breakdown(state, 0)["contracts"] == 12 + 9


def test_delivery_contracts_exact_items_and_last_round_crystals() -> None:
    """#8 needs 3 batteries + 2 minerals (+9 / -4): extra minerals never replace batteries.
    #12 needs 2 minerals + 3 crystals: crystals below the Depot move in at the end (up to
    the Depot's room) and count."""
    state = two_players()
    p = state.players[0]
    p.contracts = [8]
    p.storage.update(battery=3, mineral=2)
    assert final_breakdown(state, 0)["contracts"] == 9
    p.storage.update(battery=2, mineral=5)
    assert final_breakdown(state, 0)["contracts"] == -4
    p.contracts = [12]
    p.storage["mineral"] = 2
    p.depot, p.incoming, p.ships_depot = 1, 2, 5  # Depot room 3
    assert final_breakdown(state, 0)["contracts"] == 9
    p.depot, p.incoming, p.ships_depot = 0, 5, 5  # 5 crystals, but the Depot holds 3
    assert final_breakdown(state, 0)["contracts"] == 9
    p.depot, p.incoming = 1, 1
    assert final_breakdown(state, 0)["contracts"] == -4


def whole_board() -> OnMarsState:
    """Seat 0 with 20 OP on the track: 3 progress cubes (4), 2 ships (6), 7 colonists back
    in Living Quarters (10), the rulebook's Tech tiles (18), Blueprints #3 and #15 built
    and #11 built, #13 not (+3 +5 +3 -5 = 6), the Geologist with 2 Advanced Generators
    (6), contracts: #2 done by the Complex of 4 (+12), #11 short of a plant (-4) and #7
    completed in play (+9) = 17. Final scoring adds 67: 87 OP."""
    state = two_players()
    p = state.players[0]
    p.op = 20
    p.progress = ["battery", "water", "plant"]
    p.hangar, p.ships_depot = 2, 3
    p.side, p.shelters_left, p.quarters, p.working = "orbit", 2, 4, 1
    state.slots["resupply"] = [0, 1]
    state.slots["learn_technology"] = [0]
    state.slots["construct_building"] = [0]
    p.lab = {"a:mine": (0, 0), "a:rover": (3, 0), "a:upgrade": (3, 2), "shelter": (5, 0)}
    p.built_blueprints, p.blueprints = [3, 15, 11], [13]
    p.scientists = ["geologist"]
    generator_complex(state, 4, {(-2, 0): 0, (-3, 0): 1})
    p.contracts, p.contracts_done = [2, 11], [7]
    p.storage.update(plant=2, mineral=2)
    state.players[1].op = 40
    return state


EXPECTED = {
    "progress": 4,
    "ships": 6,
    "quarters": 10,
    "tech": 18,
    "blueprints": 6,
    "scientists": 6,
    "contracts": 17,
}


def test_whole_board_every_category() -> None:
    state = whole_board()
    assert final_breakdown(state, 0) == EXPECTED
    final_scoring(state)
    assert state.players[0].op == 20 + 67 == 87


def test_whole_board_scored_at_the_end_and_shown_in_every_observation() -> None:
    """Before the end the observation projects the same table on top of the track's OP;
    after `finish` it shows what was scored (the track before final scoring, each
    category, the total) with the tie-break values and the winners, to every seat."""
    state = whole_board()
    projected = state.observation(1)["scoring"]
    assert projected["final"] is False and "winners" not in projected
    assert projected["players"][0] == {"track": 20, **EXPECTED, "total": 87,
                                       "crystals": 1, "advanced_buildings": 1, "progress_cubes": 3}
    assert projected["lacerda"] is None
    state.pending.clear()
    finish(state)
    view = state.observation(0)["scoring"]
    assert view["final"] is True and view["winners"] == [0]
    assert view["players"][0] == projected["players"][0]
    two = view["players"][1]
    assert two["track"] == 40 and two["total"] == state.players[1].op == 40 + 3 + 2
    assert [c["total"] for c in view["players"]] == state.scores()
    assert state.observation(1)["scoring"] == view == state.public_observation()["scoring"]


def test_tie_breaks_crystals_then_advanced_buildings_then_progress_cubes() -> None:
    """Equal OP: most crystals wins; then most Advanced Buildings (any type, Mines and
    Shelters too); then most progress cubes; a full tie is a shared victory."""
    state = two_players()
    a, b = state.players
    a.op = b.op = 50
    a.depot, b.depot = 2, 1
    state.buildings[(0, 0)].advanced = 1
    assert winners(state) == [0]
    b.depot = 2
    assert winners(state) == [1]
    state.buildings[(0, -3)].advanced = 0  # seat 0's Advanced Shelter evens it
    b.progress = ["water"]
    assert winners(state) == [1]
    a.progress = ["plant"]
    assert winners(state) == [0, 1]
    columns = scoring_view(state)["players"]
    assert [(c["crystals"], c["advanced_buildings"], c["progress_cubes"]) for c in columns] == [(2, 1, 1)] * 2
    a.op = 51
    assert winners(state) == [0]  # OP first


def test_lacerdas_column_counts_his_living_quarters_full() -> None:
    """Solo: Lacerda's Living Quarters count as full at the end, so the projection during
    play scores them full too (3 Shelters on Mars: 8 spaces, 10 OP) whatever he holds."""
    state = start(1, seed=3, spaces=(4,))
    board = state.players[LACERDA]
    board.shelters_left, board.quarters, board.working = 2, 1, 0
    view = state.observation(0)["scoring"]
    assert view["lacerda"]["quarters"] == 10 and view["final"] is False
    assert len(view["players"]) == 1
    assert view["players"][0]["quarters"] == 3  # the player's own 3 colonists: row 2


def test_terminal_view_shows_the_scoring_table() -> None:
    """The CLI view prints the table: a projection during play, the final scoring after."""
    from rich.console import Console

    from ludoteca.games.on_mars.terminal import OnMarsView

    def shown(state: OnMarsState) -> str:
        console = Console(width=200, record=True)
        console.print(OnMarsView().position(state, ["Ana", "Bo"], None))
        return console.export_text()

    state = whole_board()
    assert "final scoring if the game ended now (projection)" in " ".join(shown(state).split())
    state.pending.clear()
    finish(state)
    text = shown(state)
    assert "final scoring if the game ended now" not in text and "winner: Ana" in text
    rows = {line.split("  ")[0]: line.split()[-2:] for line in text.splitlines() if "  " in line}
    assert rows["Tech tiles"] == ["18", "2"] and rows["Earth Contracts"] == ["17", "0"]
    assert rows["Total"] == ["87", "45"] and rows["tie-break 3: progress cubes"] == ["3", "0"]
