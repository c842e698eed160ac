"""The bots' evaluation (`OnMarsGame.heuristic`) and `greedy` on On Mars."""

from __future__ import annotations

import random

import pytest
from om_helpers import fresh, play, start

from ludoteca.agents import make_agent
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars import heuristic as terms
from ludoteca.games.on_mars.board import distance, map_hexes
from ludoteca.games.on_mars.components import BUILDINGS
from ludoteca.games.on_mars.construct import build_hexes
from ludoteca.games.on_mars.heuristic import heuristic, worth
from ludoteca.games.on_mars.model import Building
from ludoteca.games.on_mars.state import OnMarsState


def two_away(state: OnMarsState, kind: str) -> tuple[int, int]:
    from ludoteca.games.on_mars.board import neighbours, ring

    start_hex = next(h for h, b in state.buildings.items() if b.kind == kind)
    built = set(state.buildings)
    return next(h for h in ring(start_hex, 2) if h not in built and not set(neighbours(h)) & built)


def test_heuristic_is_the_lead_over_the_best_other_seat() -> None:
    state = start(3, seed=1)
    values = [worth(state, s) for s in range(3)]
    for seat in range(3):
        others = max(v for s, v in enumerate(values) if s != seat)
        assert heuristic(state, seat) == pytest.approx(values[seat] - others)
    state.players[0].op += 10
    assert heuristic(state, 0) > heuristic(state, 1)
    assert state.game.heuristic(state, 0) == heuristic(state, 0)


def test_a_construction_waiting_on_its_tile_draw_is_judged_by_the_outcomes() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    p.bots[0] = two_away(state, "generator")
    target = p.bots[0]
    before = heuristic(fresh(state), seat)
    play(state, "construct-building", "build generator", f"at {target[0]},{target[1]}")
    assert state.is_chance_node()  # the tile's back is drawn before the building is finished
    assert heuristic(state, seat) > before  # the gains and the LSS move are counted already


def test_greedy_reveals_a_met_private_goal() -> None:
    state = start(2, seed=1, spaces=(1, 2))
    seat = state.current_player()
    p = state.players[seat]
    p.goals, p.shelters_left = [7, 3, 11], 2  # 7: have 3 Shelters
    play(fresh(state), "resupply", "boost 0", "take water")
    while state.pending[-1]["k"] != "goal":
        play(state, "skip")
    action = make_agent("greedy", seed=0).step(state)
    assert state.action_to_string(action).startswith("goal 7")


def test_greedy_builds_when_it_can() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    state.players[seat].bots[0] = two_away(state, "generator")
    action = make_agent("greedy", seed=0).step(fresh(state))
    assert state.action_to_string(action) == "construct-building"


