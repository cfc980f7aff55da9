"""Admin for decks: the players' own, only looked at here."""

from django.contrib import admin

from fleets.models.deck import Deck


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "owner", "code", "updated_at")
    list_filter = ("game",)
    search_fields = ("name", "owner__username", "=code")
    readonly_fields = ("owner", "game", "content", "code", "created_at", "updated_at")

    def has_add_permission(self, request):
        return False
