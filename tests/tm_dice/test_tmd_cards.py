"""One test per project card, corporation and bonus card in the data.

Each test plays the card in a real position (after a scripted setup) and checks
what the card should do, written out here independently of the data files.
"""

from __future__ import annotations

import pytest
from tmd_helpers import (
    clear,
    dice,
    give,
    new_game,
    pay_all,
    play,
    put_in_play,
    resolve_chance,
    texts,
    to_main,
)

from ludoteca.games.tm_dice.base import C_COLOURS, C_PROD, C_STORAGE, C_VP_END, C_WIDTH
from ludoteca.games.tm_dice.content import load_content
from ludoteca.games.tm_dice.state import TMDiceState
from ludoteca.games.tm_dice.tasks import CITY, FOREST, OCEAN

CONTENT = load_content()
HANDS = [["pd_p01", "pd_p02", "pd_p03", "pd_p04", "pd_p05"],
         ["pd_p06", "pd_p07", "pd_p08", "pd_p09", "pd_p10"]]


def prod(state: TMDiceState, seat: int = 0) -> list[int]:
    base = seat * C_WIDTH + C_PROD
    return state._counts[base:base + 8]


def ready(card: str, cost: dict[str, int], opponent: dict[str, int] | None = None) -> TMDiceState:
    """Seat 0 at its main action with `card` in hand and exactly `cost` (plus a die it took:
    a pd_orbit, which the tests spend on white "?" icons only when nothing else is left)."""
    state = new_game(2, hands=HANDS)
    clear(state, 0)
    give(state, 0, cost, hand=[card])
    if opponent:
        clear(state, 1)
        give(state, 1, opponent)
    to_main(state, take="yellow", roll="roll pd_orbit")
    assert f"play {card}" in texts(state), texts(state)
    return state


def play_card(state: TMDiceState, card: str, chance: tuple[str, ...] = ()) -> None:
    play(state, f"play {card}")
    pay_all(state)
    resolve_chance(state, chance)


def in_play(state: TMDiceState, card: str, seat: int = 0) -> int:
    return state._tableau[seat * state.game.n_cards + CONTENT.card(card).index]


# ---------------------------------------------------------------- green cards: production boxes
@pytest.mark.parametrize(("card", "cost", "colour"), [
    ("pd_p01", {"steel": 1, "heat": 1}, "red"),
    ("pd_p02", {"steel": 1, "energy": 1}, "blue"),
    ("pd_p03", {"plant": 1, "water": 1}, "green"),
    ("pd_p04", {"steel": 2}, "gray"),
    ("pd_p05", {"megacredit": 1, "city": 1}, "yellow"),
])
def test_green_production_cards(card: str, cost: dict[str, int], colour: str) -> None:
    state = ready(card, cost)
    play_card(state, card)
    c = CONTENT.colours.index(colour)
    helion = {"red": 2, "gray": 1}
    assert prod(state)[c] == helion.get(colour, 0) + 1
    assert in_play(state, card) == 1 and state._counts[C_COLOURS] == 1
    assert dice(state, 0) == {"pd_orbit": 1}  # exactly the cost was paid
    # the next production rolls that die too
    play(state, "actions", "take red", "support", "take red")  # seat 1
    before = sum(state._dice[c * 3 + k] for k in range(3))
    play(state, "production")  # one die: nothing to choose to keep; an empty hand: no discard
    after = sum(state._dice[c * 3 + k] for k in range(3))
    assert after - before == prod(state)[c]


def test_pd_p06_mixed_works_white_die_colour_chosen_each_production() -> None:
    state = ready("pd_p06", {"water": 1, "plant": 1})
    play_card(state, "pd_p06")  # three white "?": water, plant and the pd_orbit die
    assert dice(state, 0) == {} and prod(state)[5] == 1
    play(state, "actions", "take red", "support", "take red")
    play(state, "production")
    assert state.prompt().kind == "colour" and texts(state) == [f"colour {c}" for c in CONTENT.colours]
    play(state, "colour blue", chance=["roll city", "roll oxygen", "roll heat", "roll heat"])
    assert dice(state, 0) == {"city": 1, "oxygen": 1, "heat": 2}


def test_pd_p23_research_wing() -> None:
    state = ready("pd_p23", {"pd_science": 1, "steel": 1})
    play_card(state, "pd_p23")
    assert prod(state)[4] == 1 and state._counts[C_VP_END] == 1
    assert state.scores()[0] == 1.0


# ---------------------------------------------------------------- red cards: effects now
def test_pd_p07_comet_nudge() -> None:
    state = ready("pd_p07", {"event": 1, "heat": 1})
    state.apply_string("play pd_p07")  # the event pays its icon, the heat the red "?": no choice
    assert state.is_chance_node()  # the red die gained is rolled
    resolve_chance(state, ["roll temperature"])
    assert state._params[0] == 1 and state._vp[0] == 2
    assert dice(state, 0) == {"temperature": 1, "pd_orbit": 1}


