"""Terraforming Mars in English, Portuguese and French (issues #20, #24): every message a
game produces renders in every language without internal ids, and worked examples say
what the rules mean: prompts with the action being resolved, options, log lines, the
decisions the engine takes alone (a payment with one possibility) and the public lines
of secret decisions."""

from __future__ import annotations

import random
import re

import pytest
from tm_helpers import give, put, set_param, set_prod, set_res, start

import ludoteca
from ludoteca.core.i18n import LANGUAGES, render
from ludoteca.games.terraforming_mars import texts
from ludoteca.games.terraforming_mars.state import TMState

NAMES = ["Ana", "Bia", "Caio"]
#: what an internal id looks like in a text: snake_case words, or a rule in parentheses
INTERNAL = re.compile(r"\b[a-z]+_[a-z_]+\b|\((ocean_space|greenery_rules|city_rules)\)")


def say(message: dict, lang: str) -> str:
    text = render(message, lang, NAMES)
    assert "{" not in text and "}" not in text, (message, lang, text)
    assert "terraforming_mars." not in text and "core." not in text, text
    assert not INTERNAL.search(text), (lang, text)
    return text


def all_three(message: dict) -> list[str]:
    return [say(message, lang) for lang in LANGUAGES]


def option_for(st: TMState, text: str) -> dict:
    action = st.string_to_action(text)
    return texts.option(st, action)


@pytest.mark.parametrize("options", [
    {"players": 2, "corporate_era": True, "draft": True}, {"players": 1}, {"players": 3}])
def test_every_message_of_a_random_game_renders_in_every_language(options: dict) -> None:
    rng = random.Random(7)
    state = ludoteca.load_game("terraforming-mars", **options).new_initial_state()
    kinds: set[str] = set()
    while not state.is_terminal():
        prompt = state.prompt()
        kinds.add(prompt.kind)
        assert prompt.message["key"] != "core.notation"
        assert all(o.message["key"] != "core.notation" for o in prompt.options)
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            action = rng.choice(state.legal_actions())
        public = state.public_action_message(action)
        assert public is None or state.public_action_string(action) is not None or \
            public["key"].startswith("terraforming_mars.secret.")
        for lang in LANGUAGES:
            say(prompt.message, lang)
            for option in prompt.options[:30]:
                say(option.message, lang)
            say(state.action_message(action), lang)
            if public is not None:
                say(public, lang)
        state.apply_action(action)
    assert {"action", "pay", "place", "research"} <= kinds
    assert render(state.prompt().message, "fr") == "La partie est terminée."


def test_the_prompt_names_the_card_being_played_and_the_tile_in_words() -> None:
    st = set_res(start(), 0, mc=30)
    give(st, 0, "ice_asteroid")
    assert all_three(option_for(st, "play ice_asteroid")) == [
        "Play Ice Asteroid (23 M€)", "Jogar Asteroide de Gelo (23 M€)", "Jouer Astéroïde de glace (23 M€)"]
    st.apply_string("play ice_asteroid")  # the only payment (no titanium) is taken at once
    assert st.prompt().kind == "place"
    assert all_three(st.prompt().message) == [
        "Playing Ice Asteroid — Choose where to place an ocean tile, on an ocean space",
        "Jogando Asteroide de Gelo — Escolha onde colocar um oceano, em uma área reservada para oceanos",
        "Vous jouez Astéroïde de glace — Choisissez où placer une tuile Océan, sur une case réservée aux "
        "océans",
    ]
    assert all_three(option_for(st, "place 04")) == [
        "Space 04 — bonus: 2 steel", "Área 04 — bônus: 2 de aço", "Case 04 — bonus : 2 aciers"]


def test_a_special_tile_reads_as_its_name_with_its_rule() -> None:
    st = set_res(start(), 0, mc=30)
    give(st, 0, "natural_preserve")
    st.apply_string("play natural_preserve")
    assert all_three(st.prompt().message) == [
        "Playing Natural Preserve — Choose where to place the Natural Preserve tile, on a land space next to "
        "no other tile",
        "Jogando Reserva Natural — Escolha onde colocar a peça Reserva Natural, em uma área de terra sem "
        "nenhuma peça adjacente",
        "Vous jouez Réserve naturelle — Choisissez où placer la tuile Réserve naturelle, sur une case "
        "terrestre sans aucune tuile adjacente",
    ]


def test_a_payment_with_one_possibility_is_still_logged() -> None:
    """8 M€ and 5 steel for Noctis City (18 M€): all the steel must go, and the one city
    space follows; the log says both, for everyone (a payment is public)."""
    st = set_prod(set_res(start(), 0, mc=8, steel=5), 0, energy=1)  # the card lowers it
    give(st, 0, "noctis_city")
    action = st.string_to_action("play noctis_city")
    line = st.action_message(action)
    assert all_three(line) == [
        "played Noctis City; paid 8 M€ + 5 steel; placed a city tile on space 31",
        "jogou Cidade Noctis; pagou 8 M€ + 5 de aço; colocou uma cidade na área 31",
        "a joué Noctis City ; a payé 8 M€ + 5 aciers ; a placé une tuile Cité sur la case 31",
    ]
    assert st.public_action_message(action) == line
    before = st.clone()
    st.apply_action(action)
    assert st.res[0] == 0 and st.res[1] == 0  # the engine did pay that way
    assert before.journal is None and st.journal is None  # the engine keeps no journal


