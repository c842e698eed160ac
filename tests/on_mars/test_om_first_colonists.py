"""First Colonists A/B task cards (rules 11; `first_colonists.py`)."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from om_helpers import checked_game, fresh, texts

from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.play import sample_chance
from ludoteca.core.testing import check_information_safety
from ludoteca.games.on_mars.actions import BASE, decode
from ludoteca.games.on_mars.board import map_hexes
from ludoteca.games.on_mars.components import FC_TASKS, ComponentDataError, parse_components, raw_data
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.game import OnMarsGame
from ludoteca.games.on_mars.movement import is_empty
from ludoteca.games.on_mars.state import OnMarsState


def fc_start(players: int = 2, seed: int = 0) -> OnMarsState:
    """A First Colonists game played to the first main action (seeded chance, benefits
    skipped, shuttle on Orbit)."""
    rng = random.Random(seed)
    state = OnMarsGame(players=players, first_colonists=True).new_initial_state()
    while state.is_chance_node() or state.pending[-1]["k"] != "main":
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        elif "shuttle orbit" in texts(state):
            state.apply_string("shuttle orbit")
        elif "skip" in texts(state):
            state.apply_string("skip")
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def resolve(state: OnMarsState, *frames: Frame, choose: Callable[[list[str]], str] | None = None) -> None:
    """Push `frames` on the stack and play them out (chance seeded, decisions by `choose`,
    default: the first option that is not `skip` or `stay`)."""
    depth = len(state.pending)
    push(state, *frames)
    state.settle()
    fresh(state)
    rng = random.Random(1)
    while len(state.pending) > depth:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        options = texts(state)
        pick = (
            choose(options) if choose else next((t for t in options if t not in ("skip", "stay")), options[0])
        )
        state.apply_string(pick)


def empty_hex(state: OnMarsState) -> list[int]:
    return next(list(h) for h in map_hexes() if is_empty(state, h) and h not in state.map_discoveries)


def built(state: OnMarsState, seat: int, kind: str) -> Frame:
    """The last step of a construction (the tile's back is not drawn: no crystal arrows)."""
    return {"k": "finish_build", "seat": seat, "kind": kind, "hex": empty_hex(state), "tile": -1}


def holding(state: OnMarsState, seat: int, *tasks: str) -> None:
    """Give `seat` the B cards of `tasks` (its A card already revealed), by hand."""
    hand = state.fc[seat]
    hand["a"], hand["a_out"], hand["b"] = [], [1], [FC_TASKS.index(t) + 1 for t in tasks]
    for card in hand["b"]:
        state.pools["fc_b"][card - 1] = 0


def rich(state: OnMarsState, seat: int) -> None:
    player = state.players[seat]
    player.storage = dict.fromkeys(player.storage, 3)
    player.shelters_left = 2  # 3 Shelters on Mars: storage limit 4


def test_setup_deals_one_secret_a_card_per_seat() -> None:
    for seed in range(4):
        state = fc_start(players=4, seed=seed)
        cards = [hand["a"] for hand in state.fc]
        assert all(len(c) == 1 for c in cards) and len({c[0] for c in cards}) == 4
        assert sum(state.pools["fc_a"]) == 0 and sum(state.pools["fc_b"]) == 8
        assert all(hand["b"] == [] for hand in state.fc)
    draws = [a for a in state.history() if BASE["draw_fc_a"] <= a < BASE["draw_fc_b"]]
    assert len(draws) == 4
    assert all(state.public_action_string(a) is None for a in draws)
    assert state.action_to_string(draws[0]).startswith("draw a-card ")


def test_the_variant_is_not_offered_in_the_solo_game() -> None:
    with pytest.raises(InvalidOptionError, match="first_colonists is a variant for 2-4 players"):
        OnMarsGame(players=1, first_colonists=True)
    assert OnMarsGame(players=1).new_initial_state().fc == []


def test_building_a_type_of_the_a_card_reveals_it_and_draws_two_b_cards() -> None:
    state = fc_start(seed=1)
    seat = state.current_player()
    state.fc[seat]["a"] = [2]  # water extractor, greenhouse, oxygen condenser, mine (stand-in)
    state.pools["fc_a"] = [int(i + 1 not in (2, *state.fc[1 - seat]["a"])) for i in range(4)]
    resolve(
        state, {"k": "finish_build", "seat": seat, "kind": "generator", "hex": empty_hex(state), "tile": -1}
    )
    assert state.fc[seat]["a"] == [2] and state.fc[seat]["b"] == []  # not on the card
    assert state.fc[seat]["built"] == ["generator"]
    resolve(state, built(state, seat, "mine"))
    hand = state.fc[seat]
    assert hand["a"] == [] and hand["a_out"] == [2]
    assert len(hand["b"]) == 2 and sum(state.pools["fc_b"]) == 6
    drawn = [
        state.action_to_string(a) for a in state.history() if a >= BASE["draw_fc_b"] and a < BASE["fc_task"]
    ]
    assert len(drawn) == 2 and all(t.startswith("draw b-card ") for t in drawn)


def _take_blueprint(state: OnMarsState, seat: int) -> list[Frame]:
    return [{"k": "take_blueprint", "seat": seat, "left": 1, "optional": False}]


def _learn(state: OnMarsState, seat: int) -> list[Frame]:
    rich(state, seat)
    return [{"k": "learn", "seat": seat, "left": 1, "optional": False}]


def _travel(state: OnMarsState, seat: int) -> list[Frame]:
    state.players[seat].hangar = 1
    return [{"k": "travel", "seat": seat}]


def _shelter(state: OnMarsState, seat: int) -> list[Frame]:
    return [built(state, seat, "shelter")]


def _hire(state: OnMarsState, seat: int) -> list[Frame]:
    rich(state, seat)
    return [{"k": "hire", "seat": seat, "only": "scientist"}]


def _develop(state: OnMarsState, seat: int) -> list[Frame]:
    return [{"k": "develop", "seat": seat, "left": 1, "optional": False, "free": True}]


def _develop_twice(state: OnMarsState, seat: int) -> list[Frame]:
    state.players[seat].lab["a:rover"] = (0, 0)
    return [{"k": "develop", "seat": seat, "left": 2, "optional": False, "free": True}]


def _discovery(state: OnMarsState, seat: int) -> list[Frame]:
    return [{"k": "discovery", "seat": seat, "optional": False}]


TASK_FRAMES = {
    "learn_technology": _learn,
    "travel": _travel,
    "build_shelter": _shelter,
    "hire_scientist": _hire,
    "develop": _develop,
    "develop_x2": _develop_twice,
    "place_discovery": _discovery,
    "obtain_blueprint": _take_blueprint,
}


@pytest.mark.parametrize("task", FC_TASKS)
def test_each_task_completes_and_pays_its_reward(task: str) -> None:
    state = fc_start(seed=2)
    seat = state.current_player()
    holding(state, seat, task)
    resolve(state, {"k": "fc_task", "seat": seat})
    assert state.fc[seat]["b"] == [FC_TASKS.index(task) + 1]  # not done yet: no prompt
    resolve(state, *TASK_FRAMES[task](state, seat))
    assert task in state.fc[seat]["done"]
    slug = task.replace("_", "-")
    push(state, {"k": "fc_task", "seat": seat})
    fresh(state)
    assert texts(state) == ["skip", f"reveal-task {slug}"]
    player = state.players[seat]
    crystals = player.depot + player.incoming
    action = state.apply_string(f"reveal-task {slug}")
    assert state.public_action_string(action) == f"reveal-task {slug}"
    assert player.depot + player.incoming == crystals + 1  # stand-in reward: 1 crystal
    hand = state.fc[seat]
    assert hand["b"] == [] and hand["b_out"] == [FC_TASKS.index(task) + 1] and task not in hand["done"]


def test_a_single_development_is_not_the_x2_task() -> None:
    state = fc_start(seed=2)
    seat = state.current_player()
    holding(state, seat, "develop", "develop_x2")
    state.players[seat].lab["a:rover"] = (0, 0)
    resolve(state, *_develop(state, seat))
    resolve(state, *_develop(state, seat))  # two separate actions
    assert "develop" in state.fc[seat]["done"] and "develop_x2" not in state.fc[seat]["done"]
    resolve(state, {"k": "develop", "seat": seat, "left": 2, "optional": False, "free": True})
    assert "develop_x2" in state.fc[seat]["done"]


def test_tasks_done_before_the_b_cards_are_drawn_do_not_count() -> None:
    state = fc_start(seed=2)
    seat = state.current_player()
    resolve(state, *_take_blueprint(state, seat))
    holding(state, seat, "obtain_blueprint")
    assert state.fc[seat]["done"] == []
    resolve(state, {"k": "fc_task", "seat": seat})
    assert state.fc[seat]["b"] == [8]


def test_one_card_per_turn_the_player_chooses_which() -> None:
    state = fc_start(seed=2)
    seat = state.current_player()
    holding(state, seat, "obtain_blueprint", "place_discovery")
    resolve(state, *_take_blueprint(state, seat), *_discovery(state, seat))
    push(state, {"k": "fc_task", "seat": seat})
    fresh(state)
    assert texts(state) == ["skip", "reveal-task place-discovery", "reveal-task obtain-blueprint"]
    state.apply_string("reveal-task place-discovery")
    assert state.pending[-1]["k"] == "main"  # no second reveal this turn
    assert state.fc[seat]["b"] == [8] and state.fc[seat]["done"] == ["obtain_blueprint"]
    push(state, {"k": "fc_task", "seat": seat})  # a later turn: the other one is still completed
    fresh(state)
    assert texts(state) == ["skip", "reveal-task obtain-blueprint"]


def test_the_end_of_each_turn_offers_at_most_one_reveal() -> None:
    rng = random.Random(5)
    state = OnMarsGame(players=3, first_colonists=True).new_initial_state()
    reveals: list[tuple[int, int]] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        legal = state.legal_actions()
        reveal = [a for a in legal if decode(a)[0] == "fc_task"]
        action = reveal[0] if reveal else rng.choice(legal)
        if reveal:
            assert state.stage == "colonization"
            reveals.append((state.current_player(), state.round))
        state.apply_action(action)
    assert len(reveals) >= 3 and len(reveals) == len(set(reveals))
    assert sum(len(h["b_out"]) for h in state.fc) == len(reveals)


def test_cards_are_hidden_from_the_other_seats() -> None:
    state = fc_start(players=3, seed=3)
    holding(state, 1, "travel", "develop")
    state.fc[1]["done"] = ["travel"]
    mine, theirs = state.observation(1)["first_colonists"], state.observation(0)["first_colonists"]
    assert mine["seats"][1]["b_cards"] == [2, 5] and theirs["seats"][1]["b_cards"] == 2
    assert theirs["seats"][1]["revealed_a"] == [1] and theirs["seats"][1]["tasks_done"] == ["travel"]
    assert theirs["seats"][2]["a_card"] == 1 and mine["seats"][2]["a_card"] == 1
    assert theirs["seats"][0]["a_card"] == state.fc[0]["a"]
    assert theirs["b_cards"]["8"] == {"task": "obtain_blueprint", "reward": {"crystal": 1}}
    assert state.full_state()["first_colonists"]["seats"][2]["a_card"] == state.fc[2]["a"]
    assert "first_colonists" not in OnMarsGame(players=2).new_initial_state().observation(0)


def test_resample_keeps_what_the_seat_knows() -> None:
    state = fc_start(players=3, seed=4)
    state.fc[0]["a"], state.fc[1]["a"], state.fc[2]["a"] = [1], [2], [3]
    state.fc[1]["built"] = ["generator"]  # card 2 is the only one without a Generator
    state.pools["fc_a"] = [0, 0, 0, 1]
    holding(state, 2, "travel", "hire_scientist")
    seen_for_2 = set()
    for seed in range(40):
        other = state.resample_from_infostate(0, random.Random(seed))
        assert other.fc[0] == state.fc[0] and other.fc[1]["a"] == [2]
        assert other.fc[2]["a_out"] == [1] and len(other.fc[2]["b"]) == 2
        assert not set(other.fc[2]["b"]) & {i + 1 for i, n in enumerate(other.pools["fc_b"]) if n}
        assert sum(other.pools["fc_b"]) == 6 and other.pools["fc_a"].count(1) == 1
        assert other.observation(0) == state.observation(0)
        seen_for_2.update(other.fc[2]["b"])
    assert len(seen_for_2) == 8  # re-dealt from every card seat 0 has not seen
    assert {tuple(state.resample_from_infostate(1, random.Random(s)).fc[0]["a"]) for s in range(40)} == {
        (1,),
        (4,),
    }


def test_component_data_is_validated() -> None:
    data, standins = raw_data()
    data["first_colonists"]["b_cards"].pop()
    with pytest.raises(ComponentDataError, match="fc_b_cards: expected 8"):
        parse_components(data, standins)
    data, standins = raw_data()
    standins["first_colonists"]["pd_fc_rewards"]["3"] = {"crystal": 1, "water": 1}
    with pytest.raises(ComponentDataError, match="B card 3: one resource or crystal"):
        parse_components(data, standins)
    data, standins = raw_data()
    data["first_colonists"]["a_cards"][0]["icons"][3] = "battery"
    with pytest.raises(ComponentDataError, match="A card 1: 4 distinct types"):
        parse_components(data, standins)


def test_notation_parses_back() -> None:
    state = fc_start(seed=2)
    seat = state.current_player()
    holding(state, seat, "travel", "develop")
    state.fc[seat]["done"] = ["travel", "develop"]
    push(state, {"k": "fc_task", "seat": seat})
    fresh(state)
    for action in state.legal_actions():
        assert state.string_to_action(state.action_to_string(action)) == action
    assert state.action_to_string(BASE["draw_fc_b"] + 5) == "draw b-card develop-x2"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_core_checks_on_seeded_first_colonists_games(players: int) -> None:
    game = OnMarsGame(players=players, first_colonists=True, length=("short", "long")[players % 2])
    assert checked_game(game, 500 + players) > 200
    check_information_safety(lambda: OnMarsGame(players=players, first_colonists=True), games=1, seed=players)


def test_the_terminal_view_lists_the_viewers_cards_only() -> None:
    from rich.console import Console

    from ludoteca.games.on_mars.terminal import _first_colonists

    state = fc_start(players=3, seed=1)
    holding(state, 1, "travel", "develop")
    console = Console(width=160, record=True)
    console.print(_first_colonists(state.observation(1), ["ann", "bob", "cy"]))
    text = console.export_text()
    assert "travel (1 crystal*); develop a Tech (1 crystal*)" in text
    assert "#1 Generator, Water Extractor, Greenhouse, Mine*" in text  # bob's revealed A card
    assert text.count("1 hidden") == 2  # ann's and cy's A cards
