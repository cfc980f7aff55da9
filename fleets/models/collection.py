"""The expansions a player owns: what "only cards I own" keeps a card search to.

One row per (player, expansion), naming the expansion by its source id rather than a foreign key: a
catalog update may drop and add sets, and a player's collection should outlive that (an id the
catalog no longer has simply matches no card).
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class OwnedExpansion(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="owned_expansions", verbose_name=_("owner")
    )
    set_id = models.CharField(
        max_length=64,
        help_text=_("The expansion's id in the card catalog (CardSet.source_id)."),
        verbose_name=_("set id"),
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "set_id"], name="owned_expansion_once")]
        ordering = ["set_id"]
        verbose_name = _("owned expansion")
        verbose_name_plural = _("owned expansions")

    def __str__(self) -> str:
        return f"{self.owner} owns {self.set_id}"
