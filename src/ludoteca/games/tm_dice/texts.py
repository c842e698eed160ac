"""The Dice Game's words as messages (`ludoteca.core.i18n`): component names, the effect
texts generated from the effect data, milestone requirements, awards, decisions, options
and the log. The texts themselves are the catalogs in `messages/*.json` (`components.*`
for the components, `<lang>.json` for the rest); this module only says which key and
which params. Keys of components are built from the data's ids (`tm_dice.card.<id>`,
`tm_dice.resource.<id>`, `tm_dice.colour.<id>`): `tests/tm_dice/test_tmd_texts.py` checks that
every id of the packaged data has them.

Nothing here is called by the engine's hot path: messages are built only when asked for.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import Message, msg, seat
from ludoteca.games.tm_dice.actions import (
    V_ACTIONS,
    V_AWARD,
    V_BONUS,
    V_COLOUR,
    V_CONVERT,
    V_CORP,
    V_DEAL,
    V_DISCARD,
    V_DONE,
    V_DRAW,
    V_DRAW_CARDS,
    V_END,
    V_FIRST,
    V_GIFT,
    V_KEEP,
    V_MILESTONE,
    V_PASS,
    V_PAY,
    V_PLACE,
    V_PLAY,
    V_PRODUCTION,
    V_ROLL,
    V_SKIP,
    V_STACK,
    V_SUPPORT,
    V_TAKE,
    V_TURN,
    V_TURN_DIE,
    V_USE,
)
from ludoteca.games.tm_dice.cards import Card
from ludoteca.games.tm_dice.content import Content, Milestone
from ludoteca.games.tm_dice.dice import ANY, ANY_COLOUR, ANY_OF, WILD
from ludoteca.games.tm_dice.ops import Op, Ops
from ludoteca.games.tm_dice.tasks import (
    C_AWARD,
    C_BONUS_STACK,
    C_DEAL_CORP,
    C_DRAW,
    C_MILESTONE,
    C_ROLL,
    CARD_COLOURS,
    D_BONUS,
    D_COLOUR,
    D_CORP,
    D_DISCARD,
    D_END,
    D_GIFT,
    D_KEEP,
    D_MAIN,
    D_ORDER,
    D_PAY,
    D_SUPPORT,
    D_TURN,
    D_WHITE,
    OP_DRAW,
    OP_GAIN_DICE_ONE_COLOUR,
    OP_GAIN_DIE,
    OP_GAIN_FACE,
    OP_GAIN_VP,
    OP_GAIN_WILD,
    OP_PLACE,
    OP_RAISE,
    OP_TURN_DIE,
    PARAMETERS,
    TILES,
    TIMINGS,
)

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.state import TMDiceState

WHITE = "white"  # the white die: a die of any colour


# ------------------------------------------------------------------ components
def colour(colour_id: str) -> Message:
    """A die colour's name ("green", "verde", "vert")."""
    return msg(f"tm_dice.colour.{colour_id}")


def dice(colour_id: str, n: int) -> Message:
    """n dice of a colour ("2 green dice", "2 dados verdes"); `white`: the white die."""
    return msg(f"tm_dice.dice.{colour_id}", n=n)


def resource(resource_id: str) -> Message:
    """A resource (a die face) by name, or `wild`: a wild token."""
    return msg(f"tm_dice.resource.{resource_id}")


def amount(resource_id: str, n: int) -> Message:
    """n of a resource ("2 plants", "2 plantas", "2 plantes")."""
    return msg(f"tm_dice.amount.{resource_id}", n=n)


def card_name(card_id: str) -> Message:
    return msg(f"tm_dice.card.{card_id}")


def milestone_name(milestone_id: str) -> Message:
    return msg(f"tm_dice.milestone.{milestone_id}")


def track_name(track_id: str) -> Message:
    return msg(f"tm_dice.track.{track_id}")


