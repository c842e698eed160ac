"""The HTTP API: creating games, playing them to the end, and rejecting bad requests unchanged."""

from __future__ import annotations

from typing import Any

from server_helpers import Api

from ludoteca.core.record import RECORD_FORMAT, replay

HUMAN_VS_GREEDY = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]
TWO_HUMANS = [{"kind": "human", "name": "Ana"}, {"kind": "human", "name": "Bea"}]


def _tokens(created: dict[str, Any]) -> list[str]:
    return [s["token"] for s in created["seats"] if s["token"]]


def test_create_gives_human_seats_a_token_and_a_link(api: Api) -> None:
    created = api.create(HUMAN_VS_GREEDY)
    human, bot = created["seats"]
    assert human["kind"] == "human" and human["name"] == "Ana"
    assert len(human["token"]) >= 32
    assert human["url"].endswith(f"/games/{created['game_id']}?token={human['token']}")
    assert bot == {"seat": 1, "kind": "bot", "name": "greedy", "agent": "greedy", "token": None, "url": None}
    assert created["spectator_url"].endswith(f"/games/{created['game_id']}")


def test_human_vs_greedy_to_the_end_and_the_record_replays(api: Api) -> None:
    created = api.create(HUMAN_VS_GREEDY)
    game_id, tokens = created["game_id"], _tokens(created)
    first = api.view(game_id, tokens[0])
    assert first["seat"] == 0 and first["to_act"] == 0 and first["prompt"]["seat"] == 0
    assert first["log"][0]["player"] == "chance" and first["log"][0]["action"].startswith("draw ")
    final = api.play_first_options(game_id, tokens)
    assert final["terminal"] and final["prompt"] is None and final["to_act"] is None
    assert len(final["returns"]) == 2
    assert {e["seat"] for e in final["log"]} == {None, 0, 1}

    record = api.client.get(f"/api/games/{game_id}/record").json()
    assert record["format"] == RECORD_FORMAT and record["players"] == ["Ana", "greedy"]
    assert len(record["actions"]) == final["state_id"]
    state = replay(record)
    assert state.is_terminal() and state.scores() == final["scores"]

    listed = api.client.get("/api/games", params={"status": "finished"}).json()["games"]
    assert [(g["game_id"], g["scores"]) for g in listed] == [(game_id, final["scores"])]
    assert listed[0]["players"][0] == {"seat": 0, "kind": "human", "name": "Ana", "agent": None}
    assert api.client.get("/api/games", params={"status": "active"}).json()["games"] == []


def test_hot_seat_one_client_plays_two_human_seats(api: Api) -> None:
    created = api.create(TWO_HUMANS, seed=3)
    final = api.play_first_options(created["game_id"], _tokens(created))
    assert final["terminal"]
    assert {e["seat"] for e in final["log"]} == {None, 0, 1}


