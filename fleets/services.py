"""Writes for fleets: every change to a fleet goes through one of these functions.

Each is atomic and takes keyword arguments only. A function that changes a
fleet first locks its row (``select_for_update``) and re-reads it, so two
requests cannot both append version ``n + 1`` and a fleet locked a moment ago
is seen as locked. What the engine says about a fleet (costs, legality) always
comes from :mod:`rules.attack_wing`; nothing here prices a card.

Refusals raise a :class:`FleetError` whose ``message`` can be shown as is, and
leave the database unchanged.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Iterable
from datetime import date

from django.db import transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from fleets.list_builders import clean_list_name
from rules.attack_wing import (
    DEFAULT_FORMAT,
    FORMATS,
    FleetInputError,
    Format,
    Report,
    fleet_to_dict,
    interchange,
    report_to_dict,
    validate_fleet,
)
from rules.attack_wing import Fleet as EngineFleet
from rules.inputs.text_input import text_problem

from .codes import version_code
from .models import ApiToken, Fleet, FleetVersion, JudgedPrice, OwnedExpansion, SharedVersion
from .selectors import (
    ImportPreview,
    catalog_edition,
    catalog_factions,
    content_fleet,
    load_catalog,
    read_import,
    share_refusal,
)

MAX_NAME_LENGTH = Fleet._meta.get_field("name").max_length


class FleetError(Exception):
    """A change that was refused; nothing was written. ``message`` is fit to show the user."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class FleetLocked(FleetError):
    def __init__(self, fleet: Fleet) -> None:
        super().__init__(
            _("“%(name)s” is locked: it was played at an event. Duplicate it to make changes.") % {"name": fleet.name}
        )


class FleetInUse(FleetError):
    """The fleet is submitted to an event (another app protects the submitted version)."""


class FleetStale(FleetError):
    """The change was made on an older version than the current one (another window saved first)."""


class FleetContentError(FleetError):
    """The fleet content or file cannot be read (bad JSON, unknown card, card in the wrong role, …)."""


class FleetIllegal(FleetError):
    """The fleet breaks the format's rules; ``report`` is the engine's full report."""

    def __init__(self, report: Report) -> None:
        count = len(report.violations)
        super().__init__(
            ngettext(
                "The fleet is not legal: %(count)s rule(s) broken.",
                "The fleet is not legal: %(count)s rule(s) broken.",
                count,
            )
            % {"count": count}
        )
        self.report = report


def _locked_for_change(fleet: Fleet) -> Fleet:
    """The fleet's row, locked for this transaction and re-read; refuses a locked fleet."""
    fleet = Fleet.objects.select_for_update().get(pk=fleet.pk)
    if fleet.is_locked:
        raise FleetLocked(fleet)
    return fleet


def _format_key(key: object) -> str:
    """A format key the site knows (a file may hold anything under ``format``)."""
    if isinstance(key, str) and key in FORMATS:
        return key
    raise FleetError(_("Unknown format “%(key)s”.") % {"key": key})


def _clean_name(name: str | None) -> str:
    return clean_list_name(name, noun=_("fleet"), max_length=MAX_NAME_LENGTH, error=FleetError)


def _clean_faction(faction: str) -> str:
    """A faction some card of the catalog carries, or "" for none declared."""
    faction = (faction or "").strip()
    if faction and faction not in catalog_factions():
        raise FleetError(_("Unknown faction “%(faction)s”.") % {"faction": faction})
    return faction


def _read_content(content: dict, catalog) -> tuple[EngineFleet, str | None]:
    """The engine's fleet and the file's format key from a fleet-file dict."""
    if not isinstance(content, dict):
        raise FleetContentError(_("The fleet content must be a fleet file (a JSON object)."))
    try:
        return content_fleet(content, catalog), content.get("format")
    except FleetInputError as error:
        raise FleetContentError(_("The fleet cannot be read: %(error)s.") % {"error": error.message}) from None


