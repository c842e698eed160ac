"""Plain-text pictures of a tm-dice position for terminal front ends (strings only), in the
process's language (`ludoteca.core.i18n.set_language`; the words are `tm_dice.term.*` and
the component messages of `texts.py`).

`position_lines(state, seat)` shows what `seat` may see: the tracks, the map, the
pool, milestones and awards, every seat's dice grouped by colour and face, wild
tokens, VP and cards in play, and the seat's own hand with costs and effects.
Stand-in components are marked with `*` (legend at the bottom). Area labels and the
map's tile marks (`~` ocean, `F` forest, `C` city, `S` special, `o` a free ocean area)
are the same in every language, like the notation.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import Message, msg, say, tr
from ludoteca.games.tm_dice import texts
from ludoteca.games.tm_dice.cards import Card
from ludoteca.games.tm_dice.content import label
from ludoteca.games.tm_dice.dice import N_RESOURCES
from ludoteca.games.tm_dice.tasks import CITY, FOREST, OCEAN, SPECIAL

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.state import TMDiceState

TILE_MARKS = {0: ".", OCEAN: "~", FOREST: "F", CITY: "C", SPECIAL: "S"}


def _mark(status: str, parts: tuple[str, ...] = ()) -> str:
    return "*" if label(status, parts) else ""


def _card(card: Card) -> str:
    return say(texts.card_name(card.id)) + _mark(card.status, card.standin_parts)


def map_lines(state: TMDiceState) -> list[str]:
    """The hex map, one text row per board row; ocean areas still free show `o`."""
    content = state._game.content
    rows: dict[int, list[int]] = {}
    for area in content.areas:
        rows.setdefault(area.r, []).append(area.index)
    width = max(len(r) for r in rows.values())
    lines = []
    for r in sorted(rows):
        cells = []
        for a in sorted(rows[r], key=lambda i: content.areas[i].q):
            area = content.areas[a]
            tile = state._board[a]
            mark = TILE_MARKS[tile] if tile else ("o" if area.ocean else ".")
            owner = str(state._board_seat[a]) if state._board_seat[a] >= 0 else " "
            cells.append(f"{area.label}{mark}{owner}")
        lines.append(" " * int(2.5 * (width - len(rows[r]))) + " ".join(cells))
    return lines


def dice_text(state: TMDiceState, seat: int) -> str:
    """A seat's dice by colour: "green: 2 plants, 1 microbe; red: 1 heat"."""
    content = state._game.content
    groups = []
    for c, colour in enumerate(content.colours):
        faces: list[Message] = [texts.amount(content.resources[r], n) for r in range(3 * c, 3 * c + 3)
                                if (n := state._dice[seat * N_RESOURCES + r])]
        if faces:
            groups.append(tr("tm_dice.term.colour_dice", colour=texts.colour(colour), faces=faces))
    return "; ".join(groups) or tr("tm_dice.table.no_dice")


def position_lines(state: TMDiceState, seat: int) -> list[str]:
    game = state._game
    content = game.content
    lines = []
    for t in content.parameters:
        step = state._params[t.index]
        bar = "#" * step + "-" * (t.steps - step)
        done = f" {tr(f'tm_dice.table.complete.{t.id}')}" if step >= t.steps else ""
        lines.append(f"{say(texts.track_name(t.id)):12} [{bar}] {t.value(step)}{t.unit}{done}")
    lines += map_lines(state)
    lines.append(tr("tm_dice.term.pool", dice=[texts.dice(c, n) for c, n in zip(content.colours, state._pool,
                                                                                   strict=True)]))
    ms = []
    for slot, m in enumerate(state._milestones):
        milestone = content.milestones[m]
        owner = state._ms_owner[slot]
        who = {-1: msg("tm_dice.table.open"), -2: msg("tm_dice.table.removed")}.get(
            owner, msg("core.seat", n=owner + 1))
        name = say(texts.milestone_name(milestone.id)) + _mark(milestone.status)
        ms.append(tr("tm_dice.term.milestone", name=name,
                     requirement=texts.milestone_requirement(content, milestone), who=who))
    lines.append(tr("tm_dice.term.milestones", items="; ".join(ms)))
    awards = [texts.resource(content.resources[r]) for r in state._awards]
    lines.append(tr("tm_dice.term.awards", items=awards))
    width = game.n_cards
    for s in range(state._n):
        corp = content.cards[state._corp[s]] if state._corp[s] >= 0 else None
        played = [_card(c) + (f" ×{n}" if n > 1 else "")
                  for c in content.cards[:content.corp_base] if (n := state._tableau[s * width + c.index])]
        lines.append(tr("tm_dice.term.seat_you" if s == seat else "tm_dice.term.seat",
                        seat=msg("core.seat", n=s + 1), vp=msg("tm_dice.vp", n=state._vp[s]),
                        wild=msg("tm_dice.wild_tokens", n=state._wild[s]),
                        dice=dice_text(state, s), hand=msg("tm_dice.table.in_hand", n=state.hand_size(s)),
                        corporation=_card(corp) if corp else "-"))
        if played:
            lines.append(tr("tm_dice.term.in_play", cards=", ".join(played)))
    if 0 <= seat < state._n:
        p = content.n_projects
        for c in content.cards[:p]:
            if state._hand[seat * p + c.index]:
                cost = texts.icons(content, c.cost_icons)
                lines.append(tr("tm_dice.term.hand", card=_card(c), id=c.id, cost=cost,
                                effects=" · ".join(say(e) for e in texts.card_effects(content, c))))
    lines.append(tr("tm_dice.term.legend"))
    return lines
