"""The draft variant (issue 7): passing direction, picks, buying, hidden and remembered cards."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from ludoteca import load_game
from ludoteca.agents.greedy import GreedyAgent
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.play import sample_chance
from ludoteca.core.record import record_of, replay
from ludoteca.core.testing import check_copy_integrity, check_information_safety, check_random_simulation
from ludoteca.games.terraforming_mars.actions import DRAFT
from ludoteca.games.terraforming_mars.constants import MC, slot
from ludoteca.games.terraforming_mars.draft import drafting, holder, knowledge, pack_held
from ludoteca.games.terraforming_mars.frames import F_DRAFT, F_RESEARCH
from ludoteca.games.terraforming_mars.heuristics import draft_worth, generations_left, hand_worths
from ludoteca.games.terraforming_mars.state import TMState


def draft_game(players: int, seed: int = 1, **options: object) -> TMState:
    state = load_game("terraforming-mars", players=players, draft=True, **options).new_initial_state()
    assert isinstance(state, TMState)
    return state


def play_until(st: TMState, rng: random.Random, done: Callable[[TMState], bool]) -> TMState:
    while not done(st):
        assert not st.is_terminal()
        st.apply_action(sample_chance(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    return st


def at_round(generation: int, rnd: int) -> Callable[[TMState], bool]:
    return lambda st: st.generation == generation and st.draft_round == rnd and st.prompt().kind == "draft"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_packs_go_to_the_next_seat_in_even_generations_and_the_previous_in_odd(players: int) -> None:
    rng = random.Random(players)
    st = draft_game(players)
    for generation, step in ((2, 1), (3, -1), (4, 1)):
        play_until(st, rng, at_round(generation, 1))
        while st.draft_round == 1:  # every seat picks once
            st.apply_action(rng.choice(st.legal_actions()))
        for seat in range(players):
            view = st.observation(seat)["draft"]
            receiver = (seat + step) % players
            assert view["direction"] == ("next" if step > 0 else "previous")
            assert view["pass_to"] == receiver
            assert view["round"] == 2 and len(view["passed"]) == 1 and len(view["passed"][0]) == 3
            assert st.observation(receiver)["draft"]["pack"] == view["passed"][0]


def test_generation_one_has_no_draft_and_solo_refuses_it() -> None:
    st = draft_game(2)
    rng = random.Random(3)
    kinds = set()
    while st.generation == 1:
        kinds.add(st.prompt().kind)
        assert st.observation(0)["draft"]["round"] is None and st.picks == ()
        st.apply_action(sample_chance(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    assert "draft" not in kinds and "research" in kinds  # the 10 starting cards are bought, not drafted
    assert st.generation == 2 and st.draft_round == 1 and st.prompt().kind in ("draw", "draft")
    with pytest.raises(InvalidOptionError, match="solo"):
        load_game("terraforming-mars", players=1, draft=True)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_each_seat_keeps_four_then_buys_any_of_them(players: int) -> None:
    rng = random.Random(10 + players)
    st = play_until(draft_game(players, corporations=["credicor"] * players), rng, at_round(2, 1))
    assert all(len(pack) == 4 for pack in st.packs) and all(offer == () for offer in st.offer)
    picks = 0
    while st.stack[-1][0] == F_DRAFT:
        seat = st.current_player()
        before = len(st.offer[seat])
        action = st.legal_actions()[0]
        st.apply_action(action)
        assert st.offer[seat][before] == action - DRAFT  # the 4th round's last card follows at once
        picks += 1
    assert picks == 3 * players  # the 4th round's single card is kept without a decision
    assert all(len(offer) == 4 for offer in st.offer) and all(pack == () for pack in st.packs)
    assert st.stack[-1][0] == F_RESEARCH and not drafting(st)
    seat = st.current_player()
    offered = st.offer[seat]
    money = st.res[slot(seat, MC)]
    for card in offered:  # buy the 1st and 3rd, reject the others
        verb = "buy" if card in offered[::2] else "reject"
        st.apply_string(f"{verb} {st.game.cards[card].id}")
    assert set(offered[::2]) <= set(st.hand[seat]) and not set(offered[1::2]) & set(st.hand[seat])
    assert st.res[slot(seat, MC)] == money - 6 and set(offered[1::2]) <= set(st.discard)
    assert st.offer[seat] == ()


def test_picks_are_secret_and_the_notation_round_trips() -> None:
    rng = random.Random(5)
    st = play_until(draft_game(3), rng, at_round(2, 1))
    seat = st.current_player()
    prompt = st.prompt()
    assert prompt.kind == "draft" and len(prompt.options) == 4
    for option in prompt.options:
        assert option.text.startswith("draft ") and st.string_to_action(option.text) == option.action
        assert DRAFT <= option.action < DRAFT + 208 and "cost" in option.payload
        assert st.public_action_string(option.action) is None
    other = (seat + 1) % 3
    mine = st.observation(seat)
    theirs = st.observation(other)
    pack = mine["draft"]["pack"]
    assert "keep one of" in mine["decision"]["text"] and theirs["draft"]["pack"] != pack
    assert not set(pack) & set(json.dumps(theirs["decision"]).split())
    assert theirs["players_info"][seat]["pack_size"] == 4 and "pack" not in theirs["players_info"][seat]


def test_passed_cards_are_remembered_by_the_passer_only() -> None:
    rng = random.Random(8)
    st = play_until(draft_game(4), rng, at_round(2, 3))  # generation 2: packs go to seat + 1
    for seat in range(4):
        passed = st.observation(seat)["draft"]["passed"]
        assert [len(p) for p in passed] == [3, 2]
        assert set(passed[1]) < set(st.observation((seat - 1) % 4)["draft"]["passed"][0])
        # the seat before has never held this pack: it sees none of its cards
        text = json.dumps(st.observation((seat - 1) % 4))
        assert not any(f'"{card}"' in text for card in passed[0])
        assert all(f'"{card}"' in json.dumps(st.full_state()) for card in passed[0])


def where_cards_may_be(st: TMState, seat: int) -> dict[int, set[tuple[str, int]]]:
    """For every card `seat` passed this generation: the places it may be, from the seat's memory."""
    places: dict[int, set[tuple[str, int]]] = {}
    for rnd, k, who, _ in st.picks:
        if who != seat or rnd >= st.draft_round:
            continue
        later = {("offer", holder(st, k, r)) for r in range(rnd + 1, 5)} | {("pack", k)}
        for card in [p[3] for p in st.picks if p[1] == k and p[0] > rnd] + list(st.packs[k]):
            places[card] = later
    return places


