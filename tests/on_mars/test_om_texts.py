"""On Mars in three languages (issues #20, #24): worked examples of components, prompts,
options (with what they give) and log lines, checked against their meaning, and the
hidden-information rule of the log messages."""

from __future__ import annotations

from ludoteca.core.i18n import render
from ludoteca.games.on_mars import component_texts as ct
from ludoteca.games.on_mars.actions import BASE, encode
from ludoteca.games.on_mars.components import load_components
from ludoteca.games.on_mars.game import OnMarsGame

C = load_components()


def _all(message: dict) -> tuple[str, str, str]:
    return tuple(render(message, lang) for lang in ("en", "pt-BR", "fr"))  # type: ignore[return-value]


def test_a_building_and_what_it_gives() -> None:
    assert _all(ct.building("water_extractor")) == ("Water Extractor", "Extrator de Água", "Extracteur d'eau")
    en, pt, fr = _all(ct.building_gives("greenhouse"))
    assert "plants" in en and "Plantas" in pt and "plantes" in fr
    assert "Sistema de Suporte à Vida" in pt


def test_a_tech_and_its_effect() -> None:
    assert _all(ct.tech("rover")) == ("Rover Tech", "Tecnologia de Astromóvel", "Technologie Rover")
    en, pt, fr = _all(ct.tech_gives("greenhouse"))
    assert en == ("Lets you build a Greenhouse complex as big as its level; each level scores OP at the end")
    assert "Complexo de Estufa" in pt and "complexe Serre" in fr
    assert "movement" in _all(ct.tech_gives("rover"))[0]


def test_a_blueprint_with_its_advanced_building() -> None:
    assert _all(ct.blueprint_name(2)) == (
        "#2 Metal Deposit",
        "#2 Jazida de Metal",
        "n° 2 Gisement métallique",
    )
    en, pt, fr = _all(ct.blueprint_gives(C, 2))
    assert en == (
        "Level 1 Mine · take it: 1 mineral · its Advanced Building: construct a Mine"
        " (boost: +1 per colonist) · 3 OP built, -3 OP if not · Scientist: The Geologist"
    )
    assert pt.startswith("Mina de nível 1 · ao pegar: 1 Mineral") and "Geóloga" in pt
    assert fr.startswith("Mine de niveau 1 · en le prenant : 1 minerai") and "la Géologue" in fr
    assert "2 PO" in render(ct.advanced_effect(C.blueprints[12]), "pt-BR")  # Mineral Mine scores 2 OP


def test_a_scientist_says_where_it_works_and_what_it_scores() -> None:
    en, pt, fr = _all(ct.scientist_gives(C, "hydrologist"))
    assert en == (
        "Hire: 2 batteries · works in a Water Extractor Advanced Building (its action for free)"
        " · end: 3 OP per Advanced Greenhouse on Mars"
    )
    assert pt.startswith("Contratar: 2 Baterias") and "Estufa" in pt
    assert fr.startswith("Engager : 2 batteries") and "Serre" in fr


def test_contracts_of_both_kinds() -> None:
    assert _all(ct.contract(C, 8)) == (
        "Earth Contract 8: deliver 3 batteries, 2 minerals (9 OP, −4 OP if not done)",
        "Contrato da Terra 8: entregar 3 Baterias, 2 Minerais (9 PO, −4 PO se não cumprido)",
        "Contrat terrien 8 : livrer 3 batteries, 2 minerais (9 PO, −4 PO s'il n'est pas rempli)",
    )
    en, pt, fr = _all(ct.contract(C, 6))
    assert "an Advanced Shelter in a big complex" in en
    assert "uma Construção Avançada do tipo Abrigo num Complexo grande" in pt
    assert "un bâtiment avancé Abri dans un grand complexe" in fr
    assert "12 OP, −6 OP" in en


def test_a_mission_counts_for_the_player_count() -> None:
    assert _all(ct.mission(C, 4, 3)) == (
        "Mission 4: 4 bots on Mars · 2 crystals · short",
        "Missão 4: 4 Robôs em Marte · 2 Cristais · Curta",
        "Mission 4 : 4 robots sur Mars · 2 cristaux · courte",
    )
    assert render(ct.mission(C, 4, 4), "en").startswith("Mission 4: 5 bots")


