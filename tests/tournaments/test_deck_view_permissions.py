"""The deck games' event views, asked by each kind of user: who gets through and who is refused.

The world is a running Wing Commander event with hidden lists: round 1 pairs
``player`` and ``other_player`` at different tables. The users are those of
``test_view_permissions``: anonymous, the two players, the event's judge,
another event's judge, the event's organizer and another organizer.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.urls import reverse

from tests.accounts.factories import JudgeFactory, OrganizerFactory, PlayerFactory
from tests.tournaments.access_check import got_through
from tests.tournaments.deck_games import deck_event, enter_with_decks
from tournaments.models import MatchSide
from tournaments.services import event_start, round_pair_next, round_swap_players

pytestmark = pytest.mark.django_db

EVERYONE = {"anonymous", "player", "other_player", "judge", "other_judge", "organizer", "other_organizer"}
STAFF = {"judge", "organizer"}


@pytest.fixture
def world(player, other_player):
    organizer, judge = OrganizerFactory(), JudgeFactory()
    event = deck_event("wing-commander", organizer=organizer)
    event.judges.add(judge)
    other = deck_event("wing-commander")
    other_judge = JudgeFactory()
    other.judges.add(other_judge)
    entries = {"player": enter_with_decks(event, player), "other_player": enter_with_decks(event, other_player)}
    extra = [enter_with_decks(event, PlayerFactory()) for _ in range(2)]
    event_start(event=event)
    round_ = round_pair_next(event=event, by=organizer)
    sides = {side.registration_id: side for side in MatchSide.objects.filter(round=round_)}
    if sides[entries["player"].pk].match_id == sides[entries["other_player"].pk].match_id:
        round_swap_players(round_=round_, first=entries["other_player"], second=extra[0], allow_rematch=True)
    match = MatchSide.objects.get(round=round_, registration=entries["player"]).match
    users = {
        "anonymous": AnonymousUser(),
        "player": player,
        "other_player": other_player,
        "judge": judge,
        "other_judge": other_judge,
        "organizer": organizer,
        "other_organizer": other.organizer,
    }
    return {"event": event, "entries": entries, "match": match, "users": users}


def url(world, name: str) -> str:
    pk, entries = world["event"].pk, world["entries"]
    own, hidden = entries["player"], entries["other_player"]
    return {
        "submit_decks": reverse("tournaments:submit_decks", args=[pk]),
        "set_club": reverse("tournaments:set_club", args=[pk, own.pk]),
        "decks": reverse("tournaments:decks", args=[pk, hidden.pk]),
        "deck_sheet": reverse("tournaments:deck_sheet", args=[pk, hidden.pk, hidden.decks.get(slot="terran").pk]),
        "match": reverse("tournaments:match", args=[pk, world["match"].pk]),
    }[name]


# (view, method, who gets through). Refused means 403, 404 or, for anonymous, the log-in page.
CASES = [
    ("submit_decks", "get", {"player", "other_player"}),
    ("submit_decks", "post", {"player", "other_player"}),
    ("set_club", "post", STAFF | {"player"}),
    ("decks", "get", STAFF | {"other_player"}),
    ("deck_sheet", "get", STAFF | {"other_player"}),
    ("match", "get", STAFF | {"player"}),
    ("match", "post", STAFF | {"player"}),
]
# The URL names these cases cover (test_view_permissions checks every URL of the app is covered somewhere).
COVERED = {view for view, _, _ in CASES}


@pytest.mark.parametrize(("view", "method", "allowed"), CASES, ids=[f"{v}-{m}" for v, m, _ in CASES])
def test_who_may_use_each_deck_view(world, view, method, allowed):
    assert {who for who in sorted(EVERYONE) if got_through(world["users"][who], method, url(world, view))} == allowed


def test_a_paired_opponent_sees_the_decks_once_the_event_runs(world, client):
    opponent = next(s for s in world["match"].sides.all() if s.registration.player != world["users"]["player"])
    client.force_login(world["users"]["player"])
    page = client.get(reverse("tournaments:decks", args=[world["event"].pk, opponent.registration_id]))
    assert page.status_code == 200
    assert opponent.registration.decks.get(slot="kilrathi").code in page.text


def test_public_lists_show_every_deck_once_the_event_runs(world, client):
    type(world["event"]).objects.filter(pk=world["event"].pk).update(lists_public=True)
    assert client.get(url(world, "decks")).status_code == 200
    assert client.get(url(world, "deck_sheet")).status_code == 302  # the sheet still needs its player or staff


def test_a_player_sets_only_their_own_club(world, client):
    client.force_login(world["users"]["player"])
    hidden = world["entries"]["other_player"]
    client.post(reverse("tournaments:set_club", args=[world["event"].pk, hidden.pk]), {"club": "Mine"})
    hidden.refresh_from_db()
    assert hidden.club == ""