def place_of(st: TMState, card: int) -> tuple[str, int] | None:
    for p in range(st.n):
        for area, cards in (("offer", st.offer[p]), ("pack", st.packs[p]), ("hand", st.hand[p]),
                            ("played", st.played[p])):
            if card in cards:
                return (area, p)
    if card in st.discard:
        return ("discard", st.discard_by[st.discard.index(card)])
    return ("deck", -1) if card in st.deck else None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_a_resampled_state_never_contradicts_what_the_seat_saw(players: int) -> None:
    rng = random.Random(100 + players)
    st = draft_game(players, max_generations=5)
    moved = remembered = 0
    while not st.is_terminal():
        if drafting(st) and not st.is_chance_node():
            for seat in range(players):
                for _ in range(3):
                    other = st.resample_from_infostate(seat, random.Random(rng.random()))
                    assert isinstance(other, TMState)
                    assert other.offer[seat] == st.offer[seat] and other.hand[seat] == st.hand[seat]
                    assert other.observation(seat)["draft"] == st.observation(seat)["draft"]
                    for card, allowed in where_cards_may_be(st, seat).items():
                        assert place_of(other, card) in allowed
                    for r, k, p, c in other.picks:  # the log follows the cards
                        assert p == holder(other, k, r) and c in other.offer[p]
                    moved += other.offer != st.offer
        elif st.generation > 2 and not st.is_chance_node() and rng.random() < 0.2:
            for seat in range(players):
                other = st.resample_from_infostate(seat, random.Random(rng.random()))
                assert isinstance(other, TMState)
                # after the draft, and from earlier drafts: each group of cards the seat saw stays in
                # the places it knows them to be, only their order among those places may change
                for group in [*knowledge(st, seat), *st.memory[seat]]:
                    assert group  # forgotten cards leave no empty group behind
                    before = sorted(place_of(st, c) for c in group)  # type: ignore[type-var]
                    assert sorted(place_of(other, c) for c in group) == before  # type: ignore[type-var]
                remembered += len(st.memory[seat])
        st.apply_action(sample_chance(st, rng) if st.is_chance_node() else rng.choice(st.legal_actions()))
    assert moved > 0 and remembered > 0  # it re-deals what the seat cannot know, keeps what it remembers


