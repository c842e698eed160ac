"""On Mars components as messages (`ludoteca.core.i18n`): names and what each one gives.

The texts are the catalogs `messages/components.<lang>.json` (names, effects) and
`messages/<lang>.json` (prompts, options, log); this module only says which key and which
params, reading the component data (`components.py`). Issue #24: every choice says what it
gives — `*_gives` build that detail for turn-order benefits, techs, Blueprints and their
Advanced Buildings, buildings, Earth Contracts, Scientists, Private Goals, missions,
executive and main actions.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.i18n import Message, msg
from ludoteca.games.on_mars.components import Blueprint, Components

SHELTER_TECH = "shelter"  # the `develop` range's last index: the Shelter Tech tile


def slug_key(name: str) -> str:
    """An id as a catalog key part: "water-extractor" and "water_extractor" -> "water_extractor"."""
    return name.replace("-", "_")


def resource(item: str) -> Message:
    """A resource, crystal or other item by name ("battery")."""
    return msg(f"on_mars.resource.{item}")


def amount(item: str, n: int) -> Message:
    """`n` of an item ("2 batteries", "1 resource of your choice", "2 colonists to the Working Area")."""
    return msg(f"on_mars.amount.{item}", n=n)


def cost(items: dict[str, int] | tuple[tuple[str, int], ...]) -> Message:
    """A price or a gain as a list of amounts; an empty one is "free"."""
    pairs = list(items.items()) if isinstance(items, dict) else list(items)
    if not pairs:
        return msg("on_mars.free")
    return msg("on_mars.cost", items=[amount(k, n) for k, n in pairs])


def building(kind: str) -> Message:
    return msg(f"on_mars.building.{slug_key(kind)}")


def building_gives(kind: str) -> Message:
    """What constructing a building of `kind` gives."""
    return msg(f"on_mars.building.{slug_key(kind)}.gives")


def main_action(name: str) -> Message:
    return msg(f"on_mars.action.{slug_key(name)}")


def main_action_gives(name: str) -> Message:
    return msg(f"on_mars.action.{slug_key(name)}.gives")


def executive(name: str) -> Message:
    return msg(f"on_mars.executive.{slug_key(name)}")


def executive_gives(c: Components, name: str) -> Message:
    return msg("on_mars.executive.gives", cost=amount("crystal", c.executive_costs[slug_key(name)]),
               does=msg(f"on_mars.executive.{slug_key(name)}.gives"))


def benefit(name: str) -> Message:
    """A turn-order, Lab or LSS space's benefit ("take 1 Tech tile")."""
    return msg(f"on_mars.benefit.{slug_key(name)}")


def tech(kind: str) -> Message:
    """A tech tile type's name ("Greenhouse Tech"); "shelter" is the Shelter Tech."""
    return msg(f"on_mars.tech.{slug_key(kind)}")


def tech_gives(kind: str) -> Message:
    """What a tech tile does at its level."""
    key = slug_key(kind)
    if key in ("mine", "generator", "water_extractor", "greenhouse", "oxygen_condenser", SHELTER_TECH):
        return msg("on_mars.tech.building.gives", building=building(key))
    return msg(f"on_mars.tech.{key}.gives")


def discovery(kind: str) -> Message:
    return msg(f"on_mars.discovery.{slug_key(kind)}")


def blueprint_name(number: int) -> Message:
    """"#3 Automated Production" (the published English names; ours in pt-BR and fr)."""
    return msg("on_mars.blueprint", id=number, name=msg(f"on_mars.blueprint.{number}.name"))


def advanced_effect(card: Blueprint) -> Message:
    """What the Advanced Building of `card` does when its action is used."""
    op = card.advanced
    name = op["op"]
    params: dict[str, Any] = {}
    if "n" in op:
        params["n"] = op["n"]
    if name == "construct":
        params["building"] = building(op["type"])
    if name == "produce":
        params["resource"] = resource(op["resource"])
    effect = msg(f"on_mars.advanced.{name}", **params)
    if op.get("boost"):
        return msg("on_mars.advanced.boostable", effect=effect)
    return effect


def blueprint_gives(c: Components, number: int) -> Message:
    """A Blueprint card: level, building, what taking it gives, its Advanced Building's action
    and its OP built / not built."""
    card = c.blueprints[number - 1]
    return msg("on_mars.blueprint.gives", level=card.level, building=building(card.building),
               gain=cost(card.gain), effect=advanced_effect(card), built=card.op_built,
               unbuilt=card.op_unbuilt, scientist=scientist(card.scientist))


