from __future__ import annotations

import pytest

from ludoteca.games.on_mars.components import (
    BUILDINGS,
    ComponentDataError,
    load_components,
    parse_components,
    raw_data,
)


def test_counts_match_the_component_list() -> None:
    c = load_components()
    assert len(c.blueprints) == 24 and sum(b.level == 1 for b in c.blueprints) == 12
    assert len(c.scientists) == 6 and len(c.contracts) == 12 and len(c.private_goals) == 16
    assert len(c.missions) == 9 and len(c.lss_rewards) == 8 and len(c.executive_costs) == 8
    assert len(c.raw["solo"]["deck"]) == 12
    assert len(c.discoveries) == 19 and len(c.tech_tiles) == 16
    assert [col.op for col in c.lab] == [1, 2, 3, 4, 5, 9]


def test_published_facts() -> None:
    c = load_components()
    gym = c.blueprints[11]
    assert (gym.name, gym.level, gym.building, gym.gain) == ("Gym", 1, "shelter", (("crystal", 1),))
    assert c.blueprints[12].min_complex == 3 and c.blueprints[12].op_unbuilt == -5
    assert c.scientists[0]["hire_cost"] == {"colonist_to_work": 2}
    assert c.contracts[10]["requires"] == {"plant": 3, "mineral": 2}
    assert c.missions[1].required == {"2": 10, "3": 10, "4": 13}
    assert c.executive_costs["develop_tech"] == 4 and c.executive_costs["warehouse"] == 2
    assert c.raw["scoring"]["quarters_ladder"] == [0, 3, 6, 10, 15, 21]


def test_standins_are_labelled() -> None:
    c = load_components()
    assert c.standin_label == "Ludoteca stand-in (not official)"
    assert {m.length for m in c.missions} == {"short", "long"}
    assert set(c.building_costs) == set(BUILDINGS)


def _broken(edit: str) -> tuple[dict, dict]:
    data, standins = raw_data()
    if edit == "blueprint":
        data["blueprints"].pop()
    elif edit == "label":
        standins["label"] = "official"
    elif edit == "cost":
        data["blueprints"][0]["gain"] = {"gold": 1}
    elif edit == "split":
        standins["mission_length"]["long"].append(1)
    elif edit == "lab":
        standins["lab"][0]["benefits"] = {"1": "mineral"}
    elif edit == "grid":
        standins["tech_grid"][0]["spaces"] = 4
    elif edit == "scientist":
        data["scientists"][0]["works_in"] = "castle"
    return data, standins


@pytest.mark.parametrize("edit", ["blueprint", "label", "cost", "split", "lab", "grid", "scientist"])
def test_bad_data_is_refused(edit: str) -> None:
    with pytest.raises(ComponentDataError):
        parse_components(*_broken(edit))


def test_every_standin_benefit_is_known_to_the_rules() -> None:
    from ludoteca.games.on_mars.turn_order import BENEFITS

    c = load_components()
    used = {s["benefit"] for s in c.turn_order} | set(c.standins["lss_benefits"])
    used |= {b for col in c.lab for b in col.benefits.values()}
    assert used <= set(BENEFITS) | {"retrieve_colonist"}