def test_with_two_players_only_the_first_pick_of_the_other_seat_is_unknown() -> None:
    rng = random.Random(31)
    st = play_until(draft_game(2), rng, lambda s: s.generation == 2 and s.prompt().kind == "research")
    firsts = set()
    for seat, other in ((0, 1), (1, 0)):
        for _ in range(10):
            again = st.resample_from_infostate(seat, random.Random(rng.random()))
            assert isinstance(again, TMState)
            assert again.offer[other][1:] == st.offer[other][1:]  # seen in the packs that came back
            firsts.add(again.offer[other][0])
    assert len(firsts) > 2


def test_records_replay_the_draft() -> None:
    rng = random.Random(21)
    st = play_until(draft_game(3, max_generations=2), rng, lambda s: s.is_terminal())
    record = json.dumps(record_of(st))
    assert '"draft ' in record
    again = replay(json.loads(record))
    assert again.full_state() == st.full_state()


def test_greedy_drafts_by_the_heuristic() -> None:
    rng = random.Random(2)
    st = play_until(draft_game(2, corporate_era=True), rng, at_round(2, 1))
    agent = GreedyAgent(seed=1)
    action = agent.step(st)
    card = st.game.cards[action - DRAFT]
    seat = st.current_player()
    kept = hand_worths(st.game, generations_left(st))
    worths = {c: draft_worth(st, seat, c, kept[c]) for c in st.packs[pack_held(st, seat)]}
    assert worths[card.index] == max(worths.values()) and len(set(worths.values())) > 1


def test_draft_games_end_with_greedy_bots() -> None:
    st = draft_game(2, max_generations=4)
    agents = [GreedyAgent(seed=1), GreedyAgent(seed=2)]
    rng = random.Random(4)
    while not st.is_terminal():
        seat = st.current_player()
        st.apply_action(sample_chance(st, rng) if st.is_chance_node() else agents[seat].step(st))
    assert st.generation == 4 and max(st.scores()) > 20


@pytest.mark.parametrize(("players", "games", "cap"), [(2, 90, 4), (3, 60, 3), (4, 40, 3), (5, 10, 2)])
def test_core_checks_with_the_draft(players: int, games: int, cap: int) -> None:
    # 200 capped games, the first of each run checked deeply at every step
    check_random_simulation(
        lambda: load_game("terraforming-mars", players=players, draft=True, max_generations=cap),
        games=games, seed=7000 + players, deep_every=1000)
    check_copy_integrity(
        lambda: load_game("terraforming-mars", players=players, draft=True, max_generations=cap),
        games=games // 10, seed=7100 + players)
    check_information_safety(lambda: load_game("terraforming-mars", players=players, draft=True),
                             games=1, seed=7200 + players)


def test_core_checks_with_the_draft_to_the_natural_end() -> None:
    for players, games in ((2, 2), (4, 1)):
        check_random_simulation(lambda p=players: load_game("terraforming-mars", players=p, draft=True),
                                games=games, seed=7300 + players, deep_every=1000)


def test_the_command_line_passes_the_draft_option() -> None:
    from typer.testing import CliRunner

    from ludoteca.cli.main import app

    runner = CliRunner()
    result = runner.invoke(app, ["bench", "terraforming-mars", "--games", "1", "--json", "-o", "draft=true",
                                 "-o", "max_generations=3"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"]["draft"] is True
    result = runner.invoke(app, ["simulate", "terraforming-mars", "--games", "1", "--agents", "random,random",
                                 "--json", "-o", "draft=true", "-o", "max_generations=2", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["options"]["draft"] is True
    for bad in (["-o", "draft"], ["-o", "players=3"], ["-o", "draft=maybe"]):
        result = runner.invoke(app, ["bench", "terraforming-mars", "--games", "1", *bad])
        assert result.exit_code != 0
