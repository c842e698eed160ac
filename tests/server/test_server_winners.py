"""The view says who won (issue #22): `winners` comes from the game's `winners()`, not from
the top score, and `title` is the game's title as a message."""

from __future__ import annotations

from typing import Any

from server_helpers import Api

SOLO_TM = {"players": 1, "max_generations": 1, "corporations": "beginner"}


def play_passing(api: Api, game_id: str, token: str, limit: int = 200) -> dict[str, Any]:
    """Play the only human seat, passing (or skipping) whenever it may, to the end."""
    for _ in range(limit):
        view = api.view(game_id, token)
        if view["terminal"]:
            return view
        texts = [o["text"] for o in view["prompt"]["options"]]
        choice = next((t for t in texts if t.startswith(("pass", "skip"))), texts[0])
        response = api.act(game_id, token, view["state_id"], choice)
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


def test_a_lost_solo_game_has_no_winner_although_its_seat_tops_the_scores(make_api: Any) -> None:
    api = make_api()
    response = api.client.post("/api/games", json={"game": "terraforming-mars", "options": SOLO_TM, "seed": 3,
                                                    "seats": [{"kind": "human", "name": "Ana"}]})
    assert response.status_code == 201, response.text
    created = response.json()
    view = play_passing(api, created["game_id"], created["seats"][0]["token"])
    assert view["scores"][0] > 0  # the top (only) score...
    assert view["winners"] == [] and view["returns"] == [-1.0]  # ...and yet a loss: Mars is not terraformed
    assert view["title"] == {"key": "terraforming_mars.title", "params": {}}
    (summary,) = api.client.get("/api/games").json()["games"]
    assert summary["winners"] == [] and summary["status"] == "finished"


def test_winners_are_absent_until_the_end(make_api: Any) -> None:
    api = make_api()
    created = api.create([{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}])
    view = api.view(created["game_id"], created["seats"][0]["token"])
    assert view["winners"] is None and view["title"] == {"key": "carcassonne.title", "params": {}}


def test_a_refused_option_is_named_in_the_422(make_api: Any) -> None:
    api = make_api()
    body = {"game": "terraforming-mars", "options": {"draft": True}, "seats": [{"kind": "human"}]}
    response = api.client.post("/api/games", json=body)
    assert response.status_code == 422
    assert response.json() == {
        "detail": "the draft is not played in the solo game (players=1); use draft=false", "option": "draft",
        "message": {"key": "terraforming_mars.setting.draft.error.solo", "params": {}}}
    response = api.client.post("/api/games", json={**body, "options": {"max_generations": 0}})
    assert response.json()["option"] == "max_generations"
    response = api.client.post("/api/games", json={**body, "game": "nope"})
    assert response.status_code == 422 and "option" not in response.json()  # not an option's fault


def test_a_restarted_server_lists_the_winners_of_a_game_it_has_not_loaded(make_api: Any) -> None:
    """The winners are stored with the finished game, so the lobby of a fresh server (the
    game not in its memory) shows them; a row from before the column shows None."""
    first = make_api()
    solo = {"game": "terraforming-mars", "options": SOLO_TM, "seed": 3,
            "seats": [{"kind": "human", "name": "Ana"}]}
    created = first.client.post("/api/games", json=solo).json()
    play_passing(first, created["game_id"], created["seats"][0]["token"])
    duel = first.create([{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}], seed=4)
    final = play_passing(first, duel["game_id"], duel["seats"][0]["token"])
    assert final["winners"]
    second = make_api()
    hub = second.client.app.state.hub
    assert not hub._games  # listed from the store alone
    listed = {g["game_id"]: g for g in second.client.get("/api/games").json()["games"]}
    assert listed[created["game_id"]]["winners"] == []  # a lost solo game: no winner
    assert listed[duel["game_id"]]["winners"] == final["winners"]
    assert all(g["status"] == "finished" for g in listed.values())
    assert hub.store.load_game(duel["game_id"]).winners == final["winners"]
    with hub.store.engine.begin() as connection:  # as games finished before winners were stored
        connection.exec_driver_sql("UPDATE games SET winners = NULL")
    assert [g["winners"] for g in make_api().client.get("/api/games").json()["games"]] == [None, None]