def test_stale_state_id_is_409_and_changes_nothing(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    game_id, (ana, _) = created["game_id"], _tokens(created)
    before = api.view(game_id, ana)
    option = before["prompt"]["options"][0]["text"]
    for stale in (before["state_id"] - 1, before["state_id"] + 1):
        response = api.act(game_id, ana, stale, option)
        assert response.status_code == 409
        assert "stale state_id" in response.json()["detail"]
    assert api.view(game_id, ana) == before
    assert api.act(game_id, ana, before["state_id"], option).status_code == 200
    response = api.act(game_id, ana, before["state_id"], option)  # the same request replayed
    assert response.status_code == 409


def test_illegal_or_malformed_action_is_422_with_the_reason(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    game_id, (ana, _) = created["game_id"], _tokens(created)
    before = api.view(game_id, ana)
    for text in ("place 9,9 r0", "fly away", "skip", "draw base:A"):
        response = api.act(game_id, ana, before["state_id"], text)
        assert response.status_code == 422, text
        detail = response.json()["detail"]
        assert isinstance(detail, str) and detail
    assert "not a legal action" in api.act(game_id, ana, before["state_id"], "skip").json()["detail"]
    assert "cannot read" in api.act(game_id, ana, before["state_id"], "fly away").json()["detail"]
    malformed = api.client.post(f"/api/games/{game_id}/actions", json={"token": ana, "action": "skip"})
    assert malformed.status_code == 422
    assert "state_id" in malformed.json()["detail"]
    assert api.view(game_id, ana) == before


def test_wrong_token_is_403_and_changes_nothing(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    game_id, (ana, _) = created["game_id"], _tokens(created)
    other = api.create(TWO_HUMANS)
    before = api.view(game_id, ana)
    option = before["prompt"]["options"][0]["text"]
    for forged in ("x" * 32, _tokens(other)[0]):
        response = api.act(game_id, forged, before["state_id"], option)
        assert response.status_code == 403
        view = api.client.get(f"/api/games/{game_id}/view", params={"token": forged})
        assert view.status_code == 403
    assert api.view(game_id, ana) == before


def test_acting_out_of_turn_is_403(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    game_id, (ana, bea) = created["game_id"], _tokens(created)
    before = api.view(game_id, ana)
    assert before["to_act"] == 0
    bea_view = api.view(game_id, bea)
    assert bea_view["prompt"] is None and bea_view["seat"] == 1
    response = api.act(game_id, bea, before["state_id"], before["prompt"]["options"][0]["text"])
    assert response.status_code == 403
    assert "not to act" in response.json()["detail"]
    assert api.view(game_id, ana) == before


def test_unknown_game_is_404(api: Api) -> None:
    assert api.client.get("/api/games/nope/view").status_code == 404
    assert api.client.get("/api/games/nope/record").status_code == 404
    response = api.act("nope", "t", 0, "skip")
    assert response.status_code == 404 and "no game" in response.json()["detail"]


def test_record_is_409_until_the_game_has_ended(api: Api) -> None:
    created = api.create(HUMAN_VS_GREEDY)
    response = api.client.get(f"/api/games/{created['game_id']}/record")
    assert response.status_code == 409


def test_bad_game_settings_are_422(api: Api) -> None:
    bad = [
        {"game": "chess", "seats": TWO_HUMANS},
        {"game": "carcassonne", "options": {"colour": "red"}, "seats": TWO_HUMANS},
        {"game": "carcassonne", "options": {"players": 3}, "seats": TWO_HUMANS},
        {"game": "carcassonne", "seats": [{"kind": "bot", "agent": "oracle"}, *TWO_HUMANS[:1]]},
        {"game": "carcassonne", "seats": [{"kind": "bot"}, *TWO_HUMANS[:1]]},
        {"game": "carcassonne", "seats": [{"kind": "alien"}, *TWO_HUMANS[:1]]},
        {"game": "carcassonne", "seats": []},
    ]
    for body in bad:
        response = api.client.post("/api/games", json=body)
        assert response.status_code == 422, body
    assert api.client.get("/api/games").json()["games"] == []


def test_spectator_view_has_no_prompt(api: Api) -> None:
    created = api.create(TWO_HUMANS)
    view = api.view(created["game_id"])
    assert view["seat"] is None and view["prompt"] is None and view["to_act"] == 0
    assert view["observation"]["board"] and view["players"][1]["name"] == "Bea"


def test_no_view_list_or_record_ever_contains_a_token(api: Api) -> None:
    created = api.create(TWO_HUMANS, seed=11)
    game_id, tokens = created["game_id"], _tokens(created)
    seen: list[str] = []
    for _ in range(12):
        views = [api.view(game_id, t) for t in tokens]
        seen.extend(api.client.get(f"/api/games/{game_id}/view", params={"token": t}).text for t in tokens)
        seen.append(api.client.get(f"/api/games/{game_id}/view").text)
        token, view = next((t, v) for t, v in zip(tokens, views, strict=True) if v["prompt"])
        response = api.act(game_id, token, view["state_id"], view["prompt"]["options"][-1]["text"])
        seen.append(response.text)
    api.play_first_options(game_id, tokens)
    seen.append(api.client.get("/api/games").text)
    seen.append(api.client.get(f"/api/games/{game_id}/record").text)
    seen.extend(api.client.get(f"/api/games/{game_id}/view", params={"token": t}).text for t in tokens)
    for text in seen:
        for token in tokens:
            assert token not in text
        assert "token" not in text  # not even the hashes' field name


def test_openapi_documents_the_bodies(api: Api) -> None:
    schema = api.client.get("/openapi.json").json()
    assert {"/api/games", "/api/games/{game_id}/view", "/api/games/{game_id}/actions",
            "/api/games/{game_id}/record"} <= set(schema["paths"])
    schemas = set(schema["components"]["schemas"])
    assert {"CreateGameRequest", "GameView", "ActionRequest", "Problem"} <= schemas


def test_the_log_shows_other_seats_only_what_they_may_learn(api: Api) -> None:
    """A corporation kept face down (tm-dice) is in its owner's log, hidden in the others'."""
    body = {"game": "tm-dice", "options": {"players": 2}, "seats": TWO_HUMANS, "seed": 5}
    created = api.client.post("/api/games", json=body).json()
    game_id, tokens = created["game_id"], _tokens(created)
    view = api.view(game_id, tokens[0])
    assert view["prompt"] and view["prompt"]["seat"] == 0
    choice = view["prompt"]["options"][0]["text"]
    assert api.act(game_id, tokens[0], view["state_id"], choice).status_code == 200
    own, other, spectator = api.view(game_id, tokens[0]), api.view(game_id, tokens[1]), api.view(game_id)
    index = view["state_id"]
    assert next(e for e in own["log"] if e["index"] == index)["action"] == choice
    for hidden in (other, spectator):
        assert next(e for e in hidden["log"] if e["index"] == index)["action"] == "(hidden)"
        assert any(e["action"] == "(chance)" for e in hidden["log"] if e["seat"] is None)  # deals
        assert choice not in {e["action"] for e in hidden["log"]}


def test_a_tm_dice_spectator_sees_the_public_table(api: Api) -> None:
    """tm-dice has a `public_observation` now: a spectator sees the table but no hand."""
    body = {"game": "tm-dice", "options": {"players": 2}, "seats": TWO_HUMANS, "seed": 5}
    created = api.client.post("/api/games", json=body).json()
    seats = api.view(created["game_id"])["observation"]["seats"]
    assert len(seats) == 2 and all("hand_size" in s and "hand" not in s for s in seats)
