"""A played card's effects in the order the player chooses, where the order can change
the result (the rules: a card's effects are resolved in any order); elsewhere no
extra decision."""

from __future__ import annotations

import json
import random

import pytest
from tmd_helpers import clear, dice, give, new_game, play, put_in_play, resolve_chance, texts, to_main

from ludoteca.agents.greedy import GreedyAgent
from ludoteca.core.play import sample_chance
from ludoteca.games.tm_dice.dice import ANY_COLOUR
from ludoteca.games.tm_dice.state import TMDiceState
from ludoteca.games.tm_dice.tasks import (
    CITY,
    FOREST,
    OCEAN,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_GAIN_WILD,
    OP_OPPONENTS_LOSE,
    OP_PLACE,
    OP_RAISE,
    OP_TURN_DIE,
    OXYGEN,
    SPECIAL,
    TEMPERATURE,
)

HANDS = [["pd_p01", "pd_p02", "pd_p03", "pd_p04", "pd_p05"],
         ["pd_p06", "pd_p07", "pd_p08", "pd_p09", "pd_p10"]]
RED, BLUE = 3, 2


def at_main(card: str, start: dict[str, int], pool: dict[int, int], wild: int) -> TMDiceState:
    """Seat 0 at its main action with `card` in hand, `wild` tokens to pay for it (so no
    die goes back to the pool) and a pool where colour c has `pool[c]` dice (the rest
    held by seat 1, showing the colour's common face)."""
    state = new_game(2, hands=HANDS, start=start)
    clear(state, 0)
    clear(state, 1)
    give(state, 0, wild=wild, hand=[card])
    to_main(state, take="yellow", roll="roll pd_orbit")
    content = state.game.content
    for colour, n in pool.items():
        give(state, 1, {content.resources[3 * colour]: state._pool[colour] - n})
    assert f"play {card}" in texts(state)
    return state


# ---------------------------------------------------------------- the order matters: a decision
def test_comet_nudge_raise_first_takes_the_last_red_die_as_the_bonus() -> None:
    # Comet Nudge: +1 temperature, gain a red die. Temperature at step 1: step 2 (-24 °C) gives
    # a red die showing °C. One red die is left in the pool: the two effects want it both.
    state = at_main("pd_p07", {"temperature": 1}, {RED: 1}, wild=2)
    play(state, "play pd_p07")  # both icons paid with wild tokens (the only way)
    assert state.prompt().kind == "order"
    assert texts(state) == ["first raise:temperature:1", "first gain_die:red:1"]
    assert state.prompt().options[0].payload == {"verb": "first", "effect": "raise:temperature:1"}
    assert state.public_action_string(state.legal_actions()[0]) == "first raise:temperature:1"
    assert state.observation(1)["pending"][0] == "seat 0 resolves raise:temperature:1, gain_die:red:1"
    json.dumps(state.full_state())
    vp = state._vp[0]

    raise_first = state.clone()
    play(raise_first, "first raise:temperature:1")  # the bonus takes the red die; the gain finds none
    assert not raise_first.is_chance_node()
    assert dice(raise_first, 0) == {"pd_orbit": 1, "temperature": 1}
    assert raise_first._params[TEMPERATURE] == 2 and raise_first._vp[0] == vp + 2
    assert raise_first._pool[RED] == 0

    gain_first = state.clone()
    play(gain_first, "first gain_die:red:1", chance=["roll heat"])  # the die rolls; the bonus finds none
    assert dice(gain_first, 0) == {"pd_orbit": 1, "heat": 1}
    assert gain_first._params[TEMPERATURE] == 2 and gain_first._vp[0] == vp + 2
    assert gain_first.current_player() == 1  # nothing more to decide: seat 0's turn is over


def test_deep_well_heating_two_blue_dice_left() -> None:
    # Deep Well Heating: 2 energy, +1 temperature; step 4 (-16 °C) gives a water. Two blue dice left.
    state = at_main("deep_well_heating", {"temperature": 3}, {BLUE: 2}, wild=3)
    play(state, "play deep_well_heating", "pay wild")  # the white "?" too: the pd_orbit die stays
    assert texts(state) == ["first raise:temperature:1", "first gain_face:energy:2"]
    energy_first = play(state.clone(), "first gain_face:energy:2")
    assert dice(energy_first, 0) == {"pd_orbit": 1, "energy": 2}
    raise_first = play(state.clone(), "first raise:temperature:1")
    assert dice(raise_first, 0) == {"pd_orbit": 1, "water": 1, "energy": 1}


