"""Component data (loading, validation, stand-in labels), the notation, hidden
information and resampling, special tiles, and the greedy bot."""

from __future__ import annotations

import copy
import json
import random
from importlib import resources

import pytest
from tmd_helpers import give, new_game, play, texts

from ludoteca import load_game
from ludoteca.agents import make_agent
from ludoteca.core.play import play as play_game
from ludoteca.core.play import sample_chance
from ludoteca.games.tm_dice import cards as cards_module
from ludoteca.games.tm_dice import content as content_module
from ludoteca.games.tm_dice.content import STANDIN_LABEL, ContentDataError, load_content
from ludoteca.games.tm_dice.ops import OpCompiler
from ludoteca.games.tm_dice.state import TMDiceState
from ludoteca.games.tm_dice.tasks import OP_PLACE, SPECIAL

CONTENT = load_content()


def raw(name: str) -> dict:
    text = resources.files("ludoteca.games.tm_dice").joinpath(f"data/{name}").read_text(encoding="utf-8")
    return json.loads(text)


# ---------------------------------------------------------------- data
def test_components() -> None:
    assert CONTENT.colours == ("green", "gray", "blue", "red", "yellow")
    assert CONTENT.face_counts == (3, 2, 1) * 5
    assert CONTENT.resources[:3] == ("plant", "microbe", "animal")  # the published green die
    assert len(CONTENT.areas) == 37 and sum(a.ocean for a in CONTENT.areas) == 7
    assert [p.steps for p in CONTENT.parameters] == [10, 8, 7]
    assert CONTENT.parameters[0].value(0) == -32 and CONTENT.parameters[0].value(10) == 8
    assert (CONTENT.n_projects, CONTENT.n_bonus, CONTENT.n_corps, len(CONTENT.milestones)) == (30, 8, 8, 8)
    assert sum(c.copies for c in CONTENT.cards[:CONTENT.n_projects]) == 60
    assert [c.id for c in CONTENT.conversions] == ["temperature", "ocean", "forest", "city", "vp"]
    assert CONTENT.rules["bonus_stack"] == {"1": 4, "2": 4, "3": 6, "4": 8}


def test_every_stand_in_is_labelled_and_only_stand_ins_start_pd() -> None:
    for c in CONTENT.cards:
        assert (c.status == "standin") == c.id.startswith("pd_")
        if c.status == "observed":
            assert c.sources
    assert all(m.status == "standin" and m.id.startswith("pd_") for m in CONTENT.milestones)
    assert [r for r, s in zip(CONTENT.resources, CONTENT.resource_status, strict=True) if s == "standin"] == [
        "pd_science", "pd_orbit"]
    official = {c.id for c in CONTENT.cards if c.status != "standin"}
    assert official == {"deep_well_heating", "imported_nitrogen", "small_asteroid", "decomposers",
                        "effective_storage", "corporate_stronghold", "delivery", "developer", "helion",
                        "teractor", "unmi", "inventrix"}


def test_observation_and_payloads_label_stand_ins() -> None:
    state = new_game(2)
    view = state.observation(0)
    assert view["standin"] == {"label": STANDIN_LABEL, "ids": "every id starting pd_", "partly": [],
                               "map": True, "dice_faces": ["gray", "blue", "red", "yellow"]}
    give(state, 0, hand=["deep_well_heating"])
    assert state.observation(0)["standin"]["partly"] == ["deep_well_heating"]  # in seat 0's hand
    assert state.observation(1)["standin"]["partly"] == ["inventrix"]  # dealt to seat 1; no hand card
    play(state, "actions")
    payload = state.prompt().options[0].payload
    assert payload == {"verb": "take", "colour": "green",
                       "faces": {"plant": 0.5, "microbe": 0.3333, "animal": 0.1667}}
    play(state, "take yellow", chance=["roll pd_science"])
    payload = next(o.payload for o in state.prompt().options if o.text == "support")
    state2 = new_game(2, hands=[["pd_p01", "pd_p02", "pd_p03", "pd_p04", "deep_well_heating"],
                                ["pd_p06", "pd_p07", "pd_p08", "pd_p09", "pd_p10"]])
    give(state2, 0, {"steel": 1})
    play(state2, "actions", "take red")
    cards = {o.text: o.payload for o in state2.prompt().options if o.text.startswith("play")}
    assert cards["play pd_p01"]["card"]["standin"] == STANDIN_LABEL
    assert cards["play deep_well_heating"]["card"]["standin_parts"][0] == "colour"
    assert payload == {"verb": "support"}


