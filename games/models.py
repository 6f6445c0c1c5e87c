"""Tables, games, the event log (the truth), seeds and snapshots.

The event table is append-only: a database trigger (migration 0002) rejects UPDATE and DELETE.
Everything else here is a projection or a cache that can be rebuilt from the events.
Writes go through `games.services`; reads through `games.selectors`.
"""
from django.conf import settings
from django.db import models


class Table(models.Model):
    """A lobby table: seats with accounts or AI players, and an owner who starts it."""

    class Status(models.TextChoices):
        OPEN = "open"
        STARTED = "started"

    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="owned_tables")
    variant = models.CharField(max_length=32, default="base")
    player_count = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, blank=True, help_text="Engine options, passed to new_game as is.")
    turn_seconds = models.PositiveIntegerField(
        null=True, blank=True, help_text="Seconds a human seat has for a turn decision (phases, Mead); empty for no timer."
    )
    window_seconds = models.PositiveIntegerField(
        null=True, blank=True,
        help_text="Seconds a human seat has in a response window or gambling turn; empty: the turn time.",
    )
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"table {self.pk} ({self.variant}, {self.player_count} seats, {self.status})"


class Seat(models.Model):
    """One seat of a table: an account or an AI player, and the character played there."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="seats"
    )
    is_ai = models.BooleanField(default=False)
    character = models.CharField(max_length=32)
    bot = models.CharField(
        max_length=32, blank=True, default="",
        help_text="The bot playing this seat (games.ai name): always for AI seats; for a player's seat only while "
                  "it is handed over after timeouts. A projection of seat_control_changed events.",
    )
    autopass = models.CharField(
        max_length=16, default="off",
        help_text="off | untargeted | windows: which response windows pass themselves (autopass_changed events).",
    )
    resigned = models.BooleanField(
        default=False,
        help_text="The player resigned (seat_resigned event): a bot plays the seat for good, at bot speed.",
    )

    class Meta:
        ordering = ["table_id", "index"]
        constraints = [
            models.UniqueConstraint(fields=["table", "index"], name="seat_unique_index"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=models.Q(user__isnull=False), name="seat_one_per_user"
            ),
            models.CheckConstraint(
                condition=models.Q(is_ai=True, user__isnull=True) | models.Q(is_ai=False, user__isnull=False),
                name="seat_user_xor_ai",
            ),
        ]

    def __str__(self):
        who = "AI" if self.is_ai else self.user_id
        return f"seat {self.index} of table {self.table_id}: {self.character} ({who})"


class Game(models.Model):
    """A started game. Every column but `id`, `table` and `created_at` is a projection of the
    events, kept in step by `games.services` inside the append transaction."""

    class Status(models.TextChoices):
        ACTIVE = "active"
        OVER = "over"

    table = models.OneToOneField(Table, on_delete=models.PROTECT, related_name="game")
    rules_version = models.CharField(max_length=32)
    setup = models.JSONField(help_text="The engine setup without its seed.")
    seed_sha256 = models.CharField(max_length=64)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE)
    seq = models.IntegerField(default=0, help_text="The seq of the latest event.")
    last_hash = models.CharField(max_length=64, help_text="The chain hash of the latest event.")
    chain = models.PositiveSmallIntegerField(
        default=1, help_text="The hash chain's scheme (games.chain): 1 plain, 2 keyed by the seed; a projection of "
                             "game_created's `chain`.")
    state_hash = models.CharField(max_length=64, help_text="The state hash after the latest event.")
    prompt_seats = models.JSONField(default=list, blank=True, help_text="Seats the engine is waiting for.")
    deadline = models.DateTimeField(null=True, blank=True, help_text="When the open human prompt times out.")
    winners = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self):
        return f"game {self.pk} (seq {self.seq}, {self.status})"


class GameSeed(models.Model):
    """The secret seed of a game. Never serialised by the API; revealed by `game_ended`."""

    game = models.OneToOneField(Game, on_delete=models.PROTECT, primary_key=True, related_name="secret")
    seed = models.CharField(max_length=128)


class GameEvent(models.Model):
    """One appended fact. `(game, seq)` is unique and seqs run from 0 without gaps.

    `hash` chains the log (games.chain: HMAC-SHA256 keyed by the seed over prev_hash || the
    canonical event; plain sha256 in games older than that); `state_hash` is the engine's
    state hash after folding this event. See docs/event-store.md.
    """

    id = models.BigAutoField(primary_key=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="events", db_index=False)
    seq = models.IntegerField()
    kind = models.CharField(max_length=32)
    seat = models.SmallIntegerField(null=True, blank=True)
    actor = models.CharField(max_length=64, help_text="user:ID, ai:VERSION, timeout, admin:ID or system")
    payload = models.JSONField()
    created_at = models.DateTimeField()
    prev_hash = models.CharField(max_length=64)
    hash = models.CharField(max_length=64)
    state_hash = models.CharField(max_length=64)
    idempotency_key = models.CharField(
        max_length=100, null=True, blank=True,
        help_text="Optional; unique per (game, actor): one actor can never take or probe another's key.",
    )

    class Meta:
        db_table = "games_event"
        ordering = ["game_id", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="event_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "actor", "idempotency_key"],
                condition=models.Q(idempotency_key__isnull=False),
                name="event_unique_actor_idempotency_key",
            ),
            models.CheckConstraint(condition=models.Q(seq__gte=0), name="event_seq_non_negative"),
        ]

    def __str__(self):
        return f"game {self.game_id} #{self.seq} {self.kind}"


class GameSnapshot(models.Model):
    """The dumped engine state after event `seq`, for one rules version. A cache: deletable."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.IntegerField()
    rules_version = models.CharField(max_length=32)
    state = models.BinaryField()
    state_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "games_snapshot"
        constraints = [
            models.UniqueConstraint(fields=["game", "rules_version", "seq"], name="snapshot_unique_seq"),
        ]


class UploadedPack(models.Model):
    """A content pack staff uploaded in the admin, installed beside the packs folder
    (docs/packs.md). Checked before it is saved; a game pins the documents it plays in its
    `game_created` event, so replacing or deleting an upload never changes an old game."""

    pack_id = models.CharField(max_length=40, unique=True, help_text="The pack's \"pack.id\", from the document.")
    title = models.CharField(max_length=120)
    version = models.CharField(max_length=20)
    kind = models.CharField(max_length=16)
    document = models.JSONField(help_text="The pack document as uploaded.")
    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                    related_name="+")
    uploaded_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["pack_id"]
        verbose_name = "uploaded pack"

    def __str__(self):
        return f"{self.title} ({self.pack_id} v{self.version})"
