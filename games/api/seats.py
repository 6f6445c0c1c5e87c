"""Your seat's preferences and control in a running game (issue 4): the auto-pass choice,
taking your seat back from the bot that played it after your timeouts, and resigning (issue
43). All are events."""
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.api import serializers as s
from games.api.shared import ERRORS, game_or_404, validated
from games.errors import Forbidden


def _my_seat(request, game, code: str = "forbidden") -> int:
    seat = selectors.seat_of(game=game, user=request.user)
    if seat is None:
        raise Forbidden("You have no seat at this game.", code=code)
    return seat


class Autopass(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=s.AutopassSerializer, responses={201: s.SeatEventResultSerializer, **ERRORS},
                   summary="Choose which response windows pass by themselves for your seat")
    def post(self, request, game_id: int):
        game = game_or_404(game_id)
        mode = validated(s.AutopassSerializer, request.data)["mode"]
        seq = services.autopass_set(game_id=game.pk, seat=_my_seat(request, game), mode=mode,
                                    actor=f"user:{request.user.pk}")
        return Response({"game": game.pk, "seq": seq if seq is not None else game.seq, "changed": seq is not None},
                        status=status.HTTP_201_CREATED)


class TakeBack(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={201: s.SeatEventResultSerializer, **ERRORS},
                   summary="Take your seat back from the bot that played it after your timeouts")
    def post(self, request, game_id: int):
        game = game_or_404(game_id)
        seq = services.seat_control_change(game_id=game.pk, seat=_my_seat(request, game), to="player",
                                           reason="player_returned", actor=f"user:{request.user.pk}")
        return Response({"game": game.pk, "seq": seq if seq is not None else game.seq, "changed": seq is not None},
                        status=status.HTTP_201_CREATED)


class Resign(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={201: s.SeatEventResultSerializer, **ERRORS},
                   summary="Resign: leave the game for good, a bot plays your seat to the end",
                   description="Appends `seat_resigned` {seat, reason: \"resigned\", bot}. 403 `not_your_seat`, "
                               "400 `game_over`, 409 `already_resigned`; afterwards `control/` answers 409 "
                               "`resigned` and a decision 403 `resigned`.")
    def post(self, request, game_id: int):
        game = game_or_404(game_id)
        seq = services.seat_resign(game_id=game.pk, seat=_my_seat(request, game, code="not_your_seat"),
                                   actor=f"user:{request.user.pk}")
        return Response({"game": game.pk, "seq": seq, "changed": True}, status=status.HTTP_201_CREATED)