def test_pd_p08_ice_haul() -> None:
    state = ready("pd_p08", {"titanium": 1, "event": 1})
    play_card(state, "pd_p08")
    assert state.prompt().kind == "place" and len(texts(state)) == 7
    play(state, "place F2")
    assert state._params[2] == 1 and state._vp[0] == 2
    assert state._board[[a.label for a in CONTENT.areas].index("F2")] == OCEAN


def test_pd_p09_seed_drop() -> None:
    state = ready("pd_p09", {"plant": 2, "event": 1})
    play_card(state, "pd_p09")
    assert len(texts(state)) == 30  # any land area
    play(state, "place A1")
    assert state._params[1] == 1 and state._vp[0] == 2
    assert state._board[0] == FOREST


def test_pd_p10_survey_grant() -> None:
    state = ready("pd_p10", {"megacredit": 1, "heat": 1})
    play_card(state, "pd_p10")
    assert state.hand_size(0) == 3


def test_pd_p11_sabotage() -> None:
    state = ready("pd_p11", {"event": 1, "water": 1}, opponent={"heat": 2, "city": 1})
    play_card(state, "pd_p11")
    assert dice(state, 1) == {"heat": 1, "city": 1}
    assert state._wild[0] == 1
    # an opponent without the resource loses nothing else
    state = ready("pd_p11", {"event": 1, "water": 1}, opponent={"city": 1})
    play_card(state, "pd_p11")
    assert dice(state, 1) == {"city": 1}


def test_pd_p12_air_importer() -> None:
    state = ready("pd_p12", {"titanium": 1, "energy": 1, "event": 1})
    play_card(state, "pd_p12")
    assert state._params[1] == 1 and state._vp[0] == 2


def test_pd_p13_dome_town() -> None:
    state = ready("pd_p13", {"city": 1, "steel": 1, "megacredit": 1})
    play_card(state, "pd_p13")
    play(state, "place A1")
    assert state._board[0] == CITY and state._vp[0] == 2 and state._counts[C_VP_END] == 1


def test_pd_p22_sky_mirror() -> None:
    state = ready("pd_p22", {"titanium": 1, "heat": 1})  # the pd_orbit die taken pays its icon
    play_card(state, "pd_p22")
    assert state._params[0] == 2 and state._vp[0] == 4
    assert dice(state, 0) == {"temperature": 1}  # -24 °C bonus: a red die set to °C


def test_pd_p24_landmark() -> None:
    state = ready("pd_p24", {"city": 2})
    play_card(state, "pd_p24")
    play(state, "place A1")
    assert state._vp[0] == 2 + 2


def test_deep_well_heating() -> None:
    state = ready("deep_well_heating", {"steel": 1, "heat": 1})
    play_card(state, "deep_well_heating")
    assert dice(state, 0) == {"energy": 2} and state._params[0] == 1 and state._vp[0] == 2


def test_imported_nitrogen_and_a_short_pool() -> None:
    state = ready("imported_nitrogen", {"event": 1, "water": 1})
    state._pool[0] = 3  # only three green dice left: the fourth is lost
    play_card(state, "imported_nitrogen", chance=("roll plant", "roll animal", "roll microbe"))
    assert dice(state, 0) == {"plant": 1, "microbe": 1, "animal": 1}
    assert state._wild[0] == 0


def test_small_asteroid() -> None:
    state = ready("small_asteroid", {"temperature": 1})  # the pd_orbit die pays the white "?"
    play_card(state, "small_asteroid")
    assert state._params[0] == 1 and dice(state, 0) == {"heat": 1}


def test_corporate_stronghold() -> None:
    state = ready("corporate_stronghold", {"steel": 1, "energy": 1, "city": 1})
    play_card(state, "corporate_stronghold")
    play(state, "place G4")
    assert state._board[36] == CITY and state._vp[0] == 2


# ---------------------------------------------------------------- blue cards
def test_pd_p14_fine_tuner() -> None:
    state = ready("pd_p14", {"pd_science": 1})
    play_card(state, "pd_p14")
    assert in_play(state, "pd_p14") and state._counts[C_COLOURS + 2] == 1
    play(state, "actions", "take red", "support", "take red")
    give(state, 0, {"heat": 1})
    play(state, "actions")
    assert "use pd_p14" in texts(state)
    play(state, "use pd_p14", "skip")  # the turn may be declined
    assert state.prompt().kind == "support"  # the main action: a second support is the only option


def test_pd_p15_pump_station() -> None:
    state = ready("pd_p15", {"steel": 1, "water": 1})
    play_card(state, "pd_p15")
    give(state, 1, {"water": 0})
    play(state, "actions", "take red", "support", "take red")
    give(state, 0, {"water": 2})
    to_main(state, take="red")
    play(state, "use pd_p15", "place D4")  # two water, no wild token: paid at once
    assert state._params[2] == 1 and state._vp[0] == 2


