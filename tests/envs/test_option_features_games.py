"""The games' own option features (`Game.option_features()`): which class, documented columns,
and what the columns of a few kinds of option mean."""

from __future__ import annotations

import importlib
import random

import numpy as np
import pytest
from envs_toy_game import HighCardGame

from ludoteca.core.api import State
from ludoteca.core.option_columns import OptionColumns
from ludoteca.core.play import sample_chance
from ludoteca.core.prompt import Option
from ludoteca.core.registry import load_game
from ludoteca.envs.options import HashedOptionFeatures, option_features_for
from ludoteca.games.carcassonne.option_features import CarcassonneOptionFeatures
from ludoteca.games.on_mars.option_features import OnMarsOptionFeatures
from ludoteca.games.terraforming_mars.option_features import TMOptionFeatures
from ludoteca.games.tm_dice.option_features import TMDiceOptionFeatures

OWN = {"terraforming-mars": TMOptionFeatures, "tm-dice": TMDiceOptionFeatures,
       "on-mars": OnMarsOptionFeatures}
MODULES = {"terraforming-mars": "terraforming_mars", "tm-dice": "tm_dice", "on-mars": "on_mars"}


def _rows(name: str, seed: int, games: int = 1, cap: int = 3000):
    """(state, option, row, column index) of every option of up to `cap` decisions of random games."""
    game = load_game(name, players=2)
    featurizer = option_features_for(game)
    col = {n: i for i, n in enumerate(featurizer.names)}
    rng = random.Random(seed)
    for _ in range(games):
        state, seen = game.new_initial_state(), 0
        while not state.is_terminal() and seen < cap:
            if state.is_chance_node():
                state.apply_action(sample_chance(state, rng))
                continue
            options = state.prompt(words=False).options
            table = featurizer.features(state, options)
            for option, row in zip(options, table, strict=True):
                yield state, option, row, col
            seen += 1
            state.apply_action(rng.choice(options).action)


def test_the_hook_picks_each_games_features() -> None:
    for name, cls in OWN.items():
        game = load_game(name, players=2)
        assert isinstance(game.option_features(), cls)
        assert isinstance(option_features_for(game), cls)
    carcassonne = load_game("carcassonne", players=2)
    assert isinstance(carcassonne.option_features(), CarcassonneOptionFeatures)
    assert isinstance(option_features_for(carcassonne), CarcassonneOptionFeatures)
    toy = HighCardGame(players=2)  # no columns of its own: the hook's default
    assert isinstance(toy.option_features(), HashedOptionFeatures)
    assert isinstance(option_features_for(toy), HashedOptionFeatures)


@pytest.mark.parametrize("name", sorted(OWN))
def test_every_column_is_documented(name: str) -> None:
    featurizer = option_features_for(load_game(name, players=2))
    doc = importlib.import_module(f"ludoteca.games.{MODULES[name]}.option_features").__doc__ or ""
    for column in featurizer.names[3:]:
        prefix = column.split("_", 1)[0]
        assert (f"`{column}`" in doc or f"`{prefix}_<" in doc or f"`{prefix}_0`" in doc
                or f"`{column.rsplit('_', 1)[0]}_<" in doc), column
    assert featurizer.names[:3] == ("bias", "index", "count")


def test_option_columns_base() -> None:
    class Two(OptionColumns):
        def write(self, state: State, option: Option, row: list[float]) -> None:
            row[3] = option.action / 10

    two = Two(("value",))
    table = two.features(None, [Option(5, "a"), Option(10, "b")])  # type: ignore[arg-type]
    assert table.dtype == np.float32
    assert np.allclose(table, [[1.0, 0.0, 0.02, 0.5], [1.0, 1.0, 0.02, 1.0]])
    assert two.features(None, []).shape == (0, 4)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Two(("bias",))


