"""Step-through replay of a finished game: `GET /api/games/{id}/replay?step=k` (issue #24)."""

from __future__ import annotations

import time
from typing import Any

from server_helpers import SMALL_BAG, Api

from ludoteca.core.registry import load_game

HUMAN_AND_BOT = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}]


def _replay(api: Api, game_id: str, step: Any, token: str | None = None) -> Any:
    params: dict[str, Any] = {"step": step}
    if token:
        params["token"] = token
    return api.client.get(f"/api/games/{game_id}/replay", params=params)


def _rebuilt(game: str, options: dict[str, Any], actions: list[str], step: int) -> Any:
    """The state after the first `step` actions of a record, rebuilt here from the notation."""
    state = load_game(game, **options).new_initial_state()
    for text in actions[:step]:
        state.apply_action(state.string_to_action(text))
    return state


def test_replay_is_refused_until_the_game_is_over(api: Api) -> None:
    created = api.create(HUMAN_AND_BOT)
    response = _replay(api, created["game_id"], 0)
    assert response.status_code == 409 and "not over" in response.json()["detail"]
    assert _replay(api, "nosuchgame", 0).status_code == 404


def test_each_step_shows_the_game_as_it_was(api: Api) -> None:
    created = api.create(HUMAN_AND_BOT)
    game_id, ana = created["game_id"], created["seats"][0]["token"]
    end = api.play_first_options(game_id, [ana])
    record = api.client.get(f"/api/games/{game_id}/record").json()
    actions = record["actions"]
    steps = len(actions)
    assert steps == end["state_id"]

    first = _replay(api, game_id, 0).json()
    assert first["replay"] == {"step": 0, "steps": steps}
    assert first["state_id"] == 0 and first["log"] == [] and first["prompt"] is None
    assert not first["terminal"] and first["observation"]["board"] != end["observation"]["board"]

    middle = steps // 2
    view = _replay(api, game_id, middle).json()
    state = _rebuilt("carcassonne", {"bag": SMALL_BAG}, [str(a) for a in actions], middle)
    assert view["state_id"] == middle and view["observation"] == state.observation(-1)
    assert view["scores"] == state.scores() and view["to_act"] == (state.current_player()
                                                                   if state.current_player() >= 0 else None)
    assert [e["index"] for e in view["log"]] == list(range(middle))[-50:]
    assert view["prompt"] is None and view["can_undo"] is False

    last = _replay(api, game_id, steps).json()
    spectator = api.view(game_id)
    assert {k: v for k, v in last.items() if k != "replay"} == spectator  # the end is the end
    assert _replay(api, game_id, steps + 1).status_code == 422
    assert _replay(api, game_id, -1).status_code == 422
    assert _replay(api, game_id, "x").status_code == 422
    assert _replay(api, game_id, middle, "forged").status_code == 403
    # a seat's replay is that seat's view then; here Carcassonne hides nothing from anyone
    mine = _replay(api, game_id, middle, ana).json()
    assert mine["seat"] == 0 and mine["prompt"] is None and mine["observation"] == state.observation(0)
    whole = api.client.get(f"/api/games/{game_id}/replay", params={"full_log": "true"}).json()
    assert whole["replay"] == {"step": steps, "steps": steps}
    assert [e["index"] for e in whole["log"]] == list(range(steps))
    assert whole["log"][-len(last["log"]):] == last["log"]
    # stepping back after stepping forward (checkpoints) gives the same views
    assert _replay(api, game_id, middle).json() == view
    localized = api.client.get(f"/api/games/{game_id}/replay", params={"step": middle, "lang": "fr"}).json()
    assert all("said" in e for e in localized["log"])


def test_a_hidden_information_game_replays_only_the_public_view(api: Api) -> None:
    """The Dice Game hides hands and kept dice: the replay shows a spectator what the
    table saw at each step, not the hands revealed after the end."""
    body = {"game": "tm-dice", "options": {"start": {"temperature": 9, "oxygen": 7, "oceans": 6}},
            "seats": [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}], "seed": 4}
    game_id = api.client.post("/api/games", json=body).json()["game_id"]
    for _ in range(200):  # a game without people plays in the background
        if api.view(game_id)["terminal"]:
            break
        time.sleep(0.05)
    end = api.view(game_id)
    assert end["terminal"]
    record = api.client.get(f"/api/games/{game_id}/record").json()
    actions = record["actions"]
    steps = len(actions)
    end_log = _replay(api, game_id, steps).json()["log"]
    secret = [e for e in end_log if e["action"] in ("(hidden)", "(chance)")]
    assert secret, "the Dice Game keeps some of its actions secret from spectators"
    for step in sorted({1, steps // 3, steps // 2, steps - 1}):
        view = _replay(api, game_id, step).json()
        state = _rebuilt("tm-dice", record["options"], actions, step)
        assert view["observation"] == state.public_observation()
        assert view["observation"] != state.observation(0)  # the seats' hands stay hidden
        for entry in view["log"]:
            if entry["action"] in ("(hidden)", "(chance)"):
                assert entry["message"]["key"] in ("core.hidden", "core.chance_action")
                assert actions[entry["index"]] != entry["action"]
            else:
                assert entry["message"]["key"] != "core.hidden"
