"""A player's entry in the export: the registration, its submitted fleet version and its submitted decks.

The export keeps each player's submitted decks of a deck game as the event froze
them (slot, name, list file, verification code, time), but not which of the player's
own decks each was copied from: that deck lives on this site only, so an imported
event has the lists with no deck of the player's behind them.

A walk-in (a player the staff entered by name, who has not claimed the account) is
exported with ``walk_in``: the name the organizer typed. Their generated username
means nothing on another site, so the import makes a new walk-in for them; the
e-mail they may claim it with stays on this site.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext

from fleets.codes import is_code
from fleets.models import Fleet
from fleets.selectors import version_price
from rules.inputs.text_input import text_problem

from ..models import Registration, SubmittedDeck
from .base import Column, Entity, Record, check_unique, read_children, require_text
from .problems import Problems


class SubmittedDeckEntity(Entity):
    """A submitted deck's frozen copy; the link to the player's own deck stays behind."""

    model = SubmittedDeck
    columns = (
        Column("slot", "slot"),
        Column("name", "name"),
        Column("content", "content"),
        Column("code", "code"),
        Column("submitted_at", "submitted_at"),
    )


class RegistrationEntity(Entity):
    """A player's entry, with the fleet version they submitted (restored as a new fleet) and their decks."""

    model = Registration
    columns = (
        Column("player", "player"),
        Column("registered_at", "registered_at", None),
        Column("added_by", "added_by", None),
        Column("club", "club", ""),
        Column("checked_in", "checked_in"),
        Column("paid", "paid", False),  # older exports: nobody ticked as paid
        Column("fleet_submitted_at", "fleet_submitted_at", None),
        Column("first_round_bye", "first_round_bye"),
        Column("promoted_at", "promoted_at", None),  # older exports: nobody came in from the waitlist
        Column("dropped_at", "dropped_at"),
    )

    def to_dict(self, registration) -> dict:
        version = registration.fleet_version
        price = version_price(version) if version is not None else None
        return {
            **super().to_dict(registration),
            "fleet": None
            if version is None
            else {
                "name": version.fleet.name,
                "version": version.number,
                "code": version.code,
                "total": price.total,  # as judged when it was submitted
                "priced_with": price.edition,
                "content": version.content,
            },
            "decks": [DECK.to_dict(deck) for deck in registration.decks.all()],
            "walk_in": registration.name if registration.walk_in else None,
        }

    def check(self, record: Record, data: dict, problems: Problems) -> None:
        where = record.where
        fleet = data.get("fleet")
        if fleet is not None:
            if not isinstance(fleet, dict):
                problems.add(f"{where}.fleet", gettext("must be an object or null"))
            elif not isinstance(fleet.get("content"), dict):
                problems.add(f"{where}.fleet.content", gettext("must be a fleet file (an object)"))
            else:
                try:
                    name = Fleet._meta.get_field("name").clean(require_text(fleet.get("name"), gettext("text")), None)
                except ValidationError as error:
                    problems.add(f"{where}.fleet.name", " ".join(error.messages))
                else:
                    code = fleet.get("code")
                    if code is not None and not is_code(code):
                        problems.add(
                            f"{where}.fleet.code", gettext("must be a verification code (8 characters A-Z, 2-7)")
                        )
                    record.extra["fleet"] = (name, fleet["content"], code)
        walk_in = data.get("walk_in")
        if walk_in is not None:
            try:
                name = (
                    get_user_model()._meta.get_field("first_name").clean(require_text(walk_in, gettext("text")), None)
                )
            except ValidationError as error:
                problems.add(f"{where}.walk_in", " ".join(error.messages))
            else:
                if problem := text_problem(name) or ("" if name.strip() else gettext("must not be empty")):
                    problems.add(f"{where}.walk_in", problem)
                else:
                    record.extra["walk_in"] = name
        decks = record.children["decks"] = read_children(DECK, data, "decks", where, problems, optional=True)
        check_unique(decks, lambda deck: deck.instance.slot, pgettext("in an event file", "slot"), problems)


DECK = SubmittedDeckEntity()
REGISTRATION = RegistrationEntity()
