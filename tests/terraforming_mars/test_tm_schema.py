"""The card format is strict (`schema.py`), hooks are named and checked, counts come from the data."""

from __future__ import annotations

import copy
import inspect
from typing import Any

import pytest
from tm_helpers import put_in_play, start

from ludoteca.games.terraforming_mars import actions, cards, effects, schema
from ludoteca.games.terraforming_mars.board import tharsis
from ludoteca.games.terraforming_mars.cards import (
    CORP_BASE,
    N_CORPORATIONS,
    N_PROJECTS,
    Op,
    TMDataError,
    Trigger,
    compile_cards,
    load_cards,
)
from ludoteca.games.terraforming_mars.constants import BUILDING, POWER, TAG_INDEX, TILE_INDEX
from ludoteca.games.terraforming_mars.hooks import HOOK_OPS, HOOKS, copy_targets
from ludoteca.games.terraforming_mars.milestones import tharsis_rules


def raw() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """A private copy of the packaged data."""
    return (copy.deepcopy(cards._read("cards.json")["cards"]),
            copy.deepcopy(cards._read("corporations.json")["corporations"]))


def by_id(items: list[dict[str, Any]], card_id: str) -> dict[str, Any]:
    return next(c for c in items if c["id"] == card_id)


def fails(projects: list[dict[str, Any]], corps: list[dict[str, Any]], *words: str) -> str:
    with pytest.raises(TMDataError) as info:
        compile_cards(projects, corps)
    message = str(info.value)
    for w in words:
        assert w in message, message
    return message


def test_the_packaged_data_compiles() -> None:
    projects, corps = raw()
    assert compile_cards(projects, corps) == load_cards()


def test_an_unknown_key_is_an_error_naming_the_card_and_the_key() -> None:
    projects, corps = raw()
    by_id(projects, "comet")["on_play"][0]["stpes"] = 1  # a typo: the op would ignore it
    assert fails(projects, corps, "card comet", "on_play[0]", "'stpes'").startswith("card comet.on_play[0]")
    projects, corps = raw()
    by_id(projects, "capital")["custom"] = "prose nobody reads"
    fails(projects, corps, "card capital", "unknown key 'custom'")
    projects, corps = raw()
    by_id(corps, "saturn_systems")["effects"][0]["trigger"]["per_tags"] = True
    fails(projects, corps, "corporation saturn_systems.effects[0].trigger", "'per_tags'")
    projects, corps = raw()
    by_id(projects, "special_design")["modifiers"][0]["expires"] = "end_of_generation"
    fails(projects, corps, "card special_design.modifiers[0]", "'expires'")


def test_a_missing_key_a_wrong_type_or_an_unknown_word_is_an_error() -> None:
    projects, corps = raw()
    del by_id(projects, "comet")["cost"]
    fails(projects, corps, "card comet", "missing key 'cost'")
    projects, corps = raw()
    by_id(projects, "comet")["cost"] = "21"
    fails(projects, corps, "card comet.cost", "expected an integer")
    projects, corps = raw()
    by_id(projects, "comet")["on_play"][0]["steps"] = True
    fails(projects, corps, "card comet.on_play[0].steps", "positive integer")
    projects, corps = raw()
    by_id(projects, "comet")["tags"] = ["spaec"]
    fails(projects, corps, "card comet.tags[0]", "unknown tag 'spaec'")
    projects, corps = raw()
    by_id(projects, "comet")["on_play"][1]["where"] = "oceans"
    fails(projects, corps, "card comet.on_play[1].where", "'oceans'")
    projects, corps = raw()
    by_id(projects, "comet")["on_play"][0]["op"] = "riase"
    fails(projects, corps, "card comet.on_play[0]", "unknown op 'riase'")


def test_events_paid_for_only_by_their_owner_say_so() -> None:
    projects, corps = raw()
    by_id(corps, "credicor")["effects"][0]["trigger"]["by"] = "anyone"  # the engine only runs "self"
    fails(projects, corps, "corporation credicor.effects[0].trigger.by", "'anyone'")


