"""A player's STAW fleet, its working draft and its append-only history of versions.

A :class:`Fleet` is the thing a player names and keeps; what it contains lives
in :class:`FleetVersion` rows, each holding the whole fleet file (the
``check_fleet`` format, canonical form). The builder's edits change the fleet's
one working ``draft`` in place; a version is made from the draft when the player
saves, exports, prints or submits it, so the history lists the states a player
meant to keep rather than every click. Versions are never changed or removed
while their fleet lives, so an event can point at the exact list a player
submitted and a printed sheet's verification code always means the same list.

Locking (a fleet submitted to an event that has started) is enforced twice:
the services refuse with :class:`~fleets.services.FleetLocked`, and database
triggers (the ``fleet_lock_triggers`` migration) refuse any change to a stored
version, and any new version, changed fleet row or deletion once ``locked_at``
is set, whatever code path tries.
"""

from __future__ import annotations

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


class Fleet(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="fleets", verbose_name=_("owner")
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    faction = models.CharField(
        max_length=40, help_text=_("The faction the player declares for the fleet."), verbose_name=_("faction")
    )
    format_key = models.CharField(
        max_length=40, help_text=_("The format the builder checks the fleet against."), verbose_name=_("format key")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))
    locked_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text=_("Set once the fleet is played at an event; it can never be edited again."),
        verbose_name=_("locked at"),
    )
    draft = models.JSONField(
        null=True,
        blank=True,
        help_text=_(
            "The builder's unsaved changes (a fleet file, canonical form) on top of the current version; "
            "empty when there are none."
        ),
        verbose_name=_("draft"),
    )
    undo = models.JSONField(
        default=list,
        blank=True,
        help_text=_(
            "The working copies before each builder change since the last saved version, oldest first "
            "(null: the saved version itself): Undo takes them back one step at a time."
        ),
        verbose_name=_("undo"),
    )
    revision = models.PositiveIntegerField(
        default=0,
        help_text=_(
            "Counts the working copy's changes (draft edits, saves, discards): the builder sends the one "
            "it showed, so an edit made in a stale window is refused."
        ),
        verbose_name=_("revision"),
    )

    class Meta:
        ordering = ["-updated_at", "name"]
        indexes = [models.Index(fields=["owner", "-updated_at"], name="fleet_owner_recent")]
        verbose_name = _("fleet")
        verbose_name_plural = _("fleets")

    def __str__(self) -> str:
        return self.name

    @property
    def is_locked(self) -> bool:
        return self.locked_at is not None

    @property
    def current_version(self) -> FleetVersion | None:
        """The newest version, or ``None`` for a fleet never saved; uses prefetched versions
        (see :func:`fleets.selectors.user_fleets`)."""
        cache = getattr(self, "_prefetched_objects_cache", {})
        if "versions" in cache:
            return max(cache["versions"], key=lambda v: v.number, default=None)
        return self.versions.order_by("-number").first()

    @property
    def has_draft(self) -> bool:
        return self.draft is not None


class FleetVersion(models.Model):
    """One saved state of a fleet. Immutable: create a new one instead of changing it."""

    fleet = models.ForeignKey(Fleet, on_delete=models.CASCADE, related_name="versions", verbose_name=_("fleet"))
    number = models.PositiveIntegerField(verbose_name=_("number"))
    content = models.JSONField(
        help_text=_("The fleet file (check_fleet format), canonical form."), verbose_name=_("content")
    )
    code = models.CharField(
        max_length=16,
        db_index=True,
        help_text=_("Short hash of the canonical content, printed on the sheet."),
        verbose_name=_("code"),
    )
    total = models.IntegerField(
        help_text=_("The engine's total at save time (cached for lists)."), verbose_name=_("total")
    )
    legal = models.BooleanField(
        help_text=_("The engine's verdict at save time for the fleet's format."), verbose_name=_("legal")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )

    class Meta:
        ordering = ["fleet", "-number"]
        constraints = [models.UniqueConstraint(fields=["fleet", "number"], name="fleet_version_number_unique")]
        verbose_name = _("fleet version")
        verbose_name_plural = _("fleet versions")

    def __str__(self) -> str:
        return f"{self.fleet} v{self.number}"

    def save(self, *args, **kwargs):
        """Only ever inserts: saving a stored version again would rewrite history."""
        if not self._state.adding:
            raise ValidationError("Fleet versions are append-only and cannot be changed.")
        super().save(*args, **kwargs)

    @property
    def kept_price(self):
        """The :class:`~fleets.models.JudgedPrice` kept when the version was first submitted, or ``None``
        (``select_related("judged_price")`` saves the query)."""
        try:
            return self.judged_price
        except ObjectDoesNotExist:
            return None

    @property
    def listed_total(self) -> int:
        """The total a list of versions shows: the price it was judged at once submitted, else the
        engine's total when it was saved (:func:`fleets.selectors.version_price` prices it card by card)."""
        kept = self.kept_price
        return self.total if kept is None else kept.total


class SharedVersion(models.Model):
    """A read-only link to one version that its owner chose to make public (``/fleets/shared/<token>/``).

    A separate row, not a flag on the version or the fleet: versions never change, and a locked fleet's row
    never changes either, so a list played at an event can still be shared (or stop being shared) afterwards.
    The link shows nothing while the version is a hidden list submitted to an event that has not started.
    """

    version = models.OneToOneField(
        FleetVersion, on_delete=models.CASCADE, related_name="share", verbose_name=_("version")
    )
    token = models.CharField(
        max_length=32, unique=True, help_text=_("The unguessable part of the link."), verbose_name=_("token")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("shared version")
        verbose_name_plural = _("shared versions")

    def __str__(self) -> str:
        return f"{self.version} (shared)"
