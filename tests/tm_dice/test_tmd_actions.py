"""Setup, the production turn, every support and main action, the conversions,
terraforming, tiles, free actions, illegal input, the end trigger and the last round."""

from __future__ import annotations

import pytest
from tmd_helpers import clear, dice, give, new_game, play, put_in_play, texts, total_dice

from ludoteca import IllegalActionError, load_game
from ludoteca.core.api import CHANCE, TERMINAL
from ludoteca.games.tm_dice.state import TMDiceState
from ludoteca.games.tm_dice.tasks import OCEAN


# ---------------------------------------------------------------- setup
def test_setup_chance_nodes_and_corporations_hidden_until_all_chose() -> None:
    state = load_game("tm-dice", players=3).new_initial_state()
    kinds = []
    while state.is_chance_node():
        kinds.append(state.prompt().kind)
        state.apply_action(state.chance_outcomes()[0][0])
    # bonus stack of 6 (3 players), 3 award dice, 3 milestones, 2 corporations and 5 cards each
    assert kinds == ["stack"] * 6 + ["award"] * 3 + ["milestone"] * 3 + ["deal"] * 6 + ["draw"] * 15
    assert state.prompt().kind == "corporation" and state.current_player() == 0
    first = state.prompt().options[0].text
    state.apply_string(first)
    assert state.observation(0)["seats"][0]["corporation_choice"] == first.split()[1]
    assert "corporation_choice" not in state.observation(1)["seats"][0]
    assert state.observation(1)["seats"][0]["corporation_chosen"] is True
    assert state.observation(1)["seats"][0]["corporation"] is None


def test_award_dice_have_three_different_colours_and_leave_the_pool() -> None:
    state = new_game(2, awards=["heat", "water", "plant"])
    assert state.observation(0)["awards"] == ["heat", "water", "plant"]
    assert total_dice(state) == 60
    fresh = load_game("tm-dice", players=2).new_initial_state()
    for _ in range(4):
        fresh.apply_action(fresh.chance_outcomes()[0][0])
    fresh.apply_string("award heat")
    assert all(not t.startswith("award heat") and "event" not in t and "temperature" not in t
               for t in texts(fresh))  # no second red die
    assert sum(p for _, p in fresh.chance_outcomes()) == pytest.approx(1.0)


def test_start_bonus_first_production_and_gift() -> None:
    state = load_game("tm-dice", players=2).new_initial_state()
    state = new_game(2, corps=["unmi", "teractor"], rolls=["roll event", "roll megacredit", "roll heat",
                                                          "roll pd_orbit"], gift="gift event")
    # UNMI: 4 wild, 2 VP, red + yellow rolled; it gave its event die to the last player
    assert state._wild == [4, 4] and state._vp == [2, 0]
    assert dice(state, 0) == {"megacredit": 1}
    # Teractor: 4 wild, a die set to MegaCredit, red + yellow rolled, plus the gift
    assert dice(state, 1) == {"megacredit": 1, "heat": 1, "pd_orbit": 1, "event": 1}
    assert state.current_player() == 0 and state.prompt().kind == "turn"


def test_no_gift_with_one_player() -> None:
    state = new_game(1)
    assert state.prompt().kind == "turn"


# ---------------------------------------------------------------- production turn
def test_production_keep_discard_draw_produce() -> None:
    state = new_game(2)  # Helion: heat, heat, city after setup
    give(state, 0, {"water": 2, "plant": 1})
    play(state, "production")
    assert state.prompt().kind == "keep"
    play(state, "keep water", "keep heat", "keep water")
    # the three kept dice stay, the others went back to the pool
    assert state.prompt().kind == "discard"
    play(state, "discard pd_p01", "discard pd_p02", "done",
         chance=["draw pd_p24", "draw pd_p23", "roll steel", "roll temperature", "roll event"])
    assert dice(state, 0) == {"water": 2, "heat": 1, "temperature": 1, "event": 1, "steel": 1}
    assert state.hand_size(0) == 5
    assert state.observation(0)["seats"][0]["hand"]["pd_p24"] == 1
    assert state.current_player() == 1
    assert total_dice(state) == 60


