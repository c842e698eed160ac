"""Read-only component data of Terraforming Mars: The Dice Game for the browser table.

`tm_dice_components(game)` copies the packaged data (`ludoteca.games.tm_dice.content`)
into JSON a drawing program can read; it knows no rule. Every record that is not
official carries `standin`: the label to show beside it ("Ludoteca stand-in (not
official)", or the observed-but-completed label), None for official data.

`{"game": "tm-dice", "standin_label",
  "colours": [{"id", "name", "standin"}],           # standin: the face counts are ours
  "resources": {id: {"id", "name", "short", "colour", "faces", "standin"}},
  "map": {"standin", "areas": [{"label", "q", "r", "ocean", "bonus": text | None}]},
  "tracks": [{"id", "name", "unit", "start", "step", "steps", "standin",
              "bonuses": [{"step", "value", "text"}]}],
  "vp_bonus_steps": [5, 12], "keep_dice", "hand_size",
  "solo": {"turns", "award_targets": {faces: icons}, "award_vp", "standin"},
  "cards": {id: {"id", "name", "kind", "colour", "cost": [icon], "effects": [text], "action",
                 "vp_end", "standin", "standin_parts"}},
  "milestones": {id: {"id", "name", "requirement", "standin"}},
  "conversions": {id: {"id", "cost": [icon], "effect": text}}}`

A cost icon is a resource id, `any_<colour>` (a coloured "?") or `any` (the white "?").
Areas use axial coordinates: neighbours differ by (±1, 0), (0, ±1), (1, −1), (−1, 1).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.api import Game
from ludoteca.games.tm_dice.cards import Card
from ludoteca.games.tm_dice.content import STANDIN_LABEL, Content, label
from ludoteca.games.tm_dice.ops import OpCompiler
from ludoteca.games.tm_dice.views import _icon as cost_icon

SHORT_NAMES = {"megacredit": "MC", "temperature": "°C"}  # names too long for a die face


def _icon(content: Content, icon: int) -> str:
    """A cost icon as the observations and option payloads write it."""
    return cost_icon(content.resources, content.colours, icon)


def _card(content: Content, card: Card) -> dict[str, Any]:
    effects = [part for part in card.text.split(" · ") if not part.startswith("cost ")]
    return {
        "id": card.id, "name": card.name, "kind": card.kind,
        "colour": ("green", "red", "blue")[card.colour] if card.colour >= 0 else None,
        "cost": [_icon(content, i) for i in card.cost_icons],
        "effects": effects,
        "action": ("support", "main", "free")[card.timing] if card.timing >= 0 else None,
        "vp_end": card.vp_end,
        "standin": label(card.status, card.standin_parts) or None,
        "standin_parts": list(card.standin_parts),
    }


def _solo(solo: dict[str, Any]) -> dict[str, Any]:
    """The solo award targets: icons needed per award die, by how many faces show its symbol."""
    ours = "standin" in (solo.get("award_thresholds_status"), solo.get("award_vp_status"))
    return {"turns": solo["turns"], "award_targets": dict(solo["award_thresholds"]),
            "award_vp": solo["award_vp"], "standin": STANDIN_LABEL if ours else None}


def tm_dice_components(game: Game) -> dict[str, Any]:
    content: Content = game.content  # type: ignore[attr-defined]
    ops = OpCompiler(list(content.colours), list(content.resources))
    resources = {}
    for r, rid in enumerate(content.resources):
        name = content.resource_names[r]
        resources[rid] = {"id": rid, "name": name, "short": SHORT_NAMES.get(rid, name[:3].lower()),
                          "colour": content.colours[r // 3], "faces": content.face_counts[r],
                          "standin": label(content.resource_status[r]) or None}
    tracks = []
    for t in content.parameters:
        bonuses = [{"step": k, "value": t.value(k), "text": ops.ops_text(b)}
                   for k, b in enumerate(t.bonuses) if b]
        tracks.append({"id": t.id, "name": t.name, "unit": t.unit, "start": t.start, "step": t.step,
                       "steps": t.steps, "standin": label(t.status) or None, "bonuses": bonuses})
    milestones = {}
    for m in content.milestones:
        milestones[m.id] = {"id": m.id, "name": m.name, "requirement": m.text,
                            "standin": label(m.status) or None}
    return {
        "game": "tm-dice",
        "standin_label": STANDIN_LABEL,
        "colours": [{"id": c, "name": c, "standin": STANDIN_LABEL if status != "official" else None}
                    for c, status in zip(content.colours, content.colour_status, strict=True)],
        "resources": resources,
        "map": {
            "standin": label(content.map_status) or None,
            "areas": [{"label": a.label, "q": a.q, "r": a.r, "ocean": a.ocean,
                       "bonus": ops.ops_text(a.bonus) or None} for a in content.areas],
        },
        "tracks": tracks,
        "vp_bonus_steps": list(content.rules["vp_bonus_steps"]),
        "keep_dice": content.rules["keep_dice"],
        "solo": _solo(content.rules["solo"]),
        "hand_size": content.rules["hand_size"],
        "cards": {c.id: _card(content, c) for c in content.cards},
        "milestones": milestones,
        "conversions": {c.id: {"id": c.id, "cost": [_icon(content, i) for i in c.cost],
                               "effect": ops.ops_text(c.ops)} for c in content.conversions},
    }
