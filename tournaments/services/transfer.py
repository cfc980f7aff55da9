"""Importing an event exported as JSON (:func:`tournaments.exports.event_json`), for instance to
move it to another site or to keep an archive that can be looked at again.

Results are restored as they were recorded, never recomputed: the export is the
record of what happened. Accounts named in the file that do not exist here are
created without a usable password (their owners can set one through a password
reset), a missing organizer or judge with that role; an existing account named as
organizer or judge must hold the role already. A walk-in becomes a new walk-in of
this site, entered by the event's organizer, whatever username the export gave them.
Each player's fleet becomes a new fleet of theirs holding the exported list.
Submitted decks of the deck games come back as the event's frozen copies, linked
to no deck of the player's (the export does not carry that link). The event's store is
this site's store of that name and town, which its organizer must organize already, or
a store the import opens with the file's details, organized by the event's organizer and
judged by the event's judges. The judges are set as every service sets them
(:func:`tournaments.services.events.set_judges`): at a store this site has, only its judges.

The whole file is read and checked first (:mod:`tournaments.serializers`), so a
file with anything wrong is refused with every problem, and nothing is written.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import DatabaseError, transaction
from django.utils.translation import gettext

from accounts.permissions import has_role
from accounts.roles import JUDGE, ORGANIZER, PLAYER
from accounts.services import AccountError, guest_create
from fleets.services import FleetError, fleet_create, fleet_lock, fleet_version_judge
from stores.errors import StoreError
from stores.models import StoreRoleKind
from stores.services import store_appoint, store_create
from stores.transfer import DETAILS

from ..errors import TournamentError
from ..models import Event, MatchSide
from ..serializers import EventFile, Problems, Record, event_from_dict
from .event_rules import CHECKED, event_problems
from .events import set_judges
from .final_standings import final_results_store


class ImportRefused(TournamentError):
    """The file is not an event export this site can import; ``problems`` says why, one line each
    (the first :data:`tournaments.serializers.MAX_PROBLEMS` of ``count``)."""

    def __init__(self, problems: list[str], count: int | None = None) -> None:
        super().__init__(
            gettext("This is not an event export this site can import: %(problems)s")
            % {"problems": "; ".join(problems)}
        )
        self.problems = problems
        self.count = len(problems) if count is None else count


def event_import(*, data: object, organizer=None) -> Event:
    """Recreate the exported event; ``organizer`` (default: the exported organizer's account) runs it.

    The whole file is checked first: a file with anything wrong is refused with
    every problem found (:class:`ImportRefused`), and nothing is created.
    """
    problems = Problems()
    record = event_from_dict(data, problems)
    if record is not None:
        _check_accounts(record, organizer, problems)
    if problems:
        raise ImportRefused(problems.lines, problems.count)
    try:
        with transaction.atomic():
            return _write(record, organizer)
    except FleetError as error:
        raise ImportRefused(
            [gettext("a fleet in the export cannot be restored: %(error)s") % {"error": error.message}]
        ) from None
    except AccountError as error:
        raise ImportRefused(
            [gettext("a walk-in in the export cannot be restored: %(error)s") % {"error": error}]
        ) from None
    except StoreError as error:
        raise ImportRefused([gettext("the event's store cannot be opened: %(error)s") % {"error": error}]) from None
    except TournamentError as error:  # a judge the event may not have (set_judges), say
        raise ImportRefused([gettext("the event cannot be restored: %(error)s") % {"error": error.message}]) from None
    except DatabaseError as error:  # what the checks above did not foresee; the transaction is rolled back
        raise ImportRefused(
            [gettext("the database refused the event: %(error)s") % {"error": " ".join(str(error).split())}]
        ) from None


def _check_accounts(record: EventFile, organizer, problems: Problems) -> None:
    """Staff named in the file who have an account here must hold the role (missing ones are created with
    it); the event's settings keep the rules every event keeps (:mod:`.event_rules`), its store too."""
    event = record.event
    staff = [(name, JUDGE, "event.judges") for name in event.many_users.get("judges", [])]
    if organizer is None:
        staff.append((event.users["organizer"], ORGANIZER, "event.organizer"))
    users = get_user_model().objects.filter(username__in={name for name, _, _ in staff}).prefetch_related("groups")
    existing = {user.get_username(): user for user in users}
    for name, role, where in staff:
        if name in existing and not has_role(existing[name], role):
            problems.add(
                where, gettext("%(name)s does not hold the %(role)s role here") % {"name": repr(name), "role": role}
            )
    runner = organizer or existing.get(event.users["organizer"])
    fields = {name: getattr(event.instance, name) for name in CHECKED if name != "store"}
    for name, why in event_problems(organizer=runner, store=event.extra["store"], **fields).items():
        problems.add(f"event.{name}", why)


def _write(record: EventFile, organizer) -> Event:
    accounts = Accounts()
    runner = {"organizer": organizer} if organizer else {}
    event = _save(record.event, accounts, roles={"organizer": ORGANIZER}, **runner)
    judges = [accounts.get(name, role=JUDGE) for name in record.event.many_users.get("judges", [])]
    store = record.event.extra["store"]
    if store is not None:
        if store.pk is None:
            details = {name: getattr(store, name) for name in DETAILS}
            store = store_create(first_organizer=event.organizer, by=None, **details)
            for judge in judges:
                store_appoint(store=store, person=judge, role=StoreRoleKind.JUDGE, by=None)
        event.store = store
        event.save(update_fields=["store"])
    set_judges(event, judges, by=None)
    for entry in record.players:
        if "walk_in" in entry.extra:  # known by this new account wherever the file names their username
            walk_in = guest_create(name=entry.extra["walk_in"], created_by=event.organizer)
            accounts.known[entry.users["player"]] = walk_in
    registrations = {entry.users["player"]: _registration(event, entry, accounts) for entry in record.players}
    matches = {}
    for round_record in record.rounds:
        round_ = _save(round_record, accounts, event=event)
        for match_record in round_record.children["matches"]:
            match = _save(match_record, accounts, round=round_)
            matches.setdefault((round_.number, match.table), match)
            sides = []
            for side in match_record.children["sides"]:
                side.instance.match, side.instance.round = match, round_
                side.instance.registration = registrations[side.players["registration"]]
                sides.append(side.instance)
            MatchSide.objects.bulk_create(sides)
            for report in match_record.children["reports"]:
                _save(report, accounts, match=match)
    for change in record.history:
        _save(change, accounts, match=matches[change.extra["match"]])
    for change in record.submissions:
        _save(change, accounts, event=event)
    for change in (*record.staff, *record.paired_again):
        _save(change, accounts, event=event)
    for award in record.awards:
        _save(award, accounts, event=event, winner=registrations.get(award.players.get("winner")))
    final_results_store(event=event)  # a finished event arrives with its final lines and ratings, as on finishing
    return event


def _registration(event: Event, entry: Record, accounts: Accounts):
    player = accounts.get(entry.users["player"], role=PLAYER)
    version = None
    if "fleet" in entry.extra:
        name, content, code = entry.extra["fleet"]  # the code printed on the event's sheets stays theirs
        fleet = fleet_create(owner=player, name=name, faction="", content=content, code=code)
        version = fleet.current_version
        if version is not None:  # priced as it enters the event here: the sheets this site prints keep it
            fleet_version_judge(version=version, format=event.format)
        if event.has_started:
            fleet_lock(fleet=fleet)
    registration = _save(entry, accounts, roles={"player": PLAYER}, event=event, fleet_version=version)
    for deck in entry.children["decks"]:
        _save(deck, accounts, registration=registration)
    return registration


def _save(record: Record, accounts: Accounts, roles: dict[str, str] | None = None, **fields):
    """Save the record's row with ``fields`` and its accounts; put back the times the database set itself."""
    instance = record.instance
    for name, username in record.users.items():
        if name not in fields:
            setattr(instance, name, accounts.get(username, role=(roles or {}).get(name)) if username else None)
    for name, value in fields.items():
        setattr(instance, name, value)
    instance.save()
    if record.moments:
        type(instance).objects.filter(pk=instance.pk).update(**record.moments)
        for name, value in record.moments.items():
            setattr(instance, name, value)
    return instance


class Accounts:
    """Accounts by username, created (without a usable password, with ``role``) when missing; looked up once each."""

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