def test_production_keeps_everything_when_few_dice() -> None:
    state = new_game(2)
    play(state, "production", "done")  # three dice: no keep decision; no discard
    assert dice(state, 0) == {"heat": 4, "city": 2}


def test_keep_done_returns_the_rest() -> None:
    state = new_game(2)
    give(state, 0, {"water": 2})
    play(state, "production", "keep water", "done", "done")
    assert dice(state, 0) == {"water": 1, "heat": 2, "city": 1}


def test_storage_keeps_more_dice() -> None:
    state = new_game(2)
    put_in_play(state, 0, "pd_p18")  # Depot: storage 2
    give(state, 0, {"water": 2})  # five dice, five slots
    play(state, "production")
    assert state.prompt().kind == "discard"


def test_pool_shortfall_gives_one_wild_token_in_all() -> None:
    state = new_game(2)  # Helion produces 2 red, 1 gray
    state._pool[3] = 0  # no red dice left
    state._pool[1] = 0  # no gray dice either
    before = state._wild[0]
    play(state, "production", "done")
    assert state._wild[0] == before + 1
    assert dice(state, 0) == {"heat": 2, "city": 1}


def _white_production(pool: dict[str, int]) -> TMDiceState:
    """Seat 0 (Helion: 2 red and 1 gray production) with Mixed Works (1 white production
    die) in play and the pool emptied to `pool`, at its production (no wild token yet)."""
    state = new_game(2)
    state._wild[0] = 0
    put_in_play(state, 0, "pd_p06")
    colours = state.game.content.colours
    state._pool[:] = [pool.get(c, 0) for c in colours]
    play(state, "production", "done")  # three dice held: nothing to keep; a full hand: done
    return state


def test_white_production_die_only_takes_a_colour_with_a_die_left() -> None:
    # red 3 = Helion's 2 red + 1; gray 1 = Helion's gray only; blue 1: a white die may go to red or blue
    state = _white_production({"red": 3, "gray": 1, "blue": 1})
    assert state.prompt().kind == "colour" and texts(state) == ["colour blue", "colour red"]
    play(state, "colour red")
    assert dice(state, 0) == {"heat": 5, "city": 2} and state._wild[0] == 0


def test_white_production_die_with_one_colour_left_needs_no_decision() -> None:
    state = _white_production({"red": 3, "gray": 1})  # only red has a die beyond Helion's own
    assert state.current_player() == 1  # no colour decision: the white die is red
    assert dice(state, 0) == {"heat": 5, "city": 2} and sum(state._pool) == 0
    assert state._wild[0] == 0  # nothing was short: no wild token


def test_white_production_die_with_no_die_left_is_a_real_shortage() -> None:
    state = _white_production({"red": 2, "gray": 1})  # exactly Helion's dice: none for the white die
    assert state.current_player() == 1  # nothing to choose
    assert dice(state, 0) == {"heat": 4, "city": 2}
    assert state._wild[0] == 1  # the one wild token for the short pool


def test_shortfall_elsewhere_is_simply_lost() -> None:
    state = new_game(2)
    state._pool[0] = 0  # no green dice
    before = state._wild[0]
    play(state, "actions")
    assert "take green" not in texts(state)
    play(state, "take red", "support", "take red")
    assert state._wild[0] == before


def test_blue_cards_stand_up_on_production() -> None:
    state = new_game(2)
    put_in_play(state, 0, "pd_p21")  # Zoo Dome: main action, pay 1 plant -> 1 VP
    give(state, 0, {"plant": 2})
    play(state, "actions", "take yellow", "use pd_p21", "pay plant")
    assert state._used[state.game.content.card("pd_p21").index] == 1
    play(state, "actions", "take red", "support", "take red")  # seat 1
    play(state, "production", "keep plant", "keep heat", "keep heat", "done")
    assert state._used[state.game.content.card("pd_p21").index] == 0


# ---------------------------------------------------------------- support actions
def test_take_a_die_is_rolled() -> None:
    state = new_game(2)
    play(state, "actions")
    state.apply_string("take blue")
    assert state.is_chance_node()
    assert [(state.action_to_string(a), p) for a, p in state.chance_outcomes()] == [
        ("roll water", 0.5), ("roll energy", pytest.approx(1 / 3)), ("roll oxygen", pytest.approx(1 / 6))]
    state.apply_string("roll oxygen")
    assert dice(state, 0)["oxygen"] == 1 and state.prompt().kind == "main"


