"""Per-game presets and difficulty levels (`ludoteca.agents.presets`): what a spec means in a game."""

from __future__ import annotations

import random
import time

import pytest

import ludoteca
from ludoteca.agents import GameAgent, agent_names, make_agent
from ludoteca.agents.base import parse_spec
from ludoteca.agents.greedy import GreedyAgent
from ludoteca.agents.ismcts import ISMCTSAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.presets import DIFFICULTIES, describe, game_presets, resolve_spec
from ludoteca.agents.random_agent import RandomAgent
from ludoteca.core import LudotecaError, State
from ludoteca.core.play import sample_chance
from ludoteca.core.registry import game_class, registered_games

README_SPEC = "prior=10,model=others,whole=1,horizon=2,scale=50,c=0.1,paired=1,judge=value"


def first_decision(game: str, seed: int = 1) -> State:
    rng = random.Random(seed)
    state = ludoteca.load_game(game).new_initial_state()
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(state.legal_actions()[0])
    return state


def test_mcts_time_alone_is_carcassonnes_strongest_measured_search() -> None:
    agent = make_agent("mcts:time=1", seed=0, game="carcassonne")
    expected = MCTSAgent(time=1, **parse_spec(f"mcts:{README_SPEC}")[1])  # type: ignore[arg-type]
    options = ("prior", "model", "whole", "horizon", "scale", "c", "paired", "judge", "time", "iterations")
    for option in options:
        assert getattr(agent, option) == getattr(expected, option), option
    assert agent.whole and agent.judge == "value" and agent.c == 0.1


def test_explicit_options_override_the_preset_and_preset_none_turns_it_off() -> None:
    agent = make_agent("mcts:time=2,c=0.5,whole=0", game="carcassonne")
    assert (agent.time, agent.c, agent.whole, agent.model) == (2.0, 0.5, False, "others")
    plain = make_agent("mcts:time=2,preset=none", game="carcassonne")
    assert (plain.c, plain.whole, plain.model, plain.judge) == (1.0, False, "none", "heuristic")
    assert make_agent("mcts:iterations=50", game="carcassonne").time is None  # no budget in the preset
    assert make_agent("mcts", game="tm-dice").model == "none"  # nothing better measured there


@pytest.mark.parametrize("game", ["tm-dice", "terraforming-mars"])
def test_mcts_is_the_information_set_search_where_hands_are_hidden(game: str) -> None:
    agent = make_agent("mcts:time=1", game=game)
    assert isinstance(agent, ISMCTSAgent) and agent.time == 1.0
    plain = make_agent("mcts:time=1,preset=none", game=game)
    assert type(plain) is MCTSAgent and plain.time == 1.0  # preset=none: the plain agent of that name
    assert type(make_agent("mcts:time=1", game="carcassonne")) is MCTSAgent


@pytest.mark.parametrize("game", ["tm-dice", "terraforming-mars"])
def test_the_search_stops_once_settled_at_every_level(game: str) -> None:
    for spec in ("mcts:time=1", "ismcts:time=0.5", "hard"):
        assert make_agent(spec, game=game).settle == 0.3, spec
    assert make_agent("ismcts:time=1,preset=none", game=game).settle == 1.0  # the plain default


def test_a_game_class_or_its_name_or_a_game_all_give_the_same_table() -> None:
    game = ludoteca.load_game("carcassonne")
    assert game_presets(game) == game_presets("carcassonne") == game_presets(type(game))


@pytest.mark.parametrize("game", registered_games())
def test_difficulty_names_resolve_in_every_game(game: str) -> None:
    assert set(DIFFICULTIES) <= set(game_presets(game))
    assert isinstance(make_agent("medium", game=game), GreedyAgent)
    easy = make_agent("easy", game=game)
    assert isinstance(easy, GreedyAgent) and easy._explore > 0
    hard = make_agent("hard", game=game)
    seconds = getattr(hard, "time", None)
    assert seconds is None or seconds <= 1.0  # well under the server's 10 s a move
    names = [name for name, _ in describe(game_presets(game))]
    assert names[:3] == list(DIFFICULTIES)