def test_hooks_are_named_exist_and_are_used() -> None:
    projects, corps = raw()
    by_id(projects, "land_claim")["hook"] = "claim_spaces"
    fails(projects, corps, "card land_claim", "unknown hook 'claim_spaces'")
    projects, corps = raw()
    del by_id(projects, "land_claim")["hook"]  # its op, unnamed
    fails(projects, corps, "card land_claim", "claim_space")
    projects, corps = raw()
    by_id(projects, "comet")["on_play"].append({"op": "claim_space"})  # another card's rule
    fails(projects, corps, "card comet", "claim_space")
    projects, corps = raw()
    land_claim = by_id(projects, "land_claim")
    land_claim["on_play"] = [{"op": "draw_cards", "count": 1}]
    del land_claim["hook"]
    fails(projects, corps, "['land_claim']", "used by no card")


def test_the_hooks_table() -> None:
    table = {c.id: c.hook for c in load_cards() if c.hook}
    assert table == {card_id: hook.name for card_id, hook in HOOKS.items()}
    assert table == {"land_claim": "claim_space", "robotic_workforce": "copy_production",
                     "mining_area": "space_bonus_production", "mining_rights": "space_bonus_production"}
    assert all(name in schema.OP_KEYS for name in HOOK_OPS)


def test_every_op_of_the_format_is_interpreted() -> None:
    """The interpreter runs every op kind the schema allows: by name, or through a hook."""
    source = inspect.getsource(effects.run_op)
    for kind in schema.OP_KEYS:
        assert kind in HOOK_OPS or f'"{kind}"' in source, kind


def test_the_counts_fixing_action_ids_come_from_the_data() -> None:
    projects, corps = raw()
    assert N_PROJECTS == len(projects) == sum(1 for c in load_cards() if not c.is_corporation) == 208
    assert N_CORPORATIONS == len(corps) == 13 and CORP_BASE == N_PROJECTS
    assert actions.N_PROJECT_CARDS == N_PROJECTS and actions.N_CARDS == N_PROJECTS + N_CORPORATIONS
    assert actions.BASE["reveal"] == N_PROJECTS and actions.BASE["deal"] == 2 * N_PROJECTS
    assert load_cards()[CORP_BASE].is_corporation and not load_cards()[CORP_BASE - 1].is_corporation


def test_the_board_and_goal_counts_fixing_action_ids_are_checked_on_load() -> None:
    assert actions.N_SPACES == len(tharsis().spaces) == 63
    rules = tharsis_rules()
    assert len(rules.milestones) == actions.N_MILESTONES and len(rules.awards) == actions.N_AWARDS
    sizes = {name: size for name, size in actions._LAYOUT}
    assert sizes["place"] == actions.N_SPACES and sizes["claim"] == actions.N_MILESTONES


def test_per_tag_triggers_fire_per_tag_or_once() -> None:
    mining_guild = next(c for c in load_cards() if c.id == "mining_guild")  # two building tags
    per_tag = Trigger("tag_played", tags=(BUILDING,), per_tag=True)
    once = Trigger("tag_played", tags=(BUILDING,), per_tag=False)
    assert effects._tag_times(per_tag, mining_guild) == 2 and effects._tag_times(once, mining_guild) == 1
    assert effects._tag_times(once, next(c for c in load_cards() if c.id == "comet")) == 0


def test_copy_production_reads_its_filter() -> None:
    st = start()
    st.prod[4] = 3
    put_in_play(st, 0, "underground_city")  # building: -2 energy, +2 steel
    put_in_play(st, 0, "geothermal_power")  # power, building: +2 energy
    building = Op("copy_production", tag=BUILDING, card_types=("automated", "active"))
    power = Op("copy_production", tag=POWER, card_types=("automated", "active"))
    ids = st.game.card_ids
    assert copy_targets(st, 0, building) == sorted([ids["underground_city"], ids["geothermal_power"]])
    assert copy_targets(st, 0, power) == [ids["geothermal_power"]]
    assert copy_targets(st, 0, Op("copy_production", tag=BUILDING, card_types=("event",))) == []
    robotic = next(c for c in load_cards() if c.id == "robotic_workforce")
    assert robotic.on_play[0].tag == TAG_INDEX["building"]


def test_per_adjacent_tile_vp_counts_around_the_tile_the_card_places() -> None:
    index = {c.id: c for c in load_cards()}
    assert index["capital"].vp is not None and index["capital"].vp.around == TILE_INDEX["capital"]
    district = index["commercial_district"].vp
    assert district is not None and district.around == TILE_INDEX["commercial_district"]
    projects, corps = raw()
    by_id(projects, "capital")["on_play"].pop()  # no tile placed: nothing to count around
    fails(projects, corps, "card capital.vp", "exactly one tile")
