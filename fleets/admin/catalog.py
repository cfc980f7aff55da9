"""Django admin of the Star Trek: Attack Wing card catalog: one page for all cards, one per
kind (the proxy models) and one for the sets, all view-only. ``manage.py import_cards`` is the catalog's
source of truth; an edit made here would be overwritten by the next import.
"""

from django.contrib import admin
from django.utils.translation import gettext_lazy as _

from ..models.catalog import Admiral, Captain, Card, CardSet, Resource, Ship, Upgrade, json_list_has
from ..selectors import catalog_factions
from ..templatetags.card_text import card_html


class FactionFilter(admin.SimpleListFilter):
    title = "faction"
    parameter_name = "faction"

    def lookups(self, request, model_admin):
        return [(key, key.replace("-", " ").title()) for key in catalog_factions()]

    def queryset(self, request, queryset):
        return queryset.filter(json_list_has("factions", self.value())) if self.value() else queryset


class CardSetFilter(admin.SimpleListFilter):
    title = "set"
    parameter_name = "set"

    def lookups(self, request, model_admin):
        return [(s.source_id, f"{s.name} ({s.source_id})") for s in CardSet.objects.all()]

    def queryset(self, request, queryset):
        return queryset.filter(json_list_has("set_ids", self.value())) if self.value() else queryset


class ViewOnlyAdmin(admin.ModelAdmin):
    """Browse, never edit: the import owns every row."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Card)
class CardAdmin(ViewOnlyAdmin):
    list_display = ("name", "source_id", "kind", "faction_list", "cost", "unique")
    list_filter = ("kind", FactionFilter, "upgrade_type", CardSetFilter)
    search_fields = ("name", "=source_id")
    readonly_fields = ("rendered_text",)
    list_per_page = 50

    @admin.display(description=_("factions"))
    def faction_list(self, card: Card) -> str:
        return ", ".join(card.factions)

    @admin.display(description=_("text as shown"))
    def rendered_text(self, card: Card) -> str:
        return card_html(card.text)


@admin.register(Ship)
class ShipAdmin(CardAdmin):
    list_display = (
        "name",
        "source_id",
        "ship_class",
        "faction_list",
        "cost",
        "hull",
        "shields",
        "attack",
        "agility",
        "slot_list",
        "unique",
        "squadron",
        "oversized_base",
    )
    list_filter = (FactionFilter, "squadron", CardSetFilter)
    search_fields = ("name", "ship_class", "=source_id")

    @admin.display(description=_("upgrade slots"))
    def slot_list(self, card: Card) -> str:
        return ", ".join(card.slots)

    @admin.display(description=_("oversized"), boolean=True)
    def oversized_base(self, card: Card) -> bool:
        return card.oversized_base


@admin.register(Captain)
class CaptainAdmin(CardAdmin):
    list_display = ("name", "source_id", "faction_list", "cost", "skill", "talent_slots", "unique")
    list_filter = (FactionFilter, CardSetFilter)


@admin.register(Admiral)
class AdmiralAdmin(CardAdmin):
    list_display = ("name", "source_id", "faction_list", "cost", "skill_modifier", "talent_slots", "unique")
    list_filter = (FactionFilter, CardSetFilter)

    @admin.display(description=_("skill modifier"), ordering="skill")
    def skill_modifier(self, card: Card) -> str:
        return f"{card.skill:+d}"


@admin.register(Upgrade)
class UpgradeAdmin(CardAdmin):
    list_display = ("name", "source_id", "upgrade_type", "faction_list", "cost", "unique")
    list_filter = ("upgrade_type", FactionFilter, CardSetFilter)


@admin.register(Resource)
class ResourceAdmin(CardAdmin):
    list_display = ("name", "source_id", "cost")
    list_filter = (CardSetFilter,)


@admin.register(CardSet)
class CardSetAdmin(ViewOnlyAdmin):
    list_display = ("name", "source_id", "release_date", "blind_booster")
    list_filter = ("blind_booster",)
    search_fields = ("name", "=source_id")
    date_hierarchy = "release_date"
