"""Setup, chance draws and the round structure (colonization phase, shuttle phase, end).

Every random event is a `draw` frame: `{"k": "draw", "pool": name, "to": target, ...}`.
Its outcomes are the items left in the pool (probability proportional to copies);
the state never holds a pre-shuffled order.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ludoteca.core.decisions import Automatic, Chance
from ludoteca.games.on_mars import first_colonists as first_colonists_cards
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.board import Hex
from ludoteca.games.on_mars.colony_status import maybe_level_up
from ludoteca.games.on_mars.components import BUILDINGS, LSS_BUILDINGS
from ludoteca.games.on_mars.construct import finish_build
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.model import Building
from ludoteca.games.on_mars.rules import gain, gain_crystals
from ludoteca.games.on_mars.scoring import final_scoring
from ludoteca.games.on_mars.shuttle import space_side, space_taken
from ludoteca.games.on_mars.solo.lacerda import (
    lacerda_after_level_check,
    lacerda_before_scoring,
    setup_lacerda,
    solo_apply_draw,
    solo_draw_counts,
)

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

#: pool name -> codec range of its outcomes
POOL_RANGE = {
    "discovery": "draw_discovery",
    "tech_grid": "draw_tech",
    "tech_stack": "draw_tech",
    "blueprint_l1": "draw_blueprint",
    "blueprint_l3": "draw_blueprint",
    "lss_start": "draw_lss_building",
    "mission_short": "draw_mission",
    "mission_long": "draw_mission",
    "lss_reward": "draw_lss_reward",
    "goal": "draw_goal",
    "seat": "draw_seat",
    "space": "draw_space",
    "fc_space": "draw_space",
    "lacerda_space": "draw_space",
    "solo": "draw_solo_card",
    "contract": "draw_contract",
    "fc_a": "draw_fc_a",
    "fc_b": "draw_fc_b",
    "lacerda_tie": "lacerda_tie",
    **{f"building_{b}": "draw_building_tile" for b in BUILDINGS},
}
#: drawn by solo/lacerda.py (counts derived from the state)
SOLO_POOLS = ("lacerda_space", "solo", "contract", "lacerda_tie")


def _hex(value: list[int]) -> Hex:
    return (int(value[0]), int(value[1]))


def setup(state: OnMarsState) -> None:
    """Lay out the fixed parts and queue every random part of setup as draws."""
    c = state.om_game.components
    m = c.standins["map"]
    np = state.rule_players()
    per_item = c.raw["warehouse_per_item"][str(np)]
    state.warehouse = dict.fromkeys(c.raw["warehouse_items"], per_item)
    blueprints = c.blueprints
    state.pools = {
        "discovery": [d["copies"] for d in c.standins["discoveries"]],
        "tech_grid": [1] * len(c.tech_types),
        "tech_stack": [1 if np > 2 else 0] * len(c.tech_types),
        "blueprint_l1": [1 if b.level == 1 else 0 for b in blueprints],
        "blueprint_l3": [1 if b.level == 3 else 0 for b in blueprints],
        "lss_start": [1] * 4,
        "mission_short": [1 if mi.length == "short" else 0 for mi in c.missions],
        "mission_long": [1 if mi.length == "long" else 0 for mi in c.missions],
        "lss_reward": [1] * len(c.lss_rewards),
        "goal": [1] * len(c.private_goals),
        "seat": [1] * state.n + [0] * (4 - state.n),
        **{f"building_{b}": [1] * c.building_tiles_per_type for b in BUILDINGS if b != "shelter"},
    }
    state.buildings[_hex(m["starting_mine"])] = Building("mine")
    shelters = m["shelter_start_hexes"][str(np)]
    for seat, player in enumerate(state.players):
        h = _hex(shelters[seat])
        state.buildings[h] = Building("shelter", owner=seat)
        player.bots.append(h)
        player.lab["shelter"] = (1, 1)  # the Shelter Tech starts on the middle space of column 2
    if state.solo:
        setup_lacerda(state)
    for tile_id, hexes in m["research_hexes"].items():
        for h in hexes:
            state.map_research[_hex(h)] = tile_id
    state.lss = dict.fromkeys(LSS_BUILDINGS, 1)
    state.science = [s["id"] for s in c.scientists]
    state.contract_deck = [k["id"] for k in c.contracts]
    state.slots = {a: [] for a, n in c.action_slots.items() if n > 0}
    state.slots["hire_scientist_or_contract"] = []
    length = state.om_game.options["length"]
    shorts, longs = (2, 1) if length == "short" else (1, 2)
    first_colonists = state.om_game.options["first_colonists"]
    if first_colonists:  # fixed missions; the start spaces are dealt by First Colonist tiles
        fixed = c.standins["first_colonists"]
        state.missions = [[m, c.missions[m - 1].required[str(np)]] for m in fixed["missions"]]
        shorts = longs = 0
        state.pools["fc_space"] = [1 if s in fixed["start_spaces"] else 0 for s in range(1, 9)]
    draws: list[Frame] = [{"k": "draw", "pool": "discovery", "to": "exploration"}] * 2
    draws += [{"k": "draw", "pool": "tech_grid", "to": "grid", "i": i} for i in range(8)]
    draws += [{"k": "draw", "pool": "blueprint_l1", "to": "display"}] * 6
    draws += [{"k": "draw", "pool": "lss_start", "to": "lss_hex", "i": i} for i in range(4)]
    draws += [{"k": "draw", "pool": "mission_short", "to": "mission"}] * shorts
    draws += [{"k": "draw", "pool": "mission_long", "to": "mission"}] * longs
    draws += [{"k": "draw", "pool": "lss_reward", "to": "lss_reward"}] * 4
    for seat in range(state.n):
        draws += [{"k": "draw", "pool": "goal", "to": "goal", "seat": seat}] * 3
    if first_colonists:
        draws += [{"k": "draw", "pool": "fc_space", "to": "fc_space", "seat": s} for s in range(state.n)]
        draws += first_colonists_cards.setup_draws(state)
    if state.n > 1:
        draws.append({"k": "draw", "pool": "seat", "to": "first_player"})
    if state.solo:
        draws.append({"k": "draw", "pool": "lacerda_space", "to": "lacerda_space"})
    push(state, *[dict(f) for f in draws])


def draw_counts(state: OnMarsState, frame: Frame) -> list[int]:
    """Copies of each item left in the frame's pool (by item index)."""
    if frame["pool"] in SOLO_POOLS:
        return solo_draw_counts(state, frame)
    if frame["pool"] == "space":
        return [0 if space_taken(state, s) else 1 for s in range(1, 9)]
    return state.pools[frame["pool"]]


