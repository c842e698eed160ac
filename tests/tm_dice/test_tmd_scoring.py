"""Milestones (each of the 8), awards (5/3 VP, friendly ties, no second place with 2
players), the solo game (win, loss, milestone timer, award targets)."""

from __future__ import annotations

from pathlib import Path

import pytest
from tmd_helpers import clear, dice, give, new_game, pay_all, play, put_in_play, resolve_chance, to_main

from ludoteca.games.tm_dice.base import C_TERRAFORM
from ludoteca.games.tm_dice.scoring import award_points
from ludoteca.games.tm_dice.state import TMDiceState


def owners(state: TMDiceState) -> list[int]:
    return list(state._ms_owner)


def finish_turn(state: TMDiceState) -> None:
    """Answer what is left of the turn: bonus cards (the first offered), the end."""
    resolve_chance(state)
    seat = state._seat
    while not state.is_terminal() and state._seat == seat and state.prompt().kind != "turn":
        options = state.prompt().options
        play(state, options[-1].text if state.prompt().kind == "end" else options[0].text)


def forest(state: TMDiceState, area: str) -> None:
    give(state, state.current_player(), {"plant": 4})
    to_main(state, take="blue")
    play(state, "convert forest")
    pay_all(state)
    play(state, f"place {area}")
    finish_turn(state)


def city(state: TMDiceState, area: str) -> None:
    give(state, state.current_player(), {"city": 3})
    to_main(state, take="blue")
    play(state, "convert city")
    pay_all(state)
    play(state, f"place {area}")
    finish_turn(state)


def pass_turn(state: TMDiceState) -> None:
    """A production turn that keeps nothing new and discards nothing."""
    play(state, "production")
    while not state.is_terminal() and state.prompt().kind in ("keep", "discard"):
        play(state, "done")
    finish_turn(state)


# ---------------------------------------------------------------- milestones
def test_greenkeeper_three_forests() -> None:
    state = new_game(2, milestones=["pd_ms_greenkeeper", "pd_ms_engineer", "pd_ms_chronicler"])
    for area, seat_1_area in (("A1", "G4"), ("A2", "G3")):
        forest(state, area)
        forest(state, seat_1_area)
    assert owners(state) == [-1, -1, -1]
    forest(state, "A3")
    assert owners(state) == [0, -1, -1]
    forest(state, "G2")  # seat 1's third forest comes too late
    assert owners(state) == [0, -1, -1]
    assert state.scores()[0] == state._vp[0] + 4


def test_town_planner_two_cities() -> None:
    state = new_game(2, milestones=["pd_ms_townplanner", "pd_ms_engineer", "pd_ms_chronicler"])
    city(state, "A1")
    pass_turn(state)
    assert owners(state)[0] == -1
    city(state, "G4")
    assert owners(state)[0] == 0


def test_industrialist_six_production_dice() -> None:
    state = new_game(2, milestones=["pd_ms_industrial", "pd_ms_engineer", "pd_ms_chronicler"])
    put_in_play(state, 0, "pd_p01")
    put_in_play(state, 0, "pd_p02")  # Helion's 3 + 2
    give(state, 0, {"steel": 2}, hand=["pd_p04"])
    to_main(state, take="red")
    play(state, "play pd_p04")
    pay_all(state)
    assert owners(state)[0] == 0


def test_engineer_three_blue_cards() -> None:
    state = new_game(2, milestones=["pd_ms_engineer", "pd_ms_greenkeeper", "pd_ms_chronicler"])
    put_in_play(state, 0, "pd_p18")
    put_in_play(state, 0, "pd_p19")
    give(state, 0, {"megacredit": 2}, hand=["pd_p17"])
    to_main(state, take="red")
    play(state, "play pd_p17")
    pay_all(state)
    assert owners(state)[0] == 0


def test_chronicler_four_red_cards_bonus_cards_count() -> None:
    state = new_game(2, milestones=["pd_ms_chronicler", "pd_ms_greenkeeper", "pd_ms_engineer"],
                     bonus=["delivery", "pd_b4", "pd_b8", "pd_b3"])
    for card in ("pd_p07", "pd_p08", "pd_p10"):
        put_in_play(state, 0, card)
    give(state, 0, {"megacredit": 3}, vp=3)
    to_main(state, take="red")
    play(state, "convert vp")
    pay_all(state)
    assert owners(state)[0] == -1
    play(state, "bonus delivery")  # a red bonus card: the fourth red card
    assert owners(state)[0] == 0


