"""Disputes: a player's report of a problem at one event of a game, and the staff's audit
trail of what was done about it (docs/disputes.md).

Rows here are never edited after the fact except `Dispute.status` / `outcome*`, which are a
projection of its `DisputeAction` rows (the audit trail: who, what, when, and the `admin_*`
event it appended to the game's log when there is one).
"""
from django.conf import settings
from django.db import models


class Dispute(models.Model):
    class Category(models.TextChoices):
        RULES = "rules", "A rule was applied wrongly"
        TIMEOUT = "timeout", "A timeout I did not deserve"
        BOT = "bot", "A bot behaved oddly"
        ABUSE = "abuse", "Abuse by another player"
        OTHER = "other", "Something else"

    class Status(models.TextChoices):
        OPEN = "open"
        RESOLVED = "resolved"
        REJECTED = "rejected"

    game = models.ForeignKey("games.Game", on_delete=models.PROTECT, related_name="disputes")
    seq = models.IntegerField(help_text="The event the report is about.")
    state_hash = models.CharField(max_length=64, help_text="The recorded state hash after that event.")
    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="disputes")
    perspective = models.CharField(max_length=16, help_text="What the reporter was looking at: a seat number, "
                                                            "'spectator' or 'omniscient'.")
    category = models.CharField(max_length=16, choices=Category.choices)
    text = models.TextField(max_length=4000)
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)
    outcome = models.TextField(blank=True, default="", help_text="The reason the reporter sees.")
    closed_at = models.DateTimeField(null=True, blank=True)
    closed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT,
                                  related_name="+")

    class Meta:
        ordering = ["-id"]
        indexes = [models.Index(fields=["game", "seq"])]

    def __str__(self):
        return f"dispute {self.pk}: game {self.game_id} #{self.seq} ({self.category}, {self.status})"


class DisputeAction(models.Model):
    """One staff action on a dispute: the audit row (who, when, what) and the seq of the
    `admin_*` event it appended to the game, when it appended one."""

    class Kind(models.TextChoices):
        NOTE = "note"
        RESOLVE = "resolve"
        REJECT = "reject"
        CORRECT = "correct"
        VOID = "void"

    dispute = models.ForeignKey(Dispute, on_delete=models.PROTECT, related_name="actions")
    staff = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    text = models.TextField(blank=True, default="")
    details = models.JSONField(default=dict, blank=True)
    event_seq = models.IntegerField(null=True, blank=True, help_text="The admin_* event this action appended.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self):
        return f"{self.kind} on dispute {self.dispute_id} by {self.staff_id}"
