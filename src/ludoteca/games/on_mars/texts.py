"""On Mars decisions, options and log lines as messages (`ludoteca.core.i18n`).

`decision(state)` is the prompt, `option(state, action)` what choosing `action` means —
with a `gives` message (issue #24: what the choice gives; the browser shows it as the
button's title, the terminal beside the option) — and `logged(state, action)` the log
line. The texts are the catalogs `messages/*.json`; the words for components come from
`component_texts`. Imported by the state only (the package's import cycle is held by
function-level imports: keep it so).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.i18n import Message, msg, seat
from ludoteca.games.on_mars import component_texts as ct
from ludoteca.games.on_mars.actions import EXTRA_PAY, MAIN_ACTIONS, SHIP_GAINS, WAREHOUSE_ITEMS, decode
from ludoteca.games.on_mars.board import hex_text, map_hexes
from ludoteca.games.on_mars.components import (
    BUILDINGS,
    EXECUTIVE_ACTIONS,
    LSS_BUILDINGS,
    RESOURCES,
    SCIENTISTS,
)
from ludoteca.games.on_mars.lab import tile_type
from ludoteca.games.on_mars.notation import DIRECTION_NAMES

if TYPE_CHECKING:
    from ludoteca.games.on_mars.state import OnMarsState

#: ranges whose outcome only the drawing seat may know (`public_action_string` is None)
SECRET = ("draw_goal", "draw_fc_a", "draw_fc_b")


def _with_gives(message: Message, gives: Message | None) -> Message:
    """An option message carrying what it gives (`message["gives"]`, itself a message)."""
    if gives is not None:
        message["gives"] = gives
    return message


def decision(state: OnMarsState) -> Message:
    """The current decision (the state is at a decision or chance node)."""
    frame = state.pending[-1]
    kind = frame["k"]
    if kind == "draw":
        if frame["pool"] == "lacerda_tie":
            return msg("on_mars.prompt.lacerda_tie", n=len(frame["options"]))
        pool = str(frame["pool"])
        source = (msg("on_mars.pool.building", building=ct.building(pool[9:])) if pool.startswith("building_")
                  else msg(f"on_mars.pool.{pool}"))
        return msg("on_mars.prompt.draw", pool=source)
    if kind == "pay":
        return msg("on_mars.prompt.pay_units", items=[ct.amount(u, 1) for u in frame["units"]])
    if kind == "move":
        bots, rover = frame["bots_mp"], frame["rover_mp"]
        if bots and rover:
            return msg("on_mars.prompt.move_both", bots=bots, rover=rover)
        key = "on_mars.prompt.move_bots" if bots else "on_mars.prompt.move_rover"
        return msg(key, n=bots or rover)
    text = msg(f"on_mars.prompt.{kind}")
    if "left" in frame and kind != "extra":
        return msg("on_mars.prompt.left", prompt=text, n=frame["left"])
    return text


def _hex(i: int) -> str:
    return hex_text(map_hexes()[i])


def option(state: OnMarsState, action: int) -> Message:
    """What choosing `action` now means, with what it gives where there is something to say."""
    c = state.om_game.components
    name, i = decode(action)
    frame = state.top()
    kind = frame["k"] if frame is not None else ""
    if name == "space":
        return _with_gives(msg("on_mars.option.space", n=i + 1), ct.turn_space_gives(c, i + 1))
    if name == "main":
        act = MAIN_ACTIONS[i]
        return _with_gives(msg("on_mars.option.main", action=ct.main_action(act)), ct.main_action_gives(act))
    if name == "grid":
        tile = state.grid[i]
        if not tile:
            return msg("on_mars.option.grid_empty", n=i)
        t = tile_type(tile)
        return _with_gives(msg("on_mars.option.grid", tech=ct.tech(t), n=i), ct.tech_gives(t))
    if name == "develop":
        t = c.tech_types[i] if i < len(c.tech_types) else ct.SHELTER_TECH
        return _with_gives(msg("on_mars.option.develop", tech=ct.tech(t)), ct.tech_gives(t))
    if name == "blueprint":
        key = "on_mars.option.upgrade_with" if kind == "upgrade" else (
            "on_mars.option.use_advanced" if kind == "advanced" else "on_mars.option.blueprint")
        return _with_gives(msg(key, blueprint=ct.blueprint_name(i + 1)), ct.blueprint_gives(c, i + 1))
    if name == "build":
        return _with_gives(msg("on_mars.option.build", building=ct.building(BUILDINGS[i])),
                           ct.building_gives(BUILDINGS[i]))
    if name == "scientist":
        return _with_gives(msg("on_mars.option.scientist", scientist=ct.scientist(SCIENTISTS[i])),
                           ct.scientist_gives(c, SCIENTISTS[i]))
    if name == "work":
        return _with_gives(msg("on_mars.option.work", scientist=ct.scientist(SCIENTISTS[i])),
                           ct.scientist_gives(c, SCIENTISTS[i]))
    if name == "contract":
        return msg("on_mars.option.contract", contract=ct.contract(c, i + 1))
    if name == "executive":
        act = EXECUTIVE_ACTIONS[i]
        return _with_gives(msg("on_mars.option.executive", action=ct.executive(act)),
                           ct.executive_gives(c, act))
    if name == "lss_benefit":
        return msg("on_mars.option.lss_benefit", benefit=ct.benefit(c.standins["lss_benefits"][i]))
    if name == "goal":
        number = i // 2 + 1
        card = c.private_goals[number - 1]
        if i % 2 == 0:
            return _with_gives(msg("on_mars.option.goal_develop", id=number), ct.goal(c, number))
        reward = ct.goal_reward(card["alt_reward"])
        return _with_gives(msg("on_mars.option.goal_reward", id=number, reward=reward), ct.goal(c, number))
    if name == "discard_goal":
        return _with_gives(msg("on_mars.option.discard_goal", id=i + 1), ct.goal(c, i + 1))
    if name == "solo_goal":
        return _with_gives(msg("on_mars.option.solo_goal", goal=ct.solo_goal(c, i)), ct.solo_goal_gives(c, i))
    if name == "fc_task":
        return msg("on_mars.option.fc_task", card=ct.fc_b_card(c, i))
    if name == "exploration":
        return msg("on_mars.option.exploration", discovery=ct.discovery(c.standins["discoveries"][i]["kind"]))
    return _plain(state, name, i)


def _plain(state: OnMarsState, name: str, i: int) -> Message:
    """Options without a component detail, and the chance outcomes."""
    c = state.om_game.components
    if name == "shuttle_side":
        return msg("on_mars.option.shuttle", side=msg(f"on_mars.side.{('orbit', 'colony')[i]}"))
    if name == "skip":
        return msg("on_mars.option.skip")
    if name == "warehouse":
        return msg("on_mars.option.warehouse", item=ct.amount(WAREHOUSE_ITEMS[i], 1))
    if name == "lab_space":
        return msg("on_mars.option.lab_space", n=i + 1)
    if name == "pay":
        return msg("on_mars.option.pay", item=ct.amount(RESOURCES[i], 1))
    if name == "extra":
        return msg(f"on_mars.option.extra.{EXTRA_PAY[i]}")
    if name == "boost":
        return msg("on_mars.option.boost", n=i) if i else msg("on_mars.option.no_boost")
    if name == "ship_gain":
        return msg(f"on_mars.option.ship.{SHIP_GAINS[i]}")
    if name == "hex":
        return msg("on_mars.option.hex", hex=_hex(i))
    if name == "travel":
        return msg(("on_mars.option.stay", "on_mars.option.travel")[i])
    if name == "step":
        direction = msg(f"on_mars.direction.{DIRECTION_NAMES[i % 6]}")
        return msg("on_mars.option.step", hex=_hex(i // 6), direction=direction)
    if name == "tech_owner":
        return msg("on_mars.option.tech_owner", seat=seat(i))
    if name == "crystals":
        return msg("on_mars.option.crystals", n=i) if i else msg("on_mars.option.no_crystals")
    if name == "gain":
        return msg("on_mars.option.gain", item=ct.amount(RESOURCES[i], 1))
    if name == "work_use":
        return msg("on_mars.option.work_use")
    if name == "lacerda_tie":
        return msg("on_mars.option.lacerda_tie", n=i + 1)
    return _chance(state, name, i, c)


def _chance(state: OnMarsState, name: str, i: int, c: ct.Components) -> Message:
    """A chance outcome (a card or tile drawn)."""
    if name == "draw_discovery":
        return msg("on_mars.draw.discovery", discovery=ct.discovery(c.standins["discoveries"][i]["kind"]))
    if name == "draw_tech":
        return msg("on_mars.draw.tech", tech=ct.tech(c.tech_types[i]))
    if name == "draw_blueprint":
        return msg("on_mars.draw.blueprint", blueprint=ct.blueprint_name(i + 1))
    if name == "draw_lss_building":
        return msg("on_mars.draw.lss_building", building=ct.building(LSS_BUILDINGS[i]))
    if name == "draw_mission":
        return msg("on_mars.draw.mission", mission=ct.mission(c, i + 1, state.rule_players()))
    if name == "draw_lss_reward":
        return msg("on_mars.draw.lss_reward", reward=ct.lss_reward(c, c.lss_rewards[i]["id"]))
    if name == "draw_goal":
        return msg("on_mars.draw.goal", goal=ct.goal(c, i + 1))
    if name == "draw_seat":
        return msg("on_mars.draw.first_player", seat=seat(i))
    if name == "draw_space":
        return msg("on_mars.draw.space", n=i + 1)
    if name == "draw_building_tile":
        return msg("on_mars.draw.building_tile", n=i)
    if name == "draw_solo_card":
        return msg("on_mars.draw.solo_card", card=ct.solo_card(c, i + 1))
    if name == "draw_contract":
        return msg("on_mars.draw.contract", contract=ct.contract(c, i + 1))
    if name == "draw_fc_a":
        return msg("on_mars.draw.fc_a", card=ct.fc_a_card(c, i))
    if name == "draw_fc_b":
        return msg("on_mars.draw.fc_b", card=ct.fc_b_card(c, i))
    raise AssertionError(name)


#: option keys whose log line is a past-tense sentence with the same params (`on_mars.log.<name>`)
PAST = frozenset(("space", "main", "grid", "develop", "blueprint", "upgrade_with", "use_advanced", "build",
                  "scientist", "work", "executive", "warehouse", "pay", "skip", "boost", "no_boost", "hex",
                  "step", "travel", "stay", "gain", "shuttle", "crystals", "lab_space", "discard_goal",
                  "goal_develop", "goal_reward", "solo_goal", "lss_benefit", "fc_task", "exploration",
                  "tech_owner"))


def logged(state: OnMarsState, action: int) -> Message:
    """`action`, applied in `state`, as its actor's log tells it, without the player: a
    past-tense sentence ("took turn-order space 3"), else the option's words; a chance
    outcome as "drawn: <it>"."""
    choice = option(state, action)
    if state.is_chance_node():
        return msg("on_mars.log.drawn", what={"key": choice["key"], "params": choice["params"]})
    name = choice["key"].removeprefix("on_mars.option.")
    if name in PAST:
        return msg(f"on_mars.log.{name}", **choice["params"])
    return {"key": choice["key"], "params": choice["params"]}


def public(state: OnMarsState, action: int) -> Message | None:
    """What every seat reads: None for a secret draw; a discarded Private Goal without its id."""
    name, _ = decode(action)
    if name in SECRET:
        return None
    if name == "discard_goal":
        return msg("on_mars.log.discard_goal_hidden")
    return logged(state, action)
