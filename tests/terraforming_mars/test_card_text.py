"""Terraforming Mars' cards in three languages (issue #20): names and effect texts as messages.

Every project card and corporation has a name, and every text of theirs (lines,
requirements, VP, a corporation's start) renders in en, pt-BR and fr without a missing
key. The worked examples are checked against the printed cards' meaning, one of each
shape: a production change, a triggered effect, an action with a cost (and one paid with
titanium), VP per resource on the card and per tag, requirements with a maximum and a
minimum, tile placement (a special tile and a city with its own rule), a choice, a
condition, a counted amount, corporations (an effect on everyone's tags, a first action).
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core.i18n import LANGUAGES, Message, render
from ludoteca.games.terraforming_mars import card_text as ct
from ludoteca.games.terraforming_mars.cards import card_data
from ludoteca.games.terraforming_mars.display import _static

PROJECTS, CORPORATIONS = card_data()


def texts(card: dict[str, Any], corporation: bool, lang: str) -> dict[str, Any]:
    """A card's texts rendered in `lang`: lines as sentences, requirements, VP, start."""
    vp = ct.vp_message(card.get("vp"), card.get("resource_type"))
    return {
        "name": render(ct.name(card["id"], corporation), lang),
        "lines": [ct.sentence(render(m, lang)) for m in ct.card_lines(card, corporation)],
        "requirements": [render(ct.requirement_message(r), lang) for r in card.get("requirements", [])],
        "vp": None if vp is None else render(vp, lang),
        "start": render(ct.start_message(card), lang) if corporation else None,
    }


def by_id(card_id: str) -> tuple[dict[str, Any], bool]:
    for card in PROJECTS:
        if card["id"] == card_id:
            return card, False
    return next(c for c in CORPORATIONS if c["id"] == card_id), True


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_card_and_corporation_has_a_name_and_renders(lang: str) -> None:
    assert len(PROJECTS) == 208 and len(CORPORATIONS) == 13
    names = set()
    for corporation, cards in ((False, PROJECTS), (True, CORPORATIONS)):
        for card in cards:
            rendered = texts(card, corporation, lang)  # a missing key raises MissingMessage
            assert rendered["name"] and "{" not in rendered["name"], card["id"]
            names.add(rendered["name"])
            for text in [
                *rendered["lines"],
                *rendered["requirements"],
                rendered["vp"] or "",
                rendered["start"] or "",
            ]:
                assert "{" not in text and "_" not in text, (card["id"], lang, text)
            assert bool(card.get("note")) == any(
                line.startswith(("Note:", "Observação:", "Remarque :")) for line in rendered["lines"]
            ), card["id"]
    assert len(names) >= 219  # names are told apart (Noctis City and Saturn Systems stay as printed)
    assert render(ct.card_name("mine"), lang) == texts(*by_id("mine"), lang)["name"]


def test_the_component_data_is_the_same_messages() -> None:
    data = _static()
    card, _ = by_id("birds")
    assert data["cards"]["birds"]["lines"] == ct.card_lines(card)
    assert data["cards"]["birds"]["name"] == {"key": "terraforming_mars.card.birds.name", "params": {}}
    assert data["corporations"]["saturn_systems"]["start"] == ct.start_message(by_id("saturn_systems")[0])


