"""What the API's views share (games/api/views.py, games/api/seats.py, replay/api.py): the
documented error answers, and the look-ups and validation every view starts with."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse

from games import selectors
from games.api import serializers as s
from games.errors import NotFound
from games.models import Game

MAX_ID = 2**63 - 1
ERRORS = {code: OpenApiResponse(s.ErrorSerializer, description=text) for code, text in {
    400: "Invalid input or an illegal decision", 401: "Not logged in", 403: "Not allowed",
    404: "No such game or table", 409: "Stale expected_seq or a state conflict",
}.items()}
THROTTLED = OpenApiResponse(s.ErrorSerializer, description="`throttled`: too many expensive reads from this address "
                            "(anonymous) or this account; `Retry-After` and the message say when to try again")


def checked_id(value: int, what: str) -> int:
    """An id from a URL, or 404 for one past bigint (the database would refuse to look)."""
    if value > MAX_ID:
        raise NotFound(f"There is no {what} {value}.")
    return value


def game_or_404(game_id: int) -> Game:
    return selectors.game_get(game_id=checked_id(game_id, "game"))


def validated(serializer_class, data) -> dict:
    """The serializer's validated data, or 400 with its located errors."""
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)
