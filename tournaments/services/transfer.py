"""Importing an event exported as JSON (:func:`tournaments.exports.event_json`), for instance to
move it to another site or to keep an archive that can be looked at again.

Results are restored as they were recorded, never recomputed: the export is the
record of what happened. Accounts named in the file that do not exist here are
created without a usable password (their owners can set one through a password
reset); each player's fleet becomes a new fleet of theirs holding the exported list.
Submitted decks of the deck games come back as the event's frozen copies, linked
to no deck of the player's (the export does not carry that link).
"""

from __future__ import annotations

from datetime import date, datetime

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import transaction

from accounts.roles import PLAYER
from fleets.services import FleetError, fleet_create, fleet_lock, fleet_update

from ..errors import TournamentError
from ..models import (
    Event,
    Match,
    MatchSide,
    Registration,
    ResultChange,
    ResultReport,
    Round,
    SubmissionChange,
    SubmittedDeck,
)


@transaction.atomic
def event_import(*, data: dict, organizer=None) -> Event:
    """Recreate the exported event; ``organizer`` (default: the exported organizer's account) runs it.

    A file that is not an event export is refused with the first thing missing,
    and nothing is created.
    """
    try:
        return _import(data, organizer)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise TournamentError(f"This is not an event export ({type(error).__name__}: {error}).") from None
    except ValidationError as error:
        raise TournamentError(f"The exported event is not valid here: {'; '.join(error.messages)}") from None
    except FleetError as error:
        raise TournamentError(f"A fleet in the export cannot be restored: {error.message}") from None


def _import(data: dict, organizer) -> Event:
    meta, scoring = data["event"], data["event"]["scoring"]
    accounts = Accounts()
    event = Event(
        name=meta["name"],
        game=meta["game"],
        format=meta["format"],
        date=date.fromisoformat(meta["date"]),
        venue=meta["venue"],
        status=meta["status"],
        planned_rounds=meta["planned_rounds"],
        round_minutes=meta["round_minutes"],
        submission_deadline=moment(meta.get("submission_deadline")),
        top_cut=meta["top_cut"],
        lists_public=meta["lists_public"],
        organizer=organizer or accounts.get(meta["organizer"]),
        win_points=scoring["win"],
        tie_points=scoring["tie"],
        loss_points=scoring["loss"],
        bye_fleet_points=scoring["bye_fleet_points"],
        fleet_point_base=scoring["fleet_point_base"],
        tiebreaks=scoring["tiebreaks"],
    )
    event.full_clean()
    event.save()
    restore_moment(event, "created_at", meta.get("created_at"))
    event.judges.set([accounts.get(name) for name in meta["judges"]])
    registrations = {entry["player"]: _registration(event, entry, accounts) for entry in data["players"]}
    matches = {}
    for round_data in data["rounds"]:
        round_ = Round.objects.create(
            event=event,
            number=round_data["number"],
            stage=round_data["stage"],
            paired_by=accounts.get(round_data["paired_by"]) if round_data.get("paired_by") else None,
            pairing_attempt=round_data.get("pairing_attempt", 0),
            clock_started_at=moment(round_data.get("clock_started_at")),
        )
        restore_moment(round_, "paired_at", round_data.get("paired_at"))
        for match_data in round_data["matches"]:
            match = Match.objects.create(
                round=round_, table=match_data["table"], status=match_data["status"], result=match_data.get("result")
            )
            matches[(round_.number, match.table)] = match
            MatchSide.objects.bulk_create(
                MatchSide(
                    match=match,
                    round=round_,
                    registration=registrations[side["player"]],
                    seat=side["seat"],
                    side=side.get("side", ""),
                    outcome=side["outcome"],
                    fleet_points=side["fleet_points"],
                    battle_points=side.get("battle_points", 0),
                    losses=side["losses"],
                    opponent_build_verified_at=moment(side["opponent_build_verified_at"]),
                )
                for side in match_data["sides"]
            )
            for report in match_data["reports"]:
                restored = ResultReport.objects.create(
                    match=match,
                    seat=report["seat"],
                    reported_by=accounts.get(report["reported_by"]),
                    result=report["result"],
                )
                restore_moment(restored, "reported_at", report.get("reported_at"))
    for change in data.get("history", []):
        restored = ResultChange.objects.create(
            match=matches[(change["round"], change["table"])],
            changed_by=accounts.get(change["changed_by"]),
            action=change["action"],
            before=change["before"],
            after=change["after"],
        )
        restore_moment(restored, "changed_at", change["changed_at"])
    for change in data.get("submissions", []):
        restored = SubmissionChange.objects.create(
            event=event,
            player=accounts.get(change["player"]),
            changed_by=accounts.get(change["changed_by"]),
            action=change["action"],
            before=change["before"],
            after=change["after"],
        )
        restore_moment(restored, "changed_at", change["changed_at"])
    return event


def _registration(event: Event, entry: dict, accounts: Accounts) -> Registration:
    player = accounts.get(entry["player"], role=PLAYER)
    version = None
    if entry["fleet"]:
        fleet = fleet_create(owner=player, name=entry["fleet"]["name"], faction="")
        version = fleet_update(fleet=fleet, content=entry["fleet"]["content"], by=player)
        if event.has_started:
            fleet_lock(fleet=fleet)
    registration = Registration.objects.create(
        event=event,
        player=player,
        added_by=accounts.get(entry["added_by"]) if entry.get("added_by") else None,
        club=entry.get("club", ""),
        checked_in=entry["checked_in"],
        first_round_bye=entry["first_round_bye"],
        dropped_at=moment(entry["dropped_at"]),
        fleet_version=version,
        fleet_submitted_at=moment(entry.get("fleet_submitted_at")),
    )
    restore_moment(registration, "registered_at", entry.get("registered_at"))
    for deck in entry.get("decks", []):
        submitted = SubmittedDeck.objects.create(
            registration=registration, slot=deck["slot"], name=deck["name"], content=deck["content"], code=deck["code"]
        )
        restore_moment(submitted, "submitted_at", deck["submitted_at"])
    return registration


class Accounts:
    """Accounts by username, created (without a usable password) when missing; looked up once each."""

    def __init__(self) -> None:
        self.known: dict[str, object] = {}

    def get(self, username: str, role: str | None = None):
        if username not in self.known:
            user, created = get_user_model().objects.get_or_create(username=username)
            if created:
                user.set_unusable_password()
                user.save(update_fields=["password"])
                if role:
                    user.groups.add(Group.objects.get(name=role))
            self.known[username] = user
        return self.known[username]


def moment(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None


def restore_moment(instance, field: str, text: str | None) -> None:
    """Put back a time the database sets by itself on save (``auto_now``), as the export recorded it."""
    if text:
        type(instance).objects.filter(pk=instance.pk).update(**{field: moment(text)})