def test_options_of_the_menu_in_three_languages() -> None:
    st = set_res(start(), 0, mc=30, heat=8)
    assert all_three(option_for(st, "project power_plant")) == [
        "Standard project: Power plant (11 M€)", "Projeto padrão: Usina de energia (11 M€)",
        "Projet standard : Centrale électrique (11 M€)"]
    heat = all_three(option_for(st, "convert heat"))
    assert heat[2] == "Convertir 8 chaleur : augmenter la température d’un cran"
    assert all_three(option_for(st, "pass")) == [
        "Pass (no more actions this generation)", "Passar (sem mais ações nesta geração)",
        "Passer (plus d’action pendant cette génération)"]
    assert all_three(st.prompt().message) == [
        "Your first action of this turn (generation 1), or pass",
        "Sua primeira ação do turno (geração 1), ou passe",
        "Votre première action de ce tour (génération 1), ou passez"]


def test_a_secret_decision_is_announced_without_what_was_chosen() -> None:
    st = ludoteca.load_game("terraforming-mars", players=2).new_initial_state()
    while st.is_chance_node():
        st.apply_action(st.chance_outcomes()[0][0])
    assert st.prompt().kind == "corporation"
    corps = st.legal_actions()
    own = [say(st.action_message(a), "en") for a in corps]
    assert own[0].startswith("chose ") and own[0] != own[1]
    public = {str(st.public_action_message(a)) for a in corps}
    assert len(public) == 1  # the same whichever corporation
    assert all_three(st.public_action_message(corps[0])) == [
        "chose a corporation", "escolheu uma corporação", "a choisi une corporation"]
    while st.prompt().kind != "research":
        st.apply_action(st.legal_actions()[0] if not st.is_chance_node() else st.chance_outcomes()[0][0])
    buy, reject = st.legal_actions()[0], st.legal_actions()[-1]
    assert st.public_action_message(buy) == st.public_action_message(reject)
    assert all_three(st.public_action_message(buy)) == [
        "looked at 1 card to buy", "avaliou 1 carta para comprar", "a examiné 1 carte à acheter"]
    assert say(st.action_message(buy), "en").startswith("bought ")


def test_an_effect_choice_and_a_player_choice() -> None:
    st = set_res(start(), 0, mc=40)
    set_res(st, 1, plants=5)
    set_param(st, "oxygen", 10)
    give(st, 0, "imported_hydrogen")
    st.apply_string("play imported_hydrogen")
    if st.prompt().kind == "pay":
        st.apply_string(st.action_to_string(st.legal_actions()[0]))
    assert st.prompt().kind == "option"
    en = [say(o.message, "en") for o in st.prompt().options]
    assert en[0] == "Option 1: gain 3 plants"
    assert say(st.prompt().options[0].message, "pt-BR") == "Opção 1: ganhe 3 plantas"
    assert say(st.prompt().message, "fr") == "Vous jouez Hydrogène importé — Choisissez un des effets"


def test_the_neutral_and_the_seats_in_options() -> None:
    st = start(players=1)
    put(st, "03", "greenery", 0)
    assert [say(texts.player(5), lang) for lang in LANGUAGES] == [
        "the neutral player", "o jogador neutro", "le joueur neutre"]
    assert render(texts.player(1), "en", NAMES) == "Bia"


def _nested(ops: tuple) -> list:
    out = []
    for op in ops:
        out.append(op)
        for inner in (op.ops, op.then, op.otherwise, *op.options):
            out += _nested(inner)
    return out


def test_every_effect_of_every_card_is_worded() -> None:
    """Every operation of the 208 cards and 13 corporations (played, actions, effects,
    first actions), as a prompt or an option names it, in the three languages."""
    st = start()
    kinds = set()
    for card in st.game.cards:
        groups = [card.on_play, card.first_action, *(a.ops for a in card.actions),
                  *(e.ops for e in card.effects)]
        for op in _nested(tuple(op for group in groups for op in group)):
            kinds.add(op.kind)
            all_three(texts.effect(st, op))
    assert {"production", "place_tile", "add_resource", "choose", "steal", "production_swap"} <= kinds
    assert all_three(texts.effect(st, st.game.cards[st.game.card_ids["noctis_city"]].on_play[2])) == [
        "place a city tile on the Noctis City space", "coloque uma cidade na área de Noctis City",
        "placez une tuile Cité sur la case Noctis City"]


def test_the_terminal_view_in_french() -> None:
    from rich.console import Console

    from ludoteca.core import i18n

    st = set_res(start(), 0, mc=30)
    give(st, 0, "ice_asteroid")
    view = st.game.terminal_view()
    console = Console(width=200, record=True)
    try:
        i18n.set_language("fr")
        console.print(view.position(st, ["Ana", "Bia"], st.prompt()))
        line = view.describe(st, st.string_to_action("play ice_asteroid"), "Ana")
    finally:
        i18n.set_language("en")
    text = console.export_text()
    assert "génération 1 · actions · température -30 °C" in text
    assert "joueurs (stock / production)" in text and "votre main" in text and "jouable maintenant" in text
    assert "Astéroïde de glace" in text or "Ice Asteroid" in text  # the hand's names: the components' part
    assert "Spatial" in text  # the card's tag, in words
    assert line == "Ana: a joué Astéroïde de glace ; a payé 23 M€"
