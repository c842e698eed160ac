"""Text for actions and decisions: the record notation (see `actions.py`) and prompts.

`action_text` is the canonical notation of an action in the current state; the
core's `string_to_action` finds the legal action with that text, so every option
round-trips. Only `pay` reads the state (the M€ part is what remains of the price).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.terraforming_mars.actions import BASE, PAY, PROJECTS, decode
from ludoteca.games.terraforming_mars.board import bonus_text
from ludoteca.games.terraforming_mars.cards import CORP_BASE, Op
from ludoteca.games.terraforming_mars.constants import (
    CARD_PRICE,
    NEUTRAL,
    PARAMS,
    PAY_GRID,
    RESOURCES,
    TAGS,
    TILES,
)
from ludoteca.games.terraforming_mars.draft import pack_held, pass_to
from ludoteca.games.terraforming_mars.frames import (
    F_ACTION_OPTION,
    F_AMOUNT,
    F_CLAIM,
    F_COPY,
    F_CORP,
    F_DEAL,
    F_DISCARD,
    F_DRAFT,
    F_DRAW,
    F_FINAL,
    F_KEEP,
    F_MENU,
    F_NEUTRAL,
    F_OPTION,
    F_ORDER,
    F_PAY,
    F_PLACE,
    F_PLAYER,
    F_RESEARCH,
    F_REVEAL,
    F_SELL,
    F_TARGET,
    F_YESNO,
)
from ludoteca.games.terraforming_mars.ordering import order_units
from ludoteca.games.terraforming_mars.payment import pay_parts, payment_text
from ludoteca.games.terraforming_mars.tableau import card_cost, steel_value, titanium_value

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

CARD_VERBS = frozenset({"draw", "reveal", "buy", "reject", "play", "sell", "use", "target", "discard",
                        "keep", "draft"})
PLAIN_VERBS = frozenset({"pass", "end", "done", "yes", "no", "nobody"})


def action_text(st: TMState, action: int) -> str:
    """The notation of `action` here; kept per game for every id but a payment's (whose
    text reads the payment on top of the stack)."""
    texts = st.game.action_texts
    text = texts.get(action)
    if text is None:
        text = _action_text(st, action)
        if not PAY <= action < PAY + PAY_GRID:
            texts[action] = text
    return text


def _action_text(st: TMState, action: int) -> str:
    verb, arg = decode(action)
    game = st.game
    if verb in CARD_VERBS:
        return f"{verb} {game.cards[arg].id}"
    if verb in ("deal", "corporation"):
        return f"{verb} {game.cards[CORP_BASE + arg].id}"
    if verb in PLAIN_VERBS:
        return verb
    if verb == "project":
        return f"project {PROJECTS[arg]}"
    if verb == "convert":
        return "convert plants" if arg == 0 else "convert heat"
    if verb == "claim":
        return f"claim {game.rules.milestones[arg].id}"
    if verb == "fund":
        return f"fund {game.rules.awards[arg].id}"
    if verb == "option":
        return f"option {arg + 1}"
    if verb == "player":
        return "player neutral" if arg == NEUTRAL else f"player {arg}"
    if verb == "amount":
        return f"amount {arg}"
    if verb == "place":
        return f"place {game.mars.spaces[arg].id}"
    top = st.stack[-1] if st.stack else None
    if top is not None and top[0] == F_PAY:
        return payment_text(st, top[1], top[2], arg)
    s, t, h = pay_parts(arg)
    return f"pay steel={s} titanium={t} heat={h}"


def _amount_text(amount: object) -> str:
    return str(amount) if isinstance(amount, int | str) else "N"


def describe_op(op: Op) -> str:
    """A short English summary of one operation (for prompts)."""
    k = op.kind
    if k in ("production", "gain", "spend"):
        name = RESOURCES[op.resource]
        word = {"production": f"{name} production", "gain": name, "spend": name}[k]
        verb = "spend" if k == "spend" else ("change" if k == "production" else "gain")
        return f"{verb} {_amount_text(op.amount)} {word}"
    if k == "space_bonus_production":
        return f"change {_amount_text(op.amount)} steel/titanium production"
    if k == "raise":
        return f"raise {PARAMS[op.param]} {op.steps}"
    if k == "tr":
        return f"TR +{_amount_text(op.amount)}"
    if k == "place_tile":
        return f"place {op.count} {TILES[op.tile]} ({op.where})"
    if k == "draw_cards":
        return f"draw {op.count} card(s)"
    if k == "add_resource":
        target = op.target.replace("_", " ")
        return f"add {_amount_text(op.amount)} {op.card_resource or 'resource'} to {target}"
    if k == "remove_resource":
        return f"remove {_amount_text(op.amount)} resource(s) from this card"
    if k == "remove_resource_any_card":
        return f"remove {_amount_text(op.amount)} {op.card_resource} from any card"
    if k in ("reduce_any_production", "remove_any_resource", "steal", "remove_player_resource"):
        return f"{k.replace('_', ' ')}: {_amount_text(op.amount)} {RESOURCES[op.resource]}"
    return k.replace("_", " ")


def describe_ops(ops: tuple[Op, ...]) -> str:
    return ", ".join(describe_op(op) for op in ops) or "nothing"


def _seat(st: TMState, seat: int) -> str:
    return "neutral" if seat >= NEUTRAL else f"seat {seat}"


def decision_text(st: TMState, viewer: int) -> tuple[str, str]:
    """(kind, text) of the top frame; `viewer` -1 sees everything, others no hidden card names."""
    if not st.stack:
        return "terminal", "The game is over."
    frame = st.stack[-1]
    kind, seat = frame[0], frame[1]
    cards = st.game.cards
    sees = viewer in (-1, seat)
    if kind == F_DRAW:
        where = "hand" if frame[3] == 0 else "offer"
        return "draw", f"Draw a card for seat {seat}'s {where} ({frame[2]} to draw, {len(st.deck)} in deck)"
    if kind == F_DEAL:
        return "deal", f"Deal a corporation to seat {seat}"
    if kind == F_NEUTRAL:
        what = "city" if frame[2] in (0, 2) else "greenery"
        return "reveal", f"Reveal a card: its cost places the neutral {what} ({frame[2] + 1} of 4)"
    if kind == F_REVEAL:
        return "reveal", f"Reveal the top card for {cards[frame[2]].name}"
    if kind == F_MENU:
        n = "second" if st.taken == 1 else "first"
        return "action", f"Seat {seat}: {n} action of this turn (generation {st.generation}), or pass"
    if kind == F_CORP:
        return "corporation", f"Seat {seat}: choose a corporation"
    if kind == F_DRAFT:
        where = f"round {st.draft_round} of the draft; the rest goes to seat {pass_to(st, seat)}"
        if not sees:
            return "draft", f"Seat {seat}: keep a card of the draft pack ({where})"
        names = ", ".join(cards[c].name for c in st.packs[pack_held(st, seat)])
        return "draft", f"Seat {seat}: keep one of {names} ({where})"
    if kind == F_RESEARCH:
        if not sees:
            return "research", f"Seat {seat}: buy or reject an offered card"
        card = cards[st.offer[seat][0]]
        return "research", f"Seat {seat}: buy {card.name} for {CARD_PRICE} M€, or reject it"
    if kind == F_PAY:
        return "pay", f"Seat {seat}: pay {frame[2]} M€ (steel {steel_value(st, seat)}, titanium " \
                      f"{titanium_value(st, seat)} M€ each where allowed)"
    if kind == F_DISCARD:
        return "discard", f"Seat {seat}: discard {frame[2]} card(s) from hand"
    if kind == F_KEEP:
        if not sees:
            return "keep", f"Seat {seat}: keep {frame[2]} of the cards looked at"
        names = ", ".join(cards[c].name for c in st.offer[seat])
        return "keep", f"Seat {seat}: keep {frame[2]} of {names} (the rest is discarded)"
    if kind == F_CLAIM:
        return "claim-space", f"Seat {seat}: Land Claim: choose the land space to reserve"
    if kind == F_COPY:
        name = cards[frame[2]].name
        return "copy", f"Seat {seat}: {name}: choose the building card whose production to copy"
    named = kind not in (F_SELL, F_FINAL) and frame[2] >= 0
    source = cards[frame[2]].name if named else "standard action"
    if kind == F_PLACE:
        return "place", f"Seat {seat}: place a {TILES[frame[3]]} tile ({frame[4]}) for {source}"
    if kind == F_TARGET:
        return "target", f"Seat {seat}: {source}: choose the card ({describe_op(frame[3])})"
    if kind == F_PLAYER:
        return "player", f"Seat {seat}: {source}: choose the player ({describe_op(frame[3])})"
    if kind == F_OPTION:
        opts = "; ".join(f"{i + 1}) {describe_ops(o)}" for i, o in enumerate(frame[3].options))
        return "option", f"Seat {seat}: {source}: choose one: {opts}"
    if kind == F_ORDER:
        units = order_units(st, frame[2])
        nexts = sorted({o[frame[3]] for o in frame[4]})
        opts = "; ".join(f"{k + 1}) {describe_ops(units[k])}" for k in nexts)
        return "order", f"Seat {seat}: {source}: which effect first: {opts}"
    if kind == F_ACTION_OPTION:
        acts = cards[frame[2]].actions
        opts = "; ".join(f"{i + 1}) {describe_ops(a.ops)}" for i, a in enumerate(acts))
        return "option", f"Seat {seat}: {source}: choose the action: {opts}"
    if kind == F_YESNO:
        return "yesno", f"Seat {seat}: {source}: {describe_ops(frame[3].ops)}?"
    if kind == F_AMOUNT:
        return "amount", f"Seat {seat}: {source}: choose X ({describe_op(frame[3])})"
    if kind == F_SELL:
        return "sell", f"Seat {seat}: sell patents: choose cards to sell for 1 M€ each" + (
            ", or done" if frame[2] >= 0 else "")
    if kind == F_FINAL:
        return "final", f"Seat {seat}: final conversion of plants into greenery, or done"
    return "unknown", repr(frame)


def card_summary(st: TMState, seat: int, index: int) -> dict[str, Any]:
    card = st.game.cards[index]
    return {"card": card.id, "name": card.name, "type": card.type, "cost": card.cost,
            "price": card_cost(st, seat, card), "tags": [TAGS[t] for t in card.tags]}


def action_payload(st: TMState, action: int) -> dict[str, Any]:
    verb, arg = decode(action)
    game = st.game
    seat = st.stack[-1][1] if st.stack else -1
    if verb in ("play", "buy", "reject", "sell", "draft"):
        return card_summary(st, max(seat, 0), arg)
    if verb in ("draw", "reveal", "use", "target"):
        return {"card": game.cards[arg].id, "name": game.cards[arg].name, "resources": st.card_res[arg]}
    if verb in ("deal", "corporation"):
        corp = game.cards[CORP_BASE + arg]
        return {"corporation": corp.id, "name": corp.name, "megacredits": corp.starting_mc}
    if verb == "place":
        sp = game.mars.spaces[arg]
        return {"space": sp.id, "row": sp.row, "pos": sp.pos, "bonus": bonus_text(sp), "name": sp.name}
    if verb == "pay":
        top = st.stack[-1] if st.stack else None
        s, t, h = pay_parts(arg)
        mc = 0
        if top is not None and top[0] == F_PAY:
            mc = max(0, top[2] - s * steel_value(st, seat) - t * titanium_value(st, seat) - h)
        return {"megacredits": mc, "steel": s, "titanium": t, "heat": h}
    if verb == "option" and st.stack and st.stack[-1][0] in (F_OPTION, F_ACTION_OPTION, F_ORDER):
        top = st.stack[-1]
        if top[0] == F_ORDER:
            return {"option": arg + 1, "effect": describe_ops(order_units(st, top[2])[arg])}
        ops = top[3].options[arg] if top[0] == F_OPTION else game.cards[top[2]].actions[arg].ops
        return {"option": arg + 1, "effect": describe_ops(ops)}
    if verb == "project":
        return {"project": PROJECTS[arg]}
    return {}


def parse(st: TMState, text: str) -> int | None:
    """The action id that `text` names in this state, or None (legality is checked by the caller)."""
    words = text.split()
    if not words:
        return None
    verb, rest = words[0], " ".join(words[1:])
    game = st.game
    if verb in PLAIN_VERBS and not rest:
        return BASE[verb]
    if verb in CARD_VERBS or verb in ("deal", "corporation"):
        card = game.card_ids.get(rest)
        if card is None:
            return None
        if verb in ("deal", "corporation"):
            return BASE[verb] + card - CORP_BASE if card >= CORP_BASE else None
        if card >= CORP_BASE and verb not in ("use", "target"):
            return None
        return BASE[verb] + card
    table: dict[str, tuple[str, ...]] = {
        "project": PROJECTS, "convert": ("plants", "heat"),
        "claim": tuple(g.id for g in game.rules.milestones), "fund": tuple(g.id for g in game.rules.awards),
        "place": tuple(sp.id for sp in game.mars.spaces)}
    if verb in table:
        names = table[verb]
        return BASE[verb] + names.index(rest) if rest in names else None
    if verb in ("option", "amount", "player") and rest:
        if verb == "player" and rest == "neutral":
            return BASE["player"] + NEUTRAL
        if not rest.isdigit():
            return None
        k = int(rest) - (1 if verb == "option" else 0)
        limit = {"option": 8, "amount": 100, "player": 6}[verb]
        return BASE[verb] + k if 0 <= k < limit else None
    if verb == "pay":
        for action in st.legal_actions():
            if action >= BASE["pay"] and action_text(st, action) == text:
                return action
    return None
