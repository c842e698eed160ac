"""The `mcts` and `ismcts` agents: specs, determinism, time budgets, strength, information safety.

The agents are built with `preset=none`: these tests are about the options themselves,
not about a game's preset (`tests/agents/test_presets.py`)."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from kuhn_game import KuhnGame, KuhnState

import ludoteca
from ludoteca.agents import make_agent as make_game_agent
from ludoteca.agents import mcts as mcts_module
from ludoteca.agents import mcts_options
from ludoteca.agents.greedy import GreedyAgent, best_turn_end, turn_ends
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.core import LudotecaError, State
from ludoteca.core.play import play, sample_chance
from ludoteca.core.registry import registered_games
from ludoteca.core.testing import check_copy_integrity, check_information_safety, check_random_simulation

SMALL_BAG = [
    "base:B", "base:D", "base:E", "base:U", "base:V", "base:K", "base:L", "base:J", "base:H", "base:F",
    "base:N", "base:R", "base:W", "base:A", "base:E", "base:D", "base:V", "base:U", "base:P", "base:I",
]


def random_position(game: str, seed: int, actions: int) -> State:
    """A position of `game` after some seeded random play, at a decision with choices."""
    rng = random.Random(seed)
    state = ludoteca.load_game(game).new_initial_state()
    while len(state.history()) < actions or state.is_chance_node() or len(state.legal_actions()) < 3:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def carcassonne_midgame(seed: int = 3, actions: int = 25) -> State:
    """A full-bag Carcassonne position after some random play, at a decision with choices."""
    return random_position("carcassonne", seed, actions)


def make_agent(spec: str, seed: int | None = None) -> Any:
    """The agent of `spec` with the plain defaults of its options (no game preset)."""
    return make_game_agent(f"{spec}{',' if ':' in spec else ':'}preset=none", seed)


def kuhn_after(cards: tuple[int, int], bets: list[str]) -> KuhnState:
    game = KuhnGame()
    state = game.new_initial_state()
    for card in cards:
        state.apply_action(card)
    for bet in bets:
        state.apply_string(bet)
    return state


# ------------------------------------------------------------------- specs
def test_specs_build_configured_agents() -> None:
    agent = make_agent("mcts:iterations=200")
    assert isinstance(agent, MCTSAgent) and agent.name == "mcts"
    assert (agent.iterations, agent.time, agent.rollout) == (200, None, "random")
    agent = make_agent("ismcts:time=0.2,c=0.7", seed=4)
    assert isinstance(agent, ISMCTSAgent) and agent.name == "ismcts"
    assert (agent.iterations, agent.time, agent.c) == (None, 0.2, 0.7)
    agent = make_agent("mcts:rollout=greedy,depth=8,scale=5,time=1")
    assert (agent.rollout, agent.depth, agent.scale, agent.time) == ("greedy", 8, 5.0, 1.0)
    assert make_agent("mcts").iterations == 1000  # the default budget
    assert make_agent("mcts:iterations=1e4").iterations == 10_000
    agent = make_agent("mcts:model=others,horizon=2,whole=1")
    assert (agent.model, agent.horizon, agent.whole) == ("others", 2, True)
    default = make_agent("mcts")
    assert (default.model, default.horizon, default.whole) == ("none", 0, False)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("mcts:budget=3", r"agent 'mcts': unknown option 'budget'"),
        ("ismcts:foo=1", r"agent 'ismcts': unknown option 'foo'"),
        ("mcts:rollout=smart", r"agent 'mcts': rollout must be one of random, greedy, got 'smart'"),
        ("ismcts:iterations=0", r"agent 'ismcts': iterations must be a positive integer"),
        ("mcts:iterations=2.5", r"agent 'mcts': iterations must be a positive integer"),
        ("mcts:time=-1", r"agent 'mcts': time must be a positive number"),
        ("ismcts:c=high", r"agent 'ismcts': c must be a number"),
        ("mcts:depth=-2", r"agent 'mcts': depth must be an integer >= 0"),
        ("mcts:scale=0", r"agent 'mcts': scale must be a positive number"),
        ("mcts:clock=sundial", r"agent 'mcts': clock must be one of wall, cpu, got 'sundial'"),
        ("mcts:cutoff=ply", r"agent 'mcts': cutoff must be one of decision, turn, got 'ply'"),
        ("mcts:prior=-1", r"agent 'mcts': prior must be an integer >= 0"),
        ("ismcts:prior=0.5", r"agent 'ismcts': prior must be an integer >= 0"),
        ("mcts:reuse=2", r"agent 'mcts': reuse must be 1 or 0, got 2"),
        ("mcts:model=minimax", r"agent 'mcts': model must be one of none, others, all, got 'minimax'"),
        ("mcts:whole=2", r"agent 'mcts': whole must be 1 or 0, got 2"),
        ("mcts:paired=yes", r"agent 'mcts': paired must be 1 or 0, got 'yes'"),
        ("mcts:horizon=-1", r"agent 'mcts': horizon must be an integer >= 0 \(0: none\)"),
        ("mcts:judge=oracle", r"agent 'mcts': judge must be one of heuristic, value, got 'oracle'"),
    ],
)
def test_bad_parameters_name_the_agent(spec: str, message: str) -> None:
    with pytest.raises(LudotecaError, match=message):
        make_agent(spec)


# ------------------------------------------------------------- determinism
@pytest.mark.parametrize("spec", ["mcts:iterations=150", "ismcts:iterations=150",
                                  "mcts:iterations=60,rollout=greedy,depth=4"])
def test_same_seed_same_state_same_action(spec: str) -> None:
    state = carcassonne_midgame()
    before = state.serialize()
    first, second = make_agent(spec, seed=11), make_agent(spec, seed=11)
    action = first.step(state)
    assert action in state.legal_actions()
    assert second.step(state.clone()) == action
    assert first.last_search is not None and second.last_search is not None
    assert first.last_search.visits == second.last_search.visits
    assert first.last_search.iterations == second.last_search.iterations
    assert state.serialize() == before  # the search never touches the real state
    first.reset()
    assert first.step(state) == action  # reset() restores the seed


def test_single_legal_action_is_answered_without_search() -> None:
    forced = _state_with_one_action()
    agent = make_agent("mcts:time=5", seed=0)
    start = time.perf_counter()
    assert agent.step(forced) == forced.legal_actions()[0]
    assert time.perf_counter() - start < 0.5
    assert agent.last_search is not None and agent.last_search.iterations == 0


def _state_with_one_action() -> State:
    """A Carcassonne decision with a single legal action (found by random play)."""
    rng = random.Random(5)
    while True:
        state = ludoteca.load_game("carcassonne").new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            legal = state.legal_actions()
            if len(legal) == 1:
                return state
            state.apply_action(rng.choice(legal))


def test_step_refuses_chance_and_terminal_states() -> None:
    state = ludoteca.load_game("carcassonne").new_initial_state()
    with pytest.raises(LudotecaError, match="agent 'mcts': step\\(\\) needs a decision node"):
        make_agent("mcts:iterations=5").step(state)


# ------------------------------------------------------- search options
def _at_meeple_decision(state: State) -> bool:
    return state.phase() == "meeple"  # type: ignore[attr-defined]


@pytest.fixture
def judged(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """For every position the search judges with the heuristic: is it half-way through a turn?"""
    found: list[bool] = []
    original = mcts_options.Evaluator.__call__

    def spy(self: mcts_options.Evaluator, state: State) -> list[float]:
        found.append(_at_meeple_decision(state))
        return original(self, state)

    monkeypatch.setattr(mcts_options.Evaluator, "__call__", spy)
    return found


def test_turn_cutoff_never_judges_a_position_half_way_through_a_turn(judged: list[bool]) -> None:
    state = carcassonne_midgame(seed=4)
    make_agent("mcts:iterations=200,cutoff=turn,depth=1", seed=1).step(state)
    assert judged and not any(judged)  # always at a turn boundary
    judged.clear()
    make_agent("mcts:iterations=200,depth=1", seed=1).step(state)  # cut after one decision
    assert any(judged)  # ... which often lands between a tile and its meeple


@pytest.mark.parametrize("judge", ["heuristic", "value"])
def test_judge_picks_what_values_the_positions(judge: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """`judge=value` values positions with `game.value`, the default with `game.heuristic`;
    modelled replies play by the heuristic either way."""
    state = carcassonne_midgame(seed=4)
    game = state.game
    calls = {"heuristic": 0, "value": 0}
    for name in calls:
        original = getattr(game, name)

        def counted(position: State, seat: int, name: str = name, original: Any = original) -> float:
            calls[name] += 1
            return original(position, seat)

        monkeypatch.setattr(game, name, counted)
    make_agent(f"mcts:iterations=40,prior=5,horizon=2,model=others,judge={judge}", seed=1).step(state)
    assert calls[judge] > 0
    if judge == "heuristic":
        assert calls["value"] == 0
    else:
        assert calls["heuristic"] > 0  # the modelled replies


@pytest.mark.parametrize(("spec", "narrow", "wide"), [
    ("mcts:iterations=60,rollout=greedy", True, True),
    ("mcts:iterations=60", False, False),
])
def test_greedy_rollouts_judge_every_decision(
        monkeypatch: pytest.MonkeyPatch, spec: str, narrow: bool, wide: bool) -> None:
    """`rollout=greedy` plays meeple decisions (a few options) and tile placements (dozens)
    by the heuristic; `random` neither."""
    widths: list[int] = []
    original = mcts_module.greedy_action

    def spy(state: State, legal: list[int], seat: int, rng: random.Random) -> int:
        widths.append(len(legal))
        return original(state, legal, seat, rng)

    monkeypatch.setattr(mcts_module, "greedy_action", spy)
    make_agent(spec, seed=2).step(carcassonne_midgame(seed=4))
    assert any(w <= 4 for w in widths) == narrow
    assert any(w > 4 for w in widths) == wide


def _walk_tree(state: State, node: mcts_module.Node, seat: int, turns: int = 0,
               last: int | None = None) -> Iterator[tuple[State, mcts_module.Node, int]]:
    """Every decision node of a kept tree with its position and the turns ended since the root."""
    player = state.current_player()
    if player >= 0:
        if last is not None and player != last:
            turns += 1
        last = player
        yield state, node, turns
    for action, child in node.children.items():
        after = state.clone()
        after.apply_action(action)  # type: ignore[arg-type]
        yield from _walk_tree(after, child, seat, turns, last)


@pytest.mark.parametrize("model", ["others", "all"])
def test_modelled_decisions_are_what_greedy_plays(model: str) -> None:
    """`model=others`: in the tree another seat's decision has one child, greedy's choice;
    `model=all`: so has the searching seat's own decision in a later turn."""
    state = carcassonne_midgame(seed=4)
    seat = state.current_player()
    agent = MCTSAgent(iterations=300, prior=5, model=model, horizon=4, seed=1)
    agent.step(state)
    assert agent._tree is not None
    kept = state.clone()
    kept.apply_action(agent._tree.history[-1])
    modelled = {seat: 0, 1 - seat: 0}
    for position, node, turns in _walk_tree(kept, agent._tree.node, seat):
        mover = position.current_player()
        if not node.children or (mover == seat and turns == 0):
            continue
        if mover == seat and model == "others":
            assert node.modelled is None  # searched
            continue
        legal = position.legal_actions()
        (chosen,) = node.children
        assert node.modelled == chosen or len(legal) == 1
        best = max(best_turn_end(position, a, mover)[0] for a in legal)
        assert best_turn_end(position, chosen, mover)[0] == best  # greedy's choice (ties aside)
        modelled[mover] += 1
    assert modelled[1 - seat] > 10
    assert (modelled[seat] > 10) == (model == "all")
    searched = MCTSAgent(iterations=300, prior=5, horizon=3, seed=1)  # model=none: UCT everywhere
    searched.step(state)
    assert searched._tree is not None
    kept = state.clone()
    kept.apply_action(searched._tree.history[-1])
    assert any(len(node.children) > 1 for position, node, _ in _walk_tree(kept, searched._tree.node, seat)
               if position.current_player() != seat)