class _Draw(Chance):
    """A random event, `{"k": "draw", "pool", "to", ...}`: one item of the pool, with
    probability proportional to its copies left, goes to the target `to`. A draw from an
    empty pool cannot happen and is dropped."""

    kind = "draw"

    @staticmethod
    def ready(state: OnMarsState, frame: Frame) -> bool:
        return any(draw_counts(state, frame))

    @staticmethod
    def outcomes(state: OnMarsState, frame: Frame) -> list[tuple[int, float]]:
        counts = draw_counts(state, frame)
        total = sum(counts)
        base = BASE[POOL_RANGE[frame["pool"]]]
        return [(base + i, n / total) for i, n in enumerate(counts) if n > 0]

    @staticmethod
    def resolve(state: OnMarsState, frame: Frame, action: int) -> None:
        c = state.om_game.components
        pool = frame["pool"]
        item = action - BASE[POOL_RANGE[pool]]
        if pool in SOLO_POOLS:
            solo_apply_draw(state, frame, item)
            return
        if pool != "space":
            state.pools[pool][item] -= 1
        to = frame["to"]
        if to == "exploration":
            state.exploration.append(c.standins["discoveries"][item]["kind"])
        elif to == "grid":
            state.grid[frame["i"]] = f"{'a' if pool == 'tech_grid' else 'b'}:{c.tech_types[item]}"
        elif to == "display":
            state.display.append(item + 1)
        elif to == "lss_hex":
            h = _hex(c.standins["map"]["starting_lss_hexes"][frame["i"]])
            state.buildings[h] = Building(LSS_BUILDINGS[item])
        elif to == "mission":
            state.missions.append([item + 1, c.missions[item].required[str(state.rule_players())]])
        elif to == "lss_reward":
            state.lss_rewards.append(c.lss_rewards[item]["id"])
        elif to == "goal":
            state.players[frame["seat"]].goals.append(item + 1)
        elif to == "first_player":
            state.first_player = item
        elif to == "fc_space":
            state.counters[f"fc_space_{frame['seat']}"] = item + 1
        elif to in ("fc_a", "fc_b"):
            first_colonists_cards.take_card(state, frame["seat"], to, item)
        elif to == "build":
            finish_build(state, frame["seat"], frame["kind"], _hex(frame["hex"]), item)
        else:  # pragma: no cover - data error
            raise AssertionError(f"unknown draw target {to!r}")


def turn_order(state: OnMarsState) -> list[int]:
    """Seats in turn-order-track order (solo: Lacerda's board too; solo/lacerda.py plays his turns)."""
    return sorted(range(len(state.players)), key=lambda s: state.players[s].space or 99)


