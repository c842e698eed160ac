"""Carcassonne in English, Portuguese and French (issue #20): every message a game produces
renders in every language, and worked examples say what the rules mean."""

from __future__ import annotations

import random

import pytest

import ludoteca
from ludoteca.agents.greedy import GreedyAgent
from ludoteca.core.i18n import LANGUAGES, render
from ludoteca.core.play import sample_chance
from ludoteca.games.carcassonne import texts
from ludoteca.games.carcassonne.wonders import wonder_index

NAMES = ["Ana", "Bia", "Caio"]


def say(message: dict, lang: str) -> str:
    text = render(message, lang, NAMES)
    assert "{" not in text and "}" not in text, (message, lang, text)
    assert "carcassonne." not in text and "core." not in text, text
    return text


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_message_of_a_random_game_renders_in_every_language(seed: int) -> None:
    rng = random.Random(seed)
    offer = rng.sample(sorted(wonder_index()), 3)
    if seed == 1:
        offer = ["abu_simbel", "tikal", "stonehenge"]
    game = ludoteca.load_game("carcassonne", players=3, expansions=["inns_cathedrals", "wonders"],
                              wonders=offer)
    state = game.new_initial_state()
    kinds = set()
    bot = GreedyAgent(seed=seed)  # plays well enough to earn Wonders
    while not state.is_terminal():
        prompt = state.prompt()
        kinds.add(prompt.kind)
        assert prompt.message is not None and all(o.message is not None for o in prompt.options)
        action = sample_chance(state, rng) if state.is_chance_node() else bot.step(state)
        for lang in LANGUAGES:
            say(prompt.message, lang)
            for option in prompt.options[:40]:
                say(option.message, lang)
            say(state.action_message(action), lang)
            public = state.public_action_message(action)
            assert (public is None) == (state.public_action_string(action) is None)
            if public is not None:
                say(public, lang)
        state.apply_action(action)
    assert {"draw", "place", "meeple", "wonder"} <= kinds
    assert render(state.prompt().message, "pt-BR") == "A partida terminou."
    for event in state.scoring_log():
        for lang in LANGUAGES:
            say(state.scoring_message(event), lang)
            say(texts.score_category(event), lang)


def _city_of_two() -> ludoteca.State:
    """Tile E turned 180° north of the start tile closes a city of 2 tiles; Ana's knight in it."""
    game = ludoteca.load_game("carcassonne", players=2, bag=["base:E"])
    state = game.new_initial_state()
    state.apply_string("draw base:E")
    state.apply_string("place 0,1 r180")
    return state


def test_worked_example_a_completed_city() -> None:
    state = _city_of_two()
    prompt = state.prompt()
    assert [render(prompt.message, lang) for lang in LANGUAGES] == [
        "Place a meeple on the tile at (0,\u00a01), or skip",
        "Coloque um meeple no tile em (0,\u00a01), ou passe",
        "Posez un partisan sur la tuile en (0,\u00a01), ou passez",
    ]
    knight = prompt.find("meeple city S")
    assert knight is not None
    assert [render(knight.message, lang) for lang in LANGUAGES] == [
        "Put a knight in the city (S)", "Colocar um cavaleiro na cidade (S)",
        "Poser un chevalier dans la ville (S)"]
    farmer = next(o for o in prompt.options if o.text.startswith("meeple field"))
    assert render(farmer.message, "pt-BR").startswith("Colocar um fazendeiro no campo (")
    assert render(farmer.message, "fr").startswith("Poser un paysan dans le pré (")
    action = knight.action
    assert render(state.action_message(action), "fr") == "a posé un chevalier dans la ville (S)"
    state.apply_action(action)
    (event,) = [e for e in state.scoring_log() if not e["final"]]
    assert (event["kind"], event["points"], event["tiles"], event["seats"]) == ("city", 4, 2, [0])
    assert [render(state.scoring_message(event), lang, NAMES) for lang in LANGUAGES] == [
        "turn 1: city of 2 tiles — Ana +4",
        "turno 1: cidade de 2 tiles — Ana +4",
        "tour 1\u00a0: ville de 2 tuiles — Ana +4",
    ]
    assert [render(texts.score_category(event), lang) for lang in LANGUAGES] == [
        "Cities completed", "Cidades completas", "Villes achevées"]


def test_worked_example_the_west_side_and_a_turned_tile() -> None:
    game = ludoteca.load_game("carcassonne", players=2, bag=["base:U"])
    state = game.new_initial_state()
    draw = state.prompt()
    assert [render(draw.message, lang) for lang in LANGUAGES] == [
        "Draw a tile (1 left)", "Compre um tile (resta 1)", "Piochez une tuile (il en reste 1)"]
    state.apply_string("draw base:U")
    assert render(state.prompt().message, "pt-BR") == "Coloque o tile U (estrada reta oeste–leste)"
    assert state.prompt().find("place -1,0 r180") is None  # the same placement as r0: listed once
    place = state.prompt().find("place -1,0 r0")
    assert place is not None
    assert render(place.message, "fr") == "Poser en (-1,\u00a00), tournée de 0°"
    assert render(state.action_message(place.action), "en") == "placed it at (-1,\u00a00)"
    turned = ludoteca.load_game("carcassonne", players=2, bag=["base:V"]).new_initial_state()
    turned.apply_string("draw base:V")
    assert render(turned.prompt().message, "fr") == "Posez la tuile V (virage de route ouest–sud)"
    curve = turned.prompt().find("place -1,0 r180")
    assert curve is not None
    assert render(curve.message, "fr") == "Poser en (-1,\u00a00), tournée de 180°"
    assert render(turned.action_message(curve.action), "en") == "placed it at (-1,\u00a00), turned 180°"
    state.apply_action(place.action)
    thief = state.prompt().find("meeple road E")
    assert thief is not None and render(thief.message, "pt-BR") == "Colocar um ladrão na estrada (L)"
    field = state.prompt().find("meeple field E2")
    assert field is not None and render(field.message, "fr") == "Poser un paysan dans le pré (E2)"
    assert render(field.message, "pt-BR") == "Colocar um fazendeiro no campo (L2)"