@transaction.atomic
def fleet_create(
    *,
    owner,
    name: str,
    faction: str,
    format_key: str = DEFAULT_FORMAT,
    content: dict | None = None,
    code: str | None = None,
) -> Fleet:
    """A new fleet: empty (no version until the first ship is added), or holding ``content`` (a
    fleet-file dict, whose ``format`` wins over ``format_key``) as its first version, saved by
    ``owner``. Content that cannot be read refuses the whole fleet: nothing is created.

    ``code`` is the verification code the list already carries on printed sheets (an event
    moved from another site keeps the codes of its submitted lists); by default a new one is made.
    """
    fleet = Fleet.objects.create(
        owner=owner, name=_clean_name(name), faction=_clean_faction(faction), format_key=_format_key(format_key)
    )
    if content is not None:
        fleet_update(fleet=fleet, content=content, by=owner, code=code)
        fleet.refresh_from_db()
    return fleet


def _append_version(fleet: Fleet, engine_fleet: EngineFleet, by, catalog, code: str | None = None) -> FleetVersion:
    """Store ``engine_fleet`` as the fleet's next version (unless it equals the current one).

    The caller holds the fleet's row lock. The content is written in canonical
    form with the fleet's format. The version is the whole working copy, so the
    fleet's draft (if any) is gone afterwards; the working copy's ``revision`` counts
    one more only when what the builder shows changed (saving the draft changes nothing
    there, so a builder page open on it stays usable).
    """
    current = fleet.current_version
    content = fleet_to_dict(engine_fleet, fleet.format_key)
    working = fleet.draft if fleet.draft is not None else (current.content if current else None)
    if current is not None and current.content == content:
        version = current
    else:
        report = validate_fleet(engine_fleet, catalog, fleet.format_key)
        number = (current.number + 1) if current else 1
        version = FleetVersion.objects.create(
            fleet=fleet,
            number=number,
            content=content,
            code=code or version_code(fleet_id=fleet.pk, number=number, content=content),
            total=report.total,
            legal=report.legal,
            created_by=by,
        )
    if version is not current or fleet.draft is not None or fleet.undo:
        fleet.revision += content != working
        fleet.draft, fleet.undo = None, []  # undo goes back to the last saved version, no further
        fleet.save(update_fields=["format_key", "draft", "undo", "revision", "updated_at"])
    return version


def _save_draft(fleet: Fleet, by, catalog) -> FleetVersion | None:
    """The fleet's draft stored as its next version (none if the draft equals the current version,
    which is returned then), or the current version when there is no draft. The caller holds the row lock."""
    if fleet.draft is None:
        return fleet.current_version
    engine_fleet, format_key = _read_content(fleet.draft, catalog)
    fleet.format_key = _format_key(format_key or fleet.format_key)  # the draft's format is saved with it
    return _append_version(fleet, engine_fleet, by, catalog)


@transaction.atomic
def fleet_update(*, fleet: Fleet, content: dict, by, base: int | None = None, code: str | None = None) -> FleetVersion:
    """Save ``content`` (a fleet-file dict), a whole fleet, as the fleet's new version and return it.

    A ``format`` in the content becomes the fleet's format. ``base`` is the
    version number the change was made on (``0`` for a fleet never saved); if
    another version was saved since, :class:`FleetStale` refuses rather than
    silently overwrite it. Saving unchanged content returns the current version.
    A whole fleet replaces the working copy: the builder's draft, if any, is dropped
    (see :mod:`fleets.drafts` for the builder's edits). ``code``: see :func:`fleet_create`.
    """
    fleet = _locked_for_change(fleet)
    if base is not None:
        current = fleet.current_version
        if (current.number if current else 0) != base:
            raise FleetStale(_("This fleet was changed in another window; the latest version is shown now."))
    catalog = load_catalog()
    engine_fleet, format_key = _read_content(content, catalog)
    if format_key is not None:
        fleet.format_key = _format_key(format_key)
    return _append_version(fleet, engine_fleet, by, catalog, code)


