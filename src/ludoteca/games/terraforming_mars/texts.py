"""Terraforming Mars' play texts as messages (`ludoteca.core.i18n`): the decisions (with
the card being resolved in front: "Playing Kelp Farming — Choose where to place a greenery
tile, …"), their options, and the words they share with the log (`texts_log.py`): cards,
payments, spaces. The templates are the catalogs `messages/<lang>.json` (keys
`terraforming_mars.prompt.*`, `.option.*`, `.log.*`, `.secret.*`, `.context.*`); the
components' names and the effects' wording are the components catalog's
(`messages/components.<lang>.json`, through `card_text`), never defined here. This module
only says which key and params; nothing here is read by the rules.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from ludoteca.core.i18n import Message, msg, seat
from ludoteca.games.terraforming_mars import card_text
from ludoteca.games.terraforming_mars.actions import PROJECTS, decode
from ludoteca.games.terraforming_mars.cards import CORP_BASE, Op
from ludoteca.games.terraforming_mars.constants import (
    CARD_PRICE,
    CITY,
    GREENERY,
    HEAT,
    MC,
    NEUTRAL,
    OCEAN,
    RESOURCES,
    STEEL,
    TILES,
    TITANIUM,
)
from ludoteca.games.terraforming_mars.draft import pass_to
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
    F_OP,
    F_OPTION,
    F_ORDER,
    F_PAY,
    F_PLACE,
    F_PLAYED,
    F_PLAYER,
    F_RESEARCH,
    F_REVEAL,
    F_SELL,
    F_TARGET,
    F_YESNO,
)
from ludoteca.games.terraforming_mars.milestones import fund_cost
from ludoteca.games.terraforming_mars.ordering import order_units
from ludoteca.games.terraforming_mars.payment import pay_parts
from ludoteca.games.terraforming_mars.projects import cost_of
from ludoteca.games.terraforming_mars.tableau import (
    card_cost,
    greenery_plants,
    steel_value,
    titanium_value,
)

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState

P = "terraforming_mars."
#: frames whose third field is the card they are resolved for (-1: a standard project)
CARD_FRAMES = frozenset({F_PLACE, F_TARGET, F_PLAYER, F_OPTION, F_YESNO, F_AMOUNT, F_ACTION_OPTION, F_ORDER,
                         F_COPY})


# ------------------------------------------------------------------ components (other catalog)
def card(st: TMState, index: int) -> Message:
    """A project card's or a corporation's name (index in the game's shared card space)."""
    c = st.game.cards[index]
    kind = "corporation" if index >= CORP_BASE else "card"
    return msg(f"{P}{kind}.{c.id}.name")


def resources(r: int, n: int) -> Message:
    """An amount of a standard resource: "3 steel", "3 de aço", "3 aciers"."""
    return card_text.resource(RESOURCES[r], n)


def tile(kind: int) -> Message:
    return msg(f"{P}tile.{TILES[kind]}")


def project(arg: int) -> Message:
    return msg(f"{P}project.{PROJECTS[arg]}.name")


def milestone(st: TMState, arg: int) -> Message:
    return msg(f"{P}milestone.{st.game.rules.milestones[arg].id}.name")


def award(st: TMState, arg: int) -> Message:
    return msg(f"{P}award.{st.game.rules.awards[arg].id}.name")


def player(index: int) -> Message:
    """A seat, or the solo game's neutral player."""
    return msg(f"{P}neutral") if index >= NEUTRAL else seat(index)


def a_tile(kind: int) -> Message:
    """A tile with its article, as a prompt needs it: "an ocean tile", "uma área verde",
    "la tuile Réserve naturelle" (a special tile by its name)."""
    if kind in (OCEAN, GREENERY, CITY):
        return msg(f"{P}a_tile.{TILES[kind]}")
    return msg(f"{P}a_tile.special", tile=tile(kind))


def space_name(st: TMState, space: int) -> Message | None:
    sp = st.game.mars.spaces[space]
    return msg(f"{P}space.{sp.id}.name") if sp.name else None


#: placement rules the card texts leave unsaid (the usual rule of a greenery, a city)
USUAL_RULES = frozenset({"greenery_rules", "city_rules"})


def where(rule: str) -> Message:
    """Where a tile may go, as words ("on a space reserved for oceans", "on the Noctis City
    space"): the card texts' words (`terraforming_mars.effect.where.*`), and ours for the
    usual greenery and city rules."""
    if rule in USUAL_RULES:
        return msg(f"{P}where.{rule}")
    return msg(f"{P}effect.where.{rule}")


def payment(st: TMState, seat_: int, cost: int, index: int) -> Message:
    """What a payment gives: "10 M€ + 3 steel" (the M€ part is what remains of `cost`)."""
    s, t, h = pay_parts(index)
    mc = max(0, cost - s * steel_value(st, seat_) - t * titanium_value(st, seat_) - h)
    parts = [resources(r, n) for r, n in ((MC, mc), (STEEL, s), (TITANIUM, t), (HEAT, h)) if n or r == MC]
    if mc == 0 and len(parts) > 1:
        parts = parts[1:]
    out = parts[0]
    for part in parts[1:]:
        out = msg(f"{P}plus", a=out, b=part)
    return out


# ------------------------------------------------------------------ effects in prompts
def effect(st: TMState, op: Op, card_index: int = -1) -> Message:
    """One operation as the card texts word it (`card_text.op_message`, from the op's data);
    `card_index`: the card it belongs to (what "this card" holds)."""
    held = st.game.cards[card_index].resource_type if card_index >= 0 else None
    return card_text.op_message(json.loads(op.text), held)


def effects(st: TMState, ops: tuple[Op, ...], card_index: int = -1) -> Message:
    """Several operations: "+1 plant production, gain 2 plants" (or "nothing")."""
    held = st.game.cards[card_index].resource_type if card_index >= 0 else None
    return card_text.ops_message([json.loads(op.text) for op in ops], held)


# ------------------------------------------------------------------ what is being resolved
def resolving(st: TMState) -> Message | None:
    """The card whose effects the current decision belongs to: "Playing Kelp Farming",
    "Using Development Center", "Effect of Arctic Algae"; None for a standard project,
    a conversion, a phase's own decision."""
    stack = st.stack
    top = stack[-1]
    actor = top[1]
    index = top[2] if top[0] in CARD_FRAMES else -1
    if index < 0 and top[0] in (F_PAY, F_PLACE):
        for frame in reversed(stack[:-1]):
            if frame[1] != actor:
                break
            if frame[0] in (F_OP, F_PLAYED):
                index = frame[2]
                break
    if index < 0:
        return None
    if any(f[0] == F_PLAYED and f[2] == index for f in stack):
        return msg(f"{P}context.play", card=card(st, index))
    if st.used >> index & 1 and not any(f[0] == F_PLAYED for f in stack):
        return msg(f"{P}context.use", card=card(st, index))
    return msg(f"{P}context.effect", card=card(st, index))


# ------------------------------------------------------------------ decisions
def decision(st: TMState) -> Message:
    """The current decision, for the seat that takes it (it may see its own cards)."""
    if not st.stack:
        return msg("core.game_over")
    bare = _decision(st)
    context = resolving(st) if st.stack[-1][0] not in (F_MENU, F_CORP, F_RESEARCH, F_DRAFT) else None
    return bare if context is None else msg(f"{P}prompt.in_context", context=context, prompt=bare)


def _decision(st: TMState) -> Message:
    frame = st.stack[-1]
    kind, s = frame[0], frame[1]
    if kind == F_DRAW:
        return msg(f"{P}prompt.draw", n=frame[2], seat=seat(s), deck=len(st.deck))
    if kind == F_DEAL:
        return msg(f"{P}prompt.deal", seat=seat(s))
    if kind == F_NEUTRAL:
        neutral = a_tile(CITY if frame[2] in (0, 2) else GREENERY)
        return msg(f"{P}prompt.neutral", tile=neutral, i=frame[2] + 1)
    if kind == F_REVEAL:
        return msg(f"{P}prompt.reveal", card=card(st, frame[2]))
    if kind == F_MENU:
        which = "second" if st.taken == 1 else "first"
        return msg(f"{P}prompt.action.{which}", generation=st.generation)
    if kind == F_CORP:
        return msg(f"{P}prompt.corporation", n=len(st.offer[s]))
    if kind == F_DRAFT:
        return msg(f"{P}prompt.draft", round=st.draft_round, seat=seat(pass_to(st, s)))
    if kind == F_RESEARCH:
        return msg(f"{P}prompt.research", card=card(st, st.offer[s][0]), price=CARD_PRICE)
    if kind == F_PAY:
        return msg(f"{P}prompt.pay", cost=frame[2], steel=steel_value(st, s), titanium=titanium_value(st, s))
    if kind == F_DISCARD:
        return msg(f"{P}prompt.discard", n=frame[2])
    if kind == F_KEEP:
        return msg(f"{P}prompt.keep", n=frame[2], cards=[card(st, c) for c in st.offer[s]])
    if kind == F_CLAIM:
        return msg(f"{P}prompt.claim_space", card=msg(f"{P}card.land_claim.name"))
    if kind == F_COPY:
        return msg(f"{P}prompt.copy")
    if kind == F_PLACE:
        return msg(f"{P}prompt.place", tile=a_tile(frame[3]), where=where(frame[4]))
    if kind in (F_TARGET, F_PLAYER, F_AMOUNT):
        name = {F_TARGET: "target", F_PLAYER: "player", F_AMOUNT: "amount"}[kind]
        return msg(f"{P}prompt.{name}", effect=effect(st, frame[3], frame[2]))
    if kind == F_OPTION:
        return msg(f"{P}prompt.option")
    if kind == F_ORDER:
        return msg(f"{P}prompt.order")
    if kind == F_ACTION_OPTION:
        return msg(f"{P}prompt.action_option")
    if kind == F_YESNO:
        return msg(f"{P}prompt.yesno", effects=effects(st, frame[3].ops, frame[2]))
    if kind == F_SELL:
        return msg(f"{P}prompt.sell.more" if frame[2] >= 0 else f"{P}prompt.sell")
    if kind == F_FINAL:
        return msg(f"{P}prompt.final", n=greenery_plants(st, s))
    raise AssertionError(f"frame {frame!r} has no prompt")


# ------------------------------------------------------------------ options
def place_option(st: TMState, space: int) -> Message:
    """A space of the map: "Space 23 (Noctis City) — bonus: 2 plants"."""
    sp = st.game.mars.spaces[space]
    name = space_name(st, space)
    out = msg(f"{P}option.place.named", id=sp.id, name=name) if name else msg(f"{P}option.place", id=sp.id)
    bonus = [resources(r, n) for r, n in enumerate(sp.bonus) if n]
    if sp.bonus_cards:
        bonus.append(msg(f"{P}word.cards", n=sp.bonus_cards))
    return msg(f"{P}option.with_bonus", space=out, bonus=bonus) if bonus else out


def choice_ops(st: TMState, frame: tuple[Any, ...], k: int) -> tuple[Op, ...]:
    if frame[0] == F_ORDER:
        return order_units(st, frame[2])[k]
    if frame[0] == F_OPTION:
        return frame[3].options[k]
    return st.game.cards[frame[2]].actions[k].ops


def option(st: TMState, action: int) -> Message:
    """What choosing `action` now means ("Play Kelp Farming (17 M€)")."""
    verb, arg = decode(action)
    frame = st.stack[-1] if st.stack else (F_MENU, 0)
    s = frame[1]
    cards = st.game.cards
    if verb in ("draw", "reveal"):
        return msg(f"{P}option.chance_card", card=card(st, arg))
    if verb in ("deal", "corporation"):
        corp = CORP_BASE + arg
        if verb == "deal":
            return msg(f"{P}option.chance_card", card=card(st, corp))
        return msg(f"{P}option.corporation", card=card(st, corp), mc=cards[corp].starting_mc)
    if verb == "play":
        return msg(f"{P}option.play", card=card(st, arg), price=card_cost(st, s, cards[arg]))
    if verb == "buy":
        return msg(f"{P}option.buy", card=card(st, arg), price=CARD_PRICE)
    if verb in ("use", "reject", "sell", "keep", "discard", "draft"):
        return msg(f"{P}option.{verb}", card=card(st, arg))
    if verb == "target":
        if frame[0] == F_COPY:
            return msg(f"{P}option.copy", card=card(st, arg))
        held = st.card_res[arg]
        if held:
            return msg(f"{P}option.target.holding", card=card(st, arg),
                       what=card_text.card_resource(cards[arg].resource_type, held))
        return msg(f"{P}option.target", card=card(st, arg))
    if verb == "project":
        cost = cost_of(st, s, arg)
        return msg(f"{P}option.project", project=project(arg), cost=cost) if cost else msg(
            f"{P}option.project.free", project=project(arg))
    if verb == "convert":
        if arg == 0:
            return msg(f"{P}option.convert.plants", n=greenery_plants(st, s))
        return msg(f"{P}option.convert.heat")
    if verb == "claim":
        return msg(f"{P}option.claim", milestone=milestone(st, arg), cost=st.game.rules.claim_cost)
    if verb == "fund":
        return msg(f"{P}option.fund", award=award(st, arg), cost=fund_cost(st))
    if verb == "option":
        return msg(f"{P}option.option", k=arg + 1, effects=effects(st, choice_ops(st, frame, arg), frame[2]))
    if verb == "player":
        return msg(f"{P}option.player", player=player(arg))
    if verb == "amount":
        return msg(f"{P}option.amount", x=arg)
    if verb == "place":
        return place_option(st, arg)
    if verb == "pay":
        return msg(f"{P}option.pay", payment=payment(st, s, frame[2] if frame[0] == F_PAY else 0, arg))
    if verb == "done" and frame[0] == F_SELL:
        return msg(f"{P}option.done.sell")
    if verb == "done" and frame[0] == F_FINAL:
        return msg(f"{P}option.done.final")
    return msg(f"{P}option.{verb}")  # pass, end, done, yes, no, nobody