def next_stage(state: OnMarsState) -> bool:
    """The pending stack is empty: move the game on to its next step (the frame table's
    `refill`); False once the game is over."""
    stage = state.stage
    if stage == "over":
        return False
    if stage == "setup":
        state.stage = "spaces"
        order = [(state.first_player + i) % state.n for i in range(state.n)]
        if state.om_game.options["first_colonists"]:
            spaces = {s: state.counters.pop(f"fc_space_{s}") for s in order}
            push(state, *[{"k": "dealt_space", "seat": s, "space": spaces[s]} for s in order])
        else:
            push(state, *[{"k": "space", "seat": s, "side": "", "setup": True} for s in order])
    elif stage == "spaces":
        state.stage = "shuttle_start"
        if state.solo:
            assert state.lacerda_space is not None
            state.shuttle = [space_side(state, state.lacerda_space), 1, False, ""]
        else:
            last = max(range(state.n), key=lambda s: state.players[s].space or 0)
            push(state, {"k": "shuttle_side", "seat": last})
    elif stage in ("shuttle_start", "shuttle"):
        start_round(state)
    elif stage == "colonization":
        options = state.om_game.options
        if (
            state.end_rounds == 0
            or (state.end_rounds == -2 and options["space_oddity"])
            or 0 < options["max_rounds"] <= state.round  # Ludoteca's safety net (game.py)
        ):
            finish(state)
            return True
        if state.end_rounds == -2:  # triggered during this round: one more full round follows
            state.end_rounds = 1
        state.stage = "shuttle"
        push(state, {"k": "shuttle_move"}, *[{"k": "travel", "seat": s} for s in turn_order(state)])
    else:  # pragma: no cover
        raise AssertionError(f"unknown stage {stage!r}")
    return True


def start_round(state: OnMarsState) -> None:
    state.stage = "colonization"
    state.round += 1
    if state.end_rounds == 1:
        state.end_rounds = 0  # the final round: no shuttle phase after it
    push(state, *[{"k": "turn", "seat": s} for s in turn_order(state)])


def finish(state: OnMarsState) -> None:

    for p in state.players:
        p.depot = min(p.depot_capacity(), p.depot + p.incoming)
        p.incoming = 0
    if state.solo:
        lacerda_before_scoring(state)
    final_scoring(state)
    state.stage = "over"


class _Turn(Automatic):
    kind = "turn"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        player = state.players[frame["seat"]]
        player.depot = min(player.depot_capacity(), player.depot + player.incoming)
        player.incoming = 0
        seat = frame["seat"]
        state.counters.pop(f"executive_used_{seat}", None)
        state.counters.pop(f"scientist_moved_{seat}", None)
        push(
            state,
            {"k": "executive", "seat": seat, "when": "before"},
            {"k": "main", "seat": seat},
            {"k": "executive", "seat": seat, "when": "after"},
            {"k": "end_turn", "seat": seat},
        )


class _EndTurn(Automatic):
    kind = "end_turn"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        maybe_level_up(state)
        if state.fc:  # resolved last: after the goal, the deliveries and their rewards
            first_colonists_cards.end_of_turn(state, frame["seat"])
        if state.solo:
            lacerda_after_level_check(state)
        push(state, {"k": "deliver", "seat": frame["seat"]})
        for key in sorted(k for k in state.counters if k.startswith("lent:")):
            del state.counters[key]
            _, owner, tile = key.split(":", 2)
            push(state, {"k": "lend_develop", "seat": int(owner), "tile": tile})
        if not state.players[frame["seat"]].goal_done:
            push(state, {"k": "goal", "seat": frame["seat"]})
        empty = [i for i, s in enumerate(state.science) if s is None]
        if empty and state.contract_deck:
            push(state, {"k": "refill", "seat": frame["seat"], "space": empty[0]})


class _Production(Automatic):
    kind = "production"

    @staticmethod
    def run(state: OnMarsState, frame: Frame) -> None:
        seat = frame["seat"]
        for b in state.buildings.values():
            if b.kind == "mine":
                gain(state, seat, "mineral", (b.miner == seat) + (b.advanced == seat))
            elif b.advanced == seat:
                if b.kind == "shelter":
                    gain_crystals(state, seat, 1)
                else:
                    produces = {
                        "generator": "battery",
                        "water_extractor": "water",
                        "greenhouse": "plant",
                        "oxygen_condenser": "oxygen",
                    }[b.kind]
                    gain(state, seat, produces, 1)


def resample(state: OnMarsState, seat: int, rng: random.Random) -> OnMarsState:
    """Re-deal the other seats' secret Private Goals (held or discarded unseen as crystals)
    from the cards `seat` has not seen.

    A seat deciding whether to reveal a goal has visibly met one, so its hand is kept
    (re-dealing it could leave the decision without options)."""
    other = state.clone()
    assert isinstance(other, type(state))
    top = other.top()
    keep = {seat} | ({top["seat"]} if top is not None and top["k"] == "goal" else set())
    unseen = [i + 1 for i, n in enumerate(other.pools["goal"]) if n > 0]
    for s, p in enumerate(other.players):
        if s not in keep:
            unseen += p.goals + p.discarded_goals
    rng.shuffle(unseen)
    for s, p in enumerate(other.players):
        if s not in keep:
            p.goals, unseen = unseen[: len(p.goals)], unseen[len(p.goals) :]
            p.discarded_goals, unseen = unseen[: len(p.discarded_goals)], unseen[len(p.discarded_goals) :]
    other.pools["goal"] = [1 if i + 1 in unseen else 0 for i in range(len(other.pools["goal"]))]
    if other.fc:
        first_colonists_cards.resample_cards(other, seat, rng)
    return other
