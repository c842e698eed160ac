"""Plain-text pictures of a tm-dice position for terminal front ends (strings only).

`position_lines(state, seat)` shows what `seat` may see: the tracks, the map, the
pool, milestones and awards, every seat's dice grouped by colour and face, wild
tokens, VP and cards in play, and the seat's own hand with costs and effects.
Stand-in components are marked with `*` (legend at the bottom).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.games.tm_dice.content import STANDIN_LABEL, label
from ludoteca.games.tm_dice.dice import N_RESOURCES
from ludoteca.games.tm_dice.tasks import CITY, FOREST, OCEAN, SPECIAL

if TYPE_CHECKING:
    from ludoteca.games.tm_dice.state import TMDiceState

TILE_MARKS = {0: ".", OCEAN: "~", FOREST: "F", CITY: "C", SPECIAL: "S"}


def _mark(status: str, parts: tuple[str, ...] = ()) -> str:
    return "*" if label(status, parts) else ""


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
    content = state._game.content
    groups = []
    for c, colour in enumerate(content.colours):
        faces = [f"{state._dice[seat * N_RESOURCES + r]} {content.resources[r]}"
                 for r in range(3 * c, 3 * c + 3) if state._dice[seat * N_RESOURCES + r]]
        if faces:
            groups.append(f"{colour}: {', '.join(faces)}")
    return "; ".join(groups) or "no dice"


def position_lines(state: TMDiceState, seat: int) -> list[str]:
    game = state._game
    content = game.content
    lines = []
    for t in content.parameters:
        step = state._params[t.index]
        bar = "#" * step + "-" * (t.steps - step)
        lines.append(f"{t.name:12} [{bar}] {t.value(step)}{t.unit}{' complete' if step >= t.steps else ''}")
    lines += map_lines(state)
    lines.append("pool: " + ", ".join(f"{n} {c}" for c, n in zip(content.colours, state._pool, strict=True)))
    ms = []
    for slot, m in enumerate(state._milestones):
        milestone = content.milestones[m]
        owner = state._ms_owner[slot]
        who = {-1: "open", -2: "removed"}.get(owner, f"seat {owner}")
        ms.append(f"{milestone.name}{_mark(milestone.status)} ({milestone.text}): {who}")
    lines.append("milestones: " + "; ".join(ms))
    lines.append("awards: " + ", ".join(content.resources[r] for r in state._awards))
    width = game.n_cards
    for s in range(state._n):
        corp = content.cards[state._corp[s]] if state._corp[s] >= 0 else None
        played = [f"{c.name}{_mark(c.status, c.standin_parts)}" + (f" x{n}" if n > 1 else "")
                  for c in content.cards[:content.corp_base] if (n := state._tableau[s * width + c.index])]
        lines.append(f"seat {s}{' (you)' if s == seat else ''}: {state._vp[s]} VP, {state._wild[s]} wild, "
                     f"{dice_text(state, s)}; {state.hand_size(s)} cards in hand; corporation "
                     f"{corp.name + _mark(corp.status, corp.standin_parts) if corp else '-'}")
        if played:
            lines.append("  in play: " + ", ".join(played))
    if 0 <= seat < state._n:
        p = content.n_projects
        for c in content.cards[:p]:
            if state._hand[seat * p + c.index]:
                lines.append(f"  hand: {c.name}{_mark(c.status, c.standin_parts)} [{c.id}] {c.text}")
    lines.append(f"* {STANDIN_LABEL}; the map and four dice's face counts are ours too")
    return lines
