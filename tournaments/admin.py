"""Admin pages for looking into events; day-to-day running happens on the event pages."""

from django.contrib import admin

from .models import Event, Match, MatchSide, Registration, ResultChange, ResultReport, Round, WaitlistEntry


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    fields = ("player", "checked_in", "paid", "first_round_bye", "dropped_at", "fleet_version")
    raw_id_fields = ("player", "fleet_version")


class WaitlistInline(admin.TabularInline):
    model = WaitlistEntry
    extra = 0
    fields = ("player", "joined_at", "club")
    readonly_fields = ("joined_at",)
    raw_id_fields = ("player",)


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "date", "game", "format", "status", "organizer")
    list_filter = ("status", "game")
    search_fields = ("name", "venue")
    date_hierarchy = "date"
    filter_horizontal = ("judges",)
    raw_id_fields = ("organizer",)
    inlines = [RegistrationInline, WaitlistInline]


class MatchSideInline(admin.TabularInline):
    model = MatchSide
    extra = 0
    fields = ("seat", "registration", "outcome", "fleet_points", "losses", "opponent_build_verified_at")
    raw_id_fields = ("registration",)


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "stage", "paired_at")
    list_filter = ("stage",)
    raw_id_fields = ("event",)


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("round", "table", "status")
    list_filter = ("status",)
    raw_id_fields = ("round",)
    inlines = [MatchSideInline]


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    list_display = ("match", "seat", "reported_by", "reported_at")
    raw_id_fields = ("match", "reported_by")


@admin.register(ResultChange)
class ResultChangeAdmin(admin.ModelAdmin):
    """The audit history is evidence: it can be read here, never edited or deleted."""

    list_display = ("match", "action", "changed_by", "changed_at")
    list_filter = ("action",)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
