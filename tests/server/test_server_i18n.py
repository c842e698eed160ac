"""The server's side of issue #20: the merged catalog per language, messages in every view
(prompt, options, log, scoring), `?lang=` rendering them, and the notation unchanged."""

from __future__ import annotations

from server_helpers import Api

from ludoteca.core.i18n import LANGUAGES

ANA_VS_BEA = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]


def test_messages_per_language_and_negotiation(api: Api) -> None:
    for lang in LANGUAGES:
        response = api.client.get("/api/messages", params={"lang": lang})
        assert response.status_code == 200 and response.headers["content-language"] == lang
        data = response.json()
        assert data["lang"] == lang and data["languages"] == list(LANGUAGES)
        messages = data["messages"]
        assert {"core.seat", "carcassonne.prompt.place", "web.lobby.new_game"} <= set(messages)
    assert api.client.get("/api/messages", params={"lang": "pt"}).json()["lang"] == "pt-BR"
    header = {"Accept-Language": "de-DE,fr;q=0.9,en;q=0.5"}
    assert api.client.get("/api/messages", headers=header).json()["lang"] == "fr"
    assert api.client.get("/api/messages", params={"lang": "xx"}).json()["lang"] == "en"
    portuguese = api.client.get("/api/messages", params={"lang": "pt-BR"}).json()["messages"]
    assert portuguese["web.lobby.new_game"] == "Nova partida"
    assert portuguese["core.points"] == {"one": "{n} ponto", "other": "{n} pontos"}


def test_views_carry_messages_and_lang_renders_them(api: Api) -> None:
    created = api.create(ANA_VS_BEA)
    game_id = created["game_id"]
    ana, bea = (s["token"] for s in created["seats"])
    view = api.view(game_id, ana)
    prompt = view["prompt"]
    assert prompt["message"]["key"] == "carcassonne.prompt.place"
    assert all(o["message"]["key"] == "carcassonne.option.place" for o in prompt["options"])
    first = prompt["options"][0]
    assert api.act(game_id, ana, view["state_id"], first["text"]).status_code == 200
    log = api.view(game_id, bea)["log"]
    assert [e["action"] for e in log][-1] == first["text"]  # the notation, as before
    assert log[-1]["message"]["key"].startswith("carcassonne.log.place")

    french = api.client.get(f"/api/games/{game_id}/view", params={"token": ana, "lang": "fr"}).json()
    assert french["lang"] == "fr"
    assert french["prompt"]["said"].startswith("Posez un partisan sur la tuile en (")
    assert any(o["said"] == "Aucun partisan" for o in french["prompt"]["options"])
    assert french["log"][0]["said"].startswith("a pioché la tuile ")
    assert french["prompt"]["options"][0]["text"] == api.view(game_id, ana)["prompt"]["options"][0]["text"]
    assert "said" not in api.view(game_id, ana)["prompt"]  # without ?lang= the view is as cached


def test_scoring_events_carry_messages(api: Api) -> None:
    created = api.create(ANA_VS_BEA)
    final = api.play_first_options(created["game_id"], [s["token"] for s in created["seats"]])
    assert final["scoring"]
    assert all(e["message"]["key"] == "carcassonne.score.event" for e in final["scoring"])
    rendered = api.client.get(f"/api/games/{created['game_id']}/view", params={"lang": "pt-BR"}).json()
    assert all(e["said"].startswith(("turno ", "pontuação final: ")) for e in rendered["scoring"])
    assert any("Ana" in e["said"] or "Bea" in e["said"] for e in rendered["scoring"])


def test_a_secret_terraforming_mars_choice_is_announced_without_its_content(api: Api) -> None:
    """The corporation chosen face down: its owner's log names it, the others' log says that
    a corporation was chosen (a message, rendered with `?lang=`), the notation stays hidden."""
    body = {"game": "terraforming-mars", "options": {"players": 2}, "seats": ANA_VS_BEA, "seed": 3}
    created = api.client.post("/api/games", json=body).json()
    game_id = created["game_id"]
    ana, bea = (s["token"] for s in created["seats"])
    view = api.view(game_id, ana)
    assert view["prompt"]["kind"] == "corporation"
    assert view["prompt"]["message"]["key"] == "terraforming_mars.prompt.corporation"
    choice = view["prompt"]["options"][0]
    assert choice["message"]["key"] == "terraforming_mars.option.corporation"
    assert api.act(game_id, ana, view["state_id"], choice["text"]).status_code == 200
    index = view["state_id"]
    own = next(e for e in api.view(game_id, ana)["log"] if e["index"] == index)
    assert own["action"] == choice["text"] and own["message"]["key"] == "terraforming_mars.log.corporation"
    response = api.client.get(f"/api/games/{game_id}/view", params={"token": bea, "lang": "fr"})
    other = next(e for e in response.json()["log"] if e["index"] == index)
    assert other["action"] == "(hidden)"
    assert other["message"] == {"key": "terraforming_mars.secret.corporation", "params": {"n": 1}}
    assert other["said"] == "a choisi une corporation"