def test_hoarder_eight_dice_at_the_start_of_the_turn() -> None:
    state = new_game(2, milestones=["pd_ms_hoarder", "pd_ms_greenkeeper", "pd_ms_engineer"])
    give(state, 0, {"water": 5})  # eight dice now, but the turn has started already
    assert owners(state)[0] == -1
    to_main(state, take="blue")
    play(state, "support", "take green")  # ten dice
    assert owners(state)[0] == -1
    pass_turn(state)  # seat 1
    assert owners(state)[0] == 0  # seat 0's turn starts with 10 dice


def test_terraformer_five_steps() -> None:
    state = new_game(2, milestones=["pd_ms_terraformer", "pd_ms_greenkeeper", "pd_ms_engineer"])
    state._counts[C_TERRAFORM] = 4
    give(state, 0, {"heat": 1})
    to_main(state, take="red")
    play(state, "convert temperature")
    pay_all(state)
    assert owners(state)[0] == 0
    # a step on a complete parameter is not a terraforming step for the milestone
    state = new_game(2, milestones=["pd_ms_terraformer", "pd_ms_greenkeeper", "pd_ms_engineer"],
                     start={"temperature": 10})
    state._counts[C_TERRAFORM] = 4
    give(state, 0, {"heat": 1})
    to_main(state, take="red")
    play(state, "convert temperature")
    pay_all(state)
    assert owners(state)[0] == -1 and state._counts[C_TERRAFORM] == 4


def test_collector_five_colours_in_costs() -> None:
    state = new_game(2, milestones=["pd_ms_collector", "pd_ms_greenkeeper", "pd_ms_engineer"])
    put_in_play(state, 0, "pd_p01")  # steel, heat: gray, red
    put_in_play(state, 0, "pd_p03")  # plant, water: green, blue
    assert owners(state)[0] == -1
    give(state, 0, {"megacredit": 1, "city": 1}, hand=["pd_p05"])  # yellow
    to_main(state, take="red")
    play(state, "play pd_p05")
    pay_all(state)
    assert owners(state)[0] == 0


def test_milestone_data_requirements() -> None:
    from ludoteca.games.tm_dice.content import load_content

    kinds = {m.id: (m.kind, m.n) for m in load_content().milestones}
    assert kinds == {
        "pd_ms_greenkeeper": ("tiles", 3), "pd_ms_townplanner": ("tiles", 2),
        "pd_ms_industrial": ("production_dice", 6), "pd_ms_engineer": ("cards", 3),
        "pd_ms_chronicler": ("cards", 4), "pd_ms_hoarder": ("dice_at_turn_start", 8),
        "pd_ms_terraformer": ("terraform", 5), "pd_ms_collector": ("cost_colours", 5)}


# ---------------------------------------------------------------- awards
def with_cards(players: int, tableaus: list[list[str]], awards: list[str]) -> TMDiceState:
    state = new_game(players, awards=awards)
    for seat, cards in enumerate(tableaus):
        for card in cards:
            put_in_play(state, seat, card)
    return state


def test_award_first_and_second_with_three_players() -> None:
    # steel icons: pd_p04 has two, pd_p01 one, pd_p05 none
    state = with_cards(3, [["pd_p04"], ["pd_p01"], ["pd_p05"]], ["steel", "heat", "megacredit"])
    steel = award_points(new_game(3, awards=["steel", "water", "plant"]))
    assert steel == [0, 0, 0]  # nobody shows the symbol: nobody scores
    points = award_points(state)
    # steel: seat 0 first (5), seat 1 second (3); heat: seat 1 alone (5); megacredit: seat 2 (5)
    assert points == [5, 3 + 5, 5]


def test_award_friendly_ties() -> None:
    state = with_cards(3, [["pd_p01"], ["pd_p02"], []], ["steel", "water", "plant"])
    assert award_points(state) == [5, 5, 0]  # tied first: 5 each, no second place
    state = with_cards(4, [["pd_p04"], ["pd_p01"], ["pd_p02"], []], ["steel", "water", "plant"])
    assert award_points(state) == [5, 3, 3, 0]  # tied second: 3 each


def test_award_no_second_place_with_two_players() -> None:
    state = with_cards(2, [["pd_p04"], ["pd_p01"]], ["steel", "water", "plant"])
    assert award_points(state) == [5, 0]