@pytest.mark.parametrize(("file", "change", "message"), [
    ("dice.json", lambda d: d["colours"][0]["faces"].reverse(), "3, 2 and 1 faces"),
    ("dice.json", lambda d: d["colours"][1]["faces"][0].update(resource="plant"), "must all be different"),
    ("map.json", lambda d: d["areas"][1].update(q=0, r=-3), "unique"),
    ("map.json", lambda d: d["areas"][0].update(bonus=[{"op": "gain_die", "colour": "pink"}]), "gain_die"),
    ("tracks.json", lambda d: d["parameters"][0]["bonuses"].append({"at": -23, "ops": []}), "not a step"),
    ("rules.json", lambda d: d.pop("hand_size"), "hand_size"),
    ("cards.json", lambda d: d["cards"][0].update(colour="purple"), "green, red or blue"),
    ("cards.json", lambda d: d["cards"][0].update(cost=["heat", "gold"]), "unknown resource"),
    ("cards.json", lambda d: d["cards"][0].update(id="heat_vents"), "starting 'pd_'"),
    ("cards.json", lambda d: d["cards"][0].pop("production"), "production box"),
    ("cards.json", lambda d: d["cards"][6].update(production={"dice": {"red": 1}}), "only green"),
    ("cards.json",
     lambda d: d["cards"][19].update(reactions=[{"tile": "ocean", "ops": [{"op": "turn_die"}]}]),
     "reactions may only"),
    ("cards.json", lambda d: d["cards"][13].update(action={"timing": "sometimes"}), "timing"),
    ("cards.json", lambda d: d["cards"][1].update(id="pd_p01"), "duplicate"),
    ("bonus_cards.json", lambda d: d["cards"][0].update(cost=["heat"]), "free"),
    ("corporations.json", lambda d: d["corporations"][0].update(colour="red"), "no colour"),
    ("milestones.json", lambda d: d["milestones"][0]["requirement"].update(kind="luck"), "requirement kind"),
])
def test_invalid_data_is_refused(monkeypatch: pytest.MonkeyPatch, file: str, change, message: str) -> None:
    data = {name: raw(name) for name in ("dice.json", "map.json", "tracks.json", "rules.json", "cards.json",
                                         "bonus_cards.json", "corporations.json", "milestones.json")}
    broken = copy.deepcopy(data)
    change(broken[file])
    monkeypatch.setattr(content_module, "_read", lambda name: copy.deepcopy(broken[name]))
    content_module.load_content.cache_clear()
    try:
        with pytest.raises(ContentDataError, match=message):
            content_module.load_content()
    finally:
        content_module.load_content.cache_clear()


def test_card_parser_names_the_record() -> None:
    ops = OpCompiler(list(CONTENT.colours), list(CONTENT.resources))
    with pytest.raises(ContentDataError, match=r"cards.json 'pd_x'"):
        cards_module.parse_card({"id": "pd_x", "name": "X", "status": "standin", "colour": "red",
                                 "play": [{"op": "fly"}]}, 0, "project", ops, "cards.json")


# ---------------------------------------------------------------- notation
def test_every_action_id_has_a_unique_notation_that_parses_back() -> None:
    codec = load_game("tm-dice", players=2).codec
    for action in range(codec.size):
        assert codec.parse(codec.to_string(action)) == action
    assert len({codec.to_string(a) for a in range(codec.size)}) == codec.size
    sizes = {load_game("tm-dice", players=p).num_distinct_actions() for p in (1, 2, 3, 4)}
    assert sizes == {codec.size}


def test_notation_examples_and_bad_text() -> None:
    state = new_game(2)
    assert state.string_to_action("  actions ") == state.game.codec.actions
    play(state, "actions")
    assert "take green" in texts(state)
    from ludoteca import IllegalActionError

    with pytest.raises(IllegalActionError, match="no such 'take'"):
        state.string_to_action("take purple")
    with pytest.raises(IllegalActionError, match="start with one of"):
        state.string_to_action("fly away")
    with pytest.raises(IllegalActionError, match="not a legal action"):
        state.string_to_action("convert ocean")


# ---------------------------------------------------------------- hidden information
def test_observation_hides_hands_deck_and_bonus_stack() -> None:
    state = new_game(3)
    view = state.observation(1)
    assert "hand" in view["seats"][1] and "hand" not in view["seats"][0]
    assert [p["hand_size"] for p in view["seats"]] == [5, 5, 5]
    assert "deck" not in view and "bonus_stack" not in view and view["bonus_stack_size"] == 6
    assert "dealt_corporations" not in view["seats"][0]
    full = state.full_state()
    assert full["deck"] and full["bonus_stack"] and len(full["dealt"][0]) == 2
    json.dumps(view)