@pytest.mark.parametrize("horizon", [1, 2, 3])
def test_horizon_ends_every_iteration_after_that_many_turns(judged: list[bool], horizon: int) -> None:
    """The tree never grows past `horizon` turns from the root, and every leaf is judged
    at a turn boundary (no rollout runs on with depth=0 = "to the end")."""
    state = carcassonne_midgame(seed=4)
    seat = state.current_player()
    agent = MCTSAgent(iterations=200, depth=0, model="others", horizon=horizon, seed=3, reuse=1, settle=0)
    agent.step(state)
    assert len(judged) == 200 and not any(judged)
    assert agent._tree is not None
    kept = state.clone()
    kept.apply_action(agent._tree.history[-1])
    deepest = max(turns for _, node, turns in _walk_tree(kept, agent._tree.node, seat) if node.children)
    assert deepest == horizon - 1


def test_turn_ends_lists_every_way_to_finish_the_turn() -> None:
    state = carcassonne_midgame(seed=4)
    seat = state.current_player()
    ends = list(turn_ends(state, seat))
    expected = 0
    for action in state.legal_actions():
        after = state.clone()
        after.apply_action(action)
        expected += len(after.legal_actions()) if after.current_player() == seat else 1
    assert len(ends) == expected > len(state.legal_actions())  # placements times their meeple options
    for turn, after in ends[:20]:
        replay = state.clone()
        for action in turn:
            replay.apply_action(action)
        assert replay.serialize() == after.serialize() and replay.current_player() != seat
    first = state.legal_actions()[0]
    assert [t for t, _ in turn_ends(state, seat, first=first)] == [t for t, _ in ends if t[0] == first]


