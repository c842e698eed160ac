"""Read-only component data of Terraforming Mars: The Dice Game for the browser table.

`tm_dice_components(game)` copies the packaged data (`ludoteca.games.tm_dice.content`)
into JSON a drawing program can read; it knows no rule. Every text is a message
(`ludoteca.core.i18n`, built by `texts.py`) that the browser renders in its reader's
language; every record that is not official carries `standin`: the message of the label
to show beside it (`core.standin`, or `tm_dice.standin.partial` for a record observed in
play and completed by us), None for official data.

`{"game": "tm-dice", "standin_label": message,
  "colours": [{"id", "name", "standin"}],           # standin: the face counts are ours
  "resources": {id: {"id", "name", "colour", "faces", "standin"}},
  "map": {"standin", "areas": [{"label", "q", "r", "ocean", "bonus": message | None,
                                "bonus_ops": [data effect]}]},
  "tracks": [{"id", "name", "unit", "start", "step", "steps", "standin",
              "bonuses": [{"step", "value", "text"}]}],
  "vp_bonus_steps": [5, 12], "keep_dice", "hand_size",
  "solo": {"turns", "award_targets": {faces: icons}, "award_vp", "standin"},
  "cards": {id: {"id", "name", "kind", "colour", "cost": [icon], "cost_text", "effects": [message],
                 "action", "vp_end", "standin", "standin_parts"}},
  "milestones": {id: {"id", "name", "requirement", "standin"}},
  "awards": {resource id: message},                  # the goal of an award die showing it
  "conversions": {id: {"id", "cost": [icon], "effect": message}}}`

A cost icon is a resource id, `any_<colour>` (any resource of that colour) or `any` (any
resource); `cost_text` says the whole cost in words ("3 resources of your choice").
Areas use axial coordinates: neighbours differ by (±1, 0), (0, ±1), (1, −1), (−1, 1).
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.api import Game
from ludoteca.core.i18n import msg
from ludoteca.games.tm_dice import texts
from ludoteca.games.tm_dice.cards import Card
from ludoteca.games.tm_dice.content import Content
from ludoteca.games.tm_dice.views import _icon as cost_icon

STANDIN = msg("core.standin")


def _icon(content: Content, icon: int) -> str:
    """A cost icon as the observations and option payloads write it."""
    return cost_icon(content.resources, content.colours, icon)


def _card(content: Content, card: Card) -> dict[str, Any]:
    return {
        "id": card.id, "name": texts.card_name(card.id), "kind": card.kind,
        "colour": ("green", "red", "blue")[card.colour] if card.colour >= 0 else None,
        "cost": [_icon(content, i) for i in card.cost_icons],
        "cost_text": texts.icons(content, card.cost_icons) if card.cost_icons else None,
        "effects": texts.card_effects(content, card),
        "action": ("support", "main", "free")[card.timing] if card.timing >= 0 else None,
        "vp_end": card.vp_end,
        "standin": texts.standin(card.status, card.standin_parts),
        "standin_parts": list(card.standin_parts),
    }


def _solo(solo: dict[str, Any]) -> dict[str, Any]:
    """The solo award targets: icons needed per award die, by how many faces show its symbol."""
    ours = "standin" in (solo.get("award_thresholds_status"), solo.get("award_vp_status"))
    return {"turns": solo["turns"], "award_targets": dict(solo["award_thresholds"]),
            "award_vp": solo["award_vp"], "standin": STANDIN if ours else None}


def tm_dice_components(game: Game) -> dict[str, Any]:
    content: Content = game.content  # type: ignore[attr-defined]  # only TMDiceGame calls this
    resources = {}
    for r, rid in enumerate(content.resources):
        resources[rid] = {"id": rid, "name": texts.resource(rid), "colour": content.colours[r // 3],
                          "faces": content.face_counts[r],
                          "standin": texts.standin(content.resource_status[r])}
    tracks = []
    for t in content.parameters:
        bonuses = [{"step": k, "value": t.value(k), "text": texts.ops(content, b)}
                   for k, b in enumerate(t.bonuses) if b]
        tracks.append({"id": t.id, "name": texts.track_name(t.id), "unit": t.unit, "start": t.start,
                       "step": t.step, "steps": t.steps, "standin": texts.standin(t.status),
                       "bonuses": bonuses})
    milestones = {}
    for m in content.milestones:
        milestones[m.id] = {"id": m.id, "name": texts.milestone_name(m.id),
                            "requirement": texts.milestone_requirement(content, m),
                            "standin": texts.standin(m.status)}
    return {
        "game": "tm-dice",
        "standin_label": STANDIN,
        "colours": [{"id": c, "name": texts.colour(c), "standin": STANDIN if status != "official" else None}
                    for c, status in zip(content.colours, content.colour_status, strict=True)],
        "resources": resources,
        "map": {
            "standin": texts.standin(content.map_status),
            "areas": [{"label": a.label, "q": a.q, "r": a.r, "ocean": a.ocean,
                       "bonus": texts.ops(content, a.bonus) if a.bonus else None,
                       "bonus_ops": list(a.bonus_text)} for a in content.areas],
        },
        "tracks": tracks,
        "vp_bonus_steps": list(content.rules["vp_bonus_steps"]),
        "keep_dice": content.rules["keep_dice"],
        "solo": _solo(content.rules["solo"]),
        "hand_size": content.rules["hand_size"],
        "cards": {c.id: _card(content, c) for c in content.cards},
        "milestones": milestones,
        "awards": {rid: texts.award(rid) for rid in content.resources},
        "conversions": {c.id: {"id": c.id, "cost": [_icon(content, i) for i in c.cost],
                               "effect": texts.ops(content, c.ops)} for c in content.conversions},
    }
