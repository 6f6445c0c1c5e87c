"""The games JSON API (DESIGN.md §5). Views only translate HTTP: they validate input, call
`games.services` / `games.selectors` / `replay`, and shape the answer."""
from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.throttles import EXPENSIVE_READS
from games import appends, selectors, services
from games.api import serializers as s
from games.api.shared import ERRORS, THROTTLED, checked_id, game_or_404, validated
from games.errors import Forbidden
from games.log_reads import reading_the_log
from replay.export import export_lines
from replay.verify_cache import verify_cached


class TableListCreate(APIView):
    permission_classes = [permissions.IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: s.TableSerializer(many=True)}, summary="Open tables")
    def get(self, request):
        return Response(s.TableSerializer(selectors.tables_open()[:200], many=True).data)

    @extend_schema(request=s.TableCreateSerializer, responses={201: s.TableSerializer, **ERRORS},
                   summary="Create a table")
    def post(self, request):
        data = validated(s.TableCreateSerializer, request.data)
        table = services.table_create(owner=request.user, **data)
        return Response(s.TableSerializer(table).data, status=status.HTTP_201_CREATED)


class TableDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.TableSerializer, 404: ERRORS[404]}, summary="One table")
    def get(self, request, table_id: int):
        return Response(s.TableSerializer(selectors.table_get(table_id=checked_id(table_id, "table"))).data)


class SeatCreate(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.SeatTakeSerializer, responses={201: s.TableSerializer, **ERRORS},
                   summary="Take a seat with a character, or add an AI seat (owner)")
    def post(self, request, table_id: int):
        data = validated(s.SeatTakeSerializer, request.data)
        services.seat_take(table_id=checked_id(table_id, "table"), user=request.user, **data)
        table = selectors.table_get(table_id=table_id)
        return Response(s.TableSerializer(table).data, status=status.HTTP_201_CREATED)


class TableStart(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={201: s.GameSerializer, **ERRORS}, summary="Start the table (owner)")
    def post(self, request, table_id: int):
        game = services.table_start(table_id=checked_id(table_id, "table"), user=request.user)
        seat = selectors.seat_of(game=game, user=request.user)
        return Response(selectors.game_detail(game=game, seat=seat), status=status.HTTP_201_CREATED)


class GameDetail(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: s.GameSerializer, 404: ERRORS[404]},
                   summary="Your view of the game: seq, state and your prompts")
    def get(self, request, game_id: int):
        game = game_or_404(game_id)
        return Response(selectors.game_detail(game=game, seat=selectors.seat_of(game=game, user=request.user)))


class DecisionCreate(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.DecisionSerializer, responses={201: s.DecisionResultSerializer, **ERRORS},
                   summary="Make a decision for your seat")
    def post(self, request, game_id: int):
        game = game_or_404(game_id)
        serializer = s.DecisionSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        checked = serializer.validated_data     # a games.decision_input.DecisionRequest
        seat = selectors.seat_of(game=game, user=request.user)
        if seat is None:
            raise Forbidden("You have no seat at this game; only its players can make decisions.")
        result = appends.submit_decision(game_id=game.pk, seat=seat, decision=checked.for_seat(seat),
                                          actor=f"user:{request.user.pk}", expected_seq=checked.expected_seq,
                                          idempotency_key=checked.idempotency_key)
        body = {"game": result.game, "seq": result.seq, "state_hash": result.state_hash, "over": result.over}
        headers = {"Idempotent-Replayed": "true" if result.replayed else "false"}
        return Response(body, status=status.HTTP_201_CREATED, headers=headers)


class EventList(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(parameters=[s.EventQuerySerializer], responses={200: s.EventPageSerializer, **ERRORS},
                   summary="The event log after seq N, redacted for you")
    def get(self, request, game_id: int):
        game = game_or_404(game_id)
        query = validated(s.EventQuerySerializer, request.query_params)
        seat = selectors.seat_of(game=game, user=request.user)
        with reading_the_log(game.pk, game.seq):
            events = selectors.events_for(game=game, seat=seat, after=query["after"], limit=query["limit"])
        return Response({"game": game.pk, "seq": game.seq, "events": events})


class GameExport(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_classes = EXPENSIVE_READS

    @extend_schema(responses={(200, "application/x-ndjson"): OpenApiTypes.STR, 404: ERRORS[404], 429: THROTTLED},
                   summary="JSON lines: header (seed after the end) then the hash-chained events")
    def get(self, request, game_id: int):
        game = game_or_404(game_id)
        seat = selectors.seat_of(game=game, user=request.user)
        with reading_the_log(game.pk, game.seq):
            body = b"".join(export_lines(game=game, seat=seat))
        response = HttpResponse(body, content_type="application/x-ndjson")
        response["Content-Disposition"] = f'attachment; filename="rdi-game-{game.pk}.jsonl"'
        return response


class GameVerify(APIView):
    permission_classes = [permissions.AllowAny]
    throttle_classes = EXPENSIVE_READS

    @extend_schema(responses={200: s.VerificationSerializer, 404: ERRORS[404], 429: THROTTLED},
                   summary="Check the hash chain, the seed commitment and a full re-fold")
    def get(self, request, game_id: int):
        game = game_or_404(game_id)
        with reading_the_log(game.pk, game.seq):
            return Response(verify_cached(game.pk))
