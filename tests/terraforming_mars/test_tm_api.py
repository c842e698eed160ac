"""The API around the rules: options, action ids and notation, hidden information, records."""

from __future__ import annotations

import json
import random

import pytest
from tm_helpers import give, put_in_play, set_res, start, texts

import ludoteca
from ludoteca.core.errors import IllegalActionError, InvalidOptionError
from ludoteca.core.record import record_of, replay
from ludoteca.games.terraforming_mars.actions import BASE, NUM_ACTIONS, PAY, decode
from ludoteca.games.terraforming_mars.cards import load_cards
from ludoteca.games.terraforming_mars.frames import F_PAY, F_PLACE


def test_load_and_options():
    game = ludoteca.load_game("terraforming-mars", players=2)
    assert game.num_players() == 2 and game.num_distinct_actions() == NUM_ACTIONS == 16401
    with pytest.raises(InvalidOptionError):
        ludoteca.load_game("terraforming-mars", players=6)
    with pytest.raises(InvalidOptionError, match="solo"):
        ludoteca.load_game("terraforming-mars", players=1, draft=True)
    with pytest.raises(InvalidOptionError, match="draft"):
        ludoteca.load_game("terraforming-mars", draft="yes")
    with pytest.raises(InvalidOptionError):
        ludoteca.load_game("terraforming-mars", corporate_era="yes")
    with pytest.raises(InvalidOptionError, match="corporation"):
        ludoteca.load_game("terraforming-mars", corporations=["credicor", "nobody_inc"])
    with pytest.raises(InvalidOptionError):
        ludoteca.load_game("terraforming-mars", colonies=True)


def test_action_layout_is_fixed():
    assert BASE["draw"] == 0 and BASE["reveal"] == 208 and BASE["deal"] == 416
    assert BASE["play"] == 858 and BASE["pass"] == 1305 and BASE["place"] == 1854 and PAY == 1917
    assert BASE["discard"] == 15777 and BASE["keep"] == 15985 and BASE["draft"] == 16193
    assert decode(BASE["play"] + 9) == ("play", 9)
    with pytest.raises(ValueError):
        decode(NUM_ACTIONS)


def test_every_card_and_corporation_is_in_the_decks():
    cards = load_cards()
    assert sum(1 for c in cards if c.set == "base" and not c.is_corporation) == 137
    assert sum(1 for c in cards if c.set == "corporate_era" and not c.is_corporation) == 71
    assert len(cards) == 221
    game = ludoteca.load_game("terraforming-mars")
    assert len(game.deck) == 137 and len(game.corp_deck) == 10


def test_notation_round_trip_along_a_game():
    game = ludoteca.load_game("terraforming-mars", players=3)
    st = game.new_initial_state()
    rng = random.Random(4)
    while not st.is_terminal():
        options = st.prompt().options
        for o in options:
            assert st.string_to_action(o.text) == o.action
            assert "  " not in o.text
        if st.is_chance_node():
            st.apply_action(rng.choice([a for a, _ in st.chance_outcomes()]))
        else:
            st.apply_action(rng.choice(st.legal_actions()))
    assert st.move_number() > 100


def test_illegal_input_is_refused_and_changes_nothing():
    st = start()
    before = (st.serialize(), json.dumps(st.full_state(), sort_keys=True))
    for bad in (-1, NUM_ACTIONS, BASE["play"] + 9, BASE["pay"], "pass", None):
        with pytest.raises(IllegalActionError):
            st.apply_action(bad)
    for text in ("play comet", "place 99", "pay mc=3", "fly to the moon", ""):
        with pytest.raises(IllegalActionError):
            st.apply_string(text)
    assert (st.serialize(), json.dumps(st.full_state(), sort_keys=True)) == before


def test_mid_card_states_clone_and_replay():
    st = start()
    set_res(st, 0, mc=30, steel=5)
    st.prod[4] = 2
    give(st, 0, "underground_city")
    st.apply_string("play underground_city")
    assert st.stack[-1][0] == F_PAY
    clone = st.clone()
    clone.apply_string("pay mc=8 steel=5")
    assert clone.stack[-1][0] == F_PLACE and st.stack[-1][0] == F_PAY
    assert st.res[0] == 30
    game_state = ludoteca.load_game("terraforming-mars", players=2).new_initial_state()
    assert game_state.game.name == "terraforming-mars"


def test_record_and_serialisation_replay():
    game = ludoteca.load_game("terraforming-mars", players=2)
    st = game.new_initial_state()
    rng = random.Random(9)
    for _ in range(250):
        st.apply_action(rng.choice([a for a, _ in st.chance_outcomes()]) if st.is_chance_node()
                        else rng.choice(st.legal_actions()))
    again = replay(record_of(st))
    assert again.full_state() == st.full_state()
    restored = game.deserialize_state(st.serialize())
    assert restored.observation(0) == st.observation(0)


