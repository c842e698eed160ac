"""A test for every On Mars tile and board space in the data (see
`test_om_each_component.py` for the cards and the registry of covered components):

* each Discovery kind's effect when collected;
* each Research tile claimed (its OP, gain and crystal cost);
* each tech type: building techs let a new building join a Complex, the Rover Tech
  adds movement, the Upgrade Tech adds upgrades, the stand-in `pd_tech_bots` adds
  movement to the bots;
* each executive action from the Depot (its crystal cost and its effect);
* each turn-order space (its side and its benefit).
"""

from __future__ import annotations

import pytest
from om_helpers import bare_board, fresh, play, put, texts

from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.components import load_components
from ludoteca.games.on_mars.construct import build_hexes
from ludoteca.games.on_mars.control import start_movement
from ludoteca.games.on_mars.handlers import TABLE
from ludoteca.games.on_mars.scoring import final_breakdown
from ludoteca.games.on_mars.tiles import claim, collect_discovery
from ludoteca.games.on_mars.turn_order import take_space

C = load_components()

# ----------------------------------------------------------------- Discovery tiles

DISCOVERY_FRAMES = {
    "develop_twice": {"k": "develop", "left": 2, "free": True},
    "construct_shown": {"k": "build_type"},
    "construct_any": {"k": "build_type"},
    "upgrade_2": {"k": "upgrade", "left": 2},
    "scientist_or_contract": {"k": "hire"},
    "blueprints_2": {"k": "take_blueprint", "left": 2},
    "warehouse_2": {"k": "warehouse_take", "left": 2},
    "tech_tile": {"k": "learn", "left": 1},
}


@pytest.mark.parametrize("kind", [d["kind"] for d in C.standins["discoveries"]])
def test_discovery_kind(kind: str) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.shelters_left = 1
    depth, storage, incoming = len(state.pending), dict(p.storage), p.incoming
    collect_discovery(state, seat, kind)
    assert p.discoveries == [kind]
    if kind in DISCOVERY_FRAMES:
        assert len(state.pending) == depth + 1 and DISCOVERY_FRAMES[kind].items() <= state.pending[-1].items()
    elif kind == "crystals_3":
        assert p.incoming == incoming + 3 and len(state.pending) == depth
    else:  # resources_<resource>_<n>
        _, resource, n = kind.split("_")
        assert p.storage == storage | {resource: storage[resource] + int(n)}


# ----------------------------------------------------------------- Research tiles


@pytest.mark.parametrize("tile", C.research_tiles, ids=lambda t: t["id"])
def test_research_tile(tile: dict) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.shelters_left, p.depot = 1, 2
    state.map_research[(1, -1)] = tile["id"]
    storage, op = dict(p.storage), p.op
    claim(state, seat, (1, -1))
    assert p.research == [tile["id"]] and p.op == op + tile["op"]
    assert p.depot == 2 - tile["cost"].get("crystal", 0)
    for item, n in tile["gain"].items():
        if item == "develop_free":
            assert {"k": "develop", "left": n, "free": True}.items() <= state.pending[-1].items()
        elif item == "crystal":
            assert p.incoming == n
        else:
            assert p.storage[item] == storage[item] + n


# ----------------------------------------------------------------- tech tiles


@pytest.mark.parametrize("kind", [*C.standins["tech_types"][:5], "shelter"])
def test_building_tech_lets_a_building_join_a_complex(kind: str) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.bots = [(0, 0)]
    put(state, kind, [(1, 0)], owner=seat)
    joining = (1, -1)  # next to the building and to the bot
    for s in state.players:
        s.lab = {}
    assert joining not in build_hexes(state, seat, kind)
    assert (-1, 0) in build_hexes(state, seat, kind)  # two hexes away: no tech needed
    p.lab = {"shelter" if kind == "shelter" else f"a:{kind}": (0, 0)}
    assert joining in build_hexes(state, seat, kind)


def test_rover_tech_adds_its_level_to_the_rovers_movement() -> None:
    state, seat = bare_board()
    state.players[seat].lab = {"a:rover": (3, 0)}
    state.players[seat].depot = 0
    start_movement(state, seat, ["rover"])
    fresh(state).settle()
    assert {"k": "move", "rover_mp": 2 + 4, "bots_mp": 0}.items() <= state.pending[-1].items()


