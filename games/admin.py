"""Read-only admin registrations: the event log can be looked at, never edited here
(corrections are new events through games.services)."""
from django.contrib import admin

from games.models import Game, GameEvent, GameSnapshot, Seat, Table


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(ReadOnly):
    list_display = ("id", "owner", "variant", "player_count", "status", "created_at")
    list_filter = ("status", "variant")
    search_fields = ("=id", "owner__username")
    inlines = [SeatInline]


@admin.register(Game)
class GameAdmin(ReadOnly):
    list_display = ("id", "table", "status", "seq", "rules_version", "winners", "updated_at")
    list_filter = ("status", "rules_version")
    search_fields = ("=id", "=table__id")


@admin.register(GameEvent)
class GameEventAdmin(ReadOnly):
    list_display = ("game", "seq", "kind", "seat", "actor", "created_at", "hash")
    list_filter = ("kind", "game__status")
    search_fields = ("=game__id", "actor")


@admin.register(GameSnapshot)
class GameSnapshotAdmin(ReadOnly):
    list_display = ("game", "seq", "rules_version", "state_hash", "created_at")
    exclude = ("state",)
    list_filter = ("rules_version",)
    search_fields = ("=game__id",)


@admin.register(Seat)
class SeatAdmin(ReadOnly):
    list_display = ("table", "index", "user", "is_ai", "character", "bot", "autopass")
    list_filter = ("is_ai", "character")
    search_fields = ("=table__id", "user__username")