def tile(code: int) -> Message:
    """A tile with its article, as placed ("an ocean", "um oceano", "un océan")."""
    return msg(f"tm_dice.tile.a.{TILES[code]}")


def tile_name(tile_id: str) -> Message:
    """A tile's name alone ("forest")."""
    return msg(f"tm_dice.tile.{tile_id}")


def icon(content: Content, code: int) -> Message:
    """A cost icon: a resource, any resource of a colour (the coloured "?"), any resource."""
    if code == ANY:
        return msg("tm_dice.icon.any")
    if code >= ANY_OF:
        return msg(f"tm_dice.icon.any.{content.colours[code - ANY_OF]}")
    return resource(content.resources[code])


def icons(content: Content, codes: tuple[int, ...]) -> Message:
    """Cost icons as one text, identical icons counted ("3 heat", "2 any resources")."""
    counted: dict[int, int] = {}
    for c in codes:
        counted[c] = counted.get(c, 0) + 1
    parts = []
    for c, n in counted.items():
        if c == ANY:
            parts.append(msg("tm_dice.icon.any.n", n=n))
        elif c >= ANY_OF:
            parts.append(msg(f"tm_dice.icon.any.{content.colours[c - ANY_OF]}.n", n=n))
        else:
            parts.append(amount(content.resources[c], n))
    return msg("tm_dice.list", items=parts) if parts else msg("tm_dice.nothing")


def standin(status: str, parts: tuple[str, ...] = ()) -> Message | None:
    """The label of a component that is not official (`content.label`), as a message."""
    if status == "standin":
        return msg("core.standin")
    if status == "observed" and parts:
        return msg("tm_dice.standin.partial")
    return None


def op(content: Content, o: Op) -> Message:
    """One effect of the data (`ops.py`) in words ("raise the temperature 1 step")."""
    code = o[0]
    if code == OP_GAIN_DIE:
        which = WHITE if o[1] == ANY_COLOUR else content.colours[o[1]]
        return msg("tm_dice.op.gain_die", dice=dice(which, o[2]))
    if code == OP_GAIN_DICE_ONE_COLOUR:
        return msg("tm_dice.op.gain_dice_one_colour", n=o[1])
    if code == OP_GAIN_FACE:
        return msg("tm_dice.op.gain_face", what=amount(content.resources[o[1]], o[2]))
    if code == OP_GAIN_WILD:
        return msg("tm_dice.op.gain_wild", n=o[1])
    if code == OP_GAIN_VP:
        return msg("tm_dice.op.gain_vp", n=o[1])
    if code == OP_DRAW:
        return msg("tm_dice.op.draw", n=o[1])
    if code == OP_RAISE:
        return msg(f"tm_dice.op.raise.{PARAMETERS[o[1]]}", n=o[2])
    if code == OP_PLACE:
        return msg("tm_dice.op.place", tile=tile(o[1]))
    if code == OP_TURN_DIE:
        return msg("tm_dice.op.turn_die")
    return msg("tm_dice.op.opponents_lose", resource=resource(content.resources[o[1]]))


def ops(content: Content, effects: Ops) -> Message:
    """Several effects, in order ("gain 1 yellow die, draw 2 cards")."""
    return msg("tm_dice.list", items=[op(content, o) for o in effects])


def _production(content: Content, card: Card) -> list[Message]:
    items = [dice(content.colours[c], n) for c, n in enumerate(card.prod_dice) if n]
    if card.prod_white:
        items.append(dice(WHITE, card.prod_white))
    if card.prod_wild:
        items.append(msg("tm_dice.wild_tokens", n=card.prod_wild))
    if card.prod_vp:
        items.append(msg("tm_dice.vp", n=card.prod_vp))
    return items


