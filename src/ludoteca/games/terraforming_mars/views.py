"""Read-only views of a position: what a seat sees, the full dump, and the map as text.

Public: the board, parameters, generation, every seat's corporation (once all are
revealed), TR, resources, production, tags, played cards (events included), card
resources, used actions, passes, hand and offer sizes, milestones, awards, the deck
and discard sizes, the discarded cards everyone saw go (`discard_known`: sold patents
and `discard <card>`), the last revealed card, the VP breakdown, every seat's standing
on each milestone and award (`standings`: its metric per seat). Private to a seat: its
hand (and `hand_details`: each card's cost after discounts, requirements met, playable
now), its offer (research or starting cards), its dealt corporations and its choice
before the reveal, the cards it discarded itself (also in its `discard_known`); with
the draft, the pack it holds and the cards it passed on this generation (`draft`; the
others see only pack sizes). The deck's order does not exist (draws are chance nodes)
and its contents, the rest of the discard pile and the other hands are never shown. A
spectator (`public_observation`, viewer `SPECTATOR`) sees only the public part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.games.terraforming_mars.constants import NEUTRAL, PARAMS, PUBLIC, RESOURCES, TAGS, TILES, slot
from ludoteca.games.terraforming_mars.draft import direction, drafting, pack_held, pass_to, passed
from ludoteca.games.terraforming_mars.frames import frame_json
from ludoteca.games.terraforming_mars.generation import PHASE_NAMES
from ludoteca.games.terraforming_mars.milestones import standings
from ludoteca.games.terraforming_mars.notation import decision_text
from ludoteca.games.terraforming_mars.playability import playable
from ludoteca.games.terraforming_mars.scoring import breakdown
from ludoteca.games.terraforming_mars.tableau import card_cost, param_value, requirements_met

if TYPE_CHECKING:
    from ludoteca.games.terraforming_mars.state import TMState


SPECTATOR = -2  # a viewer who holds no seat: public facts only


def _ids(st: TMState, cards: tuple[int, ...]) -> list[str]:
    return [st.game.cards[c].id for c in cards]


def board_tiles(st: TMState) -> list[dict[str, Any]]:
    mars = st.game.mars
    out = []
    for s, k in enumerate(st.tiles):
        if k:
            owner = st.owner[s]
            out.append({"space": mars.spaces[s].id, "tile": TILES[k],
                        "owner": None if owner < 0 else ("neutral" if owner >= NEUTRAL else owner)})
    return out


def player_view(st: TMState, p: int, viewer: int) -> dict[str, Any]:
    game = st.game
    base = slot(p)
    mine = viewer in (-1, p)
    corp = st.corp[p]
    view: dict[str, Any] = {
        "corporation": game.cards[corp].id if corp >= 0 else None,
        "tr": st.tr[p],
        "resources": {RESOURCES[r]: st.res[base + r] for r in range(6)},
        "production": {RESOURCES[r]: st.prod[base + r] for r in range(6)},
        "tags": {TAGS[t]: n for t, n in enumerate(st.tags[p * 10:(p + 1) * 10]) if n},
        "played": _ids(st, st.played[p]),
        "card_resources": {game.cards[c].id: st.card_res[c] for c in st.played[p] if st.card_res[c]},
        "actions_used": [game.cards[c].id for c in st.action_cards[p] if st.used >> c & 1],
        "passed": bool(st.passed >> p & 1),
        "hand_size": len(st.hand[p]),
        "offer_size": len(st.offer[p]),
        "corporation_chosen": st.corp_choice[p] >= 0,
    }
    if game.draft:
        view["pack_size"] = len(st.packs[pack_held(st, p)]) if drafting(st) else 0
    if mine:
        view["hand"] = _ids(st, st.hand[p])
        view["offer"] = _ids(st, st.offer[p])
        view["dealt_corporations"] = _ids(st, st.dealt[p])
        view["chosen_corporation"] = game.cards[st.corp_choice[p]].id if st.corp_choice[p] >= 0 else None
        view["hand_details"] = hand_details(st, p)
    return view


def observation(st: TMState, seat: int) -> dict[str, Any]:
    """What `seat` sees (seat -1: everything public plus every seat's private part)."""
    rules = st.game.rules
    kind, text = decision_text(st, seat)
    decider = st.current_player()
    return {
        "game": "terraforming-mars",
        "seat": seat,
        "players": st.n,
        "generation": st.generation,
        "phase": PHASE_NAMES[st.phase],
        "first_player": st.first,
        "turn": st.turn,
        "actions_taken": st.taken,
        "current_player": decider,
        "decision": {"kind": kind, "text": text},
        "parameters": {PARAMS[i]: param_value(st, i) for i in range(3)},
        "board": board_tiles(st),
        "milestones": {g.id: (None if s < 0 else s)
                       for g, s in zip(rules.milestones, st.milestones, strict=True)},
        "awards": {g.id: (None if s < 0 else s) for g, s in zip(rules.awards, st.awards, strict=True)},
        "standings": {g.id: standings(st, g)
                      for g in (*rules.milestones, *rules.awards)},
        "deck_size": len(st.deck),
        "discard_size": len(st.discard),
        "discard_known": [st.game.cards[c].id for c, by in zip(st.discard, st.discard_by, strict=True)
                          if by in (PUBLIC, seat) or seat == -1],
        "revealed": st.game.cards[st.revealed].id if st.revealed >= 0 else None,
        "players_info": [player_view(st, p, seat) for p in range(st.n)],
        "vp": breakdown(st),
        "claims": {st.game.mars.spaces[s].id: p for s, p in enumerate(st.claims) if p >= 0},
        **({"draft": draft_view(st, seat)} if st.game.draft else {}),
        **({"solo": {"generations": st.game.max_generations or 14,
                     "won": None if st.solo_won < 0 else bool(st.solo_won)}} if st.solo else {}),
    }


def public_observation(st: TMState) -> dict[str, Any]:
    """What a spectator sees: the observation of no seat (no hand, offer or pick)."""
    return observation(st, SPECTATOR)


def draft_view(st: TMState, seat: int) -> dict[str, Any]:
    """The draft as `seat` knows it: the round, where packs go, its pack and what it passed on."""
    on = drafting(st)
    way = "next" if direction(st.generation) > 0 else "previous"
    out: dict[str, Any] = {"round": st.draft_round if on else None, "direction": way}
    if seat >= 0:
        out["pass_to"] = pass_to(st, seat)
        out["pack"] = _ids(st, st.packs[pack_held(st, seat)]) if on else []
        out["passed"] = [_ids(st, cards) for cards in passed(st, seat)]
    return out


def full_state(st: TMState) -> dict[str, Any]:
    return {
        **observation(st, -1),
        "deck": _ids(st, st.deck),
        "discard": [[st.game.cards[c].id, by] for c, by in zip(st.discard, st.discard_by, strict=True)],
        "corporation_deck": _ids(st, st.corp_deck),
        "stack": [frame_json(f) for f in st.stack],
        "draft_packs": [_ids(st, pack) for pack in st.packs],
        "draft_picks": [[r, k, p, st.game.cards[c].id] for r, k, p, c in st.picks],
        "draft_memory": [[sorted(_ids(st, tuple(g))) for g in groups] for groups in st.memory],
        "flags": {"used": st.used, "tr_raised": st.tr_raised, "leeway_next": st.leeway_next,
                  "first_pending": st.first_pending, "next_discount": st.next_discount,
                  "last_space": st.last_space, "claims": st.claims},
        "history_length": st.move_number(),
    }


def map_text(st: TMState) -> str:
    """The map as text: one line per row, each space as `id:tile` (owner digit for owned tiles)."""
    mars = st.game.mars
    marks = {0: "..", 1: "~~", 2: "g", 3: "C", 4: "K"}
    lines = []
    for row in range(1, 10):
        cells = []
        for sp in mars.spaces:
            if sp.row != row:
                continue
            k = st.tiles[sp.index]
            if k == 0:
                mark = "~." if sp.kind == "ocean_reserved" else ".."
            elif k == 1:
                mark = "~~"
            else:
                owner = st.owner[sp.index]
                mark = marks.get(k, "S") + ("n" if owner >= NEUTRAL else str(owner))
            cells.append(f"{sp.id}:{mark}")
        lines.append(" " * (9 - len(cells)) * 4 + "  ".join(cells))
    for sp in mars.spaces[:2]:
        k = st.tiles[sp.index]
        lines.append(f"{sp.id} {sp.name}: {'C' + str(st.owner[sp.index]) if k else 'empty'}")
    return "\n".join(lines)


def hand_details(st: TMState, seat: int) -> list[dict[str, Any]]:
    """The seat's hand as the player reads it: cost after discounts, tags, requirements
    met, and whether it can be played now."""
    out = []
    for c in st.hand[seat]:
        card = st.game.cards[c]
        out.append({
            "id": card.id, "name": card.name, "type": card.type, "cost": card_cost(st, seat, card),
            "tags": [TAGS[t] for t in card.tags],
            "requirements_met": requirements_met(st, seat, card),
            "playable": playable(st, seat, c),
        })
    return out
