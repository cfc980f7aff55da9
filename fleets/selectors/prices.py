"""The price of a fleet version: the one answer every page, printout, export and API of it gives.

A version submitted to an event was judged at a price (:class:`~fleets.models.JudgedPrice`),
and that price stands: the event's Fleets table, the verification page, every Fleet Build
Sheet and the API show it and name the cards that priced it, even after an ``update_cards``
reprices a card. A version never submitted has no judged price; it is priced by today's cards.

When today's cards would price a judged version differently, the event's staff see that
beside it (:func:`price_today`), never a silent change; players and the public see only the
judged price.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.attack_wing import Report, report_from_dict, validate_fleet
from rules.attack_wing.catalog import Catalog

from ..models import CardDatabase
from ..models.fleet import FleetVersion
from .catalog import load_catalog
from .checks import FleetCheck, content_fleet, reported_check
from .other_builders import catalog_edition, catalog_source


@dataclass(frozen=True, slots=True)
class VersionPrice:
    """What a version costs card by card (``report``), and which cards priced it (``edition``).

    ``judged_at`` is when it was judged at an event (``None``: never submitted, priced today)."""

    version: FleetVersion
    report: Report
    edition: str
    judged_at: datetime | None = None
    # the day resource retirement was judged on for a version priced today (None: not judged, or judged at its event)
    on: date | None = None

    @property
    def total(self) -> int:
        return self.report.total

    @property
    def judged(self) -> bool:
        return self.judged_at is not None

    @property
    def priced_by(self) -> str:
        """Which cards priced it, in words for a page: "Judged at this price when submitted, with Utopia cards, …"."""
        cards = self.edition or _("the site's cards")
        if self.judged:
            return _("Judged at this price when submitted, with %(cards)s") % {"cards": cards}
        if self.on:
            return _("Priced with %(cards)s; resources judged on %(day)s") % {
                "cards": cards,
                "day": date_format(self.on, pgettext("date format", "j F Y")),
            }
        return _("Priced with %(cards)s") % {"cards": cards}

    def check(self, catalog: Catalog | None = None) -> FleetCheck:
        """The priced list to show or print, each card next to its price (as judged) and violations."""
        catalog = catalog or load_catalog()
        return reported_check(content_fleet(self.version.content, catalog), self.report, catalog)


@dataclass(frozen=True, slots=True)
class PriceToday:
    """What today's cards would charge for a judged version that they price differently."""

    total: int
    cards_of: date | None  # the day the site's cards were imported (None: not recorded)
    edition: str

    def __str__(self) -> str:
        when = self.cards_of.isoformat() if self.cards_of else self.edition or _("today")
        return _("under the cards of %(when)s: %(total)s SP") % {"when": when, "total": self.total}


def version_price(
    version: FleetVersion,
    *,
    catalog: Catalog | None = None,
    edition: str | None = None,
    on: date | None = None,
    banned: frozenset[str] = frozenset(),
) -> VersionPrice:
    """The price of ``version``: as judged when it was submitted, else as today's cards price it in the
    version's own format, its resources judged on ``on`` (the builder's day, :func:`builder_date`; ``None``: no
    retirement judged) without the ``banned`` ones. Pricing many unjudged versions, pass ``catalog`` and
    ``edition`` once."""
    kept = version.kept_price
    if kept is not None:
        return VersionPrice(version, report_from_dict(kept.report), kept.edition, kept.judged_at)
    catalog = catalog or load_catalog()
    report = validate_fleet(
        content_fleet(version.content, catalog),
        catalog,
        version.content.get("format") or version.fleet.format_key,
        on,
        banned,
    )
    return VersionPrice(version, report, catalog_edition() if edition is None else edition, on=on)


def price_today(price: VersionPrice, *, catalog: Catalog | None = None) -> PriceToday | None:
    """For the event's staff: what today's cards charge for a judged version, when that is not its judged
    price (``None`` when they agree, or the version was never judged)."""
    if not price.judged:
        return None
    catalog = catalog or load_catalog()
    total = validate_fleet(content_fleet(price.version.content, catalog), catalog, price.report.format).total
    if total == price.total:
        return None
    return PriceToday(total=total, cards_of=cards_imported_on(), edition=catalog_edition())


def cards_imported_on() -> date | None:
    """The day the site's current cards were imported (``None`` with no card file held)."""
    imported = CardDatabase.objects.filter(source=catalog_source()).values_list("imported_at", flat=True).first()
    return timezone.localdate(imported) if imported else None