def test_whole_turns_are_searched_at_the_first_decision_and_then_played_out() -> None:
    for seed in range(4, 20):  # a position whose chosen tile leaves a meeple decision
        state = carcassonne_midgame(seed=seed)
        seat = state.current_player()
        agent = MCTSAgent(iterations=300, prior=5, model="others", horizon=2, whole=1, seed=2, settle=0)
        tile = agent.step(state)
        assert agent.last_search is not None and agent.last_search.iterations == 300
        plan = agent._plan
        state.apply_action(tile)
        if len(state.legal_actions()) > 1:
            break
    assert plan is not None and state.current_player() == seat
    meeple = agent.step(state)
    assert agent.last_search.iterations == 0 and meeple == plan[1][0]  # played from the plan
    # a plan is dropped when the position is not the one it was made for
    other = carcassonne_midgame(seed=seed + 1)
    agent.step(carcassonne_midgame(seed=seed))
    agent.step(other)
    assert agent.last_search.iterations == 300
    with pytest.raises(LudotecaError, match="whole=1 needs a game without hidden information"):
        MCTSAgent(iterations=10, whole=1).step(kuhn_after((0, 1), []))


@pytest.mark.parametrize("whole", [0, 1])
def test_paired_root_moves_see_the_same_draws_on_their_kth_visits(
        monkeypatch: pytest.MonkeyPatch, whole: int) -> None:
    """`paired=1`: the k-th visit of every root move draws the same tile for the other seat."""
    first_draw: dict[int, set[int]] = {}
    pending: list[int] = []
    original_paired = MCTSAgent._paired_chance
    original_sample = mcts_module.sample_chance

    def paired(self: MCTSAgent, root: mcts_module.Node, child: mcts_module.Node) -> random.Random:
        pending[:] = [child.visits - (self.prior if root.seeded else 0)]
        return original_paired(self, root, child)

    def sample(state: State, rng: random.Random) -> int:
        outcome = original_sample(state, rng)
        if pending:
            first_draw.setdefault(pending.pop(), set()).add(outcome)
        return outcome

    monkeypatch.setattr(MCTSAgent, "_paired_chance", paired)
    monkeypatch.setattr(mcts_module, "sample_chance", sample)
    state = carcassonne_midgame(seed=4)
    MCTSAgent(iterations=400, prior=3, model="others", horizon=2, whole=whole, paired=1, seed=5).step(state)
    assert len(first_draw) > 3 and sum(1 for k in first_draw if k > 0) > 3
    assert all(len(draws) == 1 for draws in first_draw.values())  # one tile per k, whatever the move
    first_draw.clear()
    MCTSAgent(iterations=400, prior=3, model="others", horizon=2, whole=whole, seed=5).step(state)
    assert not first_draw  # unpaired: no streams