@transaction.atomic
def fleet_update_details(
    *, fleet: Fleet, by, name: str | None = None, faction: str | None = None, format_key: str | None = None
) -> Fleet:
    """Rename, change the declared faction or the format; ``None`` leaves a field as it is.

    A new format is part of the fleet file, so it adds a version when the fleet has ships
    (a whole-fleet save, as through the API; the builder changes the draft instead:
    :func:`fleets.drafts.fleet_edit_draft_details`).
    """
    fleet = _locked_for_change(fleet)
    if name is not None:
        fleet.name = _clean_name(name)
    if faction is not None:
        fleet.faction = _clean_faction(faction)
    fleet.save(update_fields=["name", "faction", "updated_at"])
    if format_key is not None and _format_key(format_key) != fleet.format_key:
        fleet.format_key = _format_key(format_key)
        current = fleet.current_version
        if current is None:
            fleet.save(update_fields=["format_key", "updated_at"])
        else:
            catalog = load_catalog()
            _append_version(fleet, _read_content(current.content, catalog)[0], by, catalog)
    return fleet


@transaction.atomic
def fleet_change(
    *,
    fleet: Fleet,
    by,
    content: dict | None = None,
    base: int | None = None,
    name: str | None = None,
    faction: str | None = None,
    format_key: str | None = None,
) -> Fleet:
    """Save ``content`` as the fleet's next version (see :func:`fleet_update`, ``base`` included), then
    change its details (see :func:`fleet_update_details`); ``None`` leaves a part as it is. All or
    nothing: a refused detail keeps the new version from being saved."""
    if content is not None:
        fleet_update(fleet=fleet, content=content, by=by, base=base)
    return fleet_update_details(fleet=fleet, by=by, name=name, faction=faction, format_key=format_key)


def fleet_rename(*, fleet: Fleet, name: str) -> Fleet:
    """Only the name changes; one transaction, as :func:`fleet_update_details` runs in its own."""
    return fleet_update_details(fleet=fleet, by=None, name=name)


@transaction.atomic
def fleet_duplicate(*, fleet: Fleet, owner, name: str | None = None, version: FleetVersion | None = None) -> Fleet:
    """A new, unlocked fleet of ``owner`` with the same details and ``version``'s list (by default the
    current one) as version 1.

    Anyone who may see a fleet may duplicate it into their own fleets -- the
    version they may see, never a later one; a locked fleet is duplicated to be changed.
    """
    current = version if version is not None else fleet.current_version
    copy = Fleet.objects.create(
        owner=owner,
        name=_clean_name(name or (_("Copy of %(name)s") % {"name": fleet.name})[:MAX_NAME_LENGTH]),
        faction=fleet.faction,
        format_key=current.content.get("format", fleet.format_key) if current else fleet.format_key,
    )
    if current is not None:
        FleetVersion.objects.create(
            fleet=copy,
            number=1,
            content=current.content,
            code=version_code(fleet_id=copy.pk, number=1, content=current.content),
            total=current.total,
            legal=current.legal,
            created_by=owner,
        )
    return copy


@transaction.atomic
def fleet_delete(*, fleet: Fleet) -> None:
    """Delete a fleet and its history; refused while locked or submitted to an event."""
    fleet = _locked_for_change(fleet)
    try:
        fleet.delete()
    except (ProtectedError, RestrictedError):
        raise FleetInUse(
            _("“%(name)s” is submitted to an event, so it cannot be deleted. Withdraw it from the event first.")
            % {"name": fleet.name}
        ) from None


def _declared_faction(engine_fleet: EngineFleet, catalog) -> str:
    """The faction most of the fleet's ships belong to (the first ship's on a tie)."""
    factions = Counter(
        faction for entry in engine_fleet.ships for faction in catalog.get(entry.ship).factions[:1]
    ).most_common(1)
    return factions[0][0] if factions else ""


def _source_name(name: str | None) -> str:
    """The name a source gave its fleet, as a fleet name: printable characters only, cut to length."""
    printable = "".join(ch if ch.isprintable() else " " for ch in name or "")
    name = " ".join(printable.split())[:MAX_NAME_LENGTH].strip()
    return "" if text_problem(name) else name


