"""What the other seats learn of each tm-dice action (`public_action_string`).

Secret: cards drawn into a hand, corporations dealt, the bonus stack set aside, the
corporation kept face down. Everything else is announced as it is, because what it
names is in every seat's observation right after it happens; the seeded walks check
that for every announced action that names a card or a resource.
"""

from __future__ import annotations

import random
import re

import pytest

from ludoteca import load_game
from ludoteca.cli.views import view_for
from ludoteca.core.play import sample_chance
from ludoteca.games.tm_dice.state import TMDiceState

SEAT = "seat 1 (greedy)"


def _fresh(players: int = 2, **options: object) -> TMDiceState:
    state = load_game("tm-dice", players=players, **options).new_initial_state()
    assert isinstance(state, TMDiceState)
    return state


def _to_decision(state: TMDiceState, kind: str, rng: random.Random) -> None:
    """Play random legal actions until the decision `kind` is asked for."""
    for _ in range(5000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        if state.prompt().kind == kind:
            return
        state.apply_action(rng.choice(state.legal_actions()))
    pytest.fail(f"no {kind!r} decision reached")


def test_setup_deals_are_secret_and_public_setup_is_announced() -> None:
    state = _fresh()
    announced: dict[str, list[str | None]] = {}
    while state.is_chance_node():
        action = state.chance_outcomes()[0][0]
        verb = state.action_to_string(action).split()[0]
        announced.setdefault(verb, []).append(state.public_action_string(action))
        state.apply_action(action)
    assert set(announced) >= {"stack", "award", "milestone", "deal", "draw"}
    for verb in ("stack", "deal", "draw"):  # the bonus stack, corporations and hands are hidden
        assert set(announced[verb]) == {None}, verb
    awards = state.observation(1)["awards"]
    assert [a.split()[1] for a in announced["award"]] == awards  # award dice are public
    milestones = [m["id"] for m in state.observation(1)["milestones"]]
    assert [m.split()[1] for m in announced["milestone"]] == milestones


def test_the_kept_corporation_is_not_announced() -> None:
    state = _fresh()
    _to_decision(state, "corporation", random.Random(0))
    option = state.prompt().options[0]
    assert option.text.startswith("corporation ")
    assert state.public_action_string(option.action) is None
    line = view_for("tm-dice").describe(state, option.action, SEAT)
    assert line == f"{SEAT}: decides (hidden from the other seats)"
    assert state.observation(1)["seats"][0]["corporation"] is None  # nothing revealed so far


def test_a_rolled_die_is_announced_and_visible_to_everyone() -> None:
    state = _fresh()
    rng = random.Random(3)
    for _ in range(5000):  # to the first roll of a die (corporations' first production)
        first = state.chance_outcomes()[0][0] if state.is_chance_node() else None
        if first is not None and state.action_to_string(first).startswith("roll"):
            break
        state.apply_action(sample_chance(state, rng) if state.is_chance_node() else state.legal_actions()[0])
    action = state.chance_outcomes()[0][0]
    text = state.action_to_string(action)
    assert state.public_action_string(action) == text
    seat = state._stack[-1][1]
    face = text.split()[1]
    before = state.observation(1 - seat)["seats"][seat]["dice"].get(face, 0)
    state.apply_action(action)
    assert state.observation(1 - seat)["seats"][seat]["dice"].get(face, 0) == before + 1


def test_cards_drawn_by_the_support_action_are_secret() -> None:
    state = _fresh(start={"temperature": 8, "oxygen": 6, "oceans": 5})
    _to_decision(state, "support", random.Random(1))
    seat = state.current_player()
    draw = next(o for o in state.prompt().options if o.text == "draw-cards")
    assert state.public_action_string(draw.action) == "draw-cards"  # the action itself is public
    state.apply_action(draw.action)
    while not state.is_chance_node():  # pay the one resource it costs
        state.apply_action(state.legal_actions()[0])
    hand = state.hand_size(seat)
    for _ in range(2):
        action = state.chance_outcomes()[0][0]
        assert state.action_to_string(action).startswith("draw ")
        assert state.public_action_string(action) is None
        state.apply_action(action)
    assert state.hand_size(seat) == hand + 2


def _visible_names(obs: dict) -> set[str]:
    """Every card, face and milestone id a seat sees: in play, in the discard pile, on
    dice, among the awards and milestones, or in the pending effects (a card being paid)."""
    names = set(obs["discard"]) | set(obs.get("bonus_stack", ())) | set(obs["awards"])
    names |= {m["id"] for m in obs["milestones"]}
    names |= {word for task in obs["pending"] for word in re.findall(r"\w+", task)}  # "plays <card>"
    for p in obs["seats"]:
        names |= set(p["cards"]) | set(p["dice"]) | set(p["used"])
        if p["corporation"]:
            names.add(p["corporation"])
    return names


@pytest.mark.parametrize("seed", [4, 11])
def test_every_announcement_names_only_what_the_others_then_see(seed: int) -> None:
    """A seeded random 2-player game from a late scenario: each action is announced
    verbatim or not at all; a card or face an announced action names (discard, keep,
    play, bonus, roll, ...) is in the other seat's observation right after it."""
    state = _fresh(start={"temperature": 7, "oxygen": 6, "oceans": 5})
    rng = random.Random(seed)
    content = state.game.content
    ids = {c.id for c in content.cards} | set(content.resources) | {m.id for m in content.milestones}
    verbs: set[str] = set()
    while not state.is_terminal():
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        text = state.action_to_string(action)
        public = state.public_action_string(action)
        actor = state._stack[-1][1]
        verb, _, arg = text.partition(" ")
        secret = verb in ("draw", "deal", "stack", "corporation")
        assert public == (None if secret else text), text
        state.apply_action(action)
        if public is None or arg not in ids or verb in ("pay", "gift", "turn"):
            continue  # a die paid or given away leaves the payer's dice: nothing to find
        verbs.add(verb)
        other = 1 - actor if actor in (0, 1) else 0
        assert arg in _visible_names(state.observation(other)), text
    assert {"discard", "keep", "play", "roll"} <= verbs


def test_spectators_see_the_public_part_only() -> None:
    state = _fresh()
    _to_decision(state, "turn", random.Random(5))
    public = state.public_observation()
    assert public["seat"] == -2 and "bonus_stack" not in public
    assert all(not {"hand", "dealt_corporations", "corporation_choice"} & set(p) for p in public["seats"])
    assert public["seats"] == [{k: v for k, v in state.observation(s)["seats"][s].items()
                                if k not in ("hand", "dealt_corporations", "corporation_choice")}
                               for s in range(2)]


def test_an_empty_deck_is_refilled_by_the_draw_so_the_discard_pile_stays_in_view() -> None:
    from ludoteca.games.tm_dice.tasks import C_DRAW

    state = _fresh()
    _to_decision(state, "turn", random.Random(5))
    state._discard = [d + k for d, k in zip(state._discard, state._deck, strict=True)]
    state._deck, state._deck_size = [0] * len(state._deck), 0
    state._stack.append((C_DRAW, 0, 1))
    state._opts = state._legal = None
    state._advance()
    pile = state.public_observation()["discard"]
    assert state.is_chance_node() and state.public_observation()["deck_size"] == 0 and pile
    assert "the discard pile is shuffled" in state.prompt().text
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(pile) and abs(sum(p for _, p in outcomes) - 1) < 1e-9
    state.apply_action(outcomes[0][0])
    after = state.public_observation()
    assert after["discard"] == {} and after["deck_size"] == sum(pile.values()) - 1
