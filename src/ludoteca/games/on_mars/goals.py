"""Private Goals (rules 7): at the end of its turn a seat that meets one of its secret
goals may reveal it and take "develop tech x2 for free" or the card's alternative
reward; one goal per seat per game. On its turn a seat may also discard a goal card
unseen and spend it as a crystal: Ludoteca puts that crystal straight into the Depot
(usable at once, Depot room permitting), in the executive-action window before the
main action.

The Lab's "indicated spaces" (goal 14) are a Ludoteca stand-in: the benefit spaces of
columns 4-6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.components import RESOURCES, SCIENTISTS
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.movement import move_frame
from ludoteca.games.on_mars.rules import contribute, gain, gain_crystals
from ludoteca.games.on_mars.scoring import complex_at
from ludoteca.games.on_mars.shuttle import travel

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def goal_count(state: OnMarsState, seat: int, test: str) -> int:
    """How far `seat` is on goal `test` (compared with the card's `n`)."""
    p = state.players[seat]
    if test == "blueprints":
        return len(p.blueprints) + len(p.built_blueprints)
    if test in ("upgraded", "advanced_in_complex_4", "advanced_in_complexes_3"):
        return _advanced_count(state, seat, test)
    if test == "mines_occupied":
        return sum(b.kind == "mine" and seat in (b.miner, b.advanced) for b in state.buildings.values())
    if test == "discoveries_collected":
        return len(p.discoveries)
    if test == "max_resource_of_one_type":
        return max(p.storage[r] for r in RESOURCES if r != "mineral")
    if test == "shelters_on_mars":
        return p.shelters_on_map()
    if test == "colony_level":
        return state.colony_level
    if test == "colonists_in_quarters":
        return p.quarters
    if test == "tech_tiles":
        return len(p.lab)
    if test == "ships_in_hangar":
        return p.hangar
    if test == "research_tiles":
        return len(p.research)
    if test == "scientist_and_contract":
        return int(bool(p.scientists) and bool(p.contracts_done))
    if test == "lab_marked_spaces":
        marked = {(c, s) for c in (3, 4, 5) for s in state.om_game.components.lab[c].benefits}
        return sum(pos in marked for pos in p.lab.values())
    if test == "progress_cubes":
        return len(p.progress)
    raise AssertionError(test)


def _advanced_count(state: OnMarsState, seat: int, test: str) -> int:
    """`goal_count` of the goals on `seat`'s Advanced Buildings."""
    mine = [h for h, b in state.buildings.items() if b.advanced == seat]
    if test == "upgraded":
        return len(mine)
    if test == "advanced_in_complex_4":
        return int(any(len(complex_at(state, h)) >= 4 for h in mine))
    complexes = {frozenset(complex_at(state, h)) for h in mine if len(complex_at(state, h)) >= 3}
    return len(complexes)


def met_goals(state: OnMarsState, seat: int) -> list[int]:
    p = state.players[seat]
    if p.goal_done is not None:
        return []
    cards = state.om_game.components.private_goals
    return [g for g in p.goals if goal_count(state, seat, cards[g - 1]["test"]) >= cards[g - 1]["n"]]


def discardable_goals(state: OnMarsState, seat: int) -> list[int]:
    """Goal cards `seat` may discard as a crystal now (its Depot has room)."""
    p = state.players[seat]
    return sorted(p.goals) if p.depot < p.depot_capacity() else []


def discard_goal(state: OnMarsState, seat: int, goal: int) -> None:
    p = state.players[seat]
    p.goals.remove(goal)
    p.discarded_goals.append(goal)
    p.depot += 1


def reward_frames(state: OnMarsState, seat: int, reward: str) -> list[Frame]:

    p = state.players[seat]
    if reward == "develop":
        return [{"k": "develop", "seat": seat, "left": 2, "optional": True, "free": True}]
    if reward == "upgrade_free_2":
        return [{"k": "upgrade", "seat": seat, "left": 2, "optional": True, "free": True}]
    if reward == "gain_resources_3":
        return [{"k": "gain_choice", "seat": seat, "left": 3}]
    if reward == "gain_minerals_3":
        gain(state, seat, "mineral", 3)
    elif reward == "move_rover_5":
        return [move_frame(seat, rover=5)]
    elif reward == "colonists_2":
        p.add_colonists(2)
    elif reward == "free_contract":
        return [{"k": "free_card", "seat": seat, "what": "contract"}]
    elif reward == "free_scientist":
        return [{"k": "free_card", "seat": seat, "what": "scientist"}]
    elif reward == "free_ship":
        if p.ships_depot:
            p.ships_depot -= 1
            p.hangar += 1
            p.add_colonists(2)
    elif reward == "retrieve_colonists_2":
        back = min(2, p.working)
        p.working -= back
        for slot in state.slots.values():
            while back < 2 and seat in slot:
                slot.remove(seat)
                back += 1
        p.retrieve(back)
    elif reward == "travel":
        travel(state, seat, discovery=True)
    elif reward == "gain_crystals_3":
        gain_crystals(state, seat, 3)
    return []


class _Goal(Decision):
    kind = "goal"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        met = met_goals(state, frame["seat"])
        if not met:
            return []
        return [*(BASE["goal"] + (g - 1) * 2 + r for g in sorted(met) for r in (0, 1)), BASE["skip"]]

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, index = frame["seat"], action - BASE["goal"]
        goal, alternative = index // 2 + 1, index % 2 == 1
        p = state.players[seat]
        p.goals.remove(goal)
        p.goal_done = goal
        reward = state.om_game.components.private_goals[goal - 1]["alt_reward"] if alternative else "develop"
        push(state, *reward_frames(state, seat, reward))


class _GainChoice(Decision):
    kind = "gain_choice"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        p = state.players[frame["seat"]]
        options = [
            BASE["gain"] + i
            for i, r in enumerate(RESOURCES)
            if r != "mineral" and p.storage[r] < p.storage_limit()
        ]
        return [*options, BASE["skip"]] if options else []

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        gain(state, frame["seat"], RESOURCES[action - BASE["gain"]], 1)
        if frame["left"] > 1:
            push(state, {**frame, "left": frame["left"] - 1})


class _FreeCard(Decision):
    """Take a Scientist or a Contract from the display without paying."""

    kind = "free_card"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        if frame["what"] == "scientist":
            return [BASE["scientist"] + SCIENTISTS.index(c) for c in state.science if isinstance(c, str)]
        return sorted(BASE["contract"] + c - 1 for c in state.science if isinstance(c, int))

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        seat = frame["seat"]
        p = state.players[seat]
        if action < BASE["contract"]:
            card = SCIENTISTS[action - BASE["scientist"]]
            state.science[state.science.index(card)] = None
            p.scientists.append(card)
            contribute(state, seat, "scientists")
        else:
            contract = action - BASE["contract"] + 1
            state.science[state.science.index(contract)] = None
            p.contracts.append(contract)
