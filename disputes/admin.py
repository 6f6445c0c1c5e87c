"""Disputes in the Django admin: read-only like the event log (staff act on the dispute page,
/staff/disputes/{id}/, where every action is an audit row and an `admin_*` event)."""
from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html

from disputes.models import Dispute, DisputeAction
from games.admin import ReadOnly


class DisputeActionInline(admin.TabularInline):
    model = DisputeAction
    extra = 0
    can_delete = False
    fields = ("created_at", "staff", "kind", "text", "details", "event_seq")
    readonly_fields = fields

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(Dispute)
class DisputeAdmin(ReadOnly):
    list_display = ("id", "game", "seq", "reporter", "category", "status", "created_at", "evidence")
    list_filter = ("status", "category", ("game", admin.RelatedOnlyFieldListFilter),
                   ("reporter", admin.RelatedOnlyFieldListFilter))
    search_fields = ("text", "outcome", "reporter__username", "=game__id")
    inlines = [DisputeActionInline]

    @admin.display(description="evidence")
    def evidence(self, obj):
        return format_html('<a href="{}">open the dispute page</a>', reverse("disputes-staff-page", args=[obj.pk]))


@admin.register(DisputeAction)
class DisputeActionAdmin(ReadOnly):
    list_display = ("id", "dispute", "kind", "staff", "event_seq", "created_at")
    list_filter = ("kind",)
    search_fields = ("text", "staff__username", "=dispute__id")