EXAMPLES: list[tuple[str, str, dict[str, Any]]] = [
    # a counted amount per 2 tags (a plural after "per")
    ("worms", "en", {"lines": ["+1 plant production per 2 Microbe tags you have (this one included)"]}),
    (
        "worms",
        "pt-BR",
        {"lines": ["+1 produção de plantas a cada 2 símbolos de Micróbio que você tem (incluindo este)"]},
    ),
    (
        "worms",
        "fr",
        {"lines": ["+1 production de plantes pour 2 indicateurs Microbe que vous avez (celui-ci compris)"]},
    ),
    # a protection of several kinds of resources
    (
        "protected_habitats",
        "pt-BR",
        {
            "lines": [
                "Os oponentes não podem remover seus recursos: plantas, animais e micróbios",
                "Observação: Os oponentes não podem remover suas plantas, nem os animais "
                "e micróbios das suas cartas; reduzir sua produção não é impedido.",
            ]
        },
    ),
    # a production change, no requirement
    ("mine", "en", {"name": "Mine", "lines": ["+1 steel production"], "requirements": [], "vp": None}),
    ("mine", "pt-BR", {"name": "Mina", "lines": ["+1 produção de aço"], "requirements": [], "vp": None}),
    ("mine", "fr", {"name": "Mine", "lines": ["+1 production d'acier"], "requirements": [], "vp": None}),
    # a triggered effect (anyone's oceans), a maximum temperature
    (
        "arctic_algae",
        "en",
        {
            "lines": ["Gain 1 plant", "Effect: when any ocean tile is placed: gain 2 plants"],
            "requirements": ["-12 °C or colder"],
        },
    ),
    (
        "arctic_algae",
        "pt-BR",
        {
            "name": "Algas Árticas",
            "lines": ["Ganhe 1 planta", "Efeito: quando qualquer oceano for colocado: ganhe 2 plantas"],
            "requirements": ["-12 °C ou mais frio"],
        },
    ),
    (
        "arctic_algae",
        "fr",
        {
            "name": "Algues arctiques",
            "lines": ["Gagnez 1 plante", "Effet : quand une tuile Océan est placée : gagnez 2 plantes"],
            "requirements": ["-12 °C ou moins"],
        },
    ),
    # an action with a cost that raises production
    ("space_mirrors", "en", {"lines": ["Action: spend 7 M€ to get +1 energy production"]}),
    ("space_mirrors", "pt-BR", {"lines": ["Ação: gaste 7 M€ → +1 produção de energia"]}),
    ("space_mirrors", "fr", {"lines": ["Action : dépensez 7 M€ → +1 production d'énergie"]}),
    # VP per animal on the card, an attack on anyone's production, a minimum oxygen
    (
        "birds",
        "en",
        {
            "lines": ["-2 plant production of any player", "Action: add 1 animal to this card"],
            "requirements": ["13% oxygen or more"],
            "vp": "1 VP per animal on this card",
        },
    ),
    (
        "birds",
        "pt-BR",
        {
            "name": "Pássaros",
            "lines": ["-2 produção de plantas de qualquer jogador", "Ação: adicione 1 animal a esta carta"],
            "requirements": ["13% de oxigênio ou mais"],
            "vp": "1 PV por animal nesta carta",
        },
    ),
    (
        "birds",
        "fr",
        {
            "name": "Oiseaux",
            "lines": [
                "-2 production de plantes d'un joueur au choix",
                "Action : ajoutez 1 animal sur cette carte",
            ],
            "requirements": ["13 % d'oxygène ou plus"],
            "vp": "1 PV par animal sur cette carte",
        },
    ),
    # VP per 2 microbes (a plural), a triggered effect on tags
    (
        "decomposers",
        "en",
        {
            "lines": [
                "Effect: for each Animal, Plant or Microbe tag you play (this one included): "
                "add 1 microbe to this card"
            ],
            "vp": "1 VP per 3 microbes on this card",
        },
    ),
    (
        "decomposers",
        "pt-BR",
        {
            "lines": [
                "Efeito: para cada símbolo de Animal, Planta ou Micróbio que você jogar "
                "(incluindo este): adicione 1 micróbio a esta carta"
            ],
            "vp": "1 PV a cada 3 micróbios nesta carta",
        },
    ),
    (
        "decomposers",
        "fr",
        {
            "lines": [
                "Effet : pour chaque indicateur Animal, Plante ou Microbe que vous jouez "
                "(celui-ci compris) : ajoutez 1 microbe sur cette carte"
            ],
            "vp": "1 PV pour 3 microbes sur cette carte",
        },
    ),
    # a maximum oxygen and fixed VP, nothing else
    ("colonizer_training_camp", "en", {"lines": [], "requirements": ["max 5% oxygen"], "vp": "2 VP"}),
    ("colonizer_training_camp", "pt-BR", {"requirements": ["no máximo 5% de oxigênio"], "vp": "2 PV"}),
    ("colonizer_training_camp", "fr", {"requirements": ["5 % d'oxygène au maximum"], "vp": "2 PV"}),
    # a special tile with its own placement (and the rule note)
    (
        "lava_flows",
        "en",
        {
            "lines": [
                "Raise the temperature 2 steps, place the Lava Flows tile on a volcanic space",
                "Note: Only on one of the four named volcanic spaces: Tharsis Tholus, "
                "Ascraeus Mons, Pavonis Mons, Arsia Mons.",
            ]
        },
    ),
    (
        "lava_flows",
        "pt-BR",
        {
            "lines": [
                "Aumente a temperatura em 2 níveis, coloque a peça Fluxos de Lava em uma área vulcânica",
                "Observação: Somente em uma das quatro áreas vulcânicas com nome: Tharsis Tholus, "
                "Ascraeus Mons, Pavonis Mons, Arsia Mons.",
            ]
        },
    ),
    (
        "lava_flows",
        "fr",
        {
            "lines": [
                "Augmentez la température de 2 crans, placez la tuile Coulées de lave sur une case "
                "volcanique",
                "Remarque : Uniquement sur l'une des quatre cases volcaniques nommées : Tharsis "
                "Tholus, Ascraeus Mons, Pavonis Mons, Arsia Mons.",
            ]
        },
    ),
    # a city next to no tile and a lasting discount
    (
        "research_outpost",
        "pt-BR",
        {
            "lines": [
                "Coloque uma cidade em uma área de terra sem nenhuma peça adjacente",
                "Cartas custam 1 M€ a menos para você",
                "Observação: A cidade vai em uma área de terra sem nenhuma peça adjacente, de qualquer tipo.",
            ]
        },
    ),
    (
        "research_outpost",
        "fr",
        {
            "name": "Avant-poste de recherche",
            "lines": [
                "Placez une tuile Cité sur une case terrestre sans aucune tuile adjacente",
                "Les cartes vous coûtent 1 M€ de moins",
                "Remarque : La cité va sur une case terrestre sans aucune tuile adjacente, "
                "quelle qu'elle soit.",
            ],
        },
    ),
    # an action paid in M€ that titanium may pay; VP per Jovian tag
    (
        "water_import_from_europa",
        "en",
        {
            "lines": ["Action: spend 12 M€ (you may pay with titanium) to place an ocean tile"],
            "vp": "1 VP per Jovian tag you have",
        },
    ),
    (
        "water_import_from_europa",
        "pt-BR",
        {
            "lines": ["Ação: gaste 12 M€ (pode pagar com titânio) → coloque um oceano"],
            "vp": "1 PV por símbolo de Joviano que você tem",
        },
    ),
    (
        "water_import_from_europa",
        "fr",
        {
            "lines": ["Action : dépensez 12 M€ (payable en titane) → placez une tuile Océan"],
            "vp": "1 PV par indicateur Jovien que vous avez",
        },
    ),
    # a choice between two thefts
    (
        "hired_raiders",
        "pt-BR",
        {
            "lines": [
                "Escolha um: (roube até 2 de aço de qualquer jogador) ou (roube até 3 M€ de qualquer jogador)"
            ]
        },
    ),
    (
        "hired_raiders",
        "fr",
        {
            "lines": [
                "Au choix : (volez jusqu'à 2 aciers à n'importe quel joueur) ou "
                "(volez jusqu'à 3 M€ à n'importe quel joueur)"
            ]
        },
    ),
    # a condition on tags
    (
        "nitrogen_rich_asteroid",
        "fr",
        {
            "lines": [
                "Augmentez la température d'un cran, augmentez votre NT de 2 crans, "
                "si vous avez au moins 3 indicateurs Plante : +4 production de plantes ; "
                "sinon +1 production de plantes"
            ]
        },
    ),
    # a counted amount and VP per 3 cities in play
    (
        "miranda_resort",
        "pt-BR",
        {"lines": ["+1 produção de M€ por símbolo de Terra que você tem (incluindo este)"]},
    ),
    (
        "immigration_shuttles",
        "fr",
        {
            "name": "Navettes d'immigration",
            "lines": ["+5 production de M€"],
            "vp": "1 PV pour 3 tuiles Cité en jeu",
        },
    ),
    # corporations: an effect on anyone's tags; a first action and a lasting leeway
    (
        "saturn_systems",
        "en",
        {
            "start": "42 M€, +1 titanium production",
            "lines": [
                "Effect: for each Jovian tag anyone plays (this one included): +1 M€ production",
                "Note: Its own Jovian tag triggers the effect, so it effectively starts with "
                "+1 M€ production too.",
            ],
        },
    ),
    (
        "saturn_systems",
        "fr",
        {
            "start": "42 M€, +1 production de titane",
            "lines": [
                "Effet : pour chaque indicateur Jovien joué par n'importe quel joueur "
                "(celui-ci compris) : +1 production de M€",
                "Remarque : Son propre indicateur Jovien déclenche l'effet : elle commence donc "
                "aussi avec +1 production de M€.",
            ],
        },
    ),
    (
        "inventrix",
        "pt-BR",
        {
            "start": "45 M€, primeira ação: compre 3 cartas",
            "lines": ["Seus requisitos globais são +2 ou -2 níveis, à sua escolha"],
        },
    ),
    (
        "tharsis_republic",
        "pt-BR",
        {
            "name": "República de Tharsis",
            "start": "40 M€, primeira ação: coloque uma cidade",
            "lines": [
                "Efeito: quando qualquer cidade for colocada em Marte: +1 produção de M€",
                "Efeito: quando você colocar uma cidade: ganhe 3 M€",
                "Observação: Solo (implementação de referência): começa com +2 produção "
                "de M€ pelas duas cidades neutras.",
            ],
        },
    ),
    (
        "phobolog",
        "fr",
        {"start": "23 M€, 10 titanes", "lines": ["Chaque titane vaut 1 M€ de plus pour vous"]},
    ),
]


