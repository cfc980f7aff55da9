"""The price a fleet version was judged at when it was submitted to an event, kept for good.

The catalog changes under a submitted list: an ``update_cards`` that reprices one
card would otherwise turn the sheet a judge signed at 97 SP into 98 SP on the
verification page and on every later printout of the same version. So the moment
a version is first submitted, the engine's whole priced report (every card's
printed cost, adjustments and cost; every ship's and the fleet's total) is kept
here with the edition of the cards that priced it, and every output of the
version shows that (:func:`fleets.selectors.version_price`).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .fleet import FleetVersion


class JudgedPrice(models.Model):
    """A submitted version's priced report (``rules.attack_wing.report_to_dict``) and the cards behind it.

    One per version: the content of a version never changes, and the first judgement stands
    (a version submitted again elsewhere keeps the price its printed sheets carry)."""

    version = models.OneToOneField(
        FleetVersion, on_delete=models.CASCADE, related_name="judged_price", verbose_name=_("version")
    )
    report = models.JSONField(
        help_text=_("The engine's priced report when the version was judged (report_to_dict)."),
        verbose_name=_("report"),
    )
    edition = models.CharField(
        max_length=300,
        blank=True,
        help_text=_("The cards that priced it, as a judge reads it (catalog_edition)."),
        verbose_name=_("edition"),
    )
    judged_at = models.DateTimeField(auto_now_add=True, verbose_name=_("judged at"))

    class Meta:
        verbose_name = _("judged price")
        verbose_name_plural = _("judged prices")

    def __str__(self) -> str:
        return f"{self.version}: {self.total} SP"

    @property
    def total(self) -> int:
        return self.report["total"]