def test_prior_creates_every_child_with_its_heuristic_value() -> None:
    state = carcassonne_midgame(seed=4)
    agent = MCTSAgent(iterations=1, prior=3, seed=0, reuse=0)
    agent.step(state)
    assert agent.last_search is not None
    visits = agent.last_search.visits
    assert set(visits) == set(state.legal_actions())  # all seeded on the first visit
    assert sorted(visits.values()) == [3] * (len(visits) - 1) + [4]  # 3 virtual, one real visit
    # the seeds rank the moves as the heuristic does: its favourite leads after seeding
    game = state.game
    seat = state.current_player()

    def value(action: int) -> float:
        after = state.clone()
        after.apply_action(action)
        return game.heuristic(after, seat)

    best = max(state.legal_actions(), key=value)
    assert MCTSAgent(iterations=1, prior=50, c=0.0, seed=0).step(state) == best


def test_greedy_judges_a_tile_placement_with_its_best_meeple() -> None:
    # In this position the best placement by the tile alone is not the best whole turn.
    state = carcassonne_midgame(seed=4, actions=30)
    game, seat = state.game, state.current_player()
    assert state.phase() == "place"  # type: ignore[attr-defined]

    def tile_only(action: int) -> float:
        after = state.clone()
        after.apply_action(action)
        return game.heuristic(after, seat)

    def whole_turn(action: int) -> float:
        return best_turn_end(state, action, seat)[0]

    legal = state.legal_actions()
    by_tile, by_turn = max(legal, key=tile_only), max(legal, key=whole_turn)
    assert by_tile != by_turn
    assert GreedyAgent(seed=0).step(state) == by_turn


