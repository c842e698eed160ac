"""Pending work as plain data: the frames on the state's stack.

Every frame is a tuple `(kind, seat, ...)` of ints, strings and immutable card data
(`Op` objects from the loaded cards), never a closure, so a state in the middle of
any card can be copied, serialised (by its history) and replayed. The top frame is
what happens next. Each kind has one handler class (`core.decisions`: a `Decision`,
`Chance` or `Automatic`, the role below), defined with its rule and listed, kind by
kind with its module, in `stack.HANDLERS`; the handler gets the frame already popped
and pushes what follows. Every decision is forced (one option: taken at once, the seat
is not asked) and lapses (is dropped) with no option.

| kind           | fields                         | what                                              |
| -------------- | ------------------------------ | ------------------------------------------------- |
| F_OP           | seat, card, op, aux            | auto: run one operation (aux: triggering card)    |
| F_PLAYED       | seat, card                     | auto: fire "card played" / "tag played" triggers  |
| F_REVEAL_CORPS | -1                             | auto: every seat's corporation takes effect       |
| F_DRAW         | seat, count, dest              | chance: draw `count` cards to hand/offer/pack (0/1/2) |
| F_DEAL         | seat, count                    | chance: deal corporation cards                    |
| F_REVEAL       | seat, card, op                 | chance: reveal the top card (Search For Life)     |
| F_MENU         | seat                           | decision: the action phase's menu                 |
| F_CORP         | seat                           | decision: choose a corporation                    |
| F_RESEARCH     | seat                           | decision: buy or reject the first offered card    |
| F_PAY          | seat, cost, flags, reserve     | decision: how to pay `cost` M€                    |
| F_PLACE        | seat, card, tile, where        | decision: where to put a tile                     |
| F_TARGET       | seat, card, op                 | decision: which card gains/loses card resources   |
| F_PLAYER       | seat, card, op                 | decision: which player is affected                |
| F_OPTION       | seat, card, op, aux            | decision: one option of a `choose`                |
| F_YESNO        | seat, card, op                 | decision: do an `optional` or not                 |
| F_AMOUNT       | seat, card, op                 | decision: the number X                            |
| F_SELL         | seat, last                     | decision: sell patents (cards above `last`)       |
| F_ACTION_OPTION| seat, card                     | decision: which action of a blue card             |
| F_FINAL        | seat                           | decision: final plants-to-greenery conversion     |
| F_DISCARD      | seat, count                    | decision: discard a card from hand                |
| F_KEEP         | seat, keep, last               | decision: keep a looked-at card (above `last`)    |
| F_CLAIM        | seat                           | decision: Land Claim's space                      |
| F_COPY         | seat, card, op                 | decision: the card whose production is copied     |
| F_NEUTRAL      | -1, step                       | chance (solo): reveal a card, place a neutral tile |
| F_DRAFT        | seat                           | decision: keep one card of the draft pack held    |
| F_PASS_PACKS   | -1                             | auto: every draft pack goes to the neighbour      |
| F_ORDER        | seat, card, step, orders       | decision: which immediate effect next (`ordering.py`) |

A chance frame that cannot happen is dropped: a draw or reveal from an exhausted deck
(`DeckChance.ready`, after the discard pile is reshuffled in if it can be), a deal with
no corporation left. A research or keep with an empty offer and a draft pick from an
empty pack lapse (no option).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.terraforming_mars.cards import Op

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

(F_OP, F_PLAYED, F_REVEAL_CORPS, F_DRAW, F_DEAL, F_REVEAL, F_MENU, F_CORP, F_RESEARCH, F_PAY, F_PLACE,
 F_TARGET, F_PLAYER, F_OPTION, F_YESNO, F_AMOUNT, F_SELL, F_ACTION_OPTION, F_FINAL, F_DISCARD, F_KEEP,
 F_CLAIM, F_COPY, F_NEUTRAL, F_DRAFT, F_PASS_PACKS, F_ORDER) = range(27)

FRAME_NAMES = ("op", "played", "reveal-corporations", "draw", "deal", "reveal", "menu", "corporation",
               "research", "pay", "place", "target", "player", "option", "yesno", "amount", "sell",
               "action-option", "final", "discard", "keep", "claim-space", "copy", "neutral", "draft",
               "pass-packs", "order")
TO_HAND, TO_OFFER, TO_PACK = 0, 1, 2

Frame = tuple[Any, ...]


def push_ops(st: TMState, seat: int, card: int, ops: tuple[Op, ...], aux: int = -1) -> None:
    """Schedule `ops` to run in order (the first on top); `aux` is the card that triggered them."""
    stack = st.stack
    for op in reversed(ops):
        stack.append((F_OP, seat, card, op, aux))


def push_place(st: TMState, seat: int, card: int, tile: int, where: str) -> None:
    st.stack.append((F_PLACE, seat, card, tile, where))


def push_pay(st: TMState, seat: int, cost: int, flags: int = 0, reserve_heat: int = 0) -> None:
    if cost > 0:
        st.stack.append((F_PAY, seat, cost, flags, reserve_heat))


def push_draw(st: TMState, seat: int, count: int, dest: int = TO_HAND) -> None:
    if count > 0:
        st.stack.append((F_DRAW, seat, count, dest))


def frame_json(frame: Frame) -> list[Any]:
    """A frame as JSON: its kind's name, then its fields (ops as their data)."""
    out: list[Any] = [FRAME_NAMES[frame[0]]]
    for value in frame[1:]:
        out.append(value.text if isinstance(value, Op) else value)
    return out