def test_pd_p16_greenhouse_ring() -> None:
    state = ready("pd_p16", {"plant": 1, "steel": 1})
    play_card(state, "pd_p16")
    play(state, "actions", "take red", "support", "take red")
    give(state, 0, {"plant": 3})
    to_main(state, take="red")
    play(state, "use pd_p16", "place A2")
    assert state._params[1] == 1 and state._board[1] == FOREST


def test_pd_p17_brokerage() -> None:
    state = ready("pd_p17", {"megacredit": 3})
    play_card(state, "pd_p17")
    assert state.prompt().kind == "end" and "use pd_p17" in texts(state)  # free, right after playing
    play(state, "use pd_p17")
    assert state._wild[0] == 1 and state.current_player() == 1


def test_pd_p18_depot() -> None:
    state = ready("pd_p18", {"steel": 1})
    play_card(state, "pd_p18")
    assert state._counts[C_STORAGE] == 2 and state.observation(0)["seats"][0]["keep"] == 5


def test_pd_p19_bulk_buyer() -> None:
    state = ready("pd_p19", {"megacredit": 1})
    play_card(state, "pd_p19")
    give(state, 0, {"city": 1}, hand=["pd_p05"])  # Trade Office: megacredit, city
    play(state, "actions", "take red", "support", "take red")
    to_main(state, take="red", roll="roll event")
    assert "play pd_p05" in texts(state)
    play(state, "play pd_p05")
    assert dice(state, 0) == {"event": 1}  # only the city was paid


def test_pd_p20_algae_watch_reacts_to_anyone() -> None:
    state = ready("pd_p20", {"microbe": 1, "water": 1})
    play_card(state, "pd_p20")
    give(state, 1, {"water": 3})
    play(state, "actions", "take red", "convert ocean", "pay water", "pay water", "pay water")
    state.apply_string("place D4")
    assert state.is_chance_node() and "green" in state.prompt().text and "seat 0" in state.prompt().text
    resolve_chance(state, ["roll animal"])
    assert dice(state, 0).get("animal") == 1


def test_pd_p21_zoo_dome() -> None:
    state = ready("pd_p21", {"animal": 1, "city": 1})
    play_card(state, "pd_p21")
    assert state._counts[C_VP_END] == 1
    play(state, "actions", "take red", "support", "take red")
    give(state, 0, {"plant": 1})
    to_main(state, take="red")
    play(state, "use pd_p21")
    assert state._vp[0] == 1


def test_decomposers() -> None:
    state = ready("decomposers", {"microbe": 2})
    play_card(state, "decomposers")
    play(state, "actions", "take red", "support", "take red")
    give(state, 0, {"microbe": 1})
    to_main(state, take="red")
    play(state, "use decomposers")
    assert dice(state, 0).get("plant") == 1 and state._vp[0] == 1


def test_effective_storage() -> None:
    state = ready("effective_storage", {"megacredit": 1, "steel": 1})
    play_card(state, "effective_storage")
    assert state._counts[C_STORAGE] == 1


def test_every_project_card_has_a_test() -> None:
    tested = {"pd_p01", "pd_p02", "pd_p03", "pd_p04", "pd_p05", "pd_p06", "pd_p07", "pd_p08", "pd_p09",
              "pd_p10", "pd_p11", "pd_p12", "pd_p13", "pd_p14", "pd_p15", "pd_p16", "pd_p17", "pd_p18",
              "pd_p19", "pd_p20", "pd_p21", "pd_p22", "pd_p23", "pd_p24", "deep_well_heating",
              "imported_nitrogen", "small_asteroid", "decomposers", "effective_storage",
              "corporate_stronghold"}
    assert {c.id for c in CONTENT.cards if c.kind == "project"} == tested


