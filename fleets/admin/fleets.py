"""Django admin for fleets and API tokens.

Fleets are browsed, never edited here: every change goes through the
services, which version and lock it. A locked fleet cannot be deleted either.
API tokens can be issued here for a user; the token is shown once, in a message.
"""

from django.contrib import admin, messages
from django.utils.translation import gettext as _

from ..models import ApiToken, Fleet, FleetVersion


class FleetVersionInline(admin.TabularInline):
    model = FleetVersion
    fields = ("number", "code", "total", "legal", "created_at", "created_by")
    readonly_fields = fields
    extra = 0
    can_delete = False
    ordering = ("-number",)

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Fleet)
class FleetAdmin(admin.ModelAdmin):
    list_display = ("name", "owner", "faction", "format_key", "updated_at", "locked_at")
    list_filter = ("format_key", "faction")
    search_fields = ("name", "owner__username")
    readonly_fields = ("owner", "name", "faction", "format_key", "created_at", "updated_at", "locked_at")
    inlines = [FleetVersionInline]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return super().has_delete_permission(request, obj) and not (obj and obj.is_locked)


@admin.register(ApiToken)
class ApiTokenAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "prefix", "created_at", "last_used_at")
    search_fields = ("name", "user__username")
    fields = ("user", "name")
    autocomplete_fields = ("user",)

    def has_change_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        token = obj.set_new_token()
        super().save_model(request, obj, form, change)
        self.message_user(
            request,
            _("Token for %(user)s: %(token)s (copy it now; it is not shown again).")
            % {"user": obj.user, "token": token},
            messages.WARNING,
        )
