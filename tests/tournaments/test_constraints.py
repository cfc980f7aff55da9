"""What the database itself refuses, whatever code path tries: the last line behind the services."""

import pytest
from django.db import IntegrityError, transaction

from fleets.services import FleetInUse, fleet_delete
from tests.tournaments.factories import EventFactory
from tournaments.models import Match, MatchSide, ResultReport, Round
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db


@pytest.fixture
def paired(enter):
    event = EventFactory()
    for _ in range(4):
        enter(event)
    event_start(event=event)
    return event, round_pair_next(event=event, by=event.organizer)


def refused(create) -> bool:
    try:
        with transaction.atomic():
            create()
    except IntegrityError:
        return True
    return False


def test_one_round_per_number(paired):
    event, round_ = paired
    assert refused(lambda: Round.objects.create(event=event, number=round_.number))


def test_one_result_per_match_side(paired):
    _, round_ = paired
    side = MatchSide.objects.filter(round=round_).first()
    other = MatchSide.objects.exclude(match=side.match).filter(round=round_).first()
    assert refused(
        lambda: MatchSide.objects.create(
            match=side.match, round=round_, registration=other.registration, seat=side.seat
        )
    )


def test_a_player_sits_at_one_table_per_round(paired):
    _, round_ = paired
    side = MatchSide.objects.filter(round=round_).first()
    table = Match.objects.create(round=round_, table=99)
    assert refused(lambda: MatchSide.objects.create(match=table, round=round_, registration=side.registration, seat=1))


def test_one_report_per_match_side(paired):
    event, round_ = paired
    match = Match.objects.filter(round=round_).first()
    ResultReport.objects.create(match=match, seat=1, reported_by=event.organizer, result={"winner": 1})
    assert refused(lambda: ResultReport.objects.create(match=match, seat=1, reported_by=event.organizer, result={}))


def test_a_submitted_fleet_cannot_be_deleted(enter):
    registration = enter(EventFactory())
    with pytest.raises(FleetInUse):
        fleet_delete(fleet=registration.fleet_version.fleet)
