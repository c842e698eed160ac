"""Helpers for the server tests: a TestClient with the calls they repeat, and a small bag."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

#: twelve base tiles: a whole game takes well under a second
SMALL_BAG = [f"base:{c}" for c in "ABCDEFGHIJKL"]


class Api:
    """A TestClient with the calls the tests repeat."""

    def __init__(self, client: TestClient) -> None:
        self.client = client

    def create(self, seats: list[dict[str, Any]], seed: int = 7, **options: Any) -> dict[str, Any]:
        body = {"game": "carcassonne", "options": {"bag": SMALL_BAG, **options}, "seats": seats,
                "seed": seed}
        response = self.client.post("/api/games", json=body)
        assert response.status_code == 201, response.text
        return response.json()

    def view(self, game_id: str, token: str | None = None) -> dict[str, Any]:
        params = {"token": token} if token else {}
        response = self.client.get(f"/api/games/{game_id}/view", params=params)
        assert response.status_code == 200, response.text
        return response.json()

    def act(self, game_id: str, token: str, state_id: int, action: str) -> Any:
        return self.client.post(f"/api/games/{game_id}/actions",
                                json={"token": token, "state_id": state_id, "action": action})

    def play_first_options(self, game_id: str, tokens: list[str], limit: int = 500) -> dict[str, Any]:
        """Play every human seat (any of `tokens`) with its first prompt option to the end."""
        for _ in range(limit):
            views = [self.view(game_id, t) for t in tokens]
            if views[0]["terminal"]:
                return views[0]
            acting = [(t, v) for t, v in zip(tokens, views, strict=True) if v["prompt"]]
            assert len(acting) == 1, "exactly one of our seats must be prompted"
            token, view = acting[0]
            response = self.act(game_id, token, view["state_id"], view["prompt"]["options"][0]["text"])
            assert response.status_code == 200, response.text
        raise AssertionError("game did not end")
