"""Admin for the catalogs organizers keep (Wing Commander, Starship Command, Spearpoint) and for decks.

The catalogs are edited here or loaded by CSV (``fleets:decks:catalog_import``);
decks are the players' own and are only looked at here.
"""

from django.contrib import admin

from fleets.models.deck import Deck, SpearpointUnit, StarshipCommandShip, WingCommanderCard


@admin.register(WingCommanderCard)
class WingCommanderCardAdmin(admin.ModelAdmin):
    list_display = ("name", "side", "card_type", "mustering_cost", "medal_cost")
    list_filter = ("side", "card_type")
    search_fields = ("name", "notes")


@admin.register(StarshipCommandShip)
class StarshipCommandShipAdmin(admin.ModelAdmin):
    list_display = ("name", "race", "ship_class", "value", "shields", "structure", "crippled", "fighter_capacity")
    list_filter = ("race", "ship_class")
    search_fields = ("name", "ship_class")


@admin.register(SpearpointUnit)
class SpearpointUnitAdmin(admin.ModelAdmin):
    list_display = ("name", "side", "unit_type", "cost", "crew")
    list_filter = ("side", "unit_type", "crew")
    search_fields = ("name",)


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "owner", "code", "updated_at")
    list_filter = ("game",)
    search_fields = ("name", "owner__username", "=code")
    readonly_fields = ("owner", "game", "content", "code", "created_at", "updated_at")

    def has_add_permission(self, request):
        return False
