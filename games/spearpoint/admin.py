"""Admin for the Spearpoint units; organizers also load them by CSV (``fleets:decks:catalog_import``)."""

from django.contrib import admin

from .models import SpearpointUnit


@admin.register(SpearpointUnit)
class SpearpointUnitAdmin(admin.ModelAdmin):
    list_display = ("name", "side", "unit_type", "cost", "crew", "retired")
    list_filter = ("side", "unit_type", "crew", "retired")
    search_fields = ("name",)