def test_awards_count_printed_icons_not_question_marks() -> None:
    state = with_cards(2, [["pd_p06"], ["pd_p07"]], ["event", "water", "plant"])  # any x3 / event, any red
    assert award_points(state) == [0, 5]


# ---------------------------------------------------------------- solo
def test_solo_win_needs_all_three_parameters() -> None:
    state = new_game(1, start={"temperature": 10, "oxygen": 7, "oceans": 6})
    forest(state, "A1")  # oxygen complete: two complete, the solo game goes on
    assert not state.is_terminal()
    give(state, 0, {"water": 3})
    to_main(state, take="red")
    play(state, "convert ocean")
    pay_all(state)  # F4 is the one ocean area left: the ocean goes there at once
    assert state.is_terminal()
    final = state.observation(0)["final"][0]
    assert final["won"] == 1 and final["total"] > 0
    assert state.scores() == [float(final["total"])]
    assert state.winners() == [0] and state.returns() == [1.0]  # a lone player's win


def test_solo_loss_after_fifty_turns_scores_nothing() -> None:
    state = new_game(1)
    turns = 0
    while not state.is_terminal():
        pass_turn(state)
        turns += 1
    assert turns == 50
    assert state.scores() == [0.0] and state.observation(0)["final"][0]["won"] == 0
    assert state.winners() == [] and state.returns() == [-1.0]  # a lone player's loss


def test_solo_milestone_timer() -> None:
    state = new_game(1, milestones=["pd_ms_greenkeeper", "pd_ms_townplanner", "pd_ms_terraformer"])
    for _ in range(16):
        pass_turn(state)
    assert state._turn + 1 == 17 and owners(state) == [-2, -1, -1]  # removed at the start of turn 17
    for _ in range(4):
        pass_turn(state)
    assert owners(state) == [-2, -2, -1]
    city(state, "A1")
    city(state, "G4")  # turns 21 and 22: Town Planner was removed already
    for _ in range(2):
        pass_turn(state)
    assert owners(state) == [-2, -2, -2]


@pytest.mark.parametrize(("award", "cards", "points"), [
    ("heat", ["pd_p01"] * 2 + ["pd_p22"] * 2 + ["deep_well_heating"] * 2, 5),  # common face: 6 needed
    ("heat", ["pd_p01"] * 2 + ["pd_p22"] * 2 + ["deep_well_heating"], 0),
    ("temperature", ["small_asteroid"] * 2, 0),  # uncommon: 4 needed
    ("event", ["pd_p07", "pd_p08"], 5),  # rare: 2 needed
])
def test_solo_award_targets(award: str, cards: list[str], points: int) -> None:
    state = new_game(1, awards=[award, "water", "plant"])
    for card in cards:
        put_in_play(state, 0, card)
    assert award_points(state) == [points]


def test_clear_helper_keeps_the_dice_count() -> None:
    state = new_game(2)
    clear(state, 0)
    assert dice(state, 0) == {}
    resolve_chance(state)


def test_a_tie_on_points_goes_to_the_most_production_dice() -> None:
    state = new_game(3)
    state._over = True
    state._final = ({"total": 30, "production_dice": 5}, {"total": 30, "production_dice": 7},
                    {"total": 29, "production_dice": 9})
    assert state.scores() == [30.0, 30.0, 29.0]  # plain points, no folded tie-break
    assert state.winners() == [1] and state.returns() == [-1.0, 1.0, -1.0]
    state._final = ({"total": 30, "production_dice": 7}, {"total": 30, "production_dice": 7},
                    {"total": 29, "production_dice": 9})
    assert state.winners() == [0, 1] and state.returns() == [0.5, 0.5, -1.0]  # shared


def test_docs_state_the_result_contract_the_code_follows() -> None:
    """docs/tm-dice.md tells what scores(), winners() and returns() give: points alone in
    scores(), the production-dice tie-break in winners(), and a solo returns() of +1 for
    a win and -1 for a loss (the core API's contract; the two tests above check the code)."""
    doc = " ".join((Path(__file__).parents[2] / "docs" / "tm-dice.md").read_text(encoding="utf-8").split())
    end = doc[doc.index("End: once a second"):doc.index("## Record notation")]
    assert "/ 100" not in end and "always 0" not in end
    assert "`scores()` is these points alone" in end
    assert "is applied by `winners()`" in end
    assert "`returns()` `[1]`" in end and "`returns()` `[-1]`" in end