# ---------------------------------------------------------------- corporations
@pytest.mark.parametrize(("corp", "wild", "vp", "faces", "box", "storage"), [
    ("helion", 3, 0, {}, {"red": 2, "gray": 1}, 0),
    ("teractor", 4, 0, {"megacredit": 1}, {"red": 1, "yellow": 1}, 0),
    ("unmi", 4, 2, {}, {"red": 1, "yellow": 1}, 0),
    ("inventrix", 3 + 1, 0, {}, {"green": 1, "blue": 1}, 0),  # its box holds a wild token too
    ("pd_corp_ares_drilling", 3, 0, {}, {"red": 2, "gray": 1}, 0),
    ("pd_corp_hellas_hydro", 3, 0, {"water": 1}, {"blue": 1, "yellow": 1}, 0),
    ("pd_corp_noctis_habitat", 2, 1, {}, {"gray": 1, "yellow": 1, "green": 1}, 0),
    ("pd_corp_olympus_orbital", 4, 0, {}, {"yellow": 1, "red": 1}, 1),
])
def test_corporation(corp: str, wild: int, vp: int, faces: dict[str, int], box: dict[str, int],
                     storage: int) -> None:
    others = [c for c in ("helion", "teractor") if c != corp]
    state = new_game(2, corps=[others[0], corp], gift="gift wild")
    seat = 1
    assert state._wild[seat] == wild + 1  # and the first player's gift
    assert state._vp[seat] == vp
    held = dice(state, seat)
    for face, n in faces.items():
        assert held.get(face, 0) >= n
    rolled = sum(held.values()) - sum(faces.values())
    assert rolled == sum(box.values())  # the first production: every box die rolled
    expected = [box.get(c, 0) for c in CONTENT.colours]
    assert prod(state, seat)[:5] == expected
    assert state._counts[seat * C_WIDTH + C_STORAGE] == storage
    assert state.observation(0)["seats"][seat]["corporation"] == corp


def test_inventrix_wild_token_every_production() -> None:
    state = new_game(2, corps=["helion", "inventrix"])
    play(state, "actions", "take red", "support", "take red")
    before = state._wild[1]
    play(state, "production", "done")
    assert state._wild[1] == before + 1


# ---------------------------------------------------------------- bonus cards
def bonus_ready(card: str) -> TMDiceState:
    """Seat 0 reaches 5 VP; at the end of its turn it looks through the stack."""
    stack = [card, *[b for b in ("delivery", "pd_b4", "pd_b8", "pd_b3") if b != card][:3]]
    state = new_game(2, bonus=stack)
    give(state, 0, {"megacredit": 3}, vp=3)
    to_main(state, take="red")
    play(state, "convert vp", "pay megacredit", "pay megacredit", "pay megacredit")
    assert state.prompt().kind == "bonus" and f"bonus {card}" in texts(state)
    return state


def test_bonus_delivery() -> None:
    state = bonus_ready("delivery")
    wild = state._wild[0]
    play(state, "bonus delivery")
    assert state._wild[0] == wild + 2 and in_play(state, "delivery") == 1
    assert state._counts[C_COLOURS + 1] == 1  # counts as a red card


def test_bonus_pd_b2_dice_of_one_colour() -> None:
    state = bonus_ready("pd_b2")
    play(state, "bonus pd_b2")
    assert state.prompt().kind == "colour"
    play(state, "colour blue", chance=["roll water", "roll oxygen"])
    assert {k: v for k, v in dice(state, 0).items() if k in ("water", "oxygen")} == {"water": 1, "oxygen": 1}


def test_bonus_pd_b3_warm_front() -> None:
    state = bonus_ready("pd_b3")
    play(state, "bonus pd_b3")
    assert state._params[0] == 1 and state._vp[0] == 5 + 2


def test_bonus_pd_b4_archive_access() -> None:
    state = bonus_ready("pd_b4")
    play(state, "bonus pd_b4")
    assert state.hand_size(0) == 5 + 3


def test_bonus_developer() -> None:
    state = bonus_ready("developer")
    play(state, "bonus developer")
    assert state._counts[C_COLOURS + 2] == 1  # a blue card in play
    play(state, "actions", "take red", "support", "take red")
    give(state, 0, {"steel": 1, "heat": 1}, hand=["pd_p01"])
    to_main(state, take="yellow")
    vp = state._vp[0]
    play(state, "play pd_p01", "pay steel", "pay heat")
    assert state._vp[0] == vp + 1  # a green card played


def test_bonus_pd_b6_spare_hangar() -> None:
    state = bonus_ready("pd_b6")
    play(state, "bonus pd_b6")
    assert state._counts[C_STORAGE] == 1


def test_bonus_pd_b7_reforestation() -> None:
    state = bonus_ready("pd_b7")
    play(state, "bonus pd_b7", "place A3")
    assert state._board[2] == FOREST and state._params[1] == 1


def test_bonus_pd_b8_legacy() -> None:
    state = bonus_ready("pd_b8")
    play(state, "bonus pd_b8")
    assert state._counts[C_VP_END] == 3 and state.scores()[0] == 5 + 3


def test_every_corporation_and_bonus_card_has_a_test() -> None:
    corps = {c.id for c in CONTENT.cards if c.kind == "corporation"}
    assert len(corps) == 8
    bonus = {c.id for c in CONTENT.cards if c.kind == "bonus"}
    assert bonus == {"delivery", "pd_b2", "pd_b3", "pd_b4", "developer", "pd_b6", "pd_b7", "pd_b8"}


def test_put_in_play_helper_counts_colours() -> None:
    state = new_game(2)
    put_in_play(state, 0, "pd_p01")
    assert state._counts[C_COLOURS] == 1