def test_turn_a_die_pays_one_and_turns_another() -> None:
    state = new_game(2)  # heat, heat, city; 2 wild
    play(state, "actions", "turn-die")
    assert state.prompt().kind == "pay"
    assert texts(state) == ["pay city", "pay heat", "pay wild"]
    play(state, "pay city")
    assert state.prompt().kind == "turn-die" and "skip" not in texts(state)
    play(state, "turn heat>event")
    assert dice(state, 0) == {"heat": 1, "event": 1}
    assert state.prompt().kind == "main"


def test_turn_a_die_needs_another_die() -> None:
    state = new_game(2)
    clear(state, 0)
    give(state, 0, {"heat": 1})
    play(state, "actions")
    assert "turn-die" not in texts(state)  # paying the only die would leave nothing to turn
    give(state, 0, wild=1)
    assert "turn-die" in texts(state)
    play(state, "turn-die")  # the wild token is the only way to pay
    assert texts(state)[:2] == ["turn heat>temperature", "turn heat>event"]


def test_draw_two_cards_for_one_resource() -> None:
    state = new_game(2)
    play(state, "actions", "draw-cards", "pay wild", chance=["draw pd_p09", "draw pd_p10"])
    assert state.hand_size(0) == 7 and state._wild[0] == 1


def test_blue_support_action() -> None:
    state = new_game(2)
    put_in_play(state, 0, "pd_p14")  # Fine-Tuner: support, turn a die for free
    play(state, "actions", "use pd_p14")
    assert "skip" in texts(state)
    play(state, "turn city>titanium")
    assert dice(state, 0) == {"heat": 2, "titanium": 1}
    assert state.prompt().kind == "main"


# ---------------------------------------------------------------- main actions
def test_second_support_action() -> None:
    state = new_game(2)
    play(state, "actions", "take red", "support", "take gray", chance=["roll heat", "roll steel"])
    assert dice(state, 0) == {"heat": 3, "city": 1, "steel": 1}
    assert state.current_player() == 1


def test_conversion_temperature() -> None:
    state = new_game(2)
    play(state, "actions", "take red", chance=["roll heat"])
    assert "convert temperature" in texts(state)
    play(state, "convert temperature", "pay heat", "pay heat", "pay heat")
    assert state._params[0] == 1 and state._vp[0] == 2
    assert "heat" not in dice(state, 0)


def test_wild_tokens_pay_conversions() -> None:
    state = new_game(2)
    play(state, "actions", "take blue", chance=["roll water"])
    assert "convert ocean" in texts(state)  # 1 water + 2 wild
    play(state, "convert ocean", "pay water")  # then two wild tokens, the only way left: automatic
    assert state.prompt().kind == "place"
    areas = {a.label: a for a in state.game.content.areas}
    assert all(areas[o.payload["area"]].ocean for o in state.prompt().options)
    play(state, "place D4")
    assert state._board[areas["D4"].index] == OCEAN and state._params[2] == 1
    assert state._vp[0] == 2 and state._wild[0] == 0


def test_forest_and_city_adjacency_vp() -> None:
    state = new_game(2)
    give(state, 0, {"city": 2})
    play(state, "actions", "take gray", "convert city", "pay city", "pay city", "pay city",
         chance=["roll steel"])
    play(state, "place D6")  # a city: 2 VP
    assert state._vp[0] == 2
    give(state, 1, {"plant": 4})
    play(state, "actions", "take green", "convert forest", "pay plant", "pay plant", "pay plant", "pay plant",
         chance=["roll microbe"])
    # cities may not touch cities, forests go anywhere off the oceans
    play(state, "place D5")  # next to the city: 1 VP, then oxygen +1: 2 VP (and D5's gray die)
    assert state._vp[1] == 3 and state._params[1] == 1
    give(state, 0, {"city": 3})
    play(state, "actions", "take gray", "convert city", "pay city", "pay city", "pay city",
         chance=["roll steel"])
    assert "place D7" not in texts(state) and "place E5" not in texts(state)  # next to the city on D6
    play(state, "place E4")  # next to the forest on D5: 2 + 1 VP
    assert state._vp[0] == 5


