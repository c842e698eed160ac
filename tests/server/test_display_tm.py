"""Terraforming Mars component data for the browser table: the cards' generated text, the map.

Every text is a message; these tests render them in English (first letter in capitals,
as the table shows a line). The expected sentences are written from the printed cards
(numbers and effects), one sample of every kind: automated, active and event cards,
actions with a cost, triggered effects, discounts and other lasting effects, each VP
kind, each requirement kind, counted amounts, choices and conditions, special tiles and
named spaces, corporations. The other languages: tests/terraforming_mars/test_card_text.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ludoteca.core.i18n import Message, render
from ludoteca.games.terraforming_mars.card_text import (
    card_lines,
    op_message,
    requirement_message,
    sentence,
    vp_message,
)
from ludoteca.games.terraforming_mars.display import _static
from ludoteca.server import create_app

NOTE = "terraforming_mars.effect.note"


def en(message: Message | None) -> str | None:
    return None if message is None else render(message, "en")


@pytest.fixture(scope="module")
def data() -> dict[str, Any]:
    return _static()


def lines(data: dict[str, Any], card: str) -> list[str]:
    found = data["cards"].get(card) or data["corporations"][card]
    return [sentence(render(line, "en")) for line in found["lines"] if line["key"] != NOTE]


@pytest.mark.parametrize(("card", "expected"), [
    # automated: production, resources, parameters, tiles
    ("mine", ["+1 steel production"]),
    ("food_factory", ["+4 M€ production, -1 plant production"]),
    ("strip_mine", ["-2 energy production, +2 steel production, +1 titanium production, "
                    "raise the oxygen 2 steps"]),
    ("lake_marineris", ["Place 2 ocean tiles"]),
    ("noctis_city", ["-1 energy production, +3 M€ production, place a city tile on the Noctis City space"]),
    ("lava_flows", ["Raise the temperature 2 steps, place the Lava Flows tile on a volcanic space"]),
    ("mangrove", ["Place a greenery tile on an ocean space"]),
    ("research_outpost", ["Place a city tile on a land space next to no other tile",
                          "Cards cost you 1 M€ less"]),
    ("phobos_space_haven", ["+1 titanium production, place a city tile on Phobos Space Haven (off Mars)"]),
    ("research", ["Draw 2 cards"]),
    # counted amounts
    ("miranda_resort", ["+1 M€ production per Earth tag you have (this one included)"]),
    ("worms", ["+1 plant production per 2 Microbe tags you have (this one included)"]),
    ("greenhouses", ["Gain 1 plant per city tile in play"]),
    ("terraforming_ganymede", ["Raise your TR 1 step per Jovian tag you have (this one included)"]),
    # events: attacks, choices, conditions
    ("asteroid", ["Gain 2 titanium, raise the temperature 1 step, remove up to 3 plants from any player"]),
    ("hired_raiders", ["Choose one: (steal up to 2 steel from any player) or "
                       "(steal up to 3 M€ from any player)"]),
    ("nitrogen_rich_asteroid", ["Raise the temperature 1 step, raise your TR 2 steps, if you have at least "
                                "3 Plant tags: +4 plant production; otherwise +1 plant production"]),
    ("business_contacts", ["Look at the top 4 cards of the deck, keep 2 and discard the rest"]),
    ("insulation", ["Turn X heat production (at least 1) into X M€ production"]),
    # active: actions with a cost, triggers, lasting effects
    ("space_elevator", ["+1 titanium production", "Action: spend 1 steel to gain 5 M€"]),
    ("water_import_from_europa", ["Action: spend 12 M€ (you may pay with titanium) to place an ocean tile"]),
    ("equatorial_magnetizer", ["Action: -1 energy production to raise your TR 1 step"]),
    ("space_mirrors", ["Action: spend 7 M€ to get +1 energy production"]),
    ("regolith_eaters", ["Action: remove 2 microbes from this card to raise the oxygen 1 step",
                         "Action: add 1 microbe to this card"]),
    ("power_infrastructure", ["Action: spend X energy (at least 1) to gain X M€"]),
    ("arctic_algae", ["Gain 1 plant", "Effect: when any ocean tile is placed: gain 2 plants"]),
    ("media_group", ["Effect: when you play an event: gain 3 M€"]),
    ("optimal_aerobraking", ["Effect: when you play a Space event: gain 3 M€, gain 3 heat"]),
    ("decomposers", ["Effect: for each Animal, Plant or Microbe tag you play (this one included): "
                     "add 1 microbe to this card"]),
    ("earth_office", ["Earth cards cost you 3 M€ less"]),
    ("advanced_alloys", ["Each steel is worth 1 M€ more for you",
                         "Each titanium is worth 1 M€ more for you"]),
    ("protected_habitats", ["Opponents cannot remove your plants, animals and microbes"]),
    ("pets", ["Add 1 animal to this card", "Opponents cannot remove resources from this card",
              "Effect: when any city tile is placed: add 1 animal to this card"]),
    ("indentured_workers", ["The next card you play this generation costs 8 M€ less"]),
    # corporations
    ("helion", ["You may pay with heat as if it were M€"]),
    ("credicor", ["Effect: when you pay for a card or a standard project with a base cost of 20 M€ "
                  "or more: gain 4 M€"]),
    ("tharsis_republic", ["Effect: when any city tile is placed on Mars: +1 M€ production",
                          "Effect: when you place a city tile: gain 3 M€"]),
    ("united_nations_mars_initiative", ["Action (only if your TR was raised this generation): spend 3 M€ to "
                                        "raise your TR 1 step"]),
])
def test_card_text(data: dict[str, Any], card: str, expected: list[str]) -> None:
    assert lines(data, card) == expected


@pytest.mark.parametrize(("card", "vp"), [
    ("colonizer_training_camp", "2 VP"),
    ("nuclear_zone", "-2 VP"),
    ("birds", "1 VP per animal on this card"),
    ("tardigrades", "1 VP per 4 microbes on this card"),
    ("physics_complex", "2 VP per science resource on this card"),
    ("search_for_life", "3 VP if this card holds at least 1 science resource"),
    ("io_mining_industries", "1 VP per Jovian tag you have"),
    ("immigration_shuttles", "1 VP per 3 city tiles in play"),
    ("capital", "1 VP per ocean tile next to this tile"),
    ("commercial_district", "1 VP per city tile next to this tile"),
    ("mine", None),
])
def test_vp_text(data: dict[str, Any], card: str, vp: str | None) -> None:
    assert en(data["cards"][card]["vp"]) == vp


@pytest.mark.parametrize(("card", "requirements"), [
    ("arctic_algae", ["-12 °C or colder"]),
    ("eos_chasma_national_park", ["-12 °C or warmer"]),
    ("colonizer_training_camp", ["max 5% oxygen"]),
    ("birds", ["13% oxygen or more"]),
    ("algae", ["5 ocean tiles or more"]),
    ("dust_seals", ["max 3 ocean tiles"]),
    ("interstellar_colony_ship", ["at least 5 Science tags"]),
    ("great_escarpment_consortium", ["at least 1 steel production"]),
    ("ecological_zone", ["at least 1 greenery tile of your own"]),
    ("rad_suits", ["at least 2 city tiles in play"]),
    ("advanced_ecosystems", ["at least 1 Plant tag", "at least 1 Animal tag", "at least 1 Microbe tag"]),
])
def test_requirement_text(data: dict[str, Any], card: str, requirements: list[str]) -> None:
    assert [en(r) for r in data["cards"][card]["requirements"]] == requirements


def test_every_card_is_written_in_words(data: dict[str, Any]) -> None:
    everything = list(data["cards"].values()) + list(data["corporations"].values())
    assert len(data["cards"]) == 208 and len(data["corporations"]) == 13
    for card in everything:
        texts = [en(line) for line in card["lines"] if line["key"] != NOTE]
        texts += [en(r) for r in card["requirements"]] + [en(card["vp"]) or "", en(card.get("start")) or ""]
        for text in texts:
            assert not re.search(r"[_{}]|None", text or ""), (card["id"], text)
        if card["type"] != "corporation" and card["id"] != "beginner_corporation":
            assert texts != [""], card["id"]  # every project card says something
        assert card["actions"] == sum(line["key"].startswith("terraforming_mars.effect.action")
                                      for line in card["lines"])
    corporations = data["corporations"]
    assert en(corporations["inventrix"]["start"]) == "45 M€, first action: draw 3 cards"
    assert en(corporations["phobolog"]["start"]) == "23 M€, 10 titanium"
    assert en(corporations["mining_guild"]["start"]) == "30 M€, +1 steel production, 5 steel"
    assert en(data["cards"]["capital"]["name"]) == "Capital"
    assert en(corporations["helion"]["name"]) == "Helion"


def test_building_blocks_read_raw_data() -> None:
    assert en(op_message({"op": "production", "resource": "heat", "amount": -2})) == "-2 heat production"
    assert en(op_message({"op": "raise", "param": "oxygen", "steps": 1})) == "raise the oxygen 1 step"
    assert en(op_message({"op": "add_resource", "amount": 2, "target": "this_card"}, "animal")) == \
        "add 2 animals to this card"
    assert en(requirement_message({"type": "global", "param": "temperature", "max": -18})) == \
        "-18 °C or colder"
    assert en(vp_message({"type": "fixed", "value": 1})) == "1 VP"
    lines = card_lines({"id": "capital", "on_play": [], "resource_type": "fighter", "note": "x"})
    assert [en(line) for line in lines] == ["holds fighters", "Note: " + en(lines[1]["params"]["text"])]


def test_map_spaces(data: dict[str, Any]) -> None:
    spaces = {s["id"]: s for s in data["spaces"]}
    assert len(spaces) == 63
    assert [s["type"] for s in data["spaces"]].count("ocean_reserved") == 12
    assert en(spaces["31"]["name"]) == "Noctis City" and spaces["31"]["type"] == "reserved_named"
    assert spaces["01"]["type"] == spaces["02"]["type"] == "off_map"
    assert spaces["09"]["volcanic"] and en(spaces["09"]["bonus_text"]) == "1 steel"
    assert en(spaces["01"]["name"]) == "Ganymede Colony" and spaces["03"]["name"] is None
    # hexagons of radius 1, pointy top: neighbours in a row are sqrt(3) apart, rows 1.5 apart
    assert spaces["04"]["x"] - spaces["03"]["x"] == pytest.approx(3 ** 0.5, abs=1e-3)
    assert spaces["08"]["y"] - spaces["03"]["y"] == pytest.approx(1.5)
    centres = {(s["x"], s["y"]) for s in data["spaces"]}
    assert len(centres) == 63  # off-map spaces do not overlap Mars
    temperature = data["parameters"]["temperature"]
    assert (temperature["min"], temperature["max"]) == (-30, 8)
    assert [(b["at"], en(b["text"])) for b in temperature["bonuses"]] == [
        (-24, "+1 heat production"), (-20, "+1 heat production"), (0, "place an ocean tile")]
    assert [(b["at"], en(b["text"])) for b in data["parameters"]["oxygen"]["bonuses"]] == [
        (8, "raise the temperature 1 step")]
    assert [g["id"] for g in data["milestones"]] == ["terraformer", "mayor", "gardener", "builder", "planner"]
    assert [p["cost"] for p in data["projects"]] == [0, 11, 14, 18, 23, 25]
    assert [en(g["text"]) for g in data["milestones"]][:2] == [
        "Have a terraform rating of at least 35", "Own at least 3 city tiles"]
    assert en(data["awards"][4]["name"]) == "Miner"
    assert en(data["projects"][5]["text"]) == "Place a city tile and get +1 M€ production"


def test_components_endpoint_and_catalog(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'ludoteca.db'}")) as client:
        created = client.post("/api/games", json={
            "game": "terraforming-mars", "seats": [{"kind": "bot", "agent": "random"}] * 2,
            "options": {"max_generations": 1}, "seed": 1}).json()
        body = client.get(f"/api/games/{created['game_id']}/components").json()
        assert body["game"] == "terraforming-mars"
        assert [render(m, "fr") for m in body["components"]["cards"]["mine"]["lines"]] == [
            "+1 production d'acier"]
        catalog = client.get("/api/catalog").json()
        assert next(g for g in catalog["games"] if g["name"] == "terraforming-mars")["renderer"] is True