def test_greedy_can_judge_by_the_fitted_value() -> None:
    """`greedy:judge=value` plays the whole turn `game.value` rates best; here it differs
    from the heuristic's choice."""
    games = [carcassonne_midgame(seed=seed, actions=30) for seed in range(6)]
    differ = 0
    for state in games:
        seat, legal = state.current_player(), state.legal_actions()
        value = {a: best_turn_end(state, a, seat, judge="value")[0] for a in legal}
        heuristic = {a: best_turn_end(state, a, seat)[0] for a in legal}
        chosen = make_agent("greedy:judge=value", seed=0).step(state)
        assert value[chosen] == max(value.values())
        differ += heuristic[chosen] < max(heuristic.values())
    assert differ > 0
    with pytest.raises(LudotecaError, match="judge must be one of heuristic, value, got 'oracle'"):
        make_agent("greedy:judge=oracle")


def test_tree_reuse_carries_the_search_into_the_next_decision() -> None:
    state = carcassonne_midgame(seed=3)
    agent = make_agent("mcts:iterations=400", seed=2)
    tile = agent.step(state)
    state.apply_action(tile)
    assert state.phase() == "meeple" and len(state.legal_actions()) > 1  # type: ignore[attr-defined]
    agent.step(state)
    assert agent.last_search is not None and agent.last_search.reused > 0
    fresh = make_agent("mcts:iterations=400,reuse=0", seed=2)
    fresh.step(state)
    assert fresh.last_search is not None and fresh.last_search.reused == 0
    agent.reset()
    agent.step(state)
    assert agent.last_search is not None and agent.last_search.reused == 0  # reset() drops the tree