def scientist(sid: str) -> Message:
    return msg(f"on_mars.scientist.{slug_key(sid)}")


def scientist_gives(c: Components, sid: str) -> Message:
    """A Scientist: the hiring cost, where it works, what it scores at the end."""
    card = next(s for s in c.scientists if s["id"] == slug_key(sid))
    return msg("on_mars.scientist.gives", cost=cost(card["hire_cost"]), works=building(card["works_in"]),
               scores=building(card["scores"]), op=c.raw["scoring"]["scientist_op_each"])


def contract(c: Components, number: int) -> Message:
    """An Earth Contract with its condition and OP:
    "Earth Contract 7: deliver 4 minerals (9 OP, −4 OP if not done)"."""
    card = c.contracts[number - 1]
    if card["type"] == "upgrade":
        task = msg("on_mars.contract.upgrade", building=building(card["building"]))
    else:
        task = msg("on_mars.contract.delivery", items=cost(card["requires"]))
    return msg("on_mars.contract", id=number, task=task, done=card["op_complete"], failed=-card["op_failed"])


def goal(c: Components, number: int) -> Message:
    """A Private Goal: its test and its alternative reward."""
    card = c.private_goals[number - 1]
    return msg("on_mars.goal", id=number, test=msg(f"on_mars.goal.test.{card['test']}", n=card["n"]),
               reward=goal_reward(card["alt_reward"]))


def goal_reward(name: str) -> Message:
    return msg(f"on_mars.goal.reward.{name}")


def mission(c: Components, number: int, players: int) -> Message:
    """A Mission: what it counts and how many are needed at this player count."""
    card = c.missions[number - 1]
    need = card.required[str(min(max(players, 2), 4))]
    return msg("on_mars.mission", id=number, what=msg(f"on_mars.mission.counts.{card.counts}", n=need),
               crystals=amount("crystal", card.crystals), length=msg(f"on_mars.mission.length.{card.length}"))


def lss_reward(c: Components, rid: str) -> Message:
    card = next(r for r in c.lss_rewards if r["id"] == slug_key(rid))
    return msg(f"on_mars.lss_reward.{card['id']}", n=card["op_each"])


def research_tile(c: Components, tid: str) -> Message:
    card = next(t for t in c.research_tiles if t["id"] == tid)
    gains = [msg("on_mars.research.develop_free") if k == "develop_free" else amount(k, n)
             for k, n in card["gain"].items()]
    return msg("on_mars.research", tile=msg(f"on_mars.research.{tid}"), op=card["op"], gain=gains,
               cost=cost(card["cost"]))


def solo_goal(c: Components, index: int) -> Message:
    return msg(f"on_mars.solo_goal.{c.raw['solo']['goals'][index]['id']}")


def solo_goal_gives(c: Components, index: int) -> Message:
    goal_card = c.raw["solo"]["goals"][index]
    return msg("on_mars.solo_goal.gives", margin=goal_card["margin_op"],
               needs=[msg(f"on_mars.solo.requires.{k}") for k in goal_card["requires"]])


def solo_card(c: Components, number: int) -> Message:
    """Lacerda's solo card `number` (from 1): his action, the mission he works on, travel."""
    card = c.raw["solo"]["deck"][number - 1]
    return msg("on_mars.solo.card.travels" if card["travels"] else "on_mars.solo.card.stays",
               number=number, action=card["action"], mission=card["mission"])


def fc_task(task: str) -> Message:
    return msg(f"on_mars.fc_task.{slug_key(task)}")


def fc_b_card(c: Components, index: int) -> Message:
    task, reward = c.fc_b_cards[index]
    return msg("on_mars.fc_b_card", task=fc_task(task), reward=cost(reward))


def fc_a_card(c: Components, index: int) -> Message:
    return msg("on_mars.fc_a_card", id=index + 1, buildings=[building(b) for b in c.fc_a_cards[index]])


def turn_space_gives(c: Components, space: int) -> Message:
    """Turn-order space `space` (1..8): its side and benefit (a stand-in)."""
    s = c.turn_order[space - 1]
    return msg("on_mars.turn_space.gives", side=msg(f"on_mars.side.{s['side']}"),
               benefit=benefit(s["benefit"]))


def stage(name: str) -> Message:
    return msg(f"on_mars.stage.{name}")