def test_terraforming_mars_columns() -> None:
    game = load_game("terraforming-mars", players=2)
    seen = set()
    for _, option, row, col in _rows("terraforming-mars", 3):
        verb, p = option.text.split()[0], option.payload
        seen.add(verb)
        assert row[col.get(f"verb_{verb}", col["verb_other"])] == 1.0
        if verb in ("play", "buy", "reject", "sell"):
            card = game.card(p["card"])
            assert row[col["card_cost"]] == pytest.approx(min(1.0, card.cost / 40))
            assert row[col["card_price"]] == pytest.approx(min(1.0, p["price"] / 40))
            assert row[col[f"card_{card.type}"]] == 1.0
            tags = [n for n in col if n.startswith("tag_") and row[col[n]] > 0]
            assert sorted(tags) == sorted({f"tag_{t}" for t in p["tags"]})
        elif verb == "place":
            assert row[col["row"]] == pytest.approx(p["row"] / 9)
            assert row[col["pos"]] == pytest.approx(p["pos"] / 9)
            bonus = {part.split()[1]: int(part.split()[0]) for part in p["bonus"].split(", ") if part}
            for what in ("steel", "titanium", "plants", "cards"):
                assert row[col[f"bonus_{what}"]] == pytest.approx(min(1.0, bonus.get(what, 0) / 2))
        elif verb == "pay":
            assert row[col["pay_megacredits"]] == pytest.approx(min(1.0, p["megacredits"] / 40))
            assert row[col["pay_steel"]] == pytest.approx(min(1.0, p["steel"] / 10))
        elif verb == "project":
            assert row[col[f"project_{p['project']}"]] == 1.0
        elif verb == "corporation":
            assert row[col["corporation_megacredits"]] == pytest.approx(p["megacredits"] / 60)
    assert {"play", "place", "project", "corporation", "pass"} <= seen


def test_dice_game_columns() -> None:
    seen = set()
    for _, option, row, col in _rows("tm-dice", 4):
        verb, p = option.text.split()[0], option.payload
        seen.add(verb)
        assert row[col.get(f"verb_{verb}", col["verb_other"])] == 1.0
        colours = [n for n in col if n.startswith("colour_") and row[col[n]] == 1.0]
        if verb in ("keep", "pay", "take", "colour", "gift") and "colour" in p:
            assert colours == [f"colour_{p['colour']}"]
        if verb in ("play", "use", "discard"):
            card = p["card"]
            assert row[col[f"card_{card['kind']}"]] == 1.0
            if "colour" in card:
                assert row[col[f"card_{card['colour']}"]] == 1.0
        if verb == "play":
            assert row[col["card_cost"]] == pytest.approx(min(1.0, len(p["pay"]) / 6))
        if verb == "place":
            assert row[col["place_q"]] == pytest.approx(p["q"] / 4)
            assert row[col["place_r"]] == pytest.approx(p["r"] / 4)
        if verb == "turn":
            assert len(colours) == 1 and row[col["turn_from_rarity"]] != row[col["turn_to_rarity"]]
    assert {"keep", "take", "play", "place", "turn"} <= seen


def test_on_mars_columns() -> None:
    seen = set()
    for state, option, row, col in _rows("on-mars", 5, cap=1500):
        words = option.text.split()
        verb = words[0]
        seen.add(verb)
        ranges = [n for n in col if n.startswith("range_") and row[col[n]] == 1.0]
        assert ranges == [f"range_{option.payload['range']}"]
        if option.payload["range"] == "main":
            assert row[col[f"main_{verb.replace('-', '_')}"]] == 1.0
        if verb in ("at", "step"):
            q, r = (int(v) for v in words[1].split(","))
            assert row[col["hex_q"]] == pytest.approx(q / 5) and row[col["hex_r"]] == pytest.approx(r / 5)
            assert row[col["hex_building"]] == float((q, r) in state.buildings)
        if verb == "step":
            assert sum(row[col[f"dir_{d}"]] for d in range(6)) == 1.0
        if verb == "build":
            assert row[col[f"build_{words[1].replace('-', '_')}"]] == 1.0
        if option.payload["range"] in ("warehouse", "pay"):
            assert row[col[f"res_{words[1].replace('-', '_')}"]] == 1.0
    assert {"at", "step", "build", "landing-pod"} <= seen


@pytest.mark.parametrize("name", sorted(OWN))
def test_option_env_observes_the_games_columns(name: str) -> None:
    from ludoteca.envs import option_env

    env = option_env(name, max_options=128, opponent="random", players=2)
    assert env.observation_space["options"].shape == (128, option_features_for(env.unwrapped.game).width)
    obs, _ = env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        assert env.observation_space.contains(obs)
        obs, _, terminated, _, _ = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        if terminated:
            obs, _ = env.reset()
