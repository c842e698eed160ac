"""The Dice Game's component data for the browser (`games/tm_dice/display.py`): a faithful
copy of the packaged data, its texts as messages (checked rendered in English and in
Portuguese or French), stand-ins labelled, and the same ids and icons as the observations
and option payloads that the table combines it with."""

from __future__ import annotations

import json
import random
from typing import Any

from server_helpers import Api

from ludoteca import load_game
from ludoteca.core.i18n import render
from ludoteca.core.play import sample_chance
from ludoteca.games.tm_dice.content import PARTIAL_LABEL, STANDIN_LABEL, load_content


def en(message: Any) -> Any:
    return None if message is None else render(message, "en")


def _components() -> dict[str, Any]:
    data = load_game("tm-dice", players=2).display_components()
    assert data is not None
    return data


def test_tm_dice_is_registered_and_json_ready() -> None:
    assert load_game("tm-dice").web_table is not None
    data = _components()
    assert data["game"] == "tm-dice" and en(data["standin_label"]) == STANDIN_LABEL
    assert json.loads(json.dumps(data)) == data


def test_map_tracks_and_dice_copy_the_data() -> None:
    content = load_content()
    data = _components()
    areas = data["map"]["areas"]
    assert [(a["label"], a["q"], a["r"], a["ocean"]) for a in areas] == [
        (a.label, a.q, a.r, a.ocean) for a in content.areas]
    assert sum(a["ocean"] for a in areas) >= 7
    assert en(data["map"]["standin"]) == STANDIN_LABEL  # the map layout is ours
    bonus = {a["label"]: en(a["bonus"]) for a in areas}
    assert bonus["D1"] == "gain 1 yellow die" and bonus["A4"] == "draw 2 cards" and bonus["A1"] is None
    assert render(areas[[a["label"] for a in areas].index("D1")]["bonus"], "pt-BR") == "receba 1 dado amarelo"
    temperature, oxygen, oceans = data["tracks"]
    assert (temperature["start"], temperature["step"], temperature["steps"]) == (-32, 4, 10)
    assert [(b["value"], en(b["text"])) for b in temperature["bonuses"]] == [
        (-24, "gain 1 temperature (°C)"), (-16, "gain 1 water"), (0, "gain 1 water")]
    assert [(b["step"], en(b["text"])) for b in oxygen["bonuses"]] == [(4, "raise the temperature 1 step")]
    assert render(oxygen["bonuses"][0]["text"], "fr") == "augmentez la température de 1 cran"
    assert [render(t["name"], "pt-BR") for t in data["tracks"]] == ["Temperatura", "Oxigênio", "Oceanos"]
    assert oceans["steps"] == 7 and oceans["bonuses"] == [] and oceans["standin"] is None
    assert data["vp_bonus_steps"] == [5, 12]
    assert {**data["solo"], "standin": en(data["solo"]["standin"])} == {
        "turns": 50, "award_targets": {"3": 6, "2": 4, "1": 2}, "award_vp": 5,
        "standin": STANDIN_LABEL}  # the solo award numbers are ours
    assert [c["id"] for c in data["colours"]] == list(content.colours)
    assert data["colours"][0]["standin"] is None  # green's faces are official
    assert {r: v["colour"] for r, v in data["resources"].items()} == {
        r: content.colours[i // 3] for i, r in enumerate(content.resources)}
    assert en(data["resources"]["pd_science"]["standin"]) == STANDIN_LABEL
    assert data["resources"]["plant"]["standin"] is None
    assert [render(data["resources"]["plant"]["name"], lang) for lang in ("en", "pt-BR", "fr")] == [
        "plant", "planta", "plante"]


def test_every_card_and_milestone_is_labelled_by_its_status() -> None:
    content = load_content()
    data = _components()
    assert set(data["cards"]) == {c.id for c in content.cards}
    for card in content.cards:
        shown = data["cards"][card.id]
        if card.id.startswith("pd_"):
            assert en(shown["standin"]) == STANDIN_LABEL, card.id
        elif card.standin_parts:
            assert en(shown["standin"]) == PARTIAL_LABEL
            assert shown["standin_parts"] == list(card.standin_parts)
        else:
            assert shown["standin"] is None, card.id
        assert shown["effects"] and all(not en(e).startswith("cost ") for e in shown["effects"])
        assert (shown["kind"] == "corporation") == (shown["colour"] is None)
    assert data["cards"]["pd_p01"]["cost"] == ["steel", "heat"]
    assert [en(e) for e in data["cards"]["pd_p01"]["effects"]] == ["Production: 1 red die"]
    assert [render(e, "pt-BR") for e in data["cards"]["pd_p01"]["effects"]] == ["Produção: 1 dado vermelho"]
    assert render(data["cards"]["pd_p06"]["cost_text"], "fr") == "3 ressources au choix"  # not "? ? ?"
    for m in content.milestones:
        assert en(data["milestones"][m.id]["standin"]) == (None if m.status == "official" else STANDIN_LABEL)
    temperature = data["conversions"]["temperature"]
    assert temperature["cost"] == ["heat", "heat", "heat"]
    assert en(temperature["effect"]) == "raise the temperature 1 step"
    assert render(data["awards"]["plant"], "pt-BR") == "mais ícones de planta nos custos das cartas jogadas"


def test_costs_and_ids_agree_with_payloads_and_observations() -> None:
    """Over a seeded random game, every card an option or observation names is in the data,
    with the cost icons the payload shows; every area option names a map area."""
    data = _components()
    game = load_game("tm-dice", players=2, start={"temperature": 6, "oxygen": 5, "oceans": 4})
    state = game.new_initial_state()
    rng = random.Random(5)
    labels = {a["label"] for a in data["map"]["areas"]}
    seen_cards = seen_areas = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample_chance(state, rng))
            continue
        for option in state.prompt().options:
            card = option.payload.get("card")
            if card:
                assert data["cards"][card["id"]]["cost"] == card.get("cost", [])
                seen_cards += 1
            if "area" in option.payload:
                assert option.payload["area"] in labels
                seen_areas += 1
            if "resource" in option.payload and option.payload["resource"] != "wild":
                assert option.payload["resource"] in data["resources"]
        obs = state.observation(0)
        for seat in obs["seats"]:
            assert set(seat["cards"]) <= set(data["cards"])
        assert {m["id"] for m in obs["milestones"]} <= set(data["milestones"])
        assert {t["area"] for t in obs["board"]} <= labels
        state.apply_action(rng.choice(state.legal_actions()))
    assert seen_cards and seen_areas


def test_components_route_and_catalog(api: Api) -> None:
    response = api.client.post("/api/games", json={
        "game": "tm-dice", "seed": 1, "options": {"players": 2},
        "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}]})
    assert response.status_code == 201, response.text
    game_id = response.json()["game_id"]
    body = api.client.get(f"/api/games/{game_id}/components").json()
    assert body["game"] == "tm-dice" and body["components"] == _components()
    catalog = api.client.get("/api/catalog").json()
    assert next(g for g in catalog["games"] if g["name"] == "tm-dice")["renderer"] is True