@pytest.mark.parametrize(("event", "expected"), [
    ({"kind": "road", "points": 3, "seats": [0, 1], "tiles": 3, "final": True, "turn": 70},
     ["final scoring: unfinished road of 3 tiles — Ana, Bia +3",
      "pontuação final: estrada incompleta de 3 tiles — Ana, Bia +3",
      "décompte final\u00a0: route inachevée de 3 tuiles — Ana, Bia +3"]),
    ({"kind": "monastery", "points": 9, "seats": [2], "tiles": 1, "final": False, "turn": 11},
     ["turn 12: completed monastery — Caio +9", "turno 12: mosteiro completo — Caio +9",
      "tour 12\u00a0: abbaye achevée — Caio +9"]),
    ({"kind": "field", "points": 12, "seats": [1], "tiles": 9, "final": True, "turn": 70},
     ["final scoring: field — Bia +12", "pontuação final: campo — Bia +12",
      "décompte final\u00a0: pré — Bia +12"]),
    ({"kind": "wonder:terracotta_army", "points": 4, "seats": [0], "tiles": 0, "final": True, "turn": 70},
     ["final scoring: Terracotta Army power — Ana +4",
      "pontuação final: poder da Maravilha Exército de Terracota — Ana +4",
      "décompte final\u00a0: pouvoir de la Merveille Armée de terre cuite — Ana +4"]),
    ({"kind": "city", "points": 0, "seats": [], "tiles": 1, "final": True, "turn": 70},
     ["final scoring: unfinished city of 1 tile — nobody +0",
      "pontuação final: cidade incompleta de 1 tile — ninguém +0",
      "décompte final\u00a0: ville inachevée de 1 tuile — personne +0"]),
])
def test_worked_examples_of_scoring_events(event: dict, expected: list[str]) -> None:
    assert [render(texts.score_event(event), lang, NAMES) for lang in LANGUAGES] == expected


def test_the_wonders_and_every_tile_have_their_texts() -> None:
    game = ludoteca.load_game("carcassonne", players=2, expansions=["inns_cathedrals", "wonders"],
                              wonders=sorted(wonder_index()))
    for lang in LANGUAGES:
        for tile in game.tiles:
            assert say(texts.tile(tile), lang)
        for key in wonder_index():
            assert say(texts.wonder_name(key), lang) and len(say(texts.wonder_power(key), lang)) > 40
    power = texts.wonder_power("circus_maximus")
    assert "4 pontos (2 jogadores)" in render(power, "pt-BR")
    assert "4 points (2 joueurs)" in render(power, "fr")
    assert render(texts.wonder_name("abu_simbel"), "fr") == "Abou Simbel"


def test_every_verb_has_its_option_and_log_text() -> None:
    """The rare decisions too (claim order, helper tile, Wonder arms), from their action ids."""
    game = ludoteca.load_game("carcassonne", players=3, expansions=["inns_cathedrals", "wonders"],
                              wonders=["tikal", "alhambra", "abu_simbel"])
    state = game.new_initial_state()
    codec, square = game.codec, state.board.square(2, -1)
    expected = {
        codec.order((2, 0)): ("Order: Caio, Ana", "Ordem: Caio, Ana", "Ordre\u00a0: Caio, Ana"),
        codec.helper: ("Draw a helper tile, then place the Wonder next to it",
                       "Comprar um tile auxiliar e colocar a Maravilha ao lado dele",
                       "Piocher une tuile d’appoint, puis poser la Merveille à côté"),
        codec.hold: ("Hold the Wonder and draw a tile", "Guardar a Maravilha e comprar um tile",
                     "Garder la Merveille et piocher une tuile"),
        codec.pick_wonder(1): ("Take Alhambra", "Pegar a Maravilha Alhambra",
                               "Prendre la Merveille Alhambra"),
        codec.place_wonder(square, 1): ("Centre the Wonder on (2,\u00a0-1), turned 90°",
                                        "Centrar a Maravilha em (2,\u00a0-1), girada 90°",
                                        "Centrer la Merveille en (2,\u00a0-1), tournée de 90°"),
        codec.arm_meeple(3, 0, big=True): (
            "Put the big meeple in the city (N), on the Wonder’s W arm",
            "Colocar o meeple grande na cidade (N), no braço O da Maravilha",
            "Poser le grand partisan dans la ville (N), sur le bras O de la Merveille"),
        codec.choose(game.tiles_by_id["base:B"].index): (
            "Play tile B (monastery surrounded by field)", "Jogar o tile B (mosteiro cercado de campo)",
            "Jouer la tuile B (abbaye entourée de pré)"),
    }
    for action, texts_ in expected.items():
        assert tuple(render(texts.option(state, action), lang, NAMES) for lang in LANGUAGES) == texts_
        for lang in LANGUAGES:
            say(texts.logged(state, action), lang)
    order = texts.logged(state, codec.order((2, 0)))
    assert render(order, "fr", NAMES) == "a fixé l’ordre de choix\u00a0: Caio, Ana"
    assert render(texts.logged(state, codec.helper), "pt-BR") == "comprou um tile auxiliar"