def test_a_lacerda_card_and_a_private_goal() -> None:
    assert _all(ct.solo_card(C, 7)) == (
        "solo card 7: action 2, mission A, stays",
        "carta solo 7: ação 2, missão A, fica",
        "carte solo 7 : action 2, mission A, reste",
    )
    en, pt, fr = _all(ct.goal(C, 11))
    assert en == "Private Goal 11: 3 ships in your Hangar (or: travel with the shuttle)"
    assert pt == "Objetivo Particular 11: 3 Naves no Hangar (ou: viajar no Ônibus Espacial)"
    assert fr == "Objectif privé 11 : 3 vaisseaux au hangar (ou : voyager avec la navette)"


def _at_first_decision() -> tuple[OnMarsGame, object]:
    import random

    from ludoteca.core.play import sample_chance

    game = OnMarsGame(players=2)
    state = game.new_initial_state()
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(sample_chance(state, rng))
    return game, state


def test_the_turn_order_prompt_and_options_say_what_they_give() -> None:
    _, state = _at_first_decision()
    prompt = state.prompt()  # type: ignore[attr-defined]
    assert prompt.kind == "space"
    assert _all(prompt.message) == (
        "Choose a turn-order space",
        "Escolha um espaço da Ordem de Turno",
        "Choisissez une case de l'ordre du tour",
    )
    option = next(o for o in prompt.options if o.text == "space 3")
    assert _all(option.message) == (
        "Turn-order space 3",
        "Espaço 3 da Ordem de Turno",
        "Case 3 de l'ordre du tour",
    )
    assert _all(option.message["gives"]) == (
        "Orbit side; benefit: take 1 Tech tile",
        "lado da Órbita; benefício: pegue 1 Ficha de Tecnologia",
        "côté Orbite ; bonus : prenez 1 tuile Technologie",
    )
    assert all("gives" in o.message for o in prompt.options)


def test_main_actions_executive_actions_and_options_carry_gives() -> None:
    _, state = _at_first_decision()
    s = state  # type: ignore[assignment]
    main = s._option_message(encode("main", 8))  # welcome a ship
    assert render(main, "pt-BR") == "Receber uma Nave"
    assert "1 Colonizador e 1 Robô" in render(main["gives"], "pt-BR")
    executive = s._option_message(encode("executive", 5))
    assert render(executive, "fr") == "Action exécutive : Déplacer des robots"
    assert render(executive["gives"], "en") == "Costs 2 crystals: move your bots"
    hire = s._option_message(encode("scientist", 0))
    assert render(hire, "pt-BR") == "Contratar: Geóloga"
    assert "2 Colonizadores para a Área de Trabalho" in render(hire["gives"], "pt-BR")
    develop = s._option_message(encode("develop", 8))
    assert render(develop, "en") == "Develop the Shelter Tech" and "Shelter" in render(develop["gives"], "en")
    take = s._option_message(encode("blueprint", 6))
    assert render(take, "fr") == "Plan n° 7 Biomarché" and "entrepôt" in render(take["gives"], "fr")
    build = s._option_message(encode("build", 0))
    assert "Minerais" in render(build["gives"], "pt-BR")
    contract = s._option_message(encode("contract", 6))
    assert render(contract, "en").startswith("Earth Contract 7: deliver 4 minerals")


def test_log_lines_and_the_secret_draws() -> None:
    _, state = _at_first_decision()
    s = state  # type: ignore[assignment]
    line = s.action_message(encode("space", 2))
    assert "gives" not in line
    assert _all(line) == (
        "took turn-order space 3",
        "pegou o espaço 3 da Ordem de Turno",
        "a pris la case 3 de l'ordre du tour",
    )
    built = s.action_message(encode("build", 3))
    assert _all(built) == ("built a Greenhouse", "construiu: Estufa", "a construit : Serre")
    moved = s.action_message(encode("step", 6 * 10 + 1))
    pt = render(moved, "pt-BR")
    assert pt.startswith("moveu a peça em ") and pt.endswith(" para nordeste")
    assert s.public_action_message(encode("space", 2)) == line
    assert s.public_action_message(BASE["draw_goal"] + 4) is None
    assert s.public_action_string(BASE["draw_goal"] + 4) is None
    hidden = s.public_action_message(encode("discard_goal", 4))
    assert hidden is not None and "5" not in render(hidden, "en")
    assert _all(hidden) == (
        "discarded a Private Goal for 1 crystal",
        "descartou um Objetivo Particular por 1 Cristal",
        "a défaussé un objectif privé contre 1 cristal",
    )
    assert "5" in render(s.action_message(encode("discard_goal", 4)), "en")


