"""Earth Contracts during play: at the end of its turn a seat may complete a contract it
holds — a delivery contract by handing over exactly the pictured items (minerals never
stand in), an upgrade contract once its Advanced Building marker sits on a building of
the pictured type in a Complex of 4+. Completing one counts for mission #9."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.on_mars.actions import BASE
from ludoteca.games.on_mars.frames import Frame, push
from ludoteca.games.on_mars.rules import contribute
from ludoteca.games.on_mars.scoring import contract_done

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def completable(state: OnMarsState, seat: int) -> list[int]:
    cards = state.om_game.components.contracts
    return [c for c in state.players[seat].contracts if contract_done(state, seat, cards[c - 1])]


class _Deliver(Decision):
    kind = "deliver"

    @staticmethod
    def legal(state: OnMarsState, frame: Frame) -> list[int]:
        options = [BASE["contract"] + c - 1 for c in sorted(completable(state, frame["seat"]))]
        return [*options, BASE["skip"]] if options else []

    @staticmethod
    def apply(state: OnMarsState, frame: Frame, action: int) -> None:
        if action == BASE["skip"]:
            return
        seat, contract = frame["seat"], action - BASE["contract"] + 1
        p = state.players[seat]
        card = state.om_game.components.contracts[contract - 1]
        if card["type"] == "delivery":
            for item, n in card["requires"].items():
                if item == "crystal":
                    p.depot -= n
                else:
                    p.storage[item] -= n
        p.contracts.remove(contract)
        p.contracts_done.append(contract)
        contribute(state, seat, "contracts_completed")
        push(state, {"k": "deliver", "seat": seat})
