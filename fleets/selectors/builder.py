"""What the fleet builder shows: one read of a fleet for one viewer, as a :class:`BuilderPage`.

The owner builds on the working copy (the draft, else the current version); anyone else sees the newest
version an event shows them, never the owner's unsaved changes. The list is judged on one stated day
(:func:`~fleets.selectors.dates.builder_date`), the same day the fleet's history judges its versions on.
Each ship's whole Upgrade Bar comes from the engine's placement (``ShipReport.bar``: the printed slots and
those its captain and cards add), so the builder offers exactly the slots the slot check counts.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date

from django.utils.translation import gettext as _

from rules.attack_wing import FORMATS, FleetInputError
from rules.attack_wing import Fleet as EngineFleet

from ..access import FleetAccess, PlayerEvent, can_edit_fleet, fleet_submissions
from ..models import Fleet, FleetVersion, SharedVersion
from .catalog import UPGRADE_TYPE_LABELS, load_catalog
from .checks import FleetCheck, ShipLines, content_fleet, fleet_check
from .dates import JudgedOn, builder_date, retired_resources, table_retirement_words


def working_content(fleet: Fleet) -> dict | None:
    """What the owner's builder shows: the draft, else the current version's list (``None``: never saved)."""
    if fleet.draft is not None:
        return fleet.draft
    current = fleet.current_version
    return current.content if current is not None else None


def working_format(fleet: Fleet) -> str:
    """The format the owner's builder checks against: the draft's (a format change is an edit of the
    list), else the fleet's, which is its saved version's."""
    return (fleet.draft or {}).get("format") or fleet.format_key


@dataclass(frozen=True, slots=True)
class SlotOffer:
    """One "+ Crew (1 free)" button of a ship: the card type (a key of the builder's search) and how many
    slots that take it are free of how many the ship has, printed or added."""

    key: str
    label: str
    free: int
    total: int


def slot_offers(ship: ShipLines) -> tuple[SlotOffer, ...]:
    """The ship's places to fill, in the order of its bar: its captain (while it has none), then each card type
    its whole Upgrade Bar takes, counted from the engine's placement (a slot for "crew or tech" counts for both)."""
    offers = [SlotOffer("captain", "Captain", 0 if ship.entry.captain else 1, 1)]
    order = [t for slot in ship.bar for t in slot.types]
    for key in dict.fromkeys(order):
        taking = [slot for slot in ship.bar if key in slot.types]
        free = sum(1 for slot in taking if not slot.holds)
        offers.append(SlotOffer(key, UPGRADE_TYPE_LABELS.get(key, key.title()), free, len(taking)))
    return tuple(offers)


@dataclass(frozen=True, slots=True)
class ShipPlaces:
    """A ship of the builder with its slot buttons."""

    lines: ShipLines
    offers: tuple[SlotOffer, ...]


@dataclass(frozen=True, slots=True)
class BuilderPage:
    """Everything the builder page shows of one fleet to one viewer (the view adds the forms)."""

    fleet: Fleet
    version: FleetVersion | None
    base: int
    is_owner: bool
    editable: bool
    has_draft: bool
    can_undo: bool
    check: FleetCheck | None
    ships: tuple[ShipPlaces, ...]
    error: str
    format_key: str
    format_name: str
    judged: JudgedOn
    retired: frozenset[str]
    retirement_words: str
    shared: SharedVersion | None
    share_refused: str

    def context(self) -> dict:
        """The page's fields as a template context."""
        return {field.name: getattr(self, field.name) for field in fields(self)}


def share_refusal(version: FleetVersion) -> str:
    """Why ``version`` may not be shown to anyone with its link now ("": it may): a list submitted to an event
    that has not started stays hidden (the events say so through :func:`fleets.access.fleet_submissions`)."""
    sealed = [s.event_name for s in fleet_submissions(version.fleet) if s.sealed and s.version_id == version.pk]
    if sealed:
        return _("Version %(number)s is submitted to %(events)s, whose lists stay hidden until it starts.") % {
            "number": version.number,
            "events": ", ".join(sealed),
        }
    return ""


def builder_page(
    *,
    user,
    fleet: Fleet,
    access: FleetAccess,
    today: date,
    chosen_day: date | None = None,
    chosen_event: PlayerEvent | None = None,
    error: str = "",
) -> BuilderPage:
    """The builder of ``fleet`` as ``user`` sees it (``access``: what they may see), its list judged on the day the
    player chose (``chosen_day`` or ``chosen_event``), else the day :func:`builder_date` takes."""
    catalog = load_catalog()
    is_owner = user.is_authenticated and fleet.owner_id == user.pk
    version = access.latest(fleet)
    content = working_content(fleet) if is_owner else (version.content if version else None)
    format_key = working_format(fleet) if is_owner else (version.content.get("format") if version else None)
    format_key = format_key or fleet.format_key
    judged = builder_date(fleet, today=today, chosen=chosen_day, event=chosen_event)
    check = None
    try:
        engine_fleet = content_fleet(content, catalog) if content is not None else EngineFleet()
        check = fleet_check(engine_fleet, format=format_key, on=judged.day, banned=judged.banned, catalog=catalog)
    except FleetInputError as problem:
        error = _("This fleet cannot be checked: %(problem)s. Ask an administrator.") % {"problem": problem.message}

    shared = (
        SharedVersion.objects.filter(version__fleet=fleet)
        .select_related("version")
        .order_by("-version__number")
        .first()
        if is_owner
        else None
    )
    return BuilderPage(
        fleet=fleet,
        version=version,
        base=fleet.revision,
        is_owner=is_owner,
        editable=can_edit_fleet(user, fleet),
        has_draft=is_owner and fleet.draft is not None,
        can_undo=is_owner and bool(fleet.undo) and not fleet.is_locked,
        check=check,
        ships=tuple(ShipPlaces(ship, slot_offers(ship)) for ship in check.ships) if check else (),
        error=error,
        format_key=format_key,
        format_name=_(FORMATS[format_key].name) if format_key in FORMATS else format_key,
        judged=judged,
        retired=retired_resources(catalog, format_key, judged.day),
        retirement_words=table_retirement_words(catalog, format_key, judged.day) if judged.day else "",
        shared=shared,
        share_refused=share_refusal(version) if is_owner and version else "",
    )
