"""Game manifests (issue #22): every game's declared options accept good values and refuse
bad ones naming the option, with a catalog message in every language; the registry refuses
a manifest that contradicts itself."""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from ludoteca.core import registry
from ludoteca.core.api import Game, State
from ludoteca.core.errors import InvalidOptionError
from ludoteca.core.i18n import LANGUAGES, catalog, render
from ludoteca.core.manifest import ManifestError, OptionSpec, check_manifest, with_players
from ludoteca.core.registry import game_class, load_game, registered_games

# game -> option -> (a good value, with the options it needs; a bad value; the message key)
CASES: dict[str, dict[str, tuple[dict[str, Any], dict[str, Any], str]]] = {
    "carcassonne": {
        "players": ({"players": 6, "expansions": ["inns_cathedrals"]}, {"players": 7},
                    "core.option.error.range"),
        "expansions": ({"expansions": ["wonders"]}, {"expansions": ["river"]}, "core.option.error.multi"),
        "wonders": ({"expansions": ["wonders"], "wonders": ["tikal", "alhambra"]},
                    {"expansions": ["wonders"], "wonders": ["tikal", "tikal"]}, "core.option.error.multi"),
        "bag": ({"bag": ["base:A", "base:U"]}, {"bag": ["base:Z"]}, "carcassonne.setting.bag.error"),
    },
    "terraforming-mars": {
        "players": ({"players": 1}, {"players": 0}, "core.option.error.range"),
        "corporate_era": ({"corporate_era": True}, {"corporate_era": "yes"}, "core.option.error.bool"),
        "draft": ({"draft": True}, {"draft": True, "players": 1},
                  "terraforming_mars.setting.draft.error.solo"),
        "corporations": ({"corporations": "beginner"}, {"corporations": ["credicor"]},
                         "terraforming_mars.setting.corporations.error"),
        "max_generations": ({"max_generations": 3}, {"max_generations": 0}, "core.option.error.at_least"),
    },
    "tm-dice": {
        "players": ({"players": 4}, {"players": 5}, "core.option.error.range"),
        "start": ({"start": {"temperature": 0, "oxygen": 2, "oceans": 3}}, {"start": {"heat": 1}},
                  "tm_dice.setting.start.error"),
    },
    "on-mars": {
        "players": ({"players": 1}, {"players": 2.0}, "core.option.error.range"),
        "length": ({"length": "long"}, {"length": "medium"}, "core.option.error.choice"),
        "space_oddity": ({"space_oddity": True}, {"space_oddity": 1}, "core.option.error.bool"),
        "first_colonists": ({"first_colonists": True}, {"first_colonists": True, "players": 1},
                            "on_mars.setting.first_colonists.error.solo"),
        "max_rounds": ({"max_rounds": 0}, {"max_rounds": -1}, "core.option.error.at_least"),
    },
}


def test_every_option_of_every_game_has_a_case() -> None:
    assert sorted(CASES) == registered_games()
    for name, cases in CASES.items():
        assert sorted(cases) == sorted(s.name for s in game_class(name).option_specs), name


@pytest.mark.parametrize(("name", "option"), [(n, o) for n, c in CASES.items() for o in c])
def test_a_good_value_is_kept_and_a_bad_one_refused_naming_the_option(name: str, option: str) -> None:
    good, bad, key = CASES[name][option]
    game = load_game(name, **good)
    assert game.options[option] == good[option]
    with pytest.raises(InvalidOptionError) as caught:
        load_game(name, **bad)
    assert caught.value.option == option
    message = caught.value.message
    assert message is not None and message["key"] == key
    for lang in LANGUAGES:
        assert render(message, lang)  # worded in every language


def test_worked_examples_in_three_languages() -> None:
    with pytest.raises(InvalidOptionError) as caught:
        load_game("terraforming-mars", players=9)
    said = {lang: render(caught.value.message, lang) for lang in LANGUAGES}
    assert said == {"en": "Players must be a whole number from 1 to 5.",
                    "pt-BR": "Jogadores: informe um número inteiro de 1 a 5.",
                    "fr": "Joueurs : indiquez un nombre entier de 1 à 5."}
    assert str(caught.value).startswith(
        "Players must be a whole number from 1 to 5. (option 'players', got 9")
    with pytest.raises(InvalidOptionError) as caught:
        load_game("on-mars", length="medium")
    assert render(caught.value.message, "fr") == (
        "Durée de la partie : choisissez parmi Partie courte, Partie longue.")
    assert "choices: short, long" in str(caught.value)  # the values a script sends
    with pytest.raises(InvalidOptionError) as caught:
        load_game("carcassonne", players=3, expansions=["wonders"], wonders=["tikal", "alhambra"])
    assert render(caught.value.message, "pt-BR") == (
        "Ofereça pelo menos 3 Maravilhas diferentes (uma por jogador).")
    with pytest.raises(InvalidOptionError) as caught:
        load_game("carcassonne", players=6)
    assert caught.value.option == "players"
    assert render(caught.value.message, "fr").startswith(
        "À 6 joueurs, il faut l’extension Auberges et Cathédrales")


