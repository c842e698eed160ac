"""Construct, LSS, colony level-up and Upgrade, one worked example per rule."""

from __future__ import annotations

from om_helpers import fresh, play, start, texts

from ludoteca.games.on_mars.board import neighbours, ring
from ludoteca.games.on_mars.construct import arrows
from ludoteca.games.on_mars.model import Building


def colony_seat(seed: int = 2):
    state = start(2, seed=seed, spaces=(5, 6))
    seat = state.current_player()
    p = state.players[seat]
    state.missions = [[9, 2]]  # a mission nothing here contributes to
    return state, seat, p


def two_away(state, kind: str) -> tuple[int, int]:
    """An empty hex exactly 2 from the starting `kind` building, adjacent to no building."""
    start_hex = next(h for h, b in state.buildings.items() if b.kind == kind)
    return next(
        h
        for h in ring(start_hex, 2)
        if h not in state.buildings and not set(neighbours(h)) & set(state.buildings)
    )


def test_shelter_next_to_your_shelter_uses_shelter_tech_and_pays_crystals() -> None:
    state, seat, p = colony_seat()
    home = p.bots[0]
    target = (home[0] + 1, home[1])
    play(fresh(state), "construct-building")
    assert "build shelter" in texts(state)
    play(state, "build shelter", "pay oxygen", f"at {target[0]},{target[1]}")
    b = state.buildings[target]
    assert (b.kind, b.owner) == ("shelter", seat)
    assert p.shelters_left == 3 and p.incoming == 2  # complex of 2 shelters: 2 crystals
    assert p.storage_limit() == 3 and p.quarters_capacity() == 6
    assert p.progress == []  # Shelters never move progress cubes


def test_generator_two_hexes_away_lss_reward_and_crystal_arrows() -> None:
    state, _seat, p = colony_seat()
    p.bots[0] = two_away(state, "generator")  # the bot's zone reaches 2 hexes from the generator
    target = p.bots[0]
    state.lss_rewards = ["bots", "ships", "mines", "colonists"]  # the generator column shows "bots"
    play(fresh(state), "construct-building", "build generator", f"at {target[0]},{target[1]}")
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    play(state, "draw tile 3")  # stand-in back: arrows to directions 3 and 0
    assert arrows(3) == [3, 0]
    assert state.buildings[target].kind == "generator" and state.buildings[target].tile == 3
    assert p.storage["battery"] == 2  # standalone: 1 battery
    assert state.lss["generator"] == 2
    assert p.op == 2 + 2 * len(p.bots)  # first exit from the bottom row + reward tile "2 per bot"
    assert state.pending[-1]["k"] == "lss_benefit"
    play(state, "lss crystal")
    assert p.incoming >= 1


def test_complex_needs_a_tech_tile_of_enough_level_and_lending_pays_oxygen() -> None:
    state, seat, p = colony_seat()
    generator = next(h for h, b in state.buildings.items() if b.kind == "generator")
    neighbour = (generator[0], generator[1] - 1)
    p.bots[0] = neighbour
    play(fresh(state), "construct-building")
    play(state, "build generator")
    assert f"at {neighbour[0]},{neighbour[1]}" not in texts(state)  # nobody has a Generator tech
    other = state.players[1 - seat]
    other.lab["a:generator"] = (0, 0)
    assert f"at {neighbour[0]},{neighbour[1]}" in texts(fresh(state))
    oxygen = other.storage["oxygen"]
    play(state, f"at {neighbour[0]},{neighbour[1]}", "draw tile 1")
    assert other.storage["oxygen"] == min(oxygen + 1, other.storage_limit())
    assert p.storage["battery"] == 2  # complex of 2 -> 2 batteries (storage limit 2)
    assert p.progress == ["battery"]  # first Generator complex: progress cube


def test_a_mine_takes_a_colonist_who_becomes_a_miner() -> None:
    state, seat, p = colony_seat()
    p.bots[0] = (0, -2)
    play(fresh(state), "construct-building", "build mine", "at 0,-2", "draw tile 0")
    assert state.buildings[(0, -2)].miner == seat
    assert p.quarters == 1  # one on the action, one on the Mine
    assert p.storage["mineral"] == 2


def test_building_on_a_crystal_and_a_bot_displaces_them() -> None:
    state, _seat, p = colony_seat()
    p.bots[0] = (0, -2)
    state.crystals.add((0, -2))
    play(fresh(state), "construct-building", "build mine", "at 0,-2", "draw tile 1")
    assert (0, -2) not in state.crystals and p.bots[0] != (0, -2)


def test_colony_levels_up_when_every_lss_column_reaches_the_row() -> None:
    state, seat, p = colony_seat()
    state.lss = {"generator": 1, "water_extractor": 2, "greenhouse": 2, "oxygen_condenser": 2}
    p.bots[0] = two_away(state, "generator")
    target = p.bots[0]
    p.progress = ["mineral"]
    other = state.players[1 - seat]
    state.warehouse["water"] = 0
    play(fresh(state), "construct-building", "build generator", f"at {target[0]},{target[1]}")
    play(state, "draw tile 1", "lss crystal")
    assert state.colony_level == 2
    assert state.warehouse["water"] == 2  # refilled (2 players)
    assert p.op >= 1 and other.op == 0  # the first update scores the Progress area: 1 cube = 1 OP
    assert state.display == [] and state.is_chance_node()  # the next 12 Blueprints are drawn


def test_upgrade_puts_the_blueprint_marker_on_a_building_for_a_mineral() -> None:
    state, seat, p = colony_seat()
    state.missions = [[3, 8]]  # mission #3 counts Advanced Buildings
    generator = next(h for h, b in state.buildings.items() if b.kind == "generator")
    p.bots[0] = (generator[0], generator[1] - 1)
    p.blueprints, p.markers = [3], 7  # Automated Production (generator, level 1)
    play(fresh(state), "upgrade-building")
    assert texts(state) == ["blueprint 3"]
    play(state, "blueprint 3")  # the mineral is paid at once (nothing else can pay it)
    assert p.storage["mineral"] == 0 and texts(state) == [f"at {generator[0]},{generator[1]}"]
    play(state, f"at {generator[0]},{generator[1]}")
    assert state.buildings[generator].advanced == seat
    assert p.blueprints == [] and p.built_blueprints == [3] and state.missions == [[3, 7]]


def test_level_three_blueprint_needs_a_complex_of_three() -> None:
    state, _seat, p = colony_seat()
    generator = next(h for h, b in state.buildings.items() if b.kind == "generator")
    p.bots[0] = (generator[0], generator[1] - 1)
    p.blueprints = [15]  # Radar: generator, level 3
    assert "upgrade-building" not in texts(fresh(state))
    state.buildings[(generator[0] + 1, generator[1])] = Building("generator")
    state.buildings[(generator[0] + 2, generator[1])] = Building("generator")
    assert "upgrade-building" in texts(fresh(state))