def test_observation_hides_hands_offers_and_deck():
    st = start()
    give(st, 0, "comet")
    give(st, 1, "soletta")
    view = st.observation(0)
    assert view["players_info"][0]["hand"] == ["comet"]
    assert "hand" not in view["players_info"][1] and view["players_info"][1]["hand_size"] == 1
    assert "deck" not in view and "soletta" not in json.dumps(view)
    assert "soletta" in json.dumps(st.full_state())


def test_resample_redeals_only_unseen_cards():
    st = start()
    give(st, 0, "comet")
    give(st, 1, "soletta")
    put_in_play(st, 1, "birds")
    rng = random.Random(1)
    seen_other = set()
    for _ in range(20):
        other = st.resample_from_infostate(0, rng)
        assert other.observation(0) == st.observation(0)
        assert other.hand[0] == st.hand[0] and len(other.hand[1]) == 1
        assert sorted(other.deck + other.hand[1]) == sorted(st.deck + st.hand[1])
        seen_other.add(other.hand[1])
    assert len(seen_other) > 1
    assert st.game.cards[st.hand[1][0]].id == "soletta"  # the original is untouched


def test_prompt_lists_the_menu():
    st = start()
    set_res(st, 0, mc=30)
    give(st, 0, "comet")
    prompt = st.prompt()
    assert prompt.kind == "action" and prompt.seat == 0
    assert [o.action for o in prompt.options] == st.legal_actions()
    play = prompt.find("play comet")
    assert play is not None and play.payload["cost"] == 21 and play.payload["tags"] == ["space"]
    assert "pass" in texts(st)


def test_map_text_shows_every_space():
    from ludoteca.games.terraforming_mars.views import map_text

    text = map_text(start())
    assert "03:.." in text and "63:~." in text and "Phobos Space Haven" in text


def test_sold_patents_are_public_and_never_redealt():
    st = start()
    give(st, 0, "comet", "soletta")
    st.apply_string("project sell_patents")
    st.apply_string("sell comet")
    assert st.public_action_string(st.history()[-1]) == "sell comet"
    comet = st.game.card_ids["comet"]
    rng = random.Random(2)
    for _ in range(20):
        other = st.resample_from_infostate(1, rng)
        assert other.discard == st.discard and comet in other.discard  # seat 1 saw it sold


def test_sold_patents_stay_in_every_view_until_the_discard_pile_is_reshuffled() -> None:
    st = start()
    give(st, 0, "comet", "soletta")
    st.apply_string("project sell_patents")
    st.apply_string("sell comet")
    assert st.observation(1)["discard_known"] == ["comet"]  # as its log entry tells
    assert st.public_observation()["discard_known"] == ["comet"]


def test_the_cards_kept_of_those_looked_at_are_secret() -> None:
    from ludoteca.games.terraforming_mars.frames import F_KEEP

    st = start()
    set_res(st, 0, mc=50)
    give(st, 0, "business_contacts")
    st.apply_string("play business_contacts")
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert st.stack[-1][0] == F_KEEP
    keep = st.legal_actions()[0]
    assert st.action_to_string(keep).startswith("keep ") and st.public_action_string(keep) is None
    rejected = set(st.offer[0])
    st.apply_action(keep)
    while st.stack[-1][0] == F_KEEP:
        st.apply_action(st.legal_actions()[0])
    rejected -= set(st.hand[0])
    names = {st.game.cards[c].id for c in rejected}
    assert set(st.observation(0)["discard_known"]) == names  # seat 0 saw what it did not keep
    assert st.observation(1)["discard_known"] == [] and st.public_observation()["discard_known"] == []


def test_spectators_see_only_public_facts_and_a_seat_sees_its_hand_details() -> None:
    import json
    import random

    from ludoteca.core.play import sample_chance

    state = ludoteca.load_game("terraforming-mars", players=2).new_initial_state()
    rng = random.Random(4)
    while state.generation < 2 or state.is_chance_node():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    public = state.public_observation()
    for info in public["players_info"]:
        assert not {"hand", "offer", "hand_details", "dealt_corporations"} & set(info)
    text = json.dumps(public)
    for seat in range(2):
        assert all(f'"{card}"' not in text for card in state.observation(seat)["players_info"][seat]["hand"])
    own = state.observation(0)["players_info"]
    details = own[0]["hand_details"]
    assert [d["id"] for d in details] == own[0]["hand"]
    assert all({"cost", "requirements_met", "playable"} <= set(d) for d in details)
    assert "hand_details" not in own[1]


def test_observation_gives_each_seats_standing_on_every_milestone_and_award() -> None:
    from ludoteca.games.terraforming_mars.milestones import metric

    st = start(players=2)
    set_res(st, 1, heat=7)
    obs = st.observation(0)
    rules = st.game.rules
    assert set(obs["standings"]) == {g.id for g in (*rules.milestones, *rules.awards)}
    for goal in (*rules.milestones, *rules.awards):
        assert obs["standings"][goal.id] == [metric(st, 0, goal), metric(st, 1, goal)]
    assert obs["standings"]["thermalist"][1] == 7 and obs["standings"]["terraformer"] == [20, 20]
