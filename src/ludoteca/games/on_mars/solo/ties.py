"""Lacerda's unclear ties, settled by drawing solo cards (rules 12.3).

"Ambiguities: best option for him; if unclear, number the options and draw solo cards
until one number appears, then reshuffle." When his choice leaves k equally good
options (in board order: lowest hex id first, leftmost card first, ...), they are
numbered 1..k and the number is a chance node (`lacerda-tie N`):

* k <= 3: the cards are drawn from his current draw pile (the cards not yet revealed
  in this pass); cards with a number above k are passed over, so option i comes up
  with probability (cards numbered i in the pile) / (cards numbered <= k in the pile).
  A pile with no card numbered <= k (or an empty pile) is read as the full 12-card
  deck. The drawn cards are shuffled back: the pile itself does not change.
* k > 3 (Ludoteca's choice: the rules' numbering stops at 3): the options are split,
  in order, into 3 groups as even as possible (the earlier groups larger), a draw
  picks a group as above, and the group is drawn from again until one option is left.

The pending frame is plain data: `{"k": "draw", "pool": "lacerda_tie", "to": name,
"options": [...], ...}`; `to` names the step that resumes his resolution with the
chosen option (`RESUME`, filled by `actions` with `@resume`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ludoteca.games.on_mars.frames import Frame, push

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

TIE_POOL = "lacerda_tie"
LAST_DRAWN = "lacerda_tie_drawn"  # counter: the number on the latest solo card drawn for a tie
NUMBERS = 3  # the solo cards carry action numbers 1-3
ResumeFn = Callable[["OnMarsState", Frame, Any], None]
RESUME: dict[str, ResumeFn] = {}


def resume(name: str) -> Callable[[ResumeFn], ResumeFn]:
    """Register the step that continues his resolution once a tie named `name` is settled."""

    def register(fn: ResumeFn) -> ResumeFn:
        RESUME[name] = fn
        return fn

    return register


def choose(state: OnMarsState, options: list[Any], then: str, **data: Any) -> None:
    """Go on with the one best option, or push the card draw that settles the tie."""
    if len(options) == 1:
        RESUME[then](state, {"to": then, **data}, options[0])
    elif options:
        push(state, {"k": "draw", "pool": TIE_POOL, "to": then, "options": list(options), **data})


def groups(options: list[Any]) -> list[list[Any]]:
    """The options in at most 3 consecutive groups, as even as possible (earlier ones larger)."""
    n = min(NUMBERS, len(options))
    sizes = [len(options) // n + (1 if i < len(options) % n else 0) for i in range(n)]
    result, start = [], 0
    for size in sizes:
        result.append(options[start : start + size])
        start += size
    return result


def numbered(state: OnMarsState, pile: list[int]) -> list[int]:
    """How many cards of each action number (1-3) `pile` (copies per card) holds."""
    counts = [0] * NUMBERS
    for card, copies in zip(state.om_game.components.raw["solo"]["deck"], pile, strict=True):
        counts[int(card["action"]) - 1] += copies
    return counts


def tie_counts(state: OnMarsState, frame: Frame) -> list[int]:
    """Outcome weights of a tie draw: the pile's cards numbered 1..k (k groups)."""
    k = len(groups(frame["options"]))
    counts = numbered(state, state.pools["solo"])[:k]
    if not any(counts):  # nothing numbered <= k left in the pile: the whole deck
        counts = numbered(state, [1] * len(state.pools["solo"]))[:k]
    return counts + [0] * (NUMBERS - k)


def apply_tie(state: OnMarsState, frame: Frame, number: int) -> None:
    """Card number `number + 1` came up: that option, or a further draw within its group."""
    state.counters[LAST_DRAWN] = number + 1  # face up for everyone (`OnMarsState.observation`)
    data = {k: v for k, v in frame.items() if k not in ("k", "pool", "to", "options")}
    choose(state, groups(frame["options"])[number], frame["to"], **data)