def test_cpu_clock_budget_counts_only_this_process() -> None:
    state = carcassonne_midgame(seed=8, actions=10)
    agent = make_agent("mcts:time=0.2,clock=cpu,settle=0", seed=1)
    wall, cpu = time.perf_counter(), time.process_time()
    agent.step(state)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    assert agent.last_search is not None
    assert 0.2 <= agent.last_search.seconds <= 0.22  # measured on the CPU clock: within 10%
    assert cpu >= 0.2 and wall >= 0.2 * 0.9  # the process did think for (at least) its budget


# ------------------------------------------------------------- time budget
@pytest.mark.parametrize("spec", ["mcts:time=0.3", "ismcts:time=0.3", "mcts:time=0.3,rollout=greedy",
                                  "mcts:time=0.3,prior=10,model=others,whole=1,horizon=2,scale=50,c=0.1,paired=1"])
def test_time_budget_is_respected_within_ten_percent(spec: str) -> None:
    state = carcassonne_midgame(seed=8, actions=10)
    agent = make_agent(spec + ",settle=0", seed=1)  # the whole budget: no early stop
    start = time.perf_counter()
    action = agent.step(state)
    elapsed = time.perf_counter() - start
    assert action in state.legal_actions()
    assert 0.27 <= elapsed <= 0.33, f"{spec} took {elapsed:.3f} s"
    assert agent.last_search is not None and agent.last_search.iterations > 0