def test_convert_megacredits_to_vp() -> None:
    state = new_game(2)
    give(state, 0, {"megacredit": 3})
    play(state, "actions", "take red", "convert vp", "pay megacredit", "pay megacredit", "pay megacredit")
    assert state._vp[0] == 2


def test_ocean_when_oceans_are_complete_gives_one_vp_and_no_tile() -> None:
    state = new_game(2, start={"oceans": 7})
    give(state, 0, {"water": 3})
    play(state, "actions", "take red", "convert ocean", "pay water", "pay water", "pay water")
    assert state._vp[0] == 1 and state._params[2] == 7
    assert sum(1 for k in state._board if k == OCEAN) == 7


def test_raising_a_complete_parameter_gives_one_vp() -> None:
    state = new_game(2, start={"temperature": 10})
    give(state, 0, {"heat": 1})
    play(state, "actions", "take red", "convert temperature", "pay heat", "pay heat", "pay heat")
    assert state._vp[0] == 1 and state._params[0] == 10


def test_track_bonuses() -> None:
    state = new_game(2, start={"temperature": 1, "oxygen": 3})
    give(state, 0, {"heat": 1})
    before = dice(state, 0).get("temperature", 0)
    play(state, "actions", "take red", "convert temperature", "pay heat", "pay heat", "pay heat")
    # -28 -> -24 °C: the bonus is a red die set to °C
    assert state._params[0] == 2 and dice(state, 0).get("temperature", 0) == before + 1
    give(state, 1, {"plant": 4})
    play(state, "actions", "take red", "convert forest", "pay plant", "pay plant", "pay plant", "pay plant",
         "place A1")
    # oxygen 3 -> 4 %: its bonus raises the temperature too (2 + 2 VP)
    assert state._params[1] == 4 and state._params[0] == 3 and state._vp[1] == 4


def test_play_a_card_paying_exactly_with_discount() -> None:
    state = new_game(2, hands=[["pd_p05", "pd_p10", "pd_p01", "pd_p02", "pd_p03"],
                               ["pd_p06", "pd_p07", "pd_p08", "pd_p09", "pd_p11"]])
    put_in_play(state, 0, "pd_p19")  # Bulk Buyer: one MegaCredit less on cards
    give(state, 0, {"city": 0})
    play(state, "actions", "take yellow", chance=["roll pd_science"])
    # Trade Office costs megacredit + city: with the discount only the city
    assert "play pd_p05" in texts(state)
    payload = next(o.payload for o in state.prompt().options if o.text == "play pd_p05")
    assert payload["pay"] == ["city"]
    play(state, "play pd_p05", "pay city")
    assert state._counts[8 + 4] == 1  # production: 1 yellow die


def test_pass_when_no_main_action_and_free_action_timing() -> None:
    state = new_game(2)
    clear(state, 0)
    state._pool = [0] * 5
    put_in_play(state, 0, "pd_p17")  # Brokerage: free action, 1 MegaCredit -> 1 wild token
    play(state, "actions")
    # nothing to take, pay or turn, and Brokerage cannot be paid: support, main action and the
    # end of the turn pass by themselves
    assert state.current_player() == 1 and state.prompt().kind == "turn"
    state2 = new_game(2)
    put_in_play(state2, 0, "pd_p17")
    give(state2, 0, {"megacredit": 2})
    assert "use pd_p17" in texts(state2)  # before the turn
    play(state2, "use pd_p17", "pay megacredit")
    assert state2._wild[0] == 3 and state2.prompt().kind == "turn"
    assert "use pd_p17" not in texts(state2)  # once per refresh


def test_end_with_free_action_left() -> None:
    state = new_game(2)
    put_in_play(state, 0, "pd_p17")
    give(state, 0, {"megacredit": 3})
    play(state, "actions", "take red", "convert vp", "pay megacredit", "pay megacredit", "pay megacredit")
    assert state.prompt().kind == "end"  # no MegaCredit left, but a wild token pays for Brokerage
    assert texts(state) == ["use pd_p17", "end"]
    play(state, "end")
    assert state.current_player() == 1


