"""Read-only views of a tm-dice state: what a seat sees, the full dump, decision texts
and option payloads.

Public: the board, the tracks, the pool, every seat's dice, wild tokens, VP, cards
in play (and which blue actions are used), hand sizes, the discard pile, the deck
and bonus stack sizes, milestones, awards and everything pending on the stack. A
seat also sees its own hand, the corporations dealt to it, and the bonus stack once
it has looked through it. A spectator (`public_observation`, viewer `SPECTATOR`) sees
only the public part. Components that are not official carry their label in
`labels` (and option payloads carry it as `standin`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.api import CHANCE
from ludoteca.core.prompt import Option
from ludoteca.games.tm_dice.actions import (
    V_AWARD,
    V_BONUS,
    V_COLOUR,
    V_CONVERT,
    V_CORP,
    V_DEAL,
    V_DISCARD,
    V_DRAW,
    V_FIRST,
    V_GIFT,
    V_KEEP,
    V_MILESTONE,
    V_PAY,
    V_PLACE,
    V_PLAY,
    V_ROLL,
    V_STACK,
    V_TAKE,
    V_TURN,
    V_USE,
    VERB_NAMES,
)
from ludoteca.games.tm_dice.base import (
    C_BONUS_PENDING,
    C_BONUS_SEEN,
    C_PROD,
    C_STORAGE,
    C_TERRAFORM,
    C_TILES,
    C_VP_END,
    C_WIDTH,
)
from ludoteca.games.tm_dice.cards import Card
from ludoteca.games.tm_dice.content import STANDIN_LABEL, label
from ludoteca.games.tm_dice.dice import N_RESOURCES, WILD
from ludoteca.games.tm_dice.ops import op_id
from ludoteca.games.tm_dice.scoring import award_points, milestone_points, symbol_counts
from ludoteca.games.tm_dice.tasks import (
    A_DRAW_TO,
    A_PROD_TAKE,
    A_PRODUCE,
    A_REFRESH,
    A_RESOLVE,
    A_REVEAL,
    A_START_TURN,
    A_TURN_END,
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
    OP_OPPONENTS_LOSE,
    OP_PLACE,
    OP_RAISE,
    OP_TURN_DIE,
    PARAMETERS,
    TILES,
    TIMINGS,
)

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.state import TMDiceState

STANDIN_RULE = "every id starting pd_"
PENDING_SHOWN = 4  # pending tasks listed in an observation, next first


def running_scores(state: TMDiceState) -> list[float]:
    ms = milestone_points(state)
    return [float(state._vp[s] + ms[s] + state._counts[s * C_WIDTH + C_VP_END]) for s in range(state._n)]


def _res(state: TMDiceState, r: int) -> str:
    return "wild" if r == WILD else state._game.content.resources[r]


def _card_view(card: Card, state: TMDiceState) -> dict[str, Any]:
    ops = state._game.content
    view: dict[str, Any] = {"id": card.id, "name": card.name, "kind": card.kind, "text": card.text}
    if card.colour >= 0:
        view["colour"] = CARD_COLOURS[card.colour]
    if card.cost_icons:
        view["cost"] = [_icon(ops.resources, ops.colours, i) for i in card.cost_icons]
    if card.timing >= 0:
        view["action"] = TIMINGS[card.timing]
    if card.vp_end:
        view["vp_end"] = card.vp_end
    text = label(card.status, card.standin_parts)
    if text:
        view["standin"] = text
        if card.standin_parts:
            view["standin_parts"] = list(card.standin_parts)
    return view


def _icon(resources: tuple[str, ...], colours: tuple[str, ...], icon: int) -> str:
    if icon < N_RESOURCES:
        return resources[icon]
    if icon < 20:
        return f"any_{colours[icon - 15]}"
    return "any"


def _counts_by_id(state: TMDiceState, counts: list[int], off: int, size: int,
                  base: int = 0) -> dict[str, int]:
    cards = state._game.content.cards
    return {cards[base + i].id: counts[off + i] for i in range(size) if counts[off + i]}


def describe_task(state: TMDiceState, task: tuple) -> str:
    """A public, one-line description of a pending task."""
    content = state._game.content
    kind, seat = task[0], task[1]
    who = f"seat {seat}"
    if kind == C_ROLL:
        return f"roll {task[3]} {content.colours[task[2]]} for {who}"
    if kind == C_DRAW:
        return f"{who} draws {task[2]}"
    if kind == D_PAY:
        icons = ", ".join(_icon(content.resources, content.colours, i) for i in task[2])
        return f"{who} pays {icons}"
    if kind == D_KEEP:
        kept = [content.resources[r] for r in range(N_RESOURCES) for _ in range(task[3][r])]
        return f"{who} keeps up to {task[2]} more dice (kept: {', '.join(kept) or 'none'})"
    if kind == A_RESOLVE:
        return f"{who} plays {content.cards[task[2]].id}"
    if kind == OP_PLACE:
        return f"{who} places {'an' if task[2] == 1 else 'a'} {TILES[task[2]]}"
    if kind == OP_RAISE:
        return f"{who} raises {PARAMETERS[task[2]]} {task[3]}"
    if kind == OP_GAIN_DIE:
        colour = "white" if task[2] == 5 else content.colours[task[2]]
        return f"{who} gains {task[3]} {colour}"
    if kind == OP_GAIN_FACE:
        return f"{who} gains {task[3]} {content.resources[task[2]]}"
    if kind == OP_DRAW:
        return f"{who} draws {task[2]}"
    if kind == D_ORDER:
        return f"{who} resolves {_effects(state, task[2])}"
    return f"{_TASK_NAMES.get(kind, 'effect')} ({who})" if seat >= 0 else _TASK_NAMES.get(kind, "setup")


_TASK_NAMES = {
    A_REVEAL: "reveal corporations", A_START_TURN: "start of turn", A_TURN_END: "end of turn",
    A_PRODUCE: "produce", A_PROD_TAKE: "produce", A_DRAW_TO: "draw up to the hand size",
    A_REFRESH: "blue cards stand up", OP_GAIN_WILD: "gain wild tokens", OP_GAIN_VP: "gain VP",
    OP_GAIN_DICE_ONE_COLOUR: "gain dice of one colour", OP_OPPONENTS_LOSE: "opponents lose a resource",
    C_BONUS_STACK: "set aside the bonus stack", C_AWARD: "roll an award die", C_MILESTONE: "draw a milestone",
    C_DEAL_CORP: "deal corporations", D_CORP: "choose a corporation", D_GIFT: "first player's gift",
    D_TURN: "choose the turn", D_SUPPORT: "support action", D_MAIN: "main action", D_END: "free actions",
    D_DISCARD: "discard", D_COLOUR: "choose a colour", D_WHITE: "white production die",
    D_BONUS: "take a bonus card", OP_TURN_DIE: "turn a die",
}


def _effects(state: TMDiceState, ops: tuple) -> str:
    content = state._game.content
    return ", ".join(op_id(op, content.colours, content.resources) for op in ops)


def _player(state: TMDiceState, s: int, seat: int) -> dict[str, Any]:
    game = state._game
    content = game.content
    p, t = content.n_projects, game.n_cards
    cb = s * C_WIDTH
    counts = state._counts
    mine = seat == -1 or seat == s
    dice = {content.resources[r]: state._dice[s * N_RESOURCES + r]
            for r in range(N_RESOURCES) if state._dice[s * N_RESOURCES + r]}
    prod = counts[cb + C_PROD:cb + C_PROD + 8]
    corp = state._corp[s]
    view: dict[str, Any] = {
        "vp": state._vp[s],
        "wild": state._wild[s],
        "dice": dice,
        "hand_size": state.hand_size(s),
        "corporation": content.cards[corp].id if corp >= 0 else None,
        "corporation_chosen": state._corp_choice[s] >= 0,
        "cards": _counts_by_id(state, state._tableau, s * t, content.corp_base),
        "used": _counts_by_id(state, state._used, s * t, t),
        "production": {"dice": {content.colours[c]: prod[c] for c in range(5) if prod[c]},
                       "white": prod[5], "wild": prod[6], "vp": prod[7]},
        "storage": counts[cb + C_STORAGE],
        "keep": game.keep_dice + counts[cb + C_STORAGE],
        "tiles": {TILES[k]: counts[cb + C_TILES + k] for k in range(1, 5) if counts[cb + C_TILES + k]},
        "terraform": counts[cb + C_TERRAFORM],
        "vp_end": counts[cb + C_VP_END],
        "bonus_pending": counts[cb + C_BONUS_PENDING],
        "award_symbols": [symbol_counts(state, r)[s] for r in state._awards],
    }
    if mine:
        view["hand"] = _counts_by_id(state, state._hand, s * p, p)
        view["dealt_corporations"] = [content.cards[c].id for c in state._dealt[s]]
        if corp < 0 and state._corp_choice[s] >= 0:
            view["corporation_choice"] = content.cards[state._corp_choice[s]].id
    return view


SPECTATOR = -2  # a viewer who holds no seat: public facts only


def observation(state: TMDiceState, seat: int) -> dict[str, Any]:
    """What `seat` sees (seat -1: everything, for the full dump; `SPECTATOR`: the public part)."""
    game = state._game
    content = game.content
    n = state._n
    tracks = content.parameters
    seen_stack = seat == -1 or (seat >= 0 and bool(state._counts[seat * C_WIDTH + C_BONUS_SEEN]))
    players = [_player(state, s, seat) for s in range(n)]
    view: dict[str, Any] = {
        "game": "tm-dice",
        "seat": seat,
        "players": n,
        "current_player": state.current_player(),
        "turn": state._turn + 1,
        "turn_seat": state._seat,
        "decision": decision(state)[0] if not state._over else "terminal",
        "parameters": {
            t.id: {"value": t.value(state._params[t.index]), "step": state._params[t.index], "steps": t.steps,
                   "unit": t.unit, "complete": state._params[t.index] >= t.steps} for t in tracks},
        "end_triggered": state._triggered,
        "turns_left": state._turns_left,
        "board": [{"area": content.areas[a].label, "tile": TILES[k], "seat": state._board_seat[a]}
                  for a, k in enumerate(state._board) if k],
        "pool": dict(zip(content.colours, state._pool, strict=True)),
        "awards": [content.resources[r] for r in state._awards],
        "milestones": [{"id": content.milestones[m].id, "owner": state._ms_owner[i]}
                       for i, m in enumerate(state._milestones)],
        "deck_size": state._deck_size,
        "discard": _counts_by_id(state, state._discard, 0, content.n_projects),
        "bonus_stack_size": state._bonus_size,
        "seats": players,
        "scores": [int(x) if not state._over else x for x in state.scores()],
        "pending": [describe_task(state, task) for task in state._stack[:-PENDING_SHOWN - 1:-1]],
    }
    if seen_stack:
        b0 = content.bonus_base
        view["bonus_stack"] = [content.cards[b0 + b].id for b, k in enumerate(state._bonus) if k]
    if game.solo:
        view["solo"] = {"turn": state._turn + 1, "turns": game.solo_turns, "timer": list(game.solo_timer)}
    if state._over:
        view["final"] = [dict(row) for row in state._final]
    view["standin"] = standin_view(state, view)
    return view


def standin_view(state: TMDiceState, view: dict[str, Any]) -> dict[str, Any]:
    """Which of the components shown are Ludoteca's stand-ins: every `pd_` id, the parts
    listed in each `partly` record (observed in play, completed by us), the map if it is
    ours, and the face counts of the dice colours listed in `dice_faces`."""
    content = state._game.content
    ids = set(view["discard"]) | set(view.get("bonus_stack", ()))
    for p in view["seats"]:
        ids |= set(p["cards"]) | set(p.get("hand", ())) | set(p.get("dealt_corporations", ()))
        if p["corporation"]:
            ids.add(p["corporation"])
    partly = sorted(c.id for c in content.cards if c.id in ids and c.status == "observed" and c.standin_parts)
    return {
        "label": STANDIN_LABEL,
        "ids": STANDIN_RULE,
        "partly": partly,
        "map": content.map_status == "standin",
        "dice_faces": [c for c, status in zip(content.colours, content.colour_status, strict=True)
                       if status != "official"],
    }


def full_state(state: TMDiceState) -> dict[str, Any]:
    content = state._game.content
    return {
        **observation(state, -1),
        "deck": _counts_by_id(state, state._deck, 0, content.n_projects),
        "bonus_stack": [content.cards[content.bonus_base + b].id for b, k in enumerate(state._bonus) if k],
        "dealt": [[content.cards[c].id for c in d] for d in state._dealt],
        "stack": [list(_jsonable(task)) for task in state._stack],
        "legal": state.legal_actions(),
        "history_length": state.move_number(),
    }


def _jsonable(task: tuple) -> list[Any]:
    return [list(x) if isinstance(x, tuple) else x for x in task]


def decision(state: TMDiceState) -> tuple[str, str]:
    content = state._game.content
    task = state._stack[-1]
    kind, seat = task[0], task[1]
    if kind == C_ROLL:
        dice = "die" if task[3] == 1 else "dice"
        return "roll", f"Roll {task[3]} {content.colours[task[2]]} {dice} for seat {seat}"
    if kind == C_DRAW:
        deck = f"{state._deck_size} in the deck" if state._deck_size else "the discard pile is shuffled"
        return "draw", f"Seat {seat} draws a card ({task[2]} to draw, {deck})"
    if kind == C_DEAL_CORP:
        return "deal", f"Deal a corporation to seat {seat}"
    if kind == C_BONUS_STACK:
        return "stack", f"Set a bonus card aside ({task[2]} to go)"
    if kind == C_AWARD:
        return "award", f"Roll award die {task[2] + 1}"
    if kind == C_MILESTONE:
        return "milestone", f"Put milestone {task[2] + 1} in play"
    texts = {
        D_CORP: ("corporation", f"Seat {seat}: keep one of your corporations"),
        D_GIFT: ("gift", f"Seat {seat}: give one resource to seat {task[2] if len(task) > 2 else ''}"),
        D_TURN: ("turn", f"Seat {seat}: a production turn or an action turn"),
        D_SUPPORT: ("support", f"Seat {seat}: a support action"),
        D_MAIN: ("main", f"Seat {seat}: a main action"),
        D_END: ("end", f"Seat {seat}: use a free action or end the turn"),
        D_DISCARD: ("discard", f"Seat {seat}: discard cards, then done"),
        D_BONUS: ("bonus", f"Seat {seat}: take a bonus card and play it free"),
        OP_TURN_DIE: ("turn-die", f"Seat {seat}: turn one of your dice to another face"),
    }
    if kind in texts:
        return texts[kind]
    if kind == D_KEEP:
        return "keep", f"Seat {seat}: keep up to {task[2]} more dice; the rest return to the pool"
    if kind == D_PAY:
        icons = ", ".join(_icon(content.resources, content.colours, i) for i in task[2])
        return "pay", f"Seat {seat}: pay {icons}"
    if kind == D_COLOUR:
        return "colour", f"Seat {seat}: the colour of {task[2]} {'die' if task[2] == 1 else 'dice'} to gain"
    if kind == D_WHITE:
        return "colour", f"Seat {seat}: the colour of a white production die ({task[2]} to choose)"
    if kind == D_ORDER:
        return "order", f"Seat {seat}: the card's effect to resolve next (of {_effects(state, task[2])})"
    return "place", f"Seat {seat}: place {'an' if task[2] == 1 else 'a'} {TILES[task[2]]}"


def action_payload(state: TMDiceState, action: int) -> dict[str, Any]:
    """What a prompt option says of `action` (its verb and the card, die, area... concerned).

    All of it is a function of the id and the game's content but for a `play`'s
    `pay` (the icons after the deciding seat's discounts), so the rest is built once
    per id (`_static_payload`, kept in `game.payloads`) and each call gets a copy of
    its top level (the values inside, the card views and lists, are shared: read them,
    do not change them)."""
    game = state._game
    verb, arg = game.codec.decode(action)
    static = game.payloads.get(action)
    if static is None:
        static = game.payloads[action] = _static_payload(state, verb, arg)
    payload = dict(static)
    if verb == V_PLAY and state.current_player() != CHANCE:
        content = game.content
        cost = state.card_cost(state._stack[-1][1], arg)
        payload["pay"] = [_icon(content.resources, content.colours, i) for i in cost]
    return payload


def bare_option(state: TMDiceState, action: int) -> Option:
    """The `Option` of `action` without a message (`prompt(words=False)`), kept per id in
    `game.bare_options` unless its payload reads the state (a `play`'s pay)."""
    game = state._game
    option = game.bare_options.get(action)
    if option is None:
        option = Option(action, game.codec.to_string(action), action_payload(state, action))
        if game.codec.decoded[action][0] != V_PLAY:
            game.bare_options[action] = option
    return option


def _static_payload(state: TMDiceState, verb: int, arg: int) -> dict[str, Any]:
    """`action_payload` without a `play`'s `pay`: what the id and the content say."""
    game = state._game
    content = game.content
    payload: dict[str, Any] = {"verb": VERB_NAMES[verb]}
    card_index = -1
    if verb in (V_DRAW, V_DISCARD, V_PLAY, V_USE):
        card_index = arg
    elif verb in (V_DEAL, V_CORP):
        card_index = content.corp_base + arg
    elif verb in (V_STACK, V_BONUS):
        card_index = content.bonus_base + arg
    if card_index >= 0:
        payload["card"] = _card_view(content.cards[card_index], state)
    elif verb in (V_GIFT, V_KEEP, V_PAY, V_ROLL, V_AWARD):
        payload["resource"] = _res(state, arg)
        if arg < N_RESOURCES:
            payload["colour"] = content.colours[arg // 3]
            if content.resource_status[arg] == "standin":
                payload["standin"] = STANDIN_LABEL
    elif verb in (V_TAKE, V_COLOUR):
        payload["colour"] = content.colours[arg]
        payload["faces"] = {content.resources[3 * arg + k]: round(content.face_counts[3 * arg + k] / 6, 4)
                            for k in range(3)}
    elif verb == V_TURN:
        a, b = game.codec.pairs[arg]
        payload["from"], payload["to"] = content.resources[a], content.resources[b]
    elif verb == V_PLACE:
        area = content.areas[arg]
        payload.update({"area": area.label, "q": area.q, "r": area.r, "standin": STANDIN_LABEL})
        if area.bonus_text:
            payload["bonus"] = list(area.bonus_text)
    elif verb == V_FIRST:
        payload["effect"] = op_id(game.codec.effects[arg], content.colours, content.resources)
    elif verb == V_CONVERT:
        conv = content.conversions[arg]
        payload.update({"conversion": conv.id,
                        "cost": [_icon(content.resources, content.colours, i) for i in conv.cost]})
    elif verb == V_MILESTONE:
        m = content.milestones[arg]
        payload["milestone"] = {"id": m.id, "name": m.name, "requirement": m.text}
        if m.status != "official":
            payload["standin"] = STANDIN_LABEL
    return payload


def milestone_views(state: TMDiceState) -> list[dict[str, Any]]:
    """The milestones in play with their names, requirements and owners (for UIs)."""
    content = state._game.content
    out = []
    for slot, m in enumerate(state._milestones):
        ms = content.milestones[m]
        row = {"id": ms.id, "name": ms.name, "requirement": ms.text, "owner": state._ms_owner[slot]}
        if ms.status != "official":
            row["standin"] = STANDIN_LABEL
        out.append(row)
    return out


def award_views(state: TMDiceState) -> list[dict[str, Any]]:
    """The award dice with each seat's count of their symbol and the VP they would give now."""
    content = state._game.content
    now = award_points(state)
    return [{"resource": content.resources[r], "colour": content.colours[r // 3],
             "counts": symbol_counts(state, r), "points_now": now} for r in state._awards]