def fleet_import(
    *,
    owner,
    data: bytes | str,
    name: str | None = None,
    faction: str | None = None,
    fmt: str | None = None,
    squad: int = 0,
    choices: dict[int, str] | None = None,
) -> Fleet:
    """A new fleet from a fleet in any format Muster reads; nothing is created if it is refused.

    The formats are :mod:`rules.attack_wing.interchange`'s: a Utopia link, text or Tabletop
    Simulator export, a Space Dock squad file or text, Muster's fleet file or text (``fmt``
    ``None`` detects it; ``squad`` picks one of a Space Dock file's squads; ``choices`` answer its
    doubtful lines, ``{line index: card id}``). A source that cannot be read is refused; the rest
    is :func:`fleet_import_read`'s.
    """
    try:
        preview = read_import(data, fmt=fmt, squad=squad, choices=choices)
    except interchange.InterchangeError as error:
        raise FleetContentError(error.message) from None
    return fleet_import_read(owner=owner, preview=preview, name=name, faction=faction)


@transaction.atomic
def fleet_import_read(*, owner, preview: ImportPreview, name: str | None = None, faction: str | None = None) -> Fleet:
    """A new fleet from an import already read (:func:`fleets.selectors.read_import`), so a caller that
    shows the report too reads the source once. The cards it recognised make the fleet; what it did
    not is in the report. An import in which no card was recognised is refused. Without ``faction``
    the declared faction is the one most ships belong to.
    """
    if preview.empty:
        raise FleetContentError(_("No card of this fleet was recognised, so there is nothing to import."))
    result = preview.result
    catalog = load_catalog()
    fleet = Fleet.objects.create(
        owner=owner,
        name=_clean_name(
            name
            or _source_name(result.name)
            or _("Imported fleet %(date)s") % {"date": f"{timezone.localdate():%Y-%m-%d}"}
        ),
        faction=_clean_faction(faction if faction is not None else _declared_faction(result.fleet, catalog)),
        format_key=_format_key(result.format_key or DEFAULT_FORMAT),
    )
    _append_version(fleet, result.fleet, owner, catalog)
    return fleet


@transaction.atomic
def fleet_submission_version(
    *, fleet: Fleet, format: Format | str, on_date: date | None, banned: frozenset[str] = frozenset()
) -> FleetVersion:
    """The fleet's current version, once the engine finds it legal for ``format`` on ``on_date``
    with the event's ``banned`` resources (names or ids).

    Submitting is one of the moments a version is made: the builder's draft, if
    any, is saved first (by the fleet's owner, whose edits it holds), so the event
    gets the list the player sees. Raises :class:`FleetIllegal` with the engine's
    report otherwise (an empty fleet is illegal: too few ships), and then no
    version is made. The caller keeps the returned version; the fleet can still
    change until :func:`fleet_lock`.

    The version keeps the price it is judged at here (:class:`~fleets.models.JudgedPrice`), the
    first time it is submitted: its sheets, the verification page and the event show that price
    even after the cards change.
    """
    fleet = Fleet.objects.select_for_update().filter(pk=fleet.pk).first()
    if fleet is None:  # deleted a moment ago (through the API, say)
        raise FleetError(_("This fleet no longer exists."))
    catalog = load_catalog()
    current = _save_draft(fleet, fleet.owner, catalog)
    engine_fleet = _read_content(current.content, catalog)[0] if current else EngineFleet()
    report = validate_fleet(engine_fleet, catalog, format, on_date, banned)
    if not report.legal:
        raise FleetIllegal(report)
    if current is None:
        raise FleetError(_("The fleet has no ships yet."))
    _keep_price(current, report)
    return current


def _keep_price(version: FleetVersion, report: Report) -> None:
    """Keep ``report`` as the price ``version`` was judged at, unless it already has one (the first stands)."""
    JudgedPrice.objects.get_or_create(
        version=version, defaults={"report": report_to_dict(report), "edition": catalog_edition()}
    )


@transaction.atomic
def fleet_version_judge(*, version: FleetVersion, format: Format | str) -> FleetVersion:
    """Keep the price of ``version`` as today's cards charge it in ``format``, for a version that enters an
    event without being submitted here (an event file imported from another site); one already judged
    keeps its price."""
    catalog = load_catalog()
    _keep_price(version, validate_fleet(content_fleet(version.content, catalog), catalog, format))
    return version