def test_the_prompt_counts_what_is_left() -> None:
    _, state = _at_first_decision()
    s = state  # type: ignore[assignment]
    s.pending.append({"k": "take_blueprint", "seat": 0, "left": 2, "optional": True})
    assert _all(s._decision_message()) == (
        "Take a Blueprint (2 left)",
        "Pegue um Projeto (faltam 2)",
        "Prenez un plan (restent 2)",
    )
    s.pending[-1] = {"k": "move", "seat": 0, "bots_mp": 0, "rover_mp": 1}
    assert _all(s._decision_message()) == (
        "Move your rover (1 MP left)",
        "Mova seu Astromóvel (resta 1 PM)",
        "Déplacez votre rover (reste 1 PM)",
    )


def test_a_french_step_reads_with_its_article() -> None:
    _, state = _at_first_decision()
    s = state  # type: ignore[assignment]
    assert render(s._option_message(encode("step", 6 * 10 + 1)), "fr").endswith(" vers le nord-est")
    assert render(s._option_message(encode("step", 6 * 10 + 3)), "fr").endswith(" vers l'ouest")


def test_every_key_family_the_table_builds_exists() -> None:
    """The browser builds keys from ids (`on_mars.<kind>.<id>`): each one is in every catalog."""
    from ludoteca.core.i18n import LANGUAGES, catalog
    from ludoteca.games.on_mars.actions import MAIN_ACTIONS
    from ludoteca.games.on_mars.components import BUILDINGS, EXECUTIVE_ACTIONS, FC_TASKS, RESOURCES
    from ludoteca.games.on_mars.turn_order import BENEFITS

    keys = [f"on_mars.building.{b}" for b in BUILDINGS] + [f"on_mars.ui.short.{b}" for b in BUILDINGS]
    keys += [f"on_mars.resource.{r}" for r in (*RESOURCES, "crystal")]
    keys += [f"on_mars.amount.{r}" for r in (*RESOURCES, "crystal", "colonist", "any", "op")]
    keys += [f"on_mars.action.{a}" for a in MAIN_ACTIONS] + [
        f"on_mars.executive.{a}" for a in EXECUTIVE_ACTIONS
    ]
    keys += [f"on_mars.tech.{t}" for t in (*C.tech_types, "shelter")]
    keys += [f"on_mars.discovery.{d}" for d in set(C.discoveries)]
    keys += [f"on_mars.benefit.{b}" for b in (*BENEFITS, *C.standins["lss_benefits"])]
    keys += [f"on_mars.research.{t['id']}" for t in C.research_tiles] + [
        f"on_mars.fc_task.{t}" for t in FC_TASKS
    ]
    keys += [f"on_mars.ui.grid_row.{row}" for row, _, _ in C.tech_grid_rows]
    keys += [
        f"on_mars.stage.{s}" for s in ("setup", "spaces", "shuttle_start", "shuttle", "colonization", "over")
    ]
    keys += [f"on_mars.side.{s}" for s in ("orbit", "colony")]
    keys += [f"on_mars.solo_goal.{g['id']}" for g in C.raw["solo"]["goals"]]
    keys += [f"on_mars.solo.requires.{k}" for g in C.raw["solo"]["goals"] for k in g["requires"]]
    keys += ["on_mars.solo.requires.margin_op"]
    keys += [
        f"on_mars.score.{k}"
        for k in (
            "track",
            "progress",
            "ships",
            "quarters",
            "tech",
            "blueprints",
            "scientists",
            "contracts",
            "crystals",
            "advanced_buildings",
            "progress_cubes",
        )
    ]
    keys += [f"on_mars.ui.legend.{k}" for k in ("crystal", "disc", "res", "rover", "bot", "adv", "miner")]
    for lang in LANGUAGES:
        assert [k for k in keys if k not in catalog(lang)] == [], lang


def test_a_whole_game_renders_in_every_language() -> None:
    """Every prompt, option, what it gives and log line of a random game (a solo one too)
    has its texts in all three catalogs."""
    import random

    from ludoteca.core.play import sample_chance

    for players in (2, 1):
        state = OnMarsGame(players=players).new_initial_state()
        rng = random.Random(players)
        while not state.is_terminal():
            prompt = state.prompt()
            messages = [prompt.message, *(o.message for o in prompt.options)]
            messages += [o.message["gives"] for o in prompt.options if o.message and "gives" in o.message]
            action = (
                sample_chance(state, rng) if state.is_chance_node() else rng.choice(state.legal_actions())
            )
            messages += [state.action_message(action), state.public_action_message(action)]
            for message in filter(None, messages):
                for lang in ("en", "pt-BR", "fr"):
                    assert render(message, lang)
            state.apply_action(action)
