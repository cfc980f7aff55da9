"""Writes for the builder's working draft: edits change it in place, a save makes a version of it.

A fleet has at most one draft (:attr:`fleets.models.Fleet.draft`), always on
top of its current version: every version, however it is made, replaces the
working copy. The builder's edits change the draft and make no version; the
player makes one when they save, export, print or submit the fleet, and only if
the draft differs from the current version (exporting twice makes one version).
An edit that brings the draft back to the current version leaves no draft.

Each builder form sends ``base``, the fleet's ``revision`` the page showed; any
change to the working copy (an edit, a save, a discard, a version saved elsewhere)
counts one more, so a change made in a stale window is refused with
:class:`~fleets.services.FleetStale` instead of applied to a list its author has
not seen. A locked fleet refuses every change (:class:`~fleets.services.FleetLocked`).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from rules.attack_wing import Fleet as EngineFleet
from rules.attack_wing import fleet_to_dict

from .models import Fleet, FleetVersion
from .selectors import load_catalog
from .selectors.builder import working_content, working_format
from .services import (
    FleetError,
    FleetStale,
    _format_key,
    _locked_for_change,
    _read_content,
    _save_draft,
    fleet_update_details,
)


def _check_base(fleet: Fleet, base: int | None) -> None:
    if base is not None and base != fleet.revision:
        raise FleetStale(_("This fleet was changed in another window; the latest state is shown now."))


# How many changes Undo keeps (the oldest go first): enough for any fleet built between two saves.
UNDO_STEPS = 100


def _set_draft(fleet: Fleet, content: dict | None, *, undoing: bool = False) -> None:
    """Store ``content`` (canonical, with its format) as the draft. None is kept when it equals the
    current version; for a fleet never saved, an empty list is nothing to save, and its format
    simply becomes the fleet's. The working copy it replaces is kept for Undo, unless this is an undo."""
    current = fleet.current_version
    if content is None:
        pass
    elif current is None and content == fleet_to_dict(EngineFleet(), content["format"]):
        fleet.format_key, content = content["format"], None
    elif current is not None and content == current.content:
        content = None
    if not undoing:
        fleet.undo = [*fleet.undo, fleet.draft][-UNDO_STEPS:]
    fleet.draft = content
    fleet.revision += 1
    fleet.save(update_fields=["draft", "undo", "format_key", "revision", "updated_at"])


@transaction.atomic
def fleet_edit_draft(*, fleet: Fleet, content: dict, base: int | None) -> Fleet:
    """Make ``content`` (a fleet-file dict; without a ``format`` it keeps the working one) the fleet's
    draft. The fleet row keeps its saved version's format until the draft is saved, so what other
    pages judge a version by never follows the owner's unsaved choice.

    ``base`` is the revision the edit was made on (``None``: no check). No version is made.
    """
    fleet = _locked_for_change(fleet)
    _check_base(fleet, base)
    engine_fleet, format_key = _read_content(content, load_catalog())
    key = _format_key(format_key) if format_key is not None else working_format(fleet)
    _set_draft(fleet, fleet_to_dict(engine_fleet, key))
    return fleet


@transaction.atomic
def fleet_edit_draft_details(*, fleet: Fleet, name: str, faction: str, format_key: str) -> Fleet:
    """The builder's details form: name and declared faction change at once (they are the fleet's,
    not its list's); a new format is part of the list, so it goes into the draft."""
    fleet = fleet_update_details(fleet=fleet, by=None, name=name, faction=faction)
    key = _format_key(format_key)
    if key == working_format(fleet):
        return fleet
    content = working_content(fleet)
    if content is None:
        fleet.format_key = key
        fleet.save(update_fields=["format_key", "updated_at"])
        return fleet
    return fleet_edit_draft(fleet=fleet, content={**content, "format": key}, base=None)


@transaction.atomic
def fleet_save_draft(*, fleet: Fleet, by, base: int | None) -> FleetVersion | None:
    """Make a version of the draft (when it differs from the current version) and return the fleet's
    current version afterwards (``None`` for a fleet with nothing to save yet)."""
    fleet = _locked_for_change(fleet)
    _check_base(fleet, base)
    return _save_draft(fleet, by, load_catalog())


@transaction.atomic
def fleet_undo_draft(*, fleet: Fleet, base: int | None) -> Fleet:
    """Take the builder's last change back: the working copy before it becomes the draft again, one step at a
    time, back to the last saved version (saving, discarding or locking starts afresh)."""
    fleet = _locked_for_change(fleet)
    _check_base(fleet, base)
    if not fleet.undo:
        raise FleetError(_("There is no change to undo since the last saved version."))

    *earlier, previous = fleet.undo
    fleet.undo = earlier
    _set_draft(fleet, previous, undoing=True)
    return fleet


@transaction.atomic
def fleet_discard_draft(*, fleet: Fleet, base: int | None) -> Fleet:
    """Drop the draft: the working copy is the current version again, its format included."""
    fleet = _locked_for_change(fleet)
    _check_base(fleet, base)
    if fleet.draft is None:
        return fleet
    fleet.draft, fleet.undo = None, []
    fleet.revision += 1
    fleet.save(update_fields=["draft", "undo", "revision", "updated_at"])
    return fleet
