"""Read-only admin registrations: the event log can be looked at, never edited here
(corrections are new events through games.services). Content packs are the exception:
staff upload them here, each checked first (docs/packs.md)."""
from django import forms
from django.contrib import admin, messages

from games.models import Game, GameEvent, GameSnapshot, Seat, Table, UploadedPack
from games.packs import check, limits, registry


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


class PackUploadForm(forms.ModelForm):
    """An upload is refused with every located problem (file, card, field, message)."""

    file = forms.FileField(help_text="A pack document (.json); see docs/packs.md. It is checked before it is saved.")

    class Meta:
        model = UploadedPack
        fields = ()

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["file"].required = False
            self.fields["file"].help_text = "Upload a file to replace this pack (games already started keep theirs)."

    def clean_file(self):
        upload = self.cleaned_data.get("file")
        if upload is None:
            return None
        name = upload.name
        # judged by its size before a byte of it is read or decoded (games/packs/limits.py)
        too_big = limits.too_big(upload.size, limits.from_settings())
        if too_big:
            raise forms.ValidationError(registry.describe(check.problem(name, None, None, None, too_big)))
        doc, problems = check.parse(upload.read(), name)
        if doc is not None:
            problems += registry.judge_new(doc, name, replacing=f"upload #{self.instance.pk}" if self.instance.pk else None)
        if problems:
            raise forms.ValidationError([registry.describe(p) for p in problems])
        self.document = doc
        return upload

    def save(self, commit=True):
        doc = getattr(self, "document", None)
        if doc is not None:
            head = doc["pack"]
            self.instance.document = doc
            self.instance.pack_id, self.instance.title = head["id"], head["title"]
            self.instance.version, self.instance.kind = head["version"], head["kind"]
        return super().save(commit)


@admin.register(UploadedPack)
class UploadedPackAdmin(admin.ModelAdmin):
    form = PackUploadForm
    list_display = ("pack_id", "title", "version", "kind", "builds_on", "uploaded_by", "uploaded_at")
    search_fields = ("pack_id", "title")
    readonly_fields = ("pack_id", "title", "version", "kind", "builds_on", "uploaded_by", "uploaded_at", "document")

    @admin.display(description="builds on")
    def builds_on(self, obj):
        return ", ".join(registry.requires(obj.document)) or "-"

    def save_model(self, request, obj, form, change):
        obj.uploaded_by = request.user
        super().save_model(request, obj, form, change)
        self.warn_dependents(request, [obj.pack_id])

    def delete_model(self, request, obj):
        super().delete_model(request, obj)
        self.warn_dependents(request, [obj.pack_id])

    def delete_queryset(self, request, queryset):
        ids = list(queryset.values_list("pack_id", flat=True))
        super().delete_queryset(request, queryset)
        self.warn_dependents(request, ids)

    def warn_dependents(self, request, ids):
        """Replacing or removing a pack an installed add-on builds on is allowed (the folder can
        lose a file too); the add-ons it breaks are named so that staff can fix or remove them."""
        for pack in registry.installed().values():
            if set(registry.requires(pack.document)) & set(ids) and not pack.ok:
                messages.warning(request, f"The pack {pack.id} ({pack.source}) builds on {', '.join(ids)} and cannot be "
                                          f"played until this is fixed: {registry.describe(pack.problems[0])}")
