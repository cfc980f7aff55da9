"""Admin for the Starship Command ships; organizers also load them by CSV (``fleets:decks:catalog_import``)."""

from django.contrib import admin

from .models import StarshipCommandShip


@admin.register(StarshipCommandShip)
class StarshipCommandShipAdmin(admin.ModelAdmin):
    list_display = (
        "name",
        "race",
        "ship_class",
        "value",
        "shields",
        "structure",
        "crippled",
        "fighter_capacity",
        "retired",
    )
    list_filter = ("race", "ship_class", "retired")
    search_fields = ("name", "ship_class")