def test_no_garbage_collection_interrupts_a_search() -> None:
    # A full collection in a big process takes tenths of a second: the search pauses it.
    state = carcassonne_midgame(seed=8, actions=10)
    agent = make_agent("mcts:iterations=50", seed=1)
    assert isinstance(agent, MCTSAgent)
    searching = [False]
    collections = {False: 0, True: 0}  # by "inside the search?"

    def record(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            collections[searching[0]] += 1

    search = agent._search

    def watched(state: State) -> int:
        searching[0] = True
        try:
            return search(state)
        finally:
            searching[0] = False

    agent._search = watched  # type: ignore[method-assign]
    thresholds = gc.get_threshold()
    gc.set_threshold(1, 1, 1)  # collect at nearly every allocation, if allowed
    gc.callbacks.append(record)
    try:
        agent.step(state)
        assert gc.isenabled()  # switched back on afterwards
        [[i] for i in range(100)]
    finally:
        gc.callbacks.remove(record)
        gc.set_threshold(*thresholds)
    assert collections[True] == 0 and collections[False] > 0


# ---------------------------------------------------------------- strength
def test_mcts_beats_random_on_a_small_carcassonne() -> None:
    game = ludoteca.load_game("carcassonne", bag=SMALL_BAG)
    wins = 0.0
    for g in range(6):
        mcts_seat = g % 2
        agents = [make_agent("random", seed=g), make_agent("random", seed=g)]
        agents[mcts_seat] = make_agent("mcts:iterations=100", seed=g)
        state = play(game.new_initial_state(), agents, random.Random(100 + g // 2))
        wins += {1.0: 1.0, 0.0: 0.5, -1.0: 0.0}[state.returns()[mcts_seat]]  # a tie is half a win
    assert wins >= 5, f"mcts won only {wins} of 6 games against random"


def test_mcts_plays_three_player_games() -> None:
    game = ludoteca.load_game("carcassonne", players=3, bag=SMALL_BAG[:9])
    agents = [make_agent(spec, seed=2) for spec in ("mcts:iterations=30", "ismcts:iterations=30", "random")]
    state = play(game.new_initial_state(), agents, random.Random(2))
    assert state.is_terminal()


# ------------------------------------------------ hidden information (Kuhn)
@pytest.fixture
def kuhn_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the test game loadable by name, as records replay through the registry."""
    from ludoteca.core import registry

    monkeypatch.setitem(registry._GAMES, KuhnGame.name, f"{KuhnGame.__module__}:KuhnGame")


@pytest.mark.usefixtures("kuhn_registered")
def test_the_fake_hidden_information_game_conforms() -> None:
    check_random_simulation(lambda: KuhnGame(cards=4), games=60, seed=1, deep_every=5)
    check_copy_integrity(lambda: KuhnGame(), games=30)
    check_information_safety(lambda: KuhnGame(cards=5), games=200)


def test_kuhn_scores() -> None:
    assert kuhn_after((2, 0), ["pass", "pass"]).scores() == [1.0, -1.0]
    assert kuhn_after((2, 0), ["bet", "pass"]).scores() == [1.0, -1.0]
    assert kuhn_after((0, 2), ["bet", "bet"]).scores() == [-2.0, 2.0]
    assert kuhn_after((2, 1), ["pass", "bet", "pass"]).scores() == [-1.0, 1.0]
    assert kuhn_after((2, 1), ["pass", "bet", "bet"]).scores() == [2.0, -2.0]


@pytest.mark.parametrize("name", ["ismcts", "mcts"])
@pytest.mark.parametrize(
    ("first", "second", "bets"),
    [
        ((1, 0), (1, 2), []),  # seat 0 to act holding 1; seat 1 holds 0 or 2
        ((0, 1), (2, 1), ["bet"]),  # seat 1 to act holding 1; seat 0 holds 0 or 2
        ((1, 2), (1, 0), ["pass", "bet"]),  # seat 0 to act again
    ],
)
def test_same_observation_same_decision(
    name: str, first: tuple[int, int], second: tuple[int, int], bets: list[str]
) -> None:
    a, b = kuhn_after(first, bets), kuhn_after(second, bets)
    seat = a.current_player()
    assert a.observation(seat) == b.observation(seat) and a.full_state() != b.full_state()
    agent_a = make_agent(f"{name}:iterations=300", seed=5)
    agent_b = make_agent(f"{name}:iterations=300", seed=5)
    assert agent_a.step(a) == agent_b.step(b)
    assert agent_a.last_search is not None and agent_b.last_search is not None
    assert agent_a.last_search.visits == agent_b.last_search.visits


@pytest.mark.parametrize("name", ["ismcts", "mcts"])
def test_search_plays_the_obvious_kuhn_answers(name: str) -> None:
    game = KuhnGame()
    facing_bet = ["bet"]
    worst, best = kuhn_after((2, 0), facing_bet), kuhn_after((0, 2), facing_bet)
    assert make_agent(f"{name}:iterations=400", seed=1).step(worst) == game.pass_action  # fold
    assert make_agent(f"{name}:iterations=400", seed=1).step(best) == game.bet_action  # call


def test_ismcts_merges_chance_outcomes_the_observer_cannot_see() -> None:
    agent = ISMCTSAgent(iterations=1, seed=0)
    a, b = kuhn_after((1, 0), []), kuhn_after((1, 2), [])
    assert agent._chance_key(a, 0, 0) == agent._chance_key(b, 2, 0)  # seat 0 cannot see seat 1's card
    assert agent._chance_key(a, 0, 1) != agent._chance_key(b, 2, 1)  # seat 1 can
    carcassonne = carcassonne_midgame()
    assert agent._chance_key(carcassonne, 7, 0) == 7  # no hidden information: keyed by the outcome


@pytest.mark.parametrize("game_name", registered_games())
@pytest.mark.parametrize("options", ["model=others,horizon=2", "model=all,horizon=3,paired=1"])
def test_modelled_search_plays_every_registered_game(game_name: str, options: str) -> None:
    """The modelled and paired searches only use the core API: a few decisions of each game."""
    rng = random.Random(1)
    state = ludoteca.load_game(game_name).new_initial_state()
    agent = make_agent(f"mcts:iterations=4,{options}", seed=1)
    decisions = 0
    while not state.is_terminal() and decisions < 3:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        before = state.serialize()
        action = agent.step(state)
        assert state.serialize() == before and action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 3
