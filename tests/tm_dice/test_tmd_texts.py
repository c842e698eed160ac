"""The Dice Game in English, Portuguese and French (issue #20): every component of the
packaged data has its words in every language, every message a game produces renders, and
worked examples of components, prompts, options and log lines say what the rules mean."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from tmd_helpers import give, new_game, play

import ludoteca
from ludoteca.core.i18n import LANGUAGES, catalog, render, set_language
from ludoteca.core.play import sample_chance
from ludoteca.games.tm_dice import texts
from ludoteca.games.tm_dice.content import load_content

NAMES = ["Ana", "Bia", "Caio"]
JS = Path(texts.__file__).resolve().parents[2] / "web" / "js" / "tmdice"


def say(message: dict, lang: str) -> str:
    text = render(message, lang, NAMES)
    assert "{" not in text and "}" not in text, (message, lang, text)
    assert "tm_dice." not in text and "core." not in text, text
    return text


def three(message: dict) -> list[str]:
    return [say(message, lang) for lang in LANGUAGES]


def test_every_component_has_its_words_in_every_language() -> None:
    content = load_content()
    for card in content.cards:
        names = three(texts.card_name(card.id))
        assert all(names), card.id
        effects = [three(e) for e in texts.card_effects(content, card)]
        assert effects, card.id  # every card does something
    for m in content.milestones:
        three(texts.milestone_name(m.id))
        three(texts.milestone_requirement(content, m))
    for rid in (*content.resources, "wild"):
        three(texts.resource(rid))
        three(texts.amount(rid, 2))
    for rid in content.resources:
        three(texts.award(rid))
    for c in (*content.colours, "white"):
        three(texts.colour(c))
        three(texts.dice(c, 1))
    for t in content.parameters:
        three(texts.track_name(t.id))
    for area in content.areas:
        if area.bonus:
            three(texts.ops(content, area.bonus))


def test_a_card_with_an_effect() -> None:
    content = load_content()
    sabotage = content.card("pd_p11")
    assert three(texts.card_name("pd_p11")) == ["Sabotage", "Sabotagem", "Sabotage"]
    assert [three(e) for e in texts.card_effects(content, sabotage)] == [[
        "each opponent loses 1 heat, gain 1 wild token",
        "cada oponente perde 1 calor, receba 1 marcador curinga",
        "chaque adversaire perd 1 chaleur, gagnez 1 jeton joker"]]
    assert three(texts.icons(content, sabotage.cost_icons)) == [
        "1 event, 1 resource of your choice", "1 evento, 1 recurso à sua escolha",
        "1 événement, 1 ressource au choix"]
    pump = content.card("pd_p15")  # a blue card: an action, its cost left of the arrow
    assert three(texts.card_effects(content, pump)[0]) == [
        "Main action: pay 2 water → place an ocean", "Ação principal: pague 2 água → coloque um oceano",
        "Action principale : payez 2 eau → posez un océan"]


def test_a_corporation() -> None:
    content = load_content()
    teractor = content.card("teractor")
    assert [three(e) for e in texts.card_effects(content, teractor)] == [
        ["Start: 4 wild tokens, 1 MegaCredit", "Bônus inicial: 4 marcadores curinga, 1 MegaCrédito",
         "Départ : 4 jetons joker, 1 mégacrédit"],
        ["Production: 1 red die, 1 yellow die", "Produção: 1 dado vermelho, 1 dado amarelo",
         "Production : 1 dé rouge, 1 dé jaune"]]


def test_a_bonus_card() -> None:
    content = load_content()
    developer = content.card("developer")
    assert three(texts.card_name("developer")) == ["Developer", "Incorporadora", "Promoteur"]
    assert three(texts.card_effects(content, developer)[0]) == [
        "when you play a green card: gain 1 VP", "quando você jogar uma carta verde: receba 1 PV",
        "quand vous jouez une carte verte : gagnez 1 PV"]
    supply = content.card("pd_b2")
    assert three(texts.card_effects(content, supply)[0]) == [
        "gain 2 dice of one colour of your choice", "receba 2 dados de uma mesma cor à sua escolha",
        "gagnez 2 dés d’une même couleur au choix"]


def test_a_milestone_and_an_award() -> None:
    content = load_content()
    engineer = next(m for m in content.milestones if m.id == "pd_ms_engineer")
    assert three(texts.milestone_name(engineer.id)) == ["Engineer", "Engenheiro", "Ingénieur"]
    assert three(texts.milestone_requirement(content, engineer)) == [
        "have 3 blue cards in play (bonus cards count)", "ter 3 cartas azuis em jogo (cartas bônus contam)",
        "avoir 3 cartes bleues en jeu (cartes bonus comprises)"]
    assert three(texts.award("plant")) == [
        "the most plant icons in the costs of played cards",
        "mais ícones de planta nos custos das cartas jogadas",
        "le plus d’icônes plante dans les coûts des cartes jouées"]


def test_plurals_agree_with_the_count() -> None:
    assert three(texts.dice("red", 1)) == ["1 red die", "1 dado vermelho", "1 dé rouge"]
    assert three(texts.dice("blue", 2)) == ["2 blue dice", "2 dados azuis", "2 dés bleus"]
    assert three(texts.amount("plant", 3)) == ["3 plants", "3 plantas", "3 plantes"]
    content = load_content()
    assert three(texts.op(content, (7, 0, 2))) == [  # OP_RAISE temperature 2
        "raise the temperature 2 steps", "aumente a temperatura em 2 níveis",
        "augmentez la température de 2 crans"]


def test_prompts_options_and_log_lines() -> None:
    state = new_game(2)
    assert three(state.prompt().message) == [
        "A production turn or an action turn?", "Turno de produção ou turno de ação?",
        "Tour de production ou tour d’actions ?"]
    options = {o.text: o.message for o in state.prompt().options}
    assert three(options["actions"]) == ["Action turn", "Turno de ação", "Tour d’actions"]
    assert three(state.action_message(state.string_to_action("actions"))) == [
        "took an action turn", "fez um turno de ação", "a fait un tour d’actions"]
    give(state, 0, {"plant": 4})
    play(state, "actions", "take red")
    assert three(state.prompt().message) == [
        "Choose a main action", "Escolha uma ação principal", "Choisissez une action principale"]
    convert = {o.text: o.message for o in state.prompt().options}["convert forest"]
    assert three(convert) == ["Pay 4 plants: place a forest", "Pagar 4 plantas: coloque uma floresta",
                              "Payer 4 plantes : posez une forêt"]
    assert three(state.action_message(state.string_to_action("convert forest"))) == [
        "converted 4 plants → place a forest", "converteu 4 plantas → coloque uma floresta",
        "a converti 4 plantes → posez une forêt"]
    play(state, "convert forest")
    assert three(state.prompt().message) == ["Pay 4 plants", "Pague 4 plantas", "Payez 4 plantes"]
    pay = state.string_to_action("pay plant")
    assert three(state.action_message(pay)) == ["paid plant", "pagou planta", "a payé plante"]
    play(state, "pay plant", "pay plant", "pay plant", "pay plant")
    assert three(state.prompt().message) == ["Place a forest", "Coloque uma floresta", "Posez une forêt"]
    place = state.string_to_action("place D5")
    assert three(state.prompt().options[0].message)[1].startswith("Colocar em ")
    assert three(state.action_message(place)) == [
        "placed a tile on D5", "colocou uma peça em D5", "a posé une tuile en D5"]


def test_setup_decisions_and_secrets() -> None:
    state = ludoteca.load_game("tm-dice", players=2).new_initial_state()
    assert three(state.prompt().message)[0] == "Set a bonus card aside (4 to go)"
    while state.prompt().kind != "corporation":
        state.apply_action(state.chance_outcomes()[0][0])
    keep = state.legal_actions()[0]
    assert three(state.prompt().message) == [
        "Keep one of your corporations", "Escolha uma de suas corporações", "Gardez une de vos corporations"]
    assert say(state.action_message(keep), "pt-BR").startswith("ficou com ")
    assert state.public_action_message(keep) is None  # the kept corporation stays hidden
    state.apply_action(keep)
    state.apply_action(state.legal_actions()[0])
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.prompt().kind == "gift"
    assert three(state.prompt().message) == [
        "Give one of your resources to Bia", "Entregue um de seus recursos para Bia",
        "Donnez une de vos ressources à Bia"]


@pytest.mark.parametrize(("players", "seed"), [(1, 1), (2, 2), (3, 3)])
def test_every_message_of_a_random_game_renders_in_every_language(players: int, seed: int) -> None:
    rng = random.Random(seed)
    state = ludoteca.load_game("tm-dice", players=players).new_initial_state()
    kinds = set()
    while not state.is_terminal():
        prompt = state.prompt()
        kinds.add(prompt.kind)
        three(prompt.message)
        for option in prompt.options[:12]:
            three(option.message)
        action = sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
        three(state.action_message(action))
        public = state.public_action_message(action)
        if public is not None:
            assert public == state.action_message(action)
        state.apply_action(action)
    assert {"turn", "support", "main", "pay"} <= kinds


def test_the_terminal_picture_follows_the_process_language() -> None:
    state = new_game(2)
    try:
        set_language("pt-BR")
        text = state.position_text(0)
        assert "Temperatura" in text and "mão: Respiradouros de Calor*" in text
        assert "corporação Helion" in text
        set_language("fr")
        assert "réserve : 12 dés verts" in state.position_text(0)
    finally:
        set_language("en")
    assert "hand: Heat Vents*" in state.position_text(0)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_keys_the_table_builds_exist(lang: str) -> None:
    """The browser builds some keys from data (`t(\\`tm_dice.table.step.${decision}\\`)`):
    the lists in table.js and panels.js, the card timings and the colours."""
    words = catalog(lang)
    table = (JS / "table.js").read_text("utf-8")
    steps = re.search(r"const STEPS = \[([^\]]*)\]", table)[1]  # type: ignore[index]
    details = re.search(r"const DETAILS = \[([^\]]*)\]", table)[1]  # type: ignore[index]
    for kind in re.findall(r"'([\w-]+)'", steps):
        assert f"tm_dice.table.step.{kind.replace('-', '_')}" in words
    for verb in re.findall(r"'([\w-]+)'", details):
        assert f"tm_dice.table.detail.{verb.replace('-', '_')}" in words
    for verb in ("play", "discard", "use", "corporation", "bonus", "keep", "pay", "gift"):
        assert f"tm_dice.table.verb.{verb}" in words
    for timing in ("support", "main", "free"):
        assert f"tm_dice.table.timing.{timing}" in words
    for row in ("track", "milestones", "awards", "cards", "total", "total_so_far", "production_dice"):
        assert f"tm_dice.table.row.{row}" in words
    for track in load_content().parameters:
        assert f"tm_dice.table.complete.{track.id}" in words
    for tile in ("ocean", "forest", "city", "special"):
        assert f"tm_dice.tile.{tile}" in words
    for colour in ("green", "gray", "blue", "red", "yellow", "white"):
        assert f"tm_dice.dice.{colour}" in words and f"tm_dice.colour.{colour}" in words
