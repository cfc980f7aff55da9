from django.contrib import admin

from .models import Store, StoreRole


class StoreRoleInline(admin.TabularInline):
    model = StoreRole
    extra = 0
    raw_id_fields = ("person", "appointed_by", "ended_by")


@admin.register(Store)
class StoreAdmin(admin.ModelAdmin):
    list_display = ("name", "town", "timezone")
    search_fields = ("name", "town")
    inlines = [StoreRoleInline]
