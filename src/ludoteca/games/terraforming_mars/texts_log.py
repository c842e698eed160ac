"""Terraforming Mars' log lines as messages: what an action did, in the past tense and
without the player ("played Kelp Farming"), what the others learn of a decision taken
face down ("kept 1 card"), and the decisions the engine took alone because they had
one option (a payment, a space): they are told after the action that caused them
("played Kelp Farming; paid 10 M€ + 3 steel").

An engine state keeps no record of its automatic steps (`TMState.journal` is None):
`automatic` replays the action on a copy whose journal is a list, so only a log that
is asked for pays for it (the copy settles its stack through `stack.JOURNAL_TABLE`,
whose `intercept` hook notes each forced decision of a kind in `JOURNALED` before the
engine takes it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import Message, msg
from ludoteca.games.terraforming_mars.actions import decode
from ludoteca.games.terraforming_mars.cards import CORP_BASE
from ludoteca.games.terraforming_mars.frames import (
    F_CLAIM,
    F_COPY,
    F_FINAL,
    F_OPTION,
    F_PAY,
    F_PLACE,
    F_PLAYER,
    F_SELL,
    F_TARGET,
    F_YESNO,
    Frame,
)
from ludoteca.games.terraforming_mars.texts import (
    P,
    a_tile,
    award,
    card,
    choice_ops,
    effects,
    milestone,
    payment,
    player,
    project,
)

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

#: decisions the engine takes alone (one option) that the log still tells
JOURNALED = frozenset({F_PAY, F_PLACE, F_CLAIM, F_TARGET, F_PLAYER, F_OPTION, F_COPY})


def secret(kind: str) -> Message:
    """What the others read of a decision taken face down (the corporation chosen, a card
    bought or not, drafted, kept): that it was taken, counted so that a run collapses
    ("kept 3 cards")."""
    return msg(f"{P}secret.{kind}", n=1)


def done(st: TMState, action: int) -> Message:
    """`action`, about to be applied in `st`, as the log tells it (no automatic steps)."""
    verb, arg = decode(action)
    frame: Frame = st.stack[-1]
    s = frame[1]
    if verb in ("draw", "reveal"):
        return msg(f"{P}log.{verb}", card=card(st, arg))
    if verb in ("deal", "corporation"):
        return msg(f"{P}log.{verb}", card=card(st, CORP_BASE + arg))
    if verb in ("play", "use", "buy", "reject", "sell", "keep", "discard", "draft"):
        return msg(f"{P}log.{verb}", card=card(st, arg))
    if verb == "target":
        return msg(f"{P}log.copy" if frame[0] == F_COPY else f"{P}log.target", card=card(st, arg))
    if verb == "project":
        return msg(f"{P}log.project", project=project(arg))
    if verb == "convert":
        return msg(f"{P}log.convert.{'plants' if arg == 0 else 'heat'}")
    if verb == "claim":
        return msg(f"{P}log.claim", milestone=milestone(st, arg))
    if verb == "fund":
        return msg(f"{P}log.fund", award=award(st, arg))
    if verb == "place":
        space = st.game.mars.spaces[arg].id
        if frame[0] == F_CLAIM:
            return msg(f"{P}log.claim_space", id=space, card=msg(f"{P}card.land_claim.name"))
        return msg(f"{P}log.place", tile=a_tile(frame[3]), id=space)
    if verb == "pay":
        return msg(f"{P}log.pay", payment=payment(st, s, frame[2], arg))
    if verb == "option":
        return msg(f"{P}log.option", effects=effects(st, choice_ops(st, frame, arg), frame[2]))
    if verb in ("yes", "no") and frame[0] == F_YESNO:
        return msg(f"{P}log.{verb}", effects=effects(st, frame[3].ops, frame[2]))
    if verb == "player":
        return msg(f"{P}log.player", player=player(arg))
    if verb == "amount":
        return msg(f"{P}log.amount", x=arg)
    if verb == "done":
        which = "sell" if frame[0] == F_SELL else "final" if frame[0] == F_FINAL else "other"
        return msg(f"{P}log.done.{which}")
    return msg(f"{P}log.{verb}")  # pass, end, nobody, yes, no


def automatic(st: TMState, action: int) -> list[Message]:
    """The decisions with one option the engine takes for the actor right after `action`
    (until another seat or a real decision is next)."""
    actor = st.stack[-1][1]
    twin = st._copy()
    twin.journal = []
    twin._apply(action)
    out = []
    for who, message in twin.journal:
        if who != actor:
            break
        out.append(message)
    return out


def logged(st: TMState, action: int) -> Message:
    """The acting seat's log line: the action, then what the engine did alone for it."""
    line = done(st, action)
    if st.is_chance_node():
        return line
    for step in automatic(st, action):
        line = msg(f"{P}log.then", first=line, then=step)
    return line