def test_hard_is_the_strongest_search_in_carcassonne_and_takes_overrides() -> None:
    hard = make_agent("hard", game="carcassonne")
    assert isinstance(hard, MCTSAgent) and (hard.time, hard.whole, hard.judge) == (1.0, True, "value")
    assert make_agent("hard:time=0.5", game="carcassonne").time == 0.5
    assert isinstance(make_agent("hard", game="tm-dice"), ISMCTSAgent)


def test_bad_names_and_presets_say_what_is_valid() -> None:
    with pytest.raises(LudotecaError, match="unknown agent 'expert'; agents: greedy, ismcts, mcts, random"):
        make_agent("expert", game="carcassonne")
    with pytest.raises(LudotecaError, match="unknown preset 'best' for agent 'mcts'; presets: none, easy"):
        make_agent("mcts:preset=best", game="carcassonne")
    with pytest.raises(LudotecaError, match="preset 'value-greedy' is a 'greedy' spec, not 'mcts'"):
        make_agent("mcts:preset=value-greedy", game="carcassonne")
    with pytest.raises(LudotecaError, match="loop"):
        resolve_spec("a", {"a": "b", "b": "a"})
    with pytest.raises(LudotecaError, match="agent 'mcts': option 'share' was removed"):
        make_agent("mcts:time=1,share=0.8")  # without a game too: checked at once
    assert {"easy", "medium", "hard"} <= set(agent_names())


def test_without_a_game_the_agent_reads_its_spec_in_the_game_of_its_first_state() -> None:
    agent = make_agent("mcts:iterations=20", seed=3)
    assert isinstance(agent, GameAgent) and agent.iterations == 20 and not agent.whole  # core defaults
    state = first_decision("carcassonne")
    action = agent.step(state)
    assert agent.whole and agent.judge == "value"  # Carcassonne's preset
    same = make_agent("mcts:iterations=20", seed=3, game="carcassonne")
    assert same.step(state) == action
    assert make_agent("hard").name == "greedy"  # the core default until a game is known
    assert make_agent("random").__class__ is RandomAgent  # the same in every game: built at once
    assert make_agent("greedy:preset=none").__class__ is GreedyAgent


def test_a_reset_before_the_first_step_is_kept_when_the_agent_is_built() -> None:
    state = first_decision("tm-dice")
    agent = make_agent("ismcts:iterations=30", seed=1)
    agent.reset(9)
    assert agent.step(state) == make_agent("ismcts:iterations=30", seed=9, game="tm-dice").step(state)


@pytest.mark.parametrize("game", registered_games())
@pytest.mark.parametrize("level", [*DIFFICULTIES, "mcts", "ismcts"])
def test_presets_play_a_few_decisions_of_every_game_within_their_budget(game: str, level: str) -> None:
    """Each level and search preset, with its budget cut to 0.05 s a move (CPU clock)."""
    spec = level if level in ("easy", "medium") else f"{level}:time=0.05,clock=cpu"
    if level == "hard" and "time" not in resolve_spec("hard", game_presets(game))[1]:
        spec = "hard"  # a level without a search (greedy)
    agent = make_agent(spec, seed=1, game=game)
    rng = random.Random(2)
    state = ludoteca.load_game(game).new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 3:
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        start = time.process_time()
        action = agent.step(state)
        if spec.endswith("clock=cpu"):
            assert time.process_time() - start < 0.05 + 0.5  # one modelled turn's overrun at most
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions == 3


def test_every_game_declares_its_table_in_its_class() -> None:
    for name in registered_games():
        assert "agent_presets" in vars(game_class(name)), name


def test_a_game_may_give_greedy_its_own_defaults() -> None:
    """Terraforming Mars' greedy is a beam of 2 (measured the strongest of those tried, and
    fast); Carcassonne's is the full search, which its `mcts` preset models exactly."""
    for spec in ("greedy", "medium", "easy"):
        assert make_agent(spec, game="terraforming-mars")._width == 2
        assert make_agent(spec, game="carcassonne")._width == 0
    assert make_agent("greedy:width=0", game="terraforming-mars")._width == 0
    assert make_agent("greedy:preset=none", game="terraforming-mars")._width == 0
