"""Helpers for the tm-dice tests: scripted setups and white-box adjustments.

`new_game` plays the setup with chosen outcomes (everything a record would say), so
tests start from real positions; `give` then adds dice, tokens or cards the way the
rules would (dice come out of the pool). `play` applies notation, resolving chance
nodes with scripted or default outcomes on the way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ludoteca import load_game
from ludoteca.games.tm_dice.base import C_WIDTH
from ludoteca.games.tm_dice.state import TMDiceState

DEFAULT_BONUS = ["delivery", "pd_b2", "pd_b3", "pd_b4", "developer", "pd_b6", "pd_b7", "pd_b8"]
DEFAULT_MILESTONES = ["pd_ms_greenkeeper", "pd_ms_townplanner", "pd_ms_terraformer"]
DEFAULT_AWARDS = ["heat", "steel", "megacredit"]
DEFAULT_CORPS = ["helion", "teractor", "unmi", "inventrix", "pd_corp_ares_drilling", "pd_corp_hellas_hydro",
                 "pd_corp_noctis_habitat", "pd_corp_olympus_orbital"]
FILLER = [[f"pd_p{5 * seat + i:02d}" for i in range(1, 6)] for seat in range(4)]  # pd_p01..pd_p20


def resolve_chance(state: TMDiceState, outcomes: Iterable[str] = ()) -> None:
    """Resolve chance nodes: scripted outcomes first, then the first listed outcome
    (a die shows its common face, the first card of the deck is drawn)."""
    queue = list(outcomes)
    while state.is_chance_node():
        if queue:
            state.apply_string(queue.pop(0))
        else:
            state.apply_action(state.chance_outcomes()[0][0])
    assert not queue, f"unused chance outcomes {queue}"


def new_game(players: int = 2, *, corps: Sequence[str] | None = None,
             hands: Sequence[Sequence[str]] | None = None, awards: Sequence[str] = DEFAULT_AWARDS,
             milestones: Sequence[str] = DEFAULT_MILESTONES, bonus: Sequence[str] | None = None,
             rolls: Sequence[str] = (), gift: str | None = None, **options: Any) -> TMDiceState:
    """A game after setup, at seat 0's first decision: chosen bonus stack, awards,
    milestones, corporations (each seat keeps the first of its two) and hands."""
    state = load_game("tm-dice", players=players, **options).new_initial_state()
    assert isinstance(state, TMDiceState)
    stack = list(bonus) if bonus is not None else DEFAULT_BONUS[:state.game.bonus_stack_size]
    for b in stack:
        state.apply_string(f"stack {b}")
    for a in awards:
        state.apply_string(f"award {a}")
    for m in milestones:
        state.apply_string(f"milestone {m}")
    corps = list(corps) if corps is not None else DEFAULT_CORPS[:players]
    others = [c for c in DEFAULT_CORPS if c not in corps]
    for seat in range(players):
        state.apply_string(f"deal {corps[seat]}")
        state.apply_string(f"deal {others[seat]}")
    for seat in range(players):
        hand = list(hands[seat]) if hands is not None else FILLER[seat]
        for card in hand:
            state.apply_string(f"draw {card}")
    for seat in range(players):
        state.apply_string(f"corporation {corps[seat]}")
    resolve_chance(state, rolls)
    if players > 1 and state.prompt().kind == "gift":
        state.apply_string(gift or state.prompt().options[-1].text)
    resolve_chance(state)
    return state


def play(state: TMDiceState, *texts: str, chance: Iterable[str] = ()) -> TMDiceState:
    """Apply actions in notation; chance nodes met on the way take `chance` outcomes in
    order, then defaults."""
    queue = list(chance)
    for text in texts:
        while state.is_chance_node():
            if queue:
                state.apply_string(queue.pop(0))
            else:
                state.apply_action(state.chance_outcomes()[0][0])
        state.apply_string(text)
    resolve_chance(state, queue)
    return state


def give(state: TMDiceState, seat: int, dice: dict[str, int] | None = None, wild: int = 0,
         hand: Sequence[str] = (), vp: int = 0) -> None:
    """Add dice (taken from the pool, set to the given faces), wild tokens, hand cards
    (taken from the deck) and VP to a seat, between decisions."""
    content = state.game.content
    for face, n in (dice or {}).items():
        r = content.resources.index(face)
        assert state._pool[r // 3] >= n, f"pool has too few {content.colours[r // 3]} dice"
        state._pool[r // 3] -= n
        state._dice[seat * 15 + r] += n
    state._wild[seat] += wild
    p = content.n_projects
    for card in hand:
        c = content.card(card).index
        if state._deck[c]:
            state._deck[c] -= 1
            state._deck_size -= 1
        else:
            state._discard[c] -= 1
        state._hand[seat * p + c] += 1
    state._vp[seat] += vp
    refresh(state)


def clear(state: TMDiceState, seat: int) -> None:
    """Return all of a seat's dice to the pool, drop its wild tokens and discard its hand."""
    for r in range(15):
        state._pool[r // 3] += state._dice[seat * 15 + r]
        state._dice[seat * 15 + r] = 0
    state._wild[seat] = 0
    p = state.game.content.n_projects
    for c in range(p):
        state._discard[c] += state._hand[seat * p + c]
        state._hand[seat * p + c] = 0
    refresh(state)


def put_in_play(state: TMDiceState, seat: int, card: str) -> None:
    """A card enters the seat's cards in play (nothing resolves), e.g. to test its effect."""
    state._enter_play(seat, state.game.content.card(card).index)
    refresh(state)


def refresh(state: TMDiceState) -> None:
    """Forget cached legal actions after a white-box change."""
    state._opts = None
    state._legal = None


def dice(state: TMDiceState, seat: int) -> dict[str, int]:
    content = state.game.content
    return {content.resources[r]: state._dice[seat * 15 + r] for r in range(15) if state._dice[seat * 15 + r]}


def texts(state: TMDiceState) -> list[str]:
    return [o.text for o in state.prompt().options]


def count(state: TMDiceState, seat: int, offset: int) -> int:
    return state._counts[seat * C_WIDTH + offset]


def total_dice(state: TMDiceState) -> int:
    """Dice anywhere: pool, seats, award dice, pending rolls. Always 60."""
    pending = sum(t[3] for t in state._stack if t[0] == 25)
    return sum(state._pool) + sum(state._dice) + len(state._awards) + pending


def pay_all(state: TMDiceState) -> None:
    """Answer payment decisions with their first option."""
    while not state.is_terminal() and not state.is_chance_node() and state.prompt().kind == "pay":
        state.apply_action(state.legal_actions()[0])


def to_main(state: TMDiceState, take: str = "yellow", roll: str | None = None) -> TMDiceState:
    """From the seat's turn decision to its main action, taking a die as the support action."""
    play(state, "actions")
    state.apply_string(f"take {take}")
    resolve_chance(state, [roll] if roll else [])
    assert state.prompt().kind == "main", state.prompt()
    return state