# ---------------------------------------------------------------- illegal input
def test_illegal_actions_are_refused_and_change_nothing() -> None:
    state = new_game(2)
    before = state.serialize(), state.full_state()
    for bad in (-1, 10_000, "x"):
        with pytest.raises(IllegalActionError):
            state.apply_action(bad)  # type: ignore[arg-type]
    for text in ("play pd_p01", "take purple", "convert ocean", "", "pay wild"):
        with pytest.raises(IllegalActionError):
            state.apply_string(text)
    assert (state.serialize(), state.full_state()) == before


def test_options_are_validated() -> None:
    from ludoteca.core.errors import InvalidOptionError

    for options in ({"players": 0}, {"players": 5}, {"players": "2"}, {"start": {"heat": 1}},
                    {"start": {"oceans": 9}}, {"start": {"oceans": 7, "temperature": 10}}, {"colour": 1}):
        with pytest.raises(InvalidOptionError):
            load_game("tm-dice", **options)


# ---------------------------------------------------------------- end of the game
def test_end_trigger_gives_everyone_one_more_turn_trigger_player_last() -> None:
    state = new_game(3, start={"oceans": 7, "temperature": 9})
    give(state, 1, {"heat": 3})
    play(state, "production", "done")  # seat 0
    play(state, "actions", "take red", "convert temperature", "pay heat", "pay heat", "pay heat")  # seat 1
    assert state._triggered and not state.is_terminal()
    turns = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        if state.prompt().kind == "turn":
            turns.append(state.current_player())
        state.apply_string("production" if state.prompt().kind == "turn" else texts(state)[-1])
    assert turns == [2, 0, 1]
    assert state.current_player() == TERMINAL


def test_final_scoring_and_tie_break() -> None:
    state = new_game(2, start={"oceans": 7, "temperature": 9})
    give(state, 0, {"heat": 1})
    play(state, "actions", "take red", "convert temperature", "pay heat", "pay heat", "pay heat")
    play(state, "production", "done")  # seat 1's last turn
    assert not state.is_terminal()
    play(state, "production", "done")  # seat 0's last turn
    assert state.is_terminal()
    final = state.observation(0)["final"]
    assert final[0]["track"] == 2 and final[0]["total"] == 2 + final[0]["awards"] + final[0]["milestones"]
    assert state.scores() == [final[0]["total"], final[1]["total"]]
    assert [row["production_dice"] for row in final] == [3, 2]  # Helion 3, Teractor 2: the tie-break
    expected = [0] if final[0]["total"] >= final[1]["total"] else [1]
    assert state.winners() == expected


def test_vp_bonus_cards_at_5_and_12() -> None:
    state = new_game(2, bonus=["delivery", "pd_b4", "pd_b8", "developer"])
    give(state, 0, {"megacredit": 6}, vp=4)
    play(state, "actions", "take red", "convert vp", "pay megacredit", "pay megacredit", "pay megacredit")
    assert state._vp[0] == 6
    assert state.prompt().kind == "bonus" and state.current_player() == 0  # at the end of the turn
    assert texts(state) == ["bonus delivery", "bonus pd_b4", "bonus developer", "bonus pd_b8"]
    assert "bonus_stack" in state.observation(0) and "bonus_stack" not in state.observation(1)
    wild = state._wild[0]
    play(state, "bonus delivery")
    assert state._wild[0] == wild + 2 and state.current_player() == 1
    play(state, "production", "done")
    give(state, 0, vp=4)  # 10
    play(state, "actions", "take red", "support", "take red")
    assert state.current_player() == 1  # 10 VP: no bonus
    play(state, "actions", "take red", "support", "take red")
    play(state, "actions", "take red", "convert vp", "pay megacredit", "pay megacredit", "pay megacredit")
    assert state.prompt().kind == "bonus"
    assert texts(state) == ["bonus pd_b4", "bonus developer", "bonus pd_b8"]


def test_chance_and_terminal_current_player() -> None:
    state = load_game("tm-dice", players=2).new_initial_state()
    assert state.current_player() == CHANCE
