"""The action phase's menu: the 7 kinds of action, `pass` and `end`.

`(F_MENU, seat)` is the decision (`Menu`): `menu_options` lists exactly what
`apply_menu` accepts, so `legal_actions()` and `prompt()` read one source. Choosing an
action (the menu frame already popped) pushes the action's frames (payment on top,
then its effects, then the triggers it fires); the controller comes back when the
stack is empty. A blue card with several actions asks which (`(F_ACTION_OPTION, seat,
card)`, `ChooseCardAction`).

Playing a card: its price (after discounts) is fixed when it is chosen, then the
card leaves the hand and joins the tableau (so "including this" counts it), the
seat pays, the card's operations run (in the printed order, or in the order the
player chooses where that can change the result: `ordering.py`), and finally the "when a card / tag
is played" triggers fire.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.decisions import Decision
from ludoteca.games.terraforming_mars.actions import (
    CLAIM,
    CONVERT,
    END,
    FUND,
    OPTION,
    PASS,
    PLAY,
    PROJECT,
    USE,
    decode,
)
from ludoteca.games.terraforming_mars.constants import HEAT
from ludoteca.games.terraforming_mars.effects import fire_paid
from ludoteca.games.terraforming_mars.frames import (
    F_ACTION_OPTION,
    F_MENU,
    F_PLAYED,
    Frame,
    push_ops,
    push_pay,
)
from ludoteca.games.terraforming_mars.generation import alone
from ludoteca.games.terraforming_mars.milestones import claimable_milestones, fund_cost, fundable_awards
from ludoteca.games.terraforming_mars.ordering import start_effects
from ludoteca.games.terraforming_mars.payment import PAY_STEEL, PAY_TITANIUM
from ludoteca.games.terraforming_mars.playability import action_options, budget, playable, usable_actions
from ludoteca.games.terraforming_mars.projects import (
    available_projects,
    conversion_available,
    start_conversion,
    start_project,
)
from ludoteca.games.terraforming_mars.tableau import (
    add_to_tableau,
    card_cost,
    heat_as_megacredits,
    pays_with_steel,
    pays_with_titanium,
)

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState


def menu_options(st: TMState, seat: int) -> list[int]:
    st.memo = {}
    try:
        means = budget(st, seat)
        cash = means[0]
        out = [PLAY + c for c in st.hand[seat] if playable(st, seat, c, means)]
        out += [USE + c for c in st.action_cards[seat] if usable_actions(st, seat, c)]
        out += [PROJECT + k for k in available_projects(st, seat, cash)]
        out += [CONVERT + k for k in range(2) if conversion_available(st, seat, k)]
        out += [CLAIM + k for k in claimable_milestones(st, seat, cash)]
        out += [FUND + k for k in fundable_awards(st, seat, cash)]
    finally:
        st.memo = None
    out.append(PASS)
    if st.taken == 1 and not alone(st, seat):
        out.append(END)
    out.sort()
    return out


def apply_menu(st: TMState, seat: int, action: int) -> None:
    verb, arg = decode(action)
    if verb == "pass":
        st.passed |= 1 << seat
        return
    if verb == "end":
        st.taken = 2
        return
    st.taken += 1
    st.last_space[seat] = -1  # "the space just used" belongs to this action only
    if verb == "play":
        start_play(st, seat, arg)
    elif verb == "use":
        start_card_action(st, seat, arg)
    elif verb == "project":
        start_project(st, seat, arg)
    elif verb == "convert":
        start_conversion(st, seat, arg)
    elif verb == "claim":
        st.milestones[arg] = seat
        push_pay(st, seat, st.game.rules.claim_cost)
    elif verb == "fund":
        cost = fund_cost(st)
        st.awards[arg] = seat
        push_pay(st, seat, cost)
    else:  # pragma: no cover - menu_options offers nothing else
        raise AssertionError(verb)


def start_play(st: TMState, seat: int, index: int) -> None:
    card = st.game.cards[index]
    cost = card_cost(st, seat, card)
    st.hand[seat] = tuple(c for c in st.hand[seat] if c != index)
    st.leeway_next[seat] = 0
    st.next_discount[seat] = 0
    add_to_tableau(st, seat, card)
    st.stack.append((F_PLAYED, seat, index))
    start_effects(st, seat, index)
    fire_paid(st, seat, "project_card", card.cost)
    flags = (PAY_STEEL if pays_with_steel(card) else 0) | (PAY_TITANIUM if pays_with_titanium(card) else 0)
    reserve = st.game.play_profiles[index].spend[HEAT] if heat_as_megacredits(st, seat) else 0
    push_pay(st, seat, cost, flags, reserve)


def start_card_action(st: TMState, seat: int, index: int) -> None:
    st.used |= 1 << index
    card = st.game.cards[index]
    if len(card.actions) == 1:
        push_ops(st, seat, index, card.actions[0].ops)
    else:
        st.stack.append((F_ACTION_OPTION, seat, index))


class Menu(Decision):
    kind = F_MENU
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return menu_options(st, frame[1])

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        apply_menu(st, frame[1], action)


class ChooseCardAction(Decision):
    kind = F_ACTION_OPTION
    forced = True

    @staticmethod
    def legal(st: TMState, frame: Frame) -> list[int]:
        return [OPTION + k for k in action_options(st, frame[1], frame[2])]  # the card is marked used

    @staticmethod
    def apply(st: TMState, frame: Frame, action: int) -> None:
        seat, card = frame[1], frame[2]
        push_ops(st, seat, card, st.game.cards[card].actions[action - OPTION].ops)
