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
chosen option: an `Automatic` handler (`core.decisions`) whose kind is that name,
listed in the explicit table `actions.TIES` (keyed by `"to"`). It runs on
`{"to": name, "option": chosen, ...data}` (the tie frame's other data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.on_mars.frames import Frame, push

if TYPE_CHECKING:
    from ludoteca.core.decisions import Automatic, FrameTable
    from ludoteca.games.on_mars.state import OnMarsState

TIE_POOL = "lacerda_tie"
LAST_DRAWN = "lacerda_tie_drawn"  # counter: the number on the latest solo card drawn for a tie
NUMBERS = 3  # the solo cards carry action numbers 1-3


def choose(state: OnMarsState, options: list[Any], then: type[Automatic], **data: Any) -> None:
    """Go on with the one best option (`then` runs at once), or push the card draw that
    settles the tie (`then` runs once it is settled)."""
    if len(options) == 1:
        then.run(state, {"to": then.kind, "option": options[0], **data})
    elif options:
        push(state, {"k": "draw", "pool": TIE_POOL, "to": then.kind, "options": list(options), **data})


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


def apply_tie(state: OnMarsState, frame: Frame, number: int, ties: FrameTable[OnMarsState]) -> None:
    """Card number `number + 1` came up: that option, or a further draw within its group;
    `ties` holds the steps that resume (by the frame's `to`)."""
    state.counters[LAST_DRAWN] = number + 1  # face up for everyone (`OnMarsState.observation`)
    data = {k: v for k, v in frame.items() if k not in ("k", "pool", "to", "options")}
    choose(state, groups(frame["options"])[number], ties.handler(frame), **data)