@pytest.mark.parametrize(("card_id", "lang", "expected"), EXAMPLES)
def test_worked_examples(card_id: str, lang: str, expected: dict[str, Any]) -> None:
    rendered = texts(*by_id(card_id), lang)
    assert {key: rendered[key] for key in expected} == expected


def say_all(message: Message) -> list[str]:
    return [render(message, lang) for lang in LANGUAGES]


def test_placement_bonuses_goals_and_projects() -> None:
    assert say_all(ct.bonus_message({"plants": 2})) == ["2 plants", "2 plantas", "2 plantes"]
    assert say_all(ct.bonus_message({"steel": 1, "cards": 2})) == [
        "1 steel, 2 cards",
        "1 de aço, 2 cartas",
        "1 acier, 2 cartes",
    ]
    data = _static()
    builder = next(g for g in data["milestones"] if g["id"] == "builder")
    assert say_all(builder["text"]) == [
        "Have at least 8 Building tags in play",
        "Ter pelo menos 8 símbolos de Construção em jogo",
        "Avoir au moins 8 indicateurs Bâtiment en jeu",
    ]
    assert say_all(data["awards"][0]["name"]) == ["Landlord", "Senhorio", "Propriétaire"]
    aquifer = next(p for p in data["projects"] if p["id"] == "aquifer")
    assert say_all(aquifer["name"]) == ["Aquifer", "Aquífero", "Aquifère"]
    assert say_all(ct.summary("space_elevator")) == [
        "+1 titanium production; Action: spend 1 steel to gain 5 M€",
        "+1 produção de titânio; Ação: gaste 1 de aço → ganhe 5 M€",
        "+1 production de titane ; Action : dépensez 1 acier → gagnez 5 M€",
    ]


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["Space Elevator", "+1 titanium production; Action: spend 1 steel to gain 5 M€"]),
        ("pt-BR", ["Elevador Espacial", "+1 produção de titânio; Ação: gaste 1 de aço → ganhe 5 M€"]),
        ("fr", ["Ascenseur spatial", "+1 production de titane ; Action : dépensez 1 acier → gagnez 5 M€"]),
    ],
)
def test_the_terminal_hand_speaks_the_terminals_language(lang: str, shown: list[str]) -> None:
    from rich.console import Console

    from ludoteca.core.i18n import language, set_language
    from ludoteca.games.terraforming_mars.terminal import MarsView

    hand = [
        {
            "id": "space_elevator",
            "name": "Space Elevator",
            "cost": 27,
            "tags": ["space"],
            "requirements_met": True,
            "playable": False,
        }
    ]
    before = language()
    set_language(lang)
    try:
        console = Console(record=True, width=300)
        console.print(MarsView()._hand(hand))
        text = console.export_text()
    finally:
        set_language(before)
    assert all(words in text for words in shown), text


def _messages(value: Any) -> list[Message]:
    """Every message in the component data (a dict with "key" and "params")."""
    if isinstance(value, dict):
        if set(value) == {"key", "params"}:
            return [value]
        return [m for v in value.values() for m in _messages(v)]
    if isinstance(value, list):
        return [m for v in value for m in _messages(v)]
    return []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_all_the_component_data_renders(lang: str) -> None:
    found = _messages(_static())
    assert len(found) > 700  # names, lines, requirements, VP, starts, goals, projects, spaces, bonuses
    for message in found:
        text = render(message, lang)  # a missing key or param raises
        assert text and "{" not in text, message
