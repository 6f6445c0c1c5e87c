"""The replay JSON API: one frame, and the timeline behind the charts. Views only translate
HTTP; the work is in `replay.frames`."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import permissions, serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttles import EXPENSIVE_READS, REPLAY_FRAMES
from games.api.shared import ERRORS, THROTTLED, game_or_404
from games.errors import ServiceError
from games.log_reads import reading_the_log
from replay import fork, frames

AT = OpenApiParameter("at", OpenApiTypes.INT, description="The event (seq); default the latest.")
AS = OpenApiParameter("as", OpenApiTypes.STR, description="A seat number, 'spectator' or 'omniscient'.")


def parse_at(raw) -> int | None:
    if raw in (None, ""):
        return None
    try:
        at = int(raw)
    except (TypeError, ValueError):
        raise ServiceError(f"'at' must be an event number, not {raw!r}.", code="invalid_at") from None
    if at < 0 or at > 2**31 - 1:
        raise ServiceError("'at' must be an event number from 0 to the game's latest seq.", code="invalid_at")
    return at


class ReplayFrame(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_classes = REPLAY_FRAMES

    @extend_schema(parameters=[AT, AS], responses={200: OpenApiTypes.OBJECT, **ERRORS, 429: THROTTLED},
                   summary="One replay frame: the view after event N as a perspective, the decision and its "
                           "narration")
    def get(self, request, game_id: int):
        game = game_or_404(game_id)
        viewer = frames.perspective(game=game, user=request.user, requested=request.query_params.get("as"))
        at = parse_at(request.query_params.get("at"))
        with reading_the_log(game.pk, game.seq if at is None else at):
            return Response(frames.frame(game=game, at=at, viewer=viewer))


class ReplayTimeline(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_classes = EXPENSIVE_READS

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **ERRORS, 429: THROTTLED},
                   summary="Fortitude, Alcohol and Gold of every seat after each event, and the jump marks")
    def get(self, request, game_id: int):
        game = game_or_404(game_id)
        with reading_the_log(game.pk, game.seq):
            return Response(frames.timeline(game=game))


class ForkSerializer(serializers.Serializer):
    at = serializers.IntegerField(min_value=0, max_value=2**31 - 1, help_text="The event to play on from.")
    seat = serializers.IntegerField(min_value=0, max_value=2**31 - 1, default=0, help_text="Your seat in the new game.")


class ForkResultSerializer(serializers.Serializer):
    game = serializers.IntegerField(help_text="The new game.")
    table = serializers.IntegerField()
    forked_from = serializers.DictField(help_text="{game, seq}: where the position came from.")


class ReplayFork(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=ForkSerializer, responses={201: ForkResultSerializer, **ERRORS},
                   summary="Play from here: a new game from event `at` of a finished game, you in `seat`, bots "
                           "elsewhere (only where nothing is pending on the stack)")
    def post(self, request, game_id: int):
        game = game_or_404(game_id)
        body = ForkSerializer(data=request.data if isinstance(request.data, dict) else {})
        if not body.is_valid():
            raise ServiceError("Send {\"at\": event number, \"seat\": your seat number}.", code="invalid_fork")
        at, seat = body.validated_data["at"], body.validated_data["seat"]
        new = fork.game_fork(game=game, at=at, user=request.user, seat=seat)
        return Response({"game": new.pk, "table": new.table_id, "forked_from": {"game": game.pk, "seq": at}},
                        status=201)