def card_effects(content: Content, card: Card) -> list[Message]:
    """What a card, bonus card or corporation does, one message per part, in the order of
    the printed card: start bonus, production box, effects when played, blue action,
    storage, discounts, reactions, effects on playing a colour, VP now, VP at the end
    (its cost is shown by its icons)."""
    out = []
    start = [msg("tm_dice.wild_tokens", n=card.start_wild)] * bool(card.start_wild)
    start += [msg("tm_dice.vp", n=card.start_vp)] * bool(card.start_vp)
    start += [amount(content.resources[r], n) for r, n in card.start_faces]
    if start:
        out.append(msg("tm_dice.effect.start", items=start))
    production = _production(content, card)
    if production:
        out.append(msg("tm_dice.effect.production", items=production))
    if card.play:
        out.append(ops(content, card.play))
    if card.timing >= 0:
        key = f"tm_dice.effect.action.{TIMINGS[card.timing]}"
        action = ops(content, card.action_ops)
        if card.action_cost:
            out.append(msg(key, cost=icons(content, card.action_cost), effects=action))
        else:
            out.append(msg(f"{key}.free", effects=action))
    if card.storage:
        out.append(msg("tm_dice.effect.storage", n=card.storage))
    for r, n in card.discount:
        out.append(msg("tm_dice.effect.discount", what=amount(content.resources[r], n)))
    for code, reaction in card.reactions:
        out.append(msg("tm_dice.effect.reaction", tile=tile(code), effects=ops(content, reaction)))
    for c, on_play in card.on_play:
        out.append(msg("tm_dice.effect.on_play", card=msg(f"tm_dice.card_a.{CARD_COLOURS[c]}"),
                       effects=ops(content, on_play)))
    if card.vp_now:
        out.append(msg("tm_dice.effect.vp_now", n=card.vp_now))
    if card.vp_end:
        out.append(msg("tm_dice.effect.vp_end", n=card.vp_end))
    return out


def milestone_requirement(content: Content, m: Milestone) -> Message:
    """What a milestone asks ("have placed 3 forests")."""
    if m.kind == "tiles":
        return msg(f"tm_dice.requirement.tiles.{TILES[m.arg]}", n=m.n)
    if m.kind == "cards":
        return msg(f"tm_dice.requirement.cards.{CARD_COLOURS[m.arg]}", n=m.n)
    if m.kind == "cost_colours" and m.n == len(content.colours):
        return msg("tm_dice.requirement.cost_colours_all", n=m.n)
    return msg(f"tm_dice.requirement.{m.kind}", n=m.n)


def award(resource_id: str) -> Message:
    """An award die's goal: the most icons of its face in the costs of played cards."""
    return msg("tm_dice.award", resource=resource(resource_id))


# ------------------------------------------------------------------ decisions
SIMPLE_DECISIONS = {D_CORP: "corporation", D_TURN: "turn", D_SUPPORT: "support", D_MAIN: "main", D_END: "end",
                    D_DISCARD: "discard", D_BONUS: "bonus", OP_TURN_DIE: "turn_die"}


def decision(state: TMDiceState) -> Message:
    """The decision or chance node at the top of the stack, as the deciding seat reads it
    (the same facts as the prompt's English text, `views.decision`)."""
    content = state._game.content
    task = state._stack[-1]
    kind = task[0]
    if kind == C_ROLL:
        return msg("tm_dice.prompt.roll", dice=dice(content.colours[task[2]], task[3]), seat=seat(task[1]))
    if kind == C_DRAW:
        if state._deck_size:
            return msg("tm_dice.prompt.draw", seat=seat(task[1]), n=task[2], deck=state._deck_size)
        return msg("tm_dice.prompt.draw_shuffle", seat=seat(task[1]), n=task[2])
    if kind == C_DEAL_CORP:
        return msg("tm_dice.prompt.deal", seat=seat(task[1]))
    if kind == C_BONUS_STACK:
        return msg("tm_dice.prompt.stack", n=task[2])
    if kind == C_AWARD:
        return msg("tm_dice.prompt.award", i=task[2] + 1)
    if kind == C_MILESTONE:
        return msg("tm_dice.prompt.milestone", i=task[2] + 1)
    if kind in SIMPLE_DECISIONS:
        return msg(f"tm_dice.prompt.{SIMPLE_DECISIONS[kind]}")
    if kind == D_GIFT:
        return msg("tm_dice.prompt.gift", seat=seat(task[2]))
    if kind == D_KEEP:
        return msg("tm_dice.prompt.keep", n=task[2])
    if kind == D_PAY:
        return msg("tm_dice.prompt.pay", cost=icons(content, task[2]))
    if kind == D_COLOUR:
        return msg("tm_dice.prompt.colour", n=task[2])
    if kind == D_WHITE:
        return msg("tm_dice.prompt.white", n=task[2])
    if kind == D_ORDER:
        return msg("tm_dice.prompt.order", effects=ops(content, task[2]))
    return msg("tm_dice.prompt.place", tile=tile(task[2]))