def test_site_steps_agree_with_the_construction_rules() -> None:
    """0 steps exactly when `construct.build_hexes` has a hex; otherwise the distance
    from the bot's zone to the nearest legal hex."""
    state = start(2, seed=3, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    free = [h for h in map_hexes() if h not in state.buildings]
    for kind in ("mine", "generator", "greenhouse", "shelter"):
        targets = terms.sites(state, seat, kind)
        for h in free[::7]:
            p.bots = [h]
            steps = terms.site_steps(state, seat, kind)
            assert (steps == 0) == bool(build_hexes(state, seat, kind)), (kind, h)
            assert steps == max(0, min(distance(h, t) for t in targets) - 1)
    p.bots = []
    assert terms.site_steps(state, seat, "generator") is None


def test_each_bot_step_toward_a_site_is_worth_something() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    p.storage, p.quarters = dict.fromkeys(p.storage, 0) | {"battery": 1}, 0  # only a Water Extractor
    assert [k for k in BUILDINGS if terms.affordable(state, seat, k)] == ["water_extractor"]
    state.lss["water_extractor"] = state.colony_level + 1  # not wanted: the plain SITE value
    by_steps = {}
    for h in map_hexes():
        p.bots = [h]
        by_steps.setdefault(terms.site_steps(state, seat, "water_extractor"), h)
    values = []
    for steps in range(4):
        p.bots = [by_steps[steps]]
        values.append(terms.site_value(state, seat))
        assert values[-1] == pytest.approx(terms.SITE * (terms.SITE_REACH - steps) / terms.SITE_REACH)
    assert values == sorted(values, reverse=True) and len(set(values)) == 4
    p.storage["battery"] = 0  # nothing to build with: no site is worth anything
    assert terms.site_value(state, seat) == 0


def test_a_type_the_lss_still_wants_is_worth_more() -> None:
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    p.storage, p.quarters = dict.fromkeys(p.storage, 0) | {"battery": 1}, 0  # only a Water Extractor
    p.bots = [two_away(state, "water_extractor")]
    state.lss["water_extractor"] = state.colony_level  # below the next level's row
    assert terms.site_value(state, seat) == pytest.approx(terms.SITE * terms.SITE_WANTED)
    state.lss["water_extractor"] = state.colony_level + 1
    assert terms.site_value(state, seat) == pytest.approx(terms.SITE)


def test_a_worked_mine_and_colonists_ready_count() -> None:
    state = start(2, seed=1)
    seat = state.current_player()
    p = state.players[seat]
    mine = next(h for h, b in state.buildings.items() if b.kind == "mine")
    before = worth(state, seat)
    state.buildings[mine].miner = seat
    assert terms.mines_worked(state, seat) == 1
    assert worth(state, seat) == pytest.approx(before + terms.MINE_WORKED)
    p.quarters, p.working = 1, 0
    ready = worth(state, seat)
    p.quarters, p.working = 0, 1  # the same colonist, idle in the Working Area
    assert ready - worth(state, seat) == pytest.approx(terms.COLONIST - terms.WORKING + terms.NO_COLONIST)


def test_the_rover_is_drawn_to_crystals() -> None:
    state = start(2, seed=1)
    seat = state.current_player()
    p = state.players[seat]
    state.crystals = {(3, -3)}
    p.rover = (3, -1)
    near = terms.rover_value(state, seat)
    p.rover = (0, 2)
    assert near > terms.rover_value(state, seat) > 0
    state.crystals = set()
    assert terms.rover_value(state, seat) == 0


def test_a_construction_under_way_is_judged_by_its_building() -> None:
    """A search that stops after the type is chosen (cost not yet on the map) sees the
    best way to finish it, not a resource lost."""
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    state.players[seat].bots[0] = two_away(state, "generator")
    play(fresh(state), "construct-building")
    while state.pending[-1]["k"] == "extra":
        play(state, state.action_to_string(state.legal_actions()[0]))
    play(state, "build generator")
    assert state.pending[-1]["k"] in terms.FINISH
    assert heuristic(state, seat) > heuristic(state, seat, finish=0)
    finished = max(heuristic(fresh(c), seat) for c in _children(state))
    assert heuristic(state, seat) == pytest.approx(finished)


def _children(state: OnMarsState) -> list[OnMarsState]:
    out = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        assert isinstance(child, OnMarsState)
        out.append(child)
    return out


def _play_game(seed: int, kinds: tuple[str, str], max_steps: int) -> tuple[OnMarsState, int]:
    from ludoteca.games.on_mars.game import OnMarsGame

    rng = random.Random(seed)
    state = OnMarsGame(players=2).new_initial_state()
    agents = [make_agent(kind, seed=seed + i) for i, kind in enumerate(kinds)]
    steps = 0
    while not state.is_terminal() and steps < max_steps:
        action = (
            sample_chance(state, rng)
            if state.is_chance_node()
            else agents[state.current_player()].step(state)
        )
        state.apply_action(action)
        steps += 1
    return state, steps


def test_a_greedy_game_reaches_the_end() -> None:
    """Greedy against greedy levels the colony up to the end trigger (about 500-800
    actions, 5-15 s of CPU per game on the reference machine)."""
    state, steps = _play_game(0, ("greedy", "greedy"), 1500)
    assert state.is_terminal(), f"not finished after {steps} actions (colony level {state.colony_level})"
    assert state.colony_level >= 3


@pytest.mark.soak
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_greedy_games_reach_the_end(seed: int) -> None:
    state, steps = _play_game(seed, ("greedy", "greedy"), 1500)
    assert state.is_terminal(), f"seed {seed}: not finished after {steps} actions"


@pytest.mark.soak
def test_greedy_beats_random() -> None:
    wins = 0
    for seed in range(6):
        greedy_seat = seed % 2
        kinds = ("greedy", "random") if greedy_seat == 0 else ("random", "greedy")
        state, steps = _play_game(seed, kinds, 4000)
        assert state.is_terminal(), f"seed {seed}: not finished after {steps} actions"
        wins += state.winners() == [greedy_seat]
    assert wins >= 5, f"greedy won {wins} of 6"


@pytest.mark.soak
def test_greedy_against_random_games_finish() -> None:
    from ludoteca.games.on_mars.game import OnMarsGame

    for seed in range(2):
        rng = random.Random(seed)
        state = OnMarsGame(players=2).new_initial_state()
        agents = [make_agent("greedy", seed=seed), make_agent("random", seed=seed)]
        steps = 0
        while not state.is_terminal() and steps < 6000:
            legal_choice = sample_chance(state, rng) if state.is_chance_node() else None
            action = legal_choice if legal_choice is not None else agents[state.current_player()].step(state)
            state.apply_action(action)
            steps += 1
        assert state.is_terminal(), f"seed {seed}: not finished after {steps} actions"


def test_greedy_uses_another_seats_upgrade_tech_when_it_adds_an_upgrade() -> None:
    """Two Blueprints and two buildings to upgrade: the level-2 Upgrade Tech of the other
    seat is worth its owner's oxygen; with one Blueprint only it is not."""
    state = start(2, seed=2, spaces=(5, 6))
    seat = state.current_player()
    p, other = state.players[seat], state.players[1 - seat]
    other.lab["a:upgrade"] = (1, 0)  # level 2
    bot = p.bots[0]
    generators = [(bot[0] + 1, bot[1]), (bot[0] - 1, bot[1])]
    for h in generators:
        state.buildings[h] = Building("generator")
    cards = state.om_game.components.blueprints
    blueprints = [b.id for b in cards if b.building == "generator" and b.level == 1]
    p.blueprints, p.storage["mineral"] = blueprints[:2], 2
    play(fresh(state), "upgrade-building")
    assert state.pending[-1]["k"] == "upgrade_tech"
    greedy = make_agent("greedy", seed=0)
    assert state.action_to_string(greedy.step(state)) == f"use-tech {1 - seat}"
    p.blueprints = blueprints[:1]
    assert state.action_to_string(greedy.step(fresh(state))) == "skip"