def test_resampling_redeals_what_the_seat_cannot_see() -> None:
    state = new_game(3)
    seen_hands = set()
    for i in range(20):
        other = state.resample_from_infostate(0, random.Random(i))
        assert isinstance(other, TMDiceState)
        assert other.observation(0) == state.observation(0)
        assert [other.hand_size(s) for s in range(3)] == [5, 5, 5]
        assert other._deck_size == state._deck_size
        seen_hands.add(tuple(other._hand[other.game.content.n_projects:]))
        assert sum(other._bonus) == state._bonus_size
    assert len(seen_hands) > 1
    # once a seat has looked through the bonus stack, it stays as it is for that seat
    state._counts[0 * 22 + 21] = 1
    for i in range(5):
        assert state.resample_from_infostate(0, random.Random(i))._bonus == state._bonus


def test_resampling_before_corporations_are_revealed() -> None:
    state = load_game("tm-dice", players=2).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    state.apply_action(state.legal_actions()[1])  # seat 0 keeps its second corporation
    mine = state._dealt[0]
    for i in range(5):
        other = state.resample_from_infostate(1, random.Random(i))
        assert other._corp_choice[0] in other._dealt[0]
        assert other._dealt[1] == state._dealt[1]
        assert not set(other._dealt[0]) & set(state._dealt[1])
    assert state._dealt[0] == mine


# ---------------------------------------------------------------- special tiles (engine support)
def test_special_tile_goes_on_any_free_land_area_without_vp() -> None:
    state = new_game(2)
    state._stack.append((OP_PLACE, 0, SPECIAL))
    state._opts = state._legal = None
    state._advance()
    assert state.prompt().kind == "place" and len(texts(state)) == 30
    vp = state._vp[0]
    play(state, "place A1")
    assert state._board[0] == SPECIAL and state._vp[0] == vp


def test_white_die_gain_chooses_a_colour_for_each_die() -> None:
    from ludoteca.games.tm_dice.dice import ANY_COLOUR
    from ludoteca.games.tm_dice.tasks import OP_GAIN_DIE

    state = new_game(2)
    play(state, "actions", "take red")
    state._stack.append((OP_GAIN_DIE, 0, ANY_COLOUR, 2))
    state._opts = state._legal = None
    state._advance()
    assert state.prompt().kind == "colour"
    play(state, "colour green", chance=["roll animal"])
    assert state.prompt().kind == "colour"
    play(state, "colour blue", chance=["roll oxygen"])
    assert state.prompt().kind == "main"
    assert state._dice[2] == 1 and state._dice[8] == 1  # animal, oxygen


def test_vp_in_a_production_box_moves_the_track() -> None:
    from ludoteca.games.tm_dice.base import C_PROD

    state = new_game(2)
    state._counts[C_PROD + 7] = 2  # as if a card showed 2 VP in its brown box
    play(state, "production", "done")
    assert state._vp[0] == 2


def test_text_picture_shows_only_what_the_seat_sees() -> None:
    from ludoteca.games.tm_dice.text import position_lines

    state = new_game(2)
    give(state, 0, {"plant": 4})
    play(state, "actions", "take red", "convert forest", "pay plant", "pay plant", "pay plant", "pay plant",
         "place D5")
    lines = position_lines(state, 1)
    assert any("D5F0" in line for line in lines) and lines[1].startswith("Oxygen")
    assert any("Helion" in line for line in lines)
    assert not any("hand: Heat Vents" in line for line in lines)  # seat 0's hand
    assert any("hand: Heat Vents" in line for line in position_lines(state, 0))


# ---------------------------------------------------------------- bots
def test_greedy_plays_a_whole_game_sensibly() -> None:
    game = load_game("tm-dice", players=2)
    state = game.new_initial_state()
    agents = [make_agent("greedy", seed=1), make_agent("random", seed=2)]
    play_game(state, agents, random.Random(5))
    assert state.is_terminal()
    final = state.observation(0)["final"]
    assert final[0]["total"] > final[1]["total"]
    assert state._counts[17] > 0  # seat 0 terraformed
    assert sum(state._tableau[:game.n_cards]) > 1  # and played cards besides its corporation


def test_heuristic_is_a_number_for_every_seat() -> None:
    state = new_game(3)
    give(state, 0, {"heat": 3})
    values = [state.game.heuristic(state, s) for s in range(3)]
    assert all(isinstance(v, float) for v in values)
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
