"""Input validation and output shapes of the games API (also the OpenAPI schema)."""
from __future__ import annotations

from collections.abc import Mapping

import orjson
from django.conf import settings
from rest_framework import serializers

from games import decision_input, services
from games.engine.core import table_setup
from games.engine.core.errors import SetupError
from games.models import Seat, Table

MAX_INT = 2**31 - 1


class SeatSerializer(serializers.ModelSerializer):
    user = serializers.SerializerMethodField()
    ai = serializers.BooleanField(source="is_ai")

    class Meta:
        model = Seat
        fields = ["index", "character", "ai", "bot", "user"]

    def get_user(self, seat) -> str | None:
        return seat.user.username if seat.user_id else None


class TableSerializer(serializers.ModelSerializer):
    owner = serializers.CharField(source="owner.username")
    seats = SeatSerializer(many=True)
    game = serializers.SerializerMethodField()

    class Meta:
        model = Table
        fields = ["id", "owner", "variant", "player_count", "options", "turn_seconds", "window_seconds", "status",
                  "seats", "game", "created_at"]

    def get_game(self, table) -> int | None:
        game = getattr(table, "game", None)
        return game.pk if game else None


def _options_help() -> str:
    listed = "; ".join(f"`{name}`: {words}" for name, words in table_setup.values().items())
    return ("Table options, each with exactly these JSON values (true is not 1, 3.0 is not 3, \"3\" is not 3): "
            f"{listed}; `packs`: a list of installed pack ids. Checked when the table is created (docs/api.md, "
            "\"Table setup\").")


class TableCreateSerializer(serializers.Serializer):
    """The fields document the body; the engine's one validation of a table's setup
    (games/engine/core/table_setup.py, through `services.table_create`) checks the values, with
    exact JSON types, so the API, the lobby form and rematch refuse with the same code and
    sentence. Only what Postgres can't store is refused here (`invalid_input`)."""

    player_count = serializers.IntegerField(min_value=2, max_value=8)
    variant = serializers.CharField(max_length=32, default="base")
    options = serializers.DictField(default=dict, help_text=_options_help())
    turn_seconds = serializers.IntegerField(min_value=1, max_value=86400, required=False, allow_null=True,
                                            help_text="Seconds a player has for a turn decision (phases, Mead); "
                                                      "omit for the default (90), null for no timer.")
    window_seconds = serializers.IntegerField(min_value=1, max_value=86400, required=False, allow_null=True,
                                              help_text="Seconds a player has in a response window or gambling "
                                                        "turn; omit for the default (20).")

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            raise serializers.ValidationError({"non_field_errors": ["Send the table as a JSON object."]})
        out = {"player_count": data.get("player_count"), "variant": data.get("variant", "base"),
               "options": data.get("options", {})}
        for name in ("turn_seconds", "window_seconds"):
            if name in data:
                out[name] = data[name]
        try:                    # here `null` is not "no options" (the service's default): it is no object
            table_setup.check_object(out["options"])
        except SetupError as exc:
            raise services.refused(exc) from None
        try:
            stored = orjson.dumps(out["options"])
        except TypeError as exc:  # orjson.JSONEncodeError too: e.g. an integer over 64 bits
            raise serializers.ValidationError({"options": ["Options must be plain JSON with 64-bit integers."]}) from exc
        if len(stored) > settings.RDI_MAX_DECISION_BYTES:
            raise serializers.ValidationError({"options": ["Options are too large."]})
        if b"\\u0000" in stored:   # Postgres jsonb cannot store NUL characters
            raise serializers.ValidationError({"options": ["Options may not contain NUL (\\u0000) characters."]})
        return out


class SeatTakeSerializer(serializers.Serializer):
    character = serializers.CharField(max_length=32)
    ai = serializers.BooleanField(default=False, help_text="Add an AI seat (owner only) instead of sitting down.")
    bot = serializers.CharField(max_length=32, required=False, allow_null=True,
                                help_text="The AI seat's bot: heuristic (default), mcts or random.")
    index = serializers.IntegerField(min_value=0, max_value=7, required=False, allow_null=True)


class DecisionSerializer(serializers.Serializer):
    """The fields document the body; `games.decision_input` checks it (the one validation of
    a decision request, shared with the web form)."""

    expected_seq = serializers.IntegerField(min_value=0, max_value=MAX_INT,
                                            help_text="The game's seq you decided on (GET /api/games/{id}/).")
    idempotency_key = serializers.CharField(max_length=100, required=False, allow_null=True,
                                            help_text="Retry with the same key to get the first answer back. "
                                                      "Printable text: no control characters.")
    decision = serializers.DictField(help_text="One of the decisions listed in your prompts, as is: strings, "
                                               "integers (never true or 5.0) and arrays of them.")

    def to_internal_value(self, data):
        if not isinstance(data, Mapping):
            raise serializers.ValidationError({"non_field_errors": ["Send the decision request as a JSON object."]})
        try:
            return decision_input.parse(data)
        except decision_input.InvalidDecisionRequest as exc:
            raise serializers.ValidationError({exc.field: [exc.message]}) from exc


class DecisionResultSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The seq of your decision's event.")
    state_hash = serializers.CharField()
    over = serializers.BooleanField(help_text="True when this decision ended the game.")


class EventSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    seat = serializers.IntegerField(allow_null=True, help_text="Null for game-wide events, and for another "
                                                               "seat's decision until the game is over.")
    actor = serializers.CharField(allow_null=True, help_text="user:ID, ai:BOT@VERSION, timeout, system...; null "
                                                             "for another seat's decision until the game is over.")
    payload = serializers.JSONField()
    at = serializers.CharField()
    prev_hash = serializers.CharField()
    hash = serializers.CharField()
    state_hash = serializers.CharField()


class EventPageSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField()
    events = EventSerializer(many=True)


class EventQuerySerializer(serializers.Serializer):
    after = serializers.IntegerField(min_value=-1, max_value=MAX_INT, default=-1)
    limit = serializers.IntegerField(min_value=1, max_value=500, default=500)


class GameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    seq = serializers.IntegerField()
    status = serializers.CharField()
    over = serializers.BooleanField()
    winners = serializers.ListField(child=serializers.IntegerField())
    rules_version = serializers.CharField()
    seed_sha256 = serializers.CharField()
    your_seat = serializers.IntegerField(allow_null=True)
    your_prompt = serializers.BooleanField(help_text="True when the engine is waiting for your decision.")
    deadline = serializers.CharField(allow_null=True, help_text="When your open prompt times out (if timed).")
    seats = serializers.ListField(child=serializers.DictField())
    view = serializers.DictField(help_text="engine.view(state, you): your hand, public state and your prompts.")


class VerificationSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    ok = serializers.BooleanField()
    events = serializers.IntegerField()
    last_seq = serializers.IntegerField(allow_null=True)
    first_bad_seq = serializers.IntegerField(allow_null=True, help_text="The first event that fails; null when "
                                                                        "ok, or when only the game row disagrees.")
    problem = serializers.CharField(allow_null=True)
    seed_revealed = serializers.BooleanField(help_text="The log holds a game_ended event revealing the seed (read "
                                                       "before any check; whether it matches is part of ok).")
    rules_version = serializers.CharField(allow_null=True)


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    message = serializers.CharField()


class AutopassSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=["off", "untargeted", "windows"],
                                   help_text="off: asked whenever you have a legal response; untargeted: windows "
                                             "about things that do not concern you pass by themselves; windows: "
                                             "every response window passes by itself.")


class SeatEventResultSerializer(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="The game's seq after the change.")
    changed = serializers.BooleanField()
