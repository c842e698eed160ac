"""On Mars component data for the browser (`components_on_mars.py`): a faithful copy of the
packaged data, stand-ins labelled, the map hexes in hex-id order, and the same ids as the
observations and prompt options the table combines it with."""

from __future__ import annotations

import json
import random
from typing import Any

from server_helpers import Api

from ludoteca import load_game
from ludoteca.core.i18n import render
from ludoteca.core.play import sample_chance
from ludoteca.games.on_mars.actions import MAIN_ACTIONS
from ludoteca.games.on_mars.board import hex_text, map_hexes
from ludoteca.games.on_mars.components import load_components

STANDIN = "Ludoteca stand-in (not official)"


def _components() -> dict[str, Any]:
    data = load_game("on-mars", players=2).display_components()
    assert data is not None
    return data


def test_on_mars_is_registered_and_json_ready() -> None:
    assert load_game("on-mars").web_table is not None
    data = _components()
    assert data["game"] == "on-mars" and data["standin_label"] == STANDIN
    assert json.loads(json.dumps(data)) == data


def test_map_copies_the_board_and_the_stand_in_hexes() -> None:
    data = _components()
    hexes = data["map"]["hexes"]
    assert len(hexes) == 91 and [tuple(h) for h in hexes] == list(map_hexes(5))
    assert data["map"]["starting_mine"] == [0, 0]
    assert data["map"]["standin"] == STANDIN
    research = data["map"]["research_hexes"]
    assert len(research) == 4 and all(len(v) == 2 for v in research.values())


def test_cards_copy_the_published_data_and_label_the_stand_ins() -> None:
    c = load_components()
    data = _components()
    assert len(data["blueprints"]) == 24 and len(data["contracts"]) == 12
    assert len(data["private_goals"]) == 16 and len(data["missions"]) == 9
    assert len(data["scientists"]) == 6 and len(data["lss_rewards"]) == 8
    first = data["blueprints"]["1"]
    assert (first["level"], first["building"], first["op_built"]) == (
        c.blueprints[0].level, c.blueprints[0].building, c.blueprints[0].op_built)
    assert render(first["name"], "en") == f"#1 {c.blueprints[0].name}" == "#1 Construction Yard"
    assert render(first["name"], "pt-BR") == "#1 Canteiro de Obras"
    assert render(first["action"], "fr") == "améliorez un bâtiment (renforcée : +1 par colon)"
    assert first["standin"] is None
    radar = data["blueprints"]["15"]  # its action is our stand-in
    assert radar["standin"] == STANDIN and radar["op"] == "pd_radar"
    assert "Discovery tile" in render(radar["action"], "en") and "Ludoteca" in render(radar["action"], "en")
    assert "Descoberta" in render(radar["gives"], "pt-BR")
    assert [a["id"] for a in data["executive_actions"]] == list(c.depot_order)
    assert all(a["cost"] == c.executive_costs[a["id"]] for a in data["executive_actions"])
    assert [len(data["tech_grid"]), len(data["lab"]), len(data["turn_order"])] == [3, 6, 8]
    assert data["main_actions"] == list(MAIN_ACTIONS)
    assert {m["length"] for m in data["missions"].values()} == {"short", "long"}


def test_every_text_is_a_message_in_three_languages() -> None:
    """The cards' texts render in every language, and say what the card gives."""
    texts = _components()["texts"]
    geologist = texts["scientists"]["geologist"]
    assert render(geologist["name"], "pt-BR") == "Geóloga"
    assert render(geologist["gives"], "en") == (
        "Hire: 2 colonists to the Working Area · works in a Mine Advanced Building (its action for free)"
        " · end: 3 OP per Advanced Generator on Mars")
    assert render(texts["contracts"]["7"], "fr") == (
        "Contrat terrien 7 : livrer 4 minerais (9 PO, −4 PO s'il n'est pas rempli)")
    assert render(texts["turn_order"]["3"], "pt-BR") == (
        "lado da Órbita; benefício: pegue 1 Ficha de Tecnologia")
    assert render(texts["executive_actions"]["move_bots"], "en") == "Costs 2 crystals: move your bots"
    for lang in ("en", "pt-BR", "fr"):
        for group in texts.values():
            for value in group.values():
                for message in value.values() if "key" not in value else [value]:
                    assert render(message, lang)


def test_ids_match_what_the_observation_shows() -> None:
    """Every Blueprint, building, hex and action-slot id an observation holds is in the data."""
    game = load_game("on-mars", players=2)
    data = _components()
    keys = {f"{q},{r}" for q, r in data["map"]["hexes"]}
    rng = random.Random(3)
    state = game.new_initial_state()
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    obs = state.observation(0)
    assert set(obs["buildings"]) <= keys
    assert {b["kind"] for b in obs["buildings"].values()} <= set(data["buildings"])
    shown = set(obs["blueprint_display"]) | set(obs["players"][0]["blueprints"])
    assert shown <= {int(k) for k in data["blueprints"]}
    assert set(obs["action_slots"]) <= set(data["main_actions"])
    assert all(hex_text(tuple(b)) in keys for p in obs["players"] for b in p["bots"])
    assert set(obs["lss"]) == set(data["lss_columns"])


def test_the_components_endpoint_serves_on_mars(api: Api) -> None:
    game = api.client.post("/api/games", json={
        "game": "on-mars", "seed": 1, "options": {"players": 2},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}]}).json()
    answer = api.client.get(f"/api/games/{game['game_id']}/components")
    assert answer.status_code == 200
    assert answer.json()["components"] == _components()