@transaction.atomic
def fleet_lock(*, fleet: Fleet) -> Fleet:
    """Lock the fleet for good (its event has started). Locking a locked fleet changes nothing.

    A locked fleet has no draft: unsaved builder edits are dropped with the lock (the event
    plays the submitted version; a copy of the fleet is where changes go from now on).
    """
    fleet = Fleet.objects.select_for_update().get(pk=fleet.pk)
    if not fleet.is_locked:
        fleet.locked_at = timezone.now()
        fleet.draft, fleet.undo = None, []
        fleet.save(update_fields=["locked_at", "draft", "undo"])
    return fleet


@transaction.atomic
def fleet_share_version(*, version: FleetVersion) -> SharedVersion:
    """A read-only link to ``version`` for anyone who has it (the same link if it is shared already). Refused
    while the version is a hidden list submitted to an event that has not started."""
    refused = share_refusal(version)
    if refused:
        raise FleetError(_("%(refused)s Share it once the event has started.") % {"refused": refused})
    share, _created = SharedVersion.objects.get_or_create(
        version=version, defaults={"token": secrets.token_urlsafe(16)}
    )
    return share


@transaction.atomic
def fleet_unshare(*, fleet: Fleet) -> int:
    """Every link to a version of ``fleet`` stops working; returns how many there were."""
    deleted, _by_model = SharedVersion.objects.filter(version__fleet=fleet).delete()
    return deleted


@transaction.atomic
def api_token_create(*, user, name: str) -> tuple[ApiToken, str]:
    """A new API token for ``user``; the token text is returned once and only its digest is kept."""
    name = (name or "").strip()
    if not name:
        raise FleetError(_("Give the token a name, such as the script that will use it."))
    record = ApiToken(user=user, name=name[:60])
    token = record.set_new_token()
    record.save()
    return record, token


@transaction.atomic
def api_token_revoke(*, token: ApiToken) -> None:
    token.delete()


def collection_set(*, owner, set_ids: Iterable[str]) -> list[str]:
    """The player's collection becomes exactly ``set_ids`` (expansion ids of the catalog); the ids kept, sorted.

    An id the catalog does not have is refused (with every such id named) and the collection stays as it was.
    """
    wanted = sorted(set(set_ids))
    known = load_catalog().sets
    unknown = [set_id for set_id in wanted if set_id not in known]
    if unknown:
        raise FleetError(_("No such expansion: %(ids)s.") % {"ids": ", ".join(unknown)})
    with transaction.atomic():
        OwnedExpansion.objects.filter(owner=owner).exclude(set_id__in=wanted).delete()
        have = set(OwnedExpansion.objects.filter(owner=owner).values_list("set_id", flat=True))
        OwnedExpansion.objects.bulk_create(OwnedExpansion(owner=owner, set_id=s) for s in wanted if s not in have)
    return wanted


def collection_import(*, owner, text: str) -> list[str]:
    """The collection read from text, one expansion a line, as :func:`fleets.selectors.collection_text` writes it
    (its id, optionally followed by " — " and its name) or by its name alone; blank lines and lines starting
    with ``#`` are skipped. Any line naming no expansion refuses the whole text, naming the lines."""
    problem = text_problem(text, multiline=True)
    if problem:
        raise FleetError(problem)
    sets = load_catalog().sets
    by_name = {card_set.name.casefold(): set_id for set_id, card_set in sets.items()}
    found, unread = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        head = line.split(" — ", 1)[0].strip()
        set_id = head if head in sets else by_name.get(line.casefold())
        if set_id is None:
            unread.append(_("line %(number)s (%(text)s)") % {"number": number, "text": line[:60]})
        else:
            found.append(set_id)
    if unread:
        raise FleetError(
            _("No expansion of the catalog on %(lines)s. Nothing was changed.") % {"lines": ", ".join(unread)}
        )

    return collection_set(owner=owner, set_ids=found)
