"""Final scoring (rules 9) and building complexes.

At the end, last-round crystals move into the Depots, then each seat adds to the OP on
its track: the Progress area (1/2/4/7/11 OP for 1-5 cubes), 3 OP per ship in the Hangar,
the Living Quarters ladder (0/3/6/10/15/21 by the highest filled row, once colonists on
the current side's action slots and in the Working Area have come back, bottom-up), the
value under each Tech tile's Lab column, Blueprints (+3/+5 built L1/L3, -3/-5 unbuilt),
Scientists (3 OP per Advanced Building of the card's type on Mars, any owner) and Earth
Contracts (Upgrade +12/-6, Delivery +9/-4; delivery items exactly, minerals never
substitute; an upgrade contract needs the seat's Advanced marker on a building of that
type in a Complex of 4+). Solo: Lacerda's Living Quarters count as full. Ties: most
crystals, then most Advanced Buildings, then most progress cubes, else a shared victory.

`scoring_view` shows this per seat: the final breakdown once the game is over, before
that the same categories as a projection "if the game ended now".
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.on_mars.actions import COLONY_ACTIONS, ORBIT_ACTIONS
from ludoteca.games.on_mars.board import Hex, neighbours

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState


def complex_at(state: OnMarsState, h: Hex) -> set[Hex]:
    """The connected same-type buildings containing `h` (Shelters: same owner only)."""
    start = state.buildings[h]
    seen, todo = {h}, [h]
    while todo:
        for n in neighbours(todo.pop()):
            b = state.buildings.get(n)
            if n not in seen and b is not None and b.kind == start.kind and b.owner == start.owner:
                seen.add(n)
                todo.append(n)
    return seen


def quarters_value(state: OnMarsState, quarters: int) -> int:
    """Living Quarters ladder: the value beside the highest filled row (2 slots a row)."""
    ladder = state.om_game.components.raw["scoring"]["quarters_ladder"]
    row = (quarters + 1) // 2
    return int(ladder[row - 1]) if row else 0


def end_depot(state: OnMarsState, seat: int) -> int:
    """The seat's Depot once last-round crystals have moved in (up to its capacity)."""
    player = state.players[seat]
    return min(player.depot_capacity(), player.depot + player.incoming)


def contract_done(
    state: OnMarsState, seat: int, contract: dict[str, object], crystals: int | None = None
) -> bool:
    """The contract's conditions hold now (`crystals`: those available, default the Depot)."""
    player = state.players[seat]
    if contract["type"] == "delivery":
        needs = contract["requires"]
        assert isinstance(needs, dict)
        have = {**player.storage, "crystal": player.depot if crystals is None else crystals}
        return all(have[r] >= n for r, n in needs.items())
    return any(
        b.advanced == seat and b.kind == contract["building"] and len(complex_at(state, h)) >= 4
        for h, b in state.buildings.items()
    )


def final_quarters(state: OnMarsState, seat: int) -> int:
    """Colonists in Living Quarters once those on the current side's action slots and in
    the Working Area have come back (up to the Living Quarters' capacity)."""

    player = state.players[seat]
    if state.solo and seat == state.n:  # Lacerda (rule 12: his Living Quarters count as full)
        return player.quarters_capacity()
    actions = ORBIT_ACTIONS if player.side == "orbit" else COLONY_ACTIONS
    back = player.working + sum(state.slots.get(a, []).count(seat) for a in actions)
    return min(player.quarters_capacity(), player.quarters + back)


def final_breakdown(state: OnMarsState, seat: int, quarters: int | None = None) -> dict[str, int]:
    """The end-game points of `seat`, by category (`quarters`: the colonists the Living
    Quarters ladder counts, default `final_quarters`; the bots' projection passes its own)."""
    c = state.om_game.components
    scoring = c.raw["scoring"]
    player = state.players[seat]
    tech = sum(c.lab[col].op for col, _ in player.lab.values())
    blueprints = sum(c.blueprints[b - 1].op_built for b in player.built_blueprints)
    blueprints += sum(c.blueprints[b - 1].op_unbuilt for b in player.blueprints)
    scientists = 0
    for sid in player.scientists:
        scores = next(s["scores"] for s in c.scientists if s["id"] == sid)
        scientists += scoring["scientist_op_each"] * sum(
            1 for b in state.buildings.values() if b.kind == scores and b.advanced != -1
        )
    contracts = sum(c.contracts[cid - 1]["op_complete"] for cid in player.contracts_done)
    crystals = end_depot(state, seat)
    for cid in player.contracts:
        card = c.contracts[cid - 1]
        done = contract_done(state, seat, card, crystals)
        contracts += card["op_complete"] if done else card["op_failed"]
    return {
        "progress": scoring["progress_op"][len(player.progress)],
        "ships": scoring["ship_op"] * player.hangar,
        "quarters": quarters_value(state, final_quarters(state, seat) if quarters is None else quarters),
        "tech": tech,
        "blueprints": blueprints,
        "scientists": scientists,
        "contracts": contracts,
    }


def final_scoring(state: OnMarsState) -> None:
    for seat, player in enumerate(state.players):
        player.op += sum(final_breakdown(state, seat).values())


def tie_break_key(state: OnMarsState, seat: int) -> tuple[int, int, int]:
    """Tie-break order among seats with equal OP: most crystals, most Advanced
    Buildings, most progress cubes (a full tie is a shared victory). `State.winners()`
    (hence `returns()`) uses it."""
    advanced = sum(b.advanced == seat for b in state.buildings.values())
    return (end_depot(state, seat), advanced, len(state.players[seat].progress))


def seat_scoring(state: OnMarsState, seat: int) -> dict[str, int]:
    """One column of the scoring table: the OP on the track before final scoring, each
    category (`final_breakdown`), the total, then the tie-break values."""
    breakdown = final_breakdown(state, seat)
    op = state.players[seat].op
    track = op - sum(breakdown.values()) if state.stage == "over" else op
    crystals, advanced, cubes = tie_break_key(state, seat)
    return {
        "track": track,
        **breakdown,
        "total": track + sum(breakdown.values()),
        "crystals": crystals,
        "advanced_buildings": advanced,
        "progress_cubes": cubes,
    }


def scoring_view(state: OnMarsState) -> dict[str, Any]:
    """The scoring table everyone sees (no secrets: every input is public). `final`:
    the game is over and these are the scored points; otherwise a projection if the game
    ended now (last-round crystals counted, colonists returned as at the end)."""
    view: dict[str, Any] = {
        "final": state.stage == "over",
        "players": [seat_scoring(state, s) for s in range(state.n)],
        "lacerda": seat_scoring(state, state.n) if state.solo else None,
    }
    if state.stage == "over":
        view["winners"] = winners(state)
    return view


def winners(state: OnMarsState) -> list[int]:
    """Seats that win after the tie-breaks (solo: the player's Solo Goal decides; an
    empty list is a win for Lacerda)."""
    if state.solo:
        from ludoteca.games.on_mars.solo.goals import solo_won

        return [0] if solo_won(state) else []
    best = max(p.op for p in state.players)
    tied = [s for s, p in enumerate(state.players) if p.op == best]
    top = max(tie_break_key(state, s) for s in tied)
    return [s for s in tied if tie_break_key(state, s) == top]
