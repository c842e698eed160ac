"""The 4 Solo Goals (rules 12.4): the player wins by meeting every requirement of the
chosen goal, the OP margin over Lacerda included; otherwise Lacerda wins.

Requirements are data (`components.json` -> `solo.goals[].requires`), one code each:

| code | met when (for the player) |
|---|---|
| `colony_level` | the colony has reached that level |
| `contracts` | that many Earth Contracts completed (during play or at the end) |
| `contract_types` | that many different contract types among them (2: one of each) |
| `contract_ids` | these contracts are among them |
| `private_goal` | a Private Goal completed |
| `highest_tech` | a tech tile at that level |
| `tech_of` | the tech tile of that building at that level |
| `research_tiles` | that many Research tiles |
| `shelters` | that many of the player's Shelters on Mars (the starting one counts) |
| `mines` | that many Mines with the player's colonist and/or Advanced marker |
| `advanced_buildings` | that many Advanced Buildings of the player's |
| `advanced_of` | that many of the player's Advanced Buildings of that type |
| `complex_of` | a complex of that type of at least that size on Mars |
| `scientist` | that Scientist hired |
| `stored` | at least that many of the resource in storage |
| `end_side` | the player's marker ends on that side |

and `margin_op`: the player's OP minus Lacerda's OP is at least that much.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.on_mars.construct import tech_level
from ludoteca.games.on_mars.scoring import complex_at, contract_done
from ludoteca.games.on_mars.shuttle import LACERDA

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

PLAYER = 0


def chosen_goal(state: OnMarsState) -> dict[str, Any]:
    goal = state.lacerda.get("goal", "")
    return next(g for g in state.om_game.components.raw["solo"]["goals"] if g["id"] == goal)


def completed_contracts(state: OnMarsState) -> list[int]:
    """Contracts the player completed during play, plus those held and met now."""
    cards = state.om_game.components.contracts
    player = state.players[PLAYER]
    met = [k for k in player.contracts if contract_done(state, PLAYER, cards[k - 1])]
    return [*player.contracts_done, *met]


def _check(state: OnMarsState, code: str, value: Any) -> bool:
    player = state.players[PLAYER]
    cards = state.om_game.components.contracts
    mine = [(h, b) for h, b in state.buildings.items() if b.advanced == PLAYER]
    if code == "colony_level":
        return state.colony_level >= value
    if code == "contracts":
        return len(completed_contracts(state)) >= value
    if code == "contract_types":
        return len({cards[k - 1]["type"] for k in completed_contracts(state)}) >= value
    if code == "contract_ids":
        return set(value) <= set(completed_contracts(state))
    if code == "private_goal":
        return (player.goal_done is not None) >= value
    if code == "highest_tech":
        return max((col + 1 for col, _ in player.lab.values()), default=0) >= value
    if code == "tech_of":
        return all(tech_level(state, PLAYER, kind) >= n for kind, n in value.items())
    if code == "research_tiles":
        return len(player.research) >= value
    if code == "shelters":
        return player.shelters_on_map() >= value
    if code == "mines":
        return (
            sum(b.kind == "mine" and PLAYER in (b.miner, b.advanced) for b in state.buildings.values())
            >= value
        )
    if code == "advanced_buildings":
        return len(mine) >= value
    if code == "advanced_of":
        return all(sum(b.kind == kind for _, b in mine) >= n for kind, n in value.items())
    if code == "complex_of":
        return all(
            any(b.kind == kind and len(complex_at(state, h)) >= n for h, b in state.buildings.items())
            for kind, n in value.items()
        )
    if code == "scientist":
        return value in player.scientists
    if code == "stored":
        return all(player.storage[r] >= n for r, n in value.items())
    if code == "end_side":
        return player.side == value
    raise AssertionError(f"unknown solo goal requirement {code!r}")


def requirement_status(state: OnMarsState) -> dict[str, bool]:
    """Each requirement of the chosen goal -> met now?  (`margin_op` compares OP as they stand.)"""
    if not state.lacerda.get("goal"):
        return {}
    goal = chosen_goal(state)
    status = {code: _check(state, code, value) for code, value in goal["requires"].items()}
    status["margin_op"] = state.players[PLAYER].op - state.players[LACERDA].op >= goal["margin_op"]
    return status


def solo_won(state: OnMarsState) -> bool:
    status = requirement_status(state)
    return bool(status) and all(status.values())