def test_unknown_option_and_missing_value() -> None:
    with pytest.raises(InvalidOptionError, match="valid options: corporate_era, corporations") as caught:
        load_game("terraforming-mars", colonies=True)
    assert caught.value.option == "colonies" and caught.value.message["key"] == "core.option.error.unknown"
    with pytest.raises(InvalidOptionError) as caught:
        load_game("on-mars", length=None)  # not optional
    assert caught.value.message["key"] == "core.option.error.required"
    assert "max_generations" not in load_game("terraforming-mars", max_generations=None).options  # optional


def test_specs_check_each_kind() -> None:
    spec = OptionSpec("n", "int", 1, min=1)
    spec.check(10**6, "x")
    for bad in (0, True, 1.5, "3"):
        with pytest.raises(InvalidOptionError):
            spec.check(bad, "x")
    choice = OptionSpec("c", "choice", 1, choices=(1, 2))
    with pytest.raises(InvalidOptionError):
        choice.check(True, "x")  # True == 1 in Python, not in JSON
    multi = OptionSpec("m", "multi", [], choices=("a", "b"))
    multi.check(["b", "a"], "x")
    for bad in (["a", "a"], "a", ["c"]):
        with pytest.raises(InvalidOptionError):
            multi.check(bad, "x")
    with pytest.raises(InvalidOptionError):
        OptionSpec("j", "json", None, optional=True).check({1, 2}, "x")


def test_every_manifest_text_is_in_every_catalog() -> None:
    for name in registered_games():
        for lang in LANGUAGES:
            texts = catalog(lang)
            missing = [k for k in registry.manifest(name).message_keys() if k not in texts]
            assert not missing, (name, lang, missing)
    assert catalog("pt-BR")["tm_dice.title"] == "Terraforming Mars: O Jogo de Dados"


def test_the_catalog_form_of_a_spec() -> None:
    (wonders,) = [s for s in game_class("carcassonne").option_specs if s.name == "wonders"]
    data = wonders.to_dict("carcassonne")
    assert data["label"] == "carcassonne.setting.wonders" and data["advanced"] and data["optional"]
    assert {"value": "tikal", "label": "carcassonne.wonder.tikal.name"} in data["choices"]


def test_with_players() -> None:
    tm = game_class("terraforming-mars")
    assert with_players(tm, {}, 3) == {"players": 3}
    assert with_players(tm, {"players": 2}, 3) == {"players": 2}  # given options win


class _Toy(Game):
    name = "broken_test"
    title = "Broken (test game)"
    default_options: ClassVar[dict[str, Any]] = {"players": 2, "fast": False}
    min_players, max_players = 2, 4
    option_specs = (OptionSpec("players", "int", 2, min=2, max=4), OptionSpec("fast", "bool", False))

    def new_initial_state(self) -> State:
        raise NotImplementedError

    def num_players(self) -> int:
        return int(self.options["players"])

    def num_distinct_actions(self) -> int:
        return 1


def _broken(**attrs: Any) -> type[Game]:
    return type("Broken", (_Toy,), attrs)


@pytest.mark.parametrize(("attrs", "says"), [
    ({"option_specs": (OptionSpec("players", "int", 2, min=2, max=4),)}, "do not match default_options"),
    ({"option_specs": (OptionSpec("players", "int", 2, min=2, max=4), OptionSpec("fast", "bool", True))},
     "spec default True is not default_options' False"),
    ({"option_specs": (OptionSpec("players", "int", 2, min=2, max=4), OptionSpec("fast", "int", False))},
     "its default False breaks its own spec"),
    ({"max_players": 5}, "option 'players' must be an int spec from 2 to 5"),
    ({"min_players": 3, "max_players": 2}, "1 <= min <= max"),
    ({"option_specs": (OptionSpec("players", "int", 2, min=2, max=4), OptionSpec("fast", "choice", False))},
     "declares no choices"),
    ({"option_specs": (OptionSpec("players", "int", 2, min=2, max=4), OptionSpec("fast", "flag", False))},  # type: ignore[arg-type]
     "unknown kind 'flag'"),
    ({"option_specs": (OptionSpec("players", "int", 2, min=2, max=4), OptionSpec("players", "int", 2)),
      "default_options": {"players": 2}}, "declared twice"),
    ({"title": ""}, "title must be a non-empty string"),
])
def test_a_broken_manifest_fails_clearly(attrs: dict[str, Any], says: str) -> None:
    check_manifest(_Toy)  # the unbroken one passes
    with pytest.raises(ManifestError, match="game 'broken_test': bad manifest: ") as caught:
        check_manifest(_broken(**attrs))
    assert says in str(caught.value)


def test_the_registry_refuses_a_broken_game(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys
    import types

    module = types.ModuleType("broken_game_module")
    module.Broken = _broken(max_players=1)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "broken_game_module", module)
    monkeypatch.setitem(registry._GAMES, "broken", "broken_game_module:Broken")
    with pytest.raises(ManifestError, match="min_players/max_players"):
        load_game("broken")
