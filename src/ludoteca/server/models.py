"""Request and response bodies of the HTTP API (pydantic), so the OpenAPI page documents them."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field, StrictBool, StrictInt, StrictStr


class SeatSpec(BaseModel):
    """One seat of a new game: a human (with a display name) or a bot (with an agent spec)."""

    kind: Literal["human", "bot"]
    name: StrictStr | None = Field(None, max_length=60,
                                   description="display name; default 'Player N' or the agent")
    agent: StrictStr | None = Field(None, max_length=100,
                                    description="bot spec, e.g. 'greedy' or 'greedy:seed=3'")


class CreateGameRequest(BaseModel):
    game: StrictStr = Field(max_length=64, description="registry name, e.g. 'carcassonne'")
    options: dict[str, Any] = Field(default_factory=dict,
                                    description="game options; 'players' defaults to the number of seats")
    seats: list[SeatSpec] = Field(min_length=1, max_length=16)
    seed: StrictInt | None = Field(
        None, ge=0, lt=2**63,
        description="seed of the server's draws and bots, for games with at most one human seat "
        "(shown to every seat); with several human seats it is mixed with the server's secret")
    undo: StrictBool = Field(False, description="let human seats take back their own actions")

    model_config = {
        "json_schema_extra": {
            "examples": [{
                "game": "carcassonne",
                "options": {},
                "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot", "agent": "greedy"}],
            }]
        }
    }


class SeatLink(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    agent: str | None = Field(None, description="the bot's agent spec (bots only)")
    token: str | None = Field(None, description="the seat's secret (humans only); shown only here")
    url: str | None = Field(None, description="the seat's page (humans only)")


class CreateGameResponse(BaseModel):
    game_id: str
    seats: list[SeatLink]
    spectator_url: str


class PlayerInfo(BaseModel):
    seat: int
    kind: Literal["human", "bot"]
    name: str
    agent: str | None = None


class LogItem(BaseModel):
    index: int = Field(description="position in the action log (the state_id before it)")
    seat: int | None = Field(description="seat that chose it; null for a chance outcome")
    player: str
    action: str = Field(description="canonical notation")
    message: dict[str, Any] = Field(
        description="the same for a reader: {key, params}, rendered with GET /api/messages?lang=")
    time: str


class PromptOption(BaseModel):
    action: int
    text: str = Field(description="canonical notation: send this as 'action'")
    payload: dict[str, Any]
    message: dict[str, Any] = Field(
        description="the same for a reader: {key, params}, rendered with GET /api/messages?lang=")


class PromptModel(BaseModel):
    kind: str
    seat: int
    text: str
    message: dict[str, Any] = Field(
        description="the same for a reader: {key, params}, rendered with GET /api/messages?lang=")
    options: list[PromptOption]


class ReplayPosition(BaseModel):
    step: int = Field(description="actions applied (0: the start; steps: the end)")
    steps: int = Field(description="actions in the whole game, chance outcomes included")


class GameView(BaseModel):
    """What one seat (or a spectator, `seat` null) may see of a game now."""

    game_id: str
    game: str
    title: dict[str, Any] = Field(description="the game's title, a message ({key, params})")
    state_id: int = Field(description="number of actions applied; send it back with an action")
    seat: int | None
    to_act: int | None = Field(description="seat that must act; null at a draw or at the end")
    players: list[PlayerInfo]
    observation: dict[str, Any]
    prompt: PromptModel | None = Field(description="the decision, only when this seat must act")
    log: list[LogItem] = Field(description="the most recent actions, oldest first")
    scores: list[float]
    terminal: bool
    returns: list[float] | None = Field(description="+1/k per winner, -1 otherwise; once over")
    winners: list[int] | None = Field(description="the seats that won (the rules' tie-breaks and "
                                      "solo goals applied; [] for a lost solo game); once over")
    can_undo: bool = Field(description="this seat may take back the latest action (its own)")
    scoring: list[dict[str, Any]] | None = Field(
        None, description="public scoring events so far (games with a `scoring_log()`), e.g. "
        "Carcassonne's {turn, kind, points, seats, tiles, final, at: [x, y]}")
    seed: int | None = Field(None, description="the seed the deal follows, when a client chose it "
                             "(games with at most one human seat); null when the server deals")
    rematch: str | None = Field(None, description="the id of the rematch its seats started once "
                                "it ended (POST /api/games/{id}/rematch gives each seat its link)")
    replay: ReplayPosition | None = Field(None, description="only in a replayed view "
                                          "(GET /api/games/{id}/replay): where it stands")



class ActionRequest(BaseModel):
    token: StrictStr = Field(min_length=1, max_length=200)
    state_id: StrictInt = Field(ge=0, lt=2**31, description="the view's state_id (an integer)")
    action: StrictStr = Field(min_length=1, max_length=200, description="canonical notation, e.g. 'skip'")


class UndoRequest(BaseModel):
    token: StrictStr = Field(min_length=1, max_length=200)
    state_id: StrictInt = Field(ge=0, lt=2**31)


class RematchRequest(BaseModel):
    token: StrictStr = Field(min_length=1, max_length=200, description="the seat's token in the ended game")


class RematchResponse(BaseModel):
    game_id: str = Field(description="the rematch (the same for every call and every seat)")
    seat: int
    token: str = Field(description="this seat's token in the rematch; only this seat receives it")
    url: str


class GameSummary(BaseModel):
    game_id: str
    game: str
    status: Literal["active", "finished"]
    players: list[PlayerInfo]
    scores: list[float]
    winners: list[int] | None = Field(None, description="the seats that won, once over")
    state_id: int
    to_act: int | None
    created: str


class GameList(BaseModel):
    games: list[GameSummary]


class Problem(BaseModel):
    """An error: what was wrong."""

    detail: str
    option: str | None = Field(None, description="the game option to blame (bad options only)")
    message: dict[str, Any] | None = Field(None, description="the reason as a message, if worded")