# ---------------------------------------------------------------- the order cannot matter: no decision
@pytest.mark.parametrize(("start", "pool"), [
    ({"temperature": 1}, {RED: 2}),  # enough red dice for the bonus and the gain
    ({"temperature": 2}, {RED: 1}),  # the next step (3) gives nothing
    ({"temperature": 10}, {RED: 1}),  # temperature complete: 1 VP, no bonus
])
def test_comet_nudge_resolves_in_printed_order_when_the_order_cannot_matter(
        start: dict[str, int], pool: dict[int, int]) -> None:
    state = at_main("pd_p07", start, pool, wild=2)
    state.apply_string("play pd_p07")
    assert state.is_chance_node()  # straight to the red die's roll, no order decision
    assert state._stack[-1][2] == RED
    steps = state._params[TEMPERATURE]
    resolve_chance(state, ["roll heat"])
    assert state._params[TEMPERATURE] == steps  # the raise came first, as printed


def test_sabotage_never_asks() -> None:
    # Sabotage: each opponent loses a heat; 1 wild token. Nothing the two share.
    state = at_main("pd_p11", {}, {}, wild=2)
    give(state, 1, {"heat": 1})
    play(state, "play pd_p11", "pay wild")
    assert state.current_player() == 1 and state._wild[0] == 1 and dice(state, 1) == {}


# ---------------------------------------------------------------- the rule, on effects no card has yet
def ordered(state: TMDiceState, *ops: tuple[int, ...]) -> set[tuple[int, ...]]:
    return state._ordered_effects(0, ops)


def test_turning_a_die_before_or_after_gaining_one() -> None:
    state = new_game(2)
    gain, turn = (OP_GAIN_DIE, RED, 1), (OP_TURN_DIE, 1)
    assert ordered(state, gain, turn) == {gain, turn}
    state._pool[RED] = 0  # no red die to gain: turning first or last is the same
    assert ordered(state, gain, turn) == set()
    assert ordered(state, (OP_GAIN_WILD, 1), turn) == set()


def test_land_tiles_short_of_areas() -> None:
    state = new_game(2)
    city, forest, special = (OP_PLACE, CITY), (OP_PLACE, FOREST), (OP_PLACE, SPECIAL)
    assert ordered(state, city, forest) == set()  # room for both wherever they go
    free = state.free_areas(FOREST)
    for area in free[1:]:
        state._board[area] = OCEAN  # filled (as white-box: only one land area stays free)
    assert ordered(state, forest, special) == {forest, special}  # the first takes the last area
    assert ordered(state, (OP_PLACE, OCEAN), (OP_GAIN_WILD, 1)) == set()


def test_opponent_loses_before_or_after_a_reaction_gives_him_a_die() -> None:
    state = new_game(2)
    put_in_play(state, 1, "pd_p20")  # seat 1 gains a green die whenever anyone places an ocean
    lose, ocean = (OP_OPPONENTS_LOSE, 0), (OP_PLACE, OCEAN)  # plant: a green face
    assert ordered(state, lose, ocean) == {lose, ocean}
    assert ordered(state, (OP_OPPONENTS_LOSE, 3), ocean) == set()  # heat: a red face


def test_a_chosen_colour_shares_every_colour_and_bonuses_cascade() -> None:
    state = new_game(2, start={"oxygen": 3, "temperature": 3})
    # oxygen step 4 raises temperature to step 4, which gives a water (blue)
    oxygen, any_die = (OP_RAISE, OXYGEN, 1), (OP_GAIN_DIE, ANY_COLOUR, 1)
    assert ordered(state, oxygen, any_die) == set()  # a full pool
    state._pool[BLUE] = 1
    assert ordered(state, oxygen, any_die) == {oxygen, any_die}
    assert ordered(state, oxygen, (OP_GAIN_FACE, 3, 1)) == set()  # a heat: red, not blue


# ---------------------------------------------------------------- bots
def test_greedy_takes_the_order_decision_and_finishes_the_game() -> None:
    state = at_main("pd_p07", {"temperature": 1, "oxygen": 7, "oceans": 6}, {RED: 1}, wild=2)
    play(state, "play pd_p07")
    assert state.prompt().kind == "order"
    rng = random.Random(3)
    before = json.dumps(state.full_state(), sort_keys=True)
    for action in state.legal_actions():  # either order, played on by random moves, leaves the original alone
        other = state.clone()
        other.apply_action(action)
        while not other.is_terminal():
            other.apply_action(sample_chance(other, rng) if other.is_chance_node()
                               else rng.choice(other.legal_actions()))
    assert json.dumps(state.full_state(), sort_keys=True) == before
    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    for _ in range(3000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(agents[state.current_player()].step(state))
    assert state.is_terminal()
