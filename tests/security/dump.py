"""Everything the database holds about one event, with row ids replaced by what they stand for.

Two events dump equal when every column of every row of theirs is equal: the
event, its judges, registrations, submitted decks, rounds, tables, seats,
reports, result history, submission history and whatever else the tournaments
app keeps per event. A row id (which differs between a site and the copy of its
event) becomes the thing it points at: a username, a round number, a table, a
fleet version's list. A column whose foreign key this module cannot put into
words fails loudly, so a new kind of row is added here rather than skipped; only
the links to a site's own data that no export carries (``SITE_LINKS``) are left out.
"""

from __future__ import annotations

from datetime import date, datetime

from django.apps import apps
from django.contrib.auth import get_user_model
from django.db import models

from fleets.models import FleetVersion
from tournaments.models import Event, Match, Registration, Round

# How each kind of tournaments row reaches its event.
EVENT_PATHS = ("event", "registration__event", "round__event", "match__round__event")
# Tables of the tournaments app that belong to no event (Starship Command campaigns run on their own).
NOT_EVENT_DATA = {"tournaments.Campaign", "tournaments.CampaignPlayer", "tournaments.CampaignEntry"}
# Tables an export leaves out by design: Best Sportsmanship ballots are secret and stay on their site.
NOT_EXPORTED = {"tournaments.SportsmanshipVote"}
# Columns of event rows that point at a site's own data, which the export does not carry: a submitted
# deck's copy is the event's, but the player's deck it came from stays on its site (tournaments/exports.py).
SITE_LINKS = {"tournaments.SubmittedDeck": {"deck"}}


def natural(instance) -> object:
    """What a foreign key stands for, without its id."""
    if isinstance(instance, get_user_model()):
        return instance.get_username()
    if isinstance(instance, Event):
        return "the event"
    if isinstance(instance, Registration):
        return f"entry of {instance.player.get_username()}"
    if isinstance(instance, Round):
        return f"round {instance.number}"
    if isinstance(instance, Match):
        return f"round {instance.round.number}, table {instance.table}"
    if isinstance(instance, FleetVersion):
        return {
            "fleet": instance.fleet.name,
            "content": instance.content,
            "code": instance.code,
            "total": instance.total,
            "legal": instance.legal,
        }
    raise AssertionError(f"the dump cannot name a {type(instance).__name__}: add it to tests/security/dump.py")


def value(instance, field: models.Field) -> object:
    if field.is_relation:
        related = getattr(instance, field.name)
        return None if related is None else natural(related)
    raw = getattr(instance, field.attname)
    return raw.isoformat() if isinstance(raw, datetime | date) else raw


def row(instance) -> dict:
    left_out = SITE_LINKS.get(instance._meta.label, set())
    return {
        field.name: value(instance, field)
        for field in instance._meta.concrete_fields
        if not field.primary_key and field.name not in left_out
    }


def rows_of(model, event: Event) -> list[dict]:
    if model is Event:
        queryset = Event.objects.filter(pk=event.pk)
    else:
        names = {field.name for field in model._meta.concrete_fields}
        path = next((path for path in EVENT_PATHS if path.split("__")[0] in names), None)
        assert path is not None, f"how does a {model._meta.label} row reach its event? Add it to tests/security/dump.py"
        queryset = model.objects.filter(**{path: event})
    dumped = [row(instance) for instance in queryset]
    return sorted(dumped, key=repr)


def event_dump(event: Event) -> dict[str, list[dict]]:
    return {
        model._meta.label: rows_of(model, event)
        for model in apps.get_app_config("tournaments").get_models(include_auto_created=True)
        if model._meta.label not in NOT_EVENT_DATA | NOT_EXPORTED
    }
