"""Stores: the places that run events, and who runs them there.

A store's organizers run its events and appoint its judges and co-organizers; its
judges help at every one of its events. Roles are kept as a history: an appointment
is a row, ended (``ended_at``, ``ended_by``) rather than deleted, so the store's page
can say who ran it when, and a removed organizer loses the store's events at once.
"""

from __future__ import annotations

from zoneinfo import available_timezones

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


def zone_label(name: str) -> str:
    """An IANA time zone as pages name it: ``America/New_York`` is "America/New York"."""
    return name.replace("_", " ")


def timezone_choices() -> list[tuple[str, str]]:
    """Every IANA time zone the machine knows, by name (``Europe/Berlin``)."""
    return [(name, zone_label(name)) for name in sorted(available_timezones())]


def default_timezone() -> str:
    return settings.TIME_ZONE


def default_language() -> str:
    return settings.LANGUAGE_CODE


class Store(models.Model):
    name = models.CharField(_("name"), max_length=120)
    town = models.CharField(_("town"), max_length=100, blank=True)
    address = models.CharField(_("address"), max_length=200, blank=True)
    website = models.URLField(_("Web page"), blank=True)
    timezone = models.CharField(
        _("Time zone"),
        max_length=64,
        choices=timezone_choices,
        default=default_timezone,
        help_text=_("Whose clock says which events are upcoming and which are past."),
    )
    language = models.CharField(
        _("Language"),
        max_length=8,
        choices=settings.LANGUAGES,
        default=default_language,
        help_text=_("The language of the store's printouts and of the mail to its walk-in players."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "town"]
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                Lower("town"),
                name="one_store_per_name_and_town",
                violation_error_message=_("There is already a store called so in this town."),
            )
        ]

    def __str__(self) -> str:
        return f"{self.name}, {self.town}" if self.town else self.name

    @property
    def location(self) -> str:
        """Where the store is, as one line for a calendar entry or a map search."""
        return ", ".join(part for part in (self.name, self.address, self.town) if part)


class StoreRoleKind(models.TextChoices):
    ORGANIZER = "organizer", _("organizer")
    JUDGE = "judge", _("judge")


class StoreRoleQuerySet(models.QuerySet):
    def current(self):
        return self.filter(ended_at__isnull=True)


class StoreRole(models.Model):
    """One person's organizer or judge role at one store, from its appointment to its end (if it ended)."""

    store = models.ForeignKey(Store, on_delete=models.CASCADE, related_name="roles")
    person = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="store_roles")
    role = models.CharField(_("role"), max_length=20, choices=StoreRoleKind.choices)
    appointed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    appointed_at = models.DateTimeField(auto_now_add=True)
    ended_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ended_at = models.DateTimeField(null=True, blank=True)

    objects = StoreRoleQuerySet.as_manager()

    class Meta:
        ordering = ["store", "appointed_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["store", "person", "role"],
                condition=models.Q(ended_at__isnull=True),
                name="one_current_role_per_person_and_store",
            )
        ]
        indexes = [models.Index(fields=["person", "ended_at"], name="store_role_person")]

    def __str__(self) -> str:
        state = "until " + f"{self.ended_at:%Y-%m-%d}" if self.ended_at else "current"
        return f"{self.person} {self.role} at {self.store_id} ({state})"
