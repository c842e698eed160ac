"""Building Terraforming Mars positions for tests, and driving decisions by policy.

`start()` plays the setup with the beginner corporation (or given ones) until seat
0's first action of generation 1, then empties every hand back into the deck, so a
test decides exactly which cards are where. The setters change the state directly;
`refresh()` must follow a change made at a decision (it drops the cached options).
"""

from __future__ import annotations

from typing import Any

from ludoteca import load_game
from ludoteca.games.terraforming_mars.actions import PLACE, PLAYER
from ludoteca.games.terraforming_mars.constants import (
    NT,
    PARAM_INDEX,
    RESOURCE_INDEX,
    TAG_INDEX,
    TILE_INDEX,
    slot,
)
from ludoteca.games.terraforming_mars.frames import F_AMOUNT, F_MENU, F_PLACE, F_PLAYER
from ludoteca.games.terraforming_mars.generation import ACTION
from ludoteca.games.terraforming_mars.state import TMState

SHORT = {"mc": "megacredits", "ti": "titanium"}


def res_index(name: str) -> int:
    return RESOURCE_INDEX[SHORT.get(name, name)]


def refresh(st: TMState) -> TMState:
    st.opts = None
    st._legal = None
    return st


def start(players: int = 2, corporations: Any = "beginner", **options: Any) -> TMState:
    game = load_game("terraforming-mars", players=players, corporations=corporations, **options)
    st = game.new_initial_state()
    while st.phase != ACTION:
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
        else:
            legal = st.legal_actions()
            rejects = [a for a in legal if st.action_to_string(a).startswith("reject")]
            st.apply_action(rejects[0] if rejects else legal[0])
    resolve(st)  # a corporation's forced first action (Tharsis Republic's city, Inventrix's cards)
    for p in range(st.n):
        st.deck = tuple(sorted(st.deck + st.hand[p]))
        st.hand[p] = ()
    return refresh(st)


def card(st: TMState, card_id: str) -> int:
    return st.game.card_ids[card_id]


def give(st: TMState, seat: int, *card_ids: str) -> TMState:
    for cid in card_ids:
        c = card(st, cid)
        st.deck = tuple(x for x in st.deck if x != c)
        st.hand[seat] = tuple(sorted((*st.hand[seat], c)))
    return refresh(st)


def set_res(st: TMState, seat: int, **amounts: int) -> TMState:
    for name, n in amounts.items():
        st.res[slot(seat, res_index(name))] = n
    return refresh(st)


def set_prod(st: TMState, seat: int, **amounts: int) -> TMState:
    for name, n in amounts.items():
        st.prod[slot(seat, res_index(name))] = n
    return refresh(st)


def set_tags(st: TMState, seat: int, **counts: int) -> TMState:
    for name, n in counts.items():
        st.tags[seat * NT + TAG_INDEX[name]] = n
    return refresh(st)


def set_param(st: TMState, name: str, value: int) -> TMState:
    """Set a parameter in its printed unit (°C, %, tiles)."""
    i = PARAM_INDEX[name]
    st.params[i] = (value + 30) // 2 if name == "temperature" else value
    return refresh(st)


def space(st: TMState, space_id: str) -> int:
    return st.game.mars.by_id[space_id]


def put(st: TMState, space_id: str, tile: str, owner: int = -1) -> TMState:
    s = space(st, space_id)
    st.tiles[s] = TILE_INDEX[tile]
    st.owner[s] = owner
    return refresh(st)


def put_in_play(st: TMState, seat: int, card_id: str) -> TMState:
    """Put a card straight into `seat`'s tableau (no cost, no effects)."""
    from ludoteca.games.terraforming_mars.tableau import add_to_tableau

    c = card(st, card_id)
    st.deck = tuple(x for x in st.deck if x != c)
    add_to_tableau(st, seat, st.game.cards[c])
    return refresh(st)


def texts(st: TMState) -> list[str]:
    return [st.action_to_string(a) for a in st.legal_actions()]


def at_menu(st: TMState) -> bool:
    return bool(st.stack) and st.stack[-1][0] == F_MENU


def default_choice(st: TMState, opponent: int = 1) -> int:
    """The test policy: first option; attacks hit `opponent`; places avoid bonuses and oceans;
    amounts are as large as possible."""
    legal = st.legal_actions()
    top = st.stack[-1]
    if top[0] == F_PLAYER:
        wanted = PLAYER + opponent
        if wanted in legal:
            return wanted
    if top[0] == F_PLACE:
        mars = st.game.mars

        def cost(a: int) -> tuple[int, int, int]:
            sp = mars.spaces[a - PLACE]
            oceans = sum(1 for n in sp.neighbors if st.tiles[n] == TILE_INDEX["ocean"])
            return (sum(sp.bonus) + sp.bonus_cards, oceans, a)

        return min(legal, key=cost)
    if top[0] == F_AMOUNT:
        return legal[-1]
    return legal[0]


def resolve(st: TMState, opponent: int = 1, placements: list[int] | None = None) -> TMState:
    """Make every decision by `default_choice` (chance: first outcome) until a menu is on top."""
    steps = 0
    while not st.is_terminal() and not at_menu(st):
        if st.is_chance_node():
            st.apply_action(st.chance_outcomes()[0][0])
        else:
            action = default_choice(st, opponent)
            if placements is not None and st.stack[-1][0] == F_PLACE:
                placements.append(action - PLACE)
            st.apply_action(action)
        steps += 1
        assert steps < 500, "resolve() did not reach a menu"
    return st


def play(st: TMState, text: str, opponent: int = 1, placements: list[int] | None = None) -> TMState:
    st.apply_string(text)
    return resolve(st, opponent, placements)
