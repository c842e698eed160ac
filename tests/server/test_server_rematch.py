"""Rematch: an ended game's seats start one new game together (issue #24)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from server_helpers import SMALL_BAG, Api

from ludoteca.server.hub import rematch_token
from ludoteca.server.store import Store

TWO_HUMANS_AND_A_BOT = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"},
                        {"kind": "human", "name": "Bea"}]


def _rematch(api: Api, game_id: str, token: str) -> Any:
    return api.client.post(f"/api/games/{game_id}/rematch", json={"token": token})


def _finished(api: Api, seats: list[dict[str, Any]], undo: bool = False) -> tuple[str, list[str]]:
    body = {"game": "carcassonne", "options": {"bag": SMALL_BAG}, "seats": seats, "seed": 3, "undo": undo}
    created = api.client.post("/api/games", json=body).json()
    tokens = [s["token"] for s in created["seats"] if s["token"]]
    api.play_first_options(created["game_id"], tokens)
    return created["game_id"], tokens


def test_a_rematch_is_refused_before_the_end_and_to_a_wrong_token(api: Api) -> None:
    created = api.create(TWO_HUMANS_AND_A_BOT)
    ana = created["seats"][0]["token"]
    response = _rematch(api, created["game_id"], ana)
    assert response.status_code == 409 and "not over" in response.json()["detail"]
    game_id, _ = _finished(api, TWO_HUMANS_AND_A_BOT)
    assert _rematch(api, game_id, "forged").status_code == 403
    assert _rematch(api, game_id, ana).status_code == 403  # a token of another game
    assert _rematch(api, "nosuchgame", ana).status_code == 404
    assert api.view(game_id)["rematch"] is None  # nothing was created


def test_the_rematch_has_the_same_seats_and_options_and_a_new_deal(api: Api, db_url: str) -> None:
    game_id, (ana, _bea) = _finished(api, TWO_HUMANS_AND_A_BOT, undo=True)
    response = _rematch(api, game_id, ana)
    assert response.status_code == 200, response.text
    first = response.json()
    new_id = first["game_id"]
    assert new_id != game_id and first["seat"] == 0
    assert first["url"] == f"/games/{new_id}?token={first['token']}"

    old, new = api.view(game_id), api.view(new_id, first["token"])
    assert old["rematch"] == new_id and new["rematch"] is None
    assert new["seat"] == 0 and new["players"] == old["players"]  # same names, kinds, bot specs
    assert not new["terminal"] and new["state_id"] < old["state_id"]
    store = Store(db_url)
    try:
        before, after = store.load_game(game_id), store.load_game(new_id)
    finally:
        store.dispose()
    assert before is not None and after is not None
    assert after.game == before.game and after.options == before.options
    assert after.allow_undo is True
    assert after.seed != before.seed and after.secret is not None and after.secret != before.secret
    assert before.rematch == new_id
    # Bea's seat waits for her: no token opens it until she asks with her own old one
    assert after.seats[2]["token_hash"] is None and after.seats[0]["token_hash"] is not None


def test_every_call_returns_the_same_rematch_and_each_token_only_to_its_seat(api: Api) -> None:
    game_id, (ana, bea) = _finished(api, TWO_HUMANS_AND_A_BOT)
    first = _rematch(api, game_id, ana).json()
    again = _rematch(api, game_id, ana).json()
    assert again == first  # idempotent: same game, same seat, same token

    bea_new = _rematch(api, game_id, bea).json()
    assert bea_new["game_id"] == first["game_id"] and bea_new["seat"] == 2
    assert bea_new["token"] not in (first["token"], ana, bea)
    assert _rematch(api, game_id, bea).json() == bea_new
    new_id = first["game_id"]
    assert api.view(new_id, bea_new["token"])["seat"] == 2
    assert api.view(new_id, first["token"])["seat"] == 0
    # the new tokens follow from the old ones and the new id: nobody else can compute them
    assert first["token"] == rematch_token(ana, new_id) and bea_new["token"] == rematch_token(bea, new_id)
    # the ended game's views name the rematch but carry no token of it
    for view_token in (None, ana, bea):
        text = api.client.get(f"/api/games/{game_id}/view",
                              params={"token": view_token} if view_token else {}).text
        assert new_id in text and first["token"] not in text and bea_new["token"] not in text


def test_a_rematch_survives_a_restart(make_api: Callable[..., Api]) -> None:
    api = make_api()
    game_id, (ana, bea) = _finished(api, TWO_HUMANS_AND_A_BOT)
    first = _rematch(api, game_id, ana).json()
    later = make_api()  # a new server on the same database
    assert later.view(game_id)["rematch"] == first["game_id"]
    assert _rematch(later, game_id, ana).json() == first
    bea_new = _rematch(later, game_id, bea).json()
    assert bea_new["game_id"] == first["game_id"]
    again = make_api()
    assert again.view(first["game_id"], bea_new["token"])["seat"] == 2  # her claim was stored


def test_a_rematch_of_a_seeded_solo_game_is_dealt_by_the_server(api: Api) -> None:
    created = api.create([{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "random"}], seed=11)
    ana = created["seats"][0]["token"]
    assert api.view(created["game_id"], ana)["seed"] == 11
    api.play_first_options(created["game_id"], [ana])
    rematch = _rematch(api, created["game_id"], ana).json()
    view = api.view(rematch["game_id"], rematch["token"])
    assert view["seed"] is None  # a new deal: the server's secret, not the old seed again