PLAIN_VERBS = {V_PRODUCTION: "production", V_ACTIONS: "actions", V_TURN_DIE: "turn_die",
               V_SUPPORT: "support", V_DONE: "done", V_END: "end", V_SKIP: "skip",
               V_PASS: "pass"}
CARD_VERBS = {V_DRAW: "draw", V_DISCARD: "discard", V_PLAY: "play", V_USE: "use", V_DEAL: "deal",
              V_CORP: "corporation", V_STACK: "stack", V_BONUS: "bonus"}
RESOURCE_VERBS = {V_ROLL: "roll", V_AWARD: "award", V_KEEP: "keep", V_GIFT: "gift", V_PAY: "pay"}


def _words(state: TMDiceState, action: int, part: str) -> Message:
    """The option (`part` "option") or the log line ("log") of an action."""
    game = state._game
    content = game.content
    verb, arg = game.codec.decode(action)
    if verb in PLAIN_VERBS:
        return msg(f"tm_dice.{part}.{PLAIN_VERBS[verb]}")
    if verb == V_DRAW_CARDS:
        return msg(f"tm_dice.{part}.draw_cards", n=content.rules["support_draw"])
    if verb in CARD_VERBS:
        index = arg
        if verb in (V_DEAL, V_CORP):
            index = content.corp_base + arg
        elif verb in (V_STACK, V_BONUS):
            index = content.bonus_base + arg
        return msg(f"tm_dice.{part}.{CARD_VERBS[verb]}", card=card_name(content.cards[index].id))
    if verb in RESOURCE_VERBS:
        what = "wild" if arg == WILD else content.resources[arg]
        return msg(f"tm_dice.{part}.{RESOURCE_VERBS[verb]}", resource=resource(what))
    if verb == V_MILESTONE:
        return msg(f"tm_dice.{part}.milestone", milestone=milestone_name(content.milestones[arg].id))
    if verb == V_TAKE:
        return msg(f"tm_dice.{part}.take", dice=dice(content.colours[arg], 1))
    if verb == V_COLOUR:
        return msg(f"tm_dice.{part}.colour", colour=colour(content.colours[arg]))
    if verb == V_CONVERT:
        conv = content.conversions[arg]
        return msg(f"tm_dice.{part}.convert", cost=icons(content, conv.cost), effects=ops(content, conv.ops))
    if verb == V_TURN:
        a, b = game.codec.pairs[arg]
        return msg(f"tm_dice.{part}.turn", source=resource(content.resources[a]),
                   target=resource(content.resources[b]))
    if verb == V_PLACE:
        return msg(f"tm_dice.{part}.place", area=content.areas[arg].label)
    assert verb == V_FIRST
    return msg(f"tm_dice.{part}.first", effect=op(content, game.codec.effects[arg]))


def option(state: TMDiceState, action: int) -> Message:
    """What choosing `action` now means ("Play Heat Vents", "Pay with steel")."""
    return _words(state, action, "option")


def logged(state: TMDiceState, action: int) -> Message:
    """`action`, applied in `state`, as the log tells it (past tense, without the player)."""
    return _words(state, action, "log")

