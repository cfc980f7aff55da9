"""Admin for the Wing Commander cards; organizers also load them by CSV (``fleets:decks:catalog_import``)."""

from django.contrib import admin

from .models import WingCommanderCard


@admin.register(WingCommanderCard)
class WingCommanderCardAdmin(admin.ModelAdmin):
    list_display = ("name", "side", "card_type", "mustering_cost", "medal_cost", "retired")
    list_filter = ("side", "card_type", "retired")
    search_fields = ("name", "notes")