def test_upgrade_tech_adds_upgrades() -> None:
    from ludoteca.games.on_mars.upgrade import start_upgrades

    state, seat = bare_board()
    state.players[seat].lab = {"a:upgrade": (1, 0)}
    start_upgrades(state, seat)
    frame = state.pending.pop()
    own = BASE["tech_owner"] + seat
    assert TABLE.legal(state, frame) == [own]  # nothing better elsewhere: forced
    TABLE.handler(frame).apply(state, frame, own)
    assert state.pending[-1]["left"] == 1 + 2


def test_stand_in_bots_tech_adds_its_level_to_the_bots_movement() -> None:
    """`pd_tech_bots` (our stand-in for the unpublished 8th type): + its level in MP for the bots."""
    state, seat = bare_board()
    state.players[seat].lab = {"a:pd_tech_bots": (2, 0)}
    state.players[seat].depot = 0
    start_movement(state, seat, ["bots"])
    fresh(state).settle()
    assert {"k": "move", "bots_mp": 2 + C.lab[2].level, "rover_mp": 0}.items() <= state.pending[-1].items()
    p = state.players[seat]
    p.lab = {}
    before = final_breakdown(state, seat)["tech"]
    p.lab = {"a:pd_tech_bots": (2, 0)}
    assert final_breakdown(state, seat)["tech"] == before + C.lab[2].op  # and it scores its column


# ----------------------------------------------------------------- executive actions

EXECUTIVE_NEXT = {
    "develop_tech": {"k": "develop", "left": 1, "free": True},
    "move_rover": {"k": "cc_crystals", "piece": "rover", "rest": []},
    "take_blueprint": {"k": "take_blueprint", "left": 1},
    "upgrade": {"k": "upgrade", "left": 1},
    "move_bots": {"k": "cc_crystals", "piece": "bots", "rest": []},
    "warehouse": {"k": "warehouse_take", "left": 1},
    "advanced_building": {"k": "advanced", "when": "after"},
}


@pytest.mark.parametrize("name", list(C.executive_costs))
def test_executive_action(name: str) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.ships_depot, p.hangar, p.depot = 0, 5, 8  # every Depot space uncovered
    p.shelters_left, p.storage["mineral"] = 1, 1
    p.lab = {"a:mine": (0, 0)}
    p.bots = [(0, 1)]
    p.blueprints, p.built_blueprints = [1], [11]
    put(state, "mine", [(0, 0)])
    state.display[:] = [5]
    state.pending.append({"k": "executive", "seat": seat, "when": "after"})
    slug = name.replace("_", "-")
    assert f"executive {slug}" in texts(fresh(state))
    play(state, f"executive {slug}")
    assert p.depot == 8 - C.executive_costs[name]
    if name == "gain_mineral":
        assert p.storage["mineral"] == 2
    else:
        assert EXECUTIVE_NEXT[name].items() <= state.pending[-1].items()
    assert state.counters[f"executive_used_{seat}"] == 1


# ----------------------------------------------------------------- turn-order spaces

BENEFIT_FRAMES = {
    "resupply": {"k": "warehouse_take", "left": 1},
    "warehouse": {"k": "warehouse_take", "left": 1},
    "take_blueprint": {"k": "take_blueprint", "left": 1},
    "take_tech": {"k": "learn", "left": 1},
    "move_bots_2": {"k": "move", "bots_mp": 2, "rover_mp": 0},
    "place_discovery": {"k": "discovery"},
}


@pytest.mark.parametrize("space", C.turn_order, ids=lambda s: f"space{s['space']}")
def test_turn_order_space(space: dict) -> None:
    state, seat = bare_board()
    p = state.players[seat]
    p.quarters = 3
    take_space(state, seat, space["space"])
    assert (p.space, p.side) == (space["space"], space["side"])
    if space["benefit"] == "colonist":
        state.settle()
        assert p.quarters == 4
    else:
        assert BENEFIT_FRAMES[space["benefit"]].items() <= state.pending[-1].items()
