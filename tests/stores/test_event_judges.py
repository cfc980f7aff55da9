"""Who may judge an event held at a store: the store's judges (and whoever already judges the event),
never another store's; the event form offers only them, and the services refuse anyone else, so no
way in (the form, appointing by username, an import) gets around the rule (tournaments.access)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from stores.models import StoreRoleKind
from stores.services import store_appoint
from tests.accounts.factories import JudgeFactory
from tests.stores.test_store_transfer import exported, imported, refused
from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_views import event_form
from tournaments.access import eligible_judges
from tournaments.errors import TournamentError
from tournaments.models import Event, StaffChange
from tournaments.services import event_appoint_judge

pytestmark = pytest.mark.django_db


@pytest.fixture
def at_store_a(store_a):
    store, organizer, _ = store_a
    return EventFactory(name="Promenade Open", organizer=organizer, store=store)


def offered(client, url) -> list:
    return list(client.get(url).context["form"].fields["judges"].queryset)


def test_the_event_form_offers_the_stores_judges_and_no_other_stores(client, store_a, store_b, at_store_a):
    (_, organizer_a, judge_a), (_, _, judge_b) = store_a, store_b
    site_judge = JudgeFactory()  # holds the role, judges at no store
    client.force_login(organizer_a)
    assert offered(client, reverse("tournaments:create")) == [judge_a]
    assert offered(client, reverse("tournaments:edit", args=[at_store_a.pk])) == [judge_a]
    at_store_a.judges.add(site_judge)  # appointed before: editing the event keeps them
    assert set(offered(client, reverse("tournaments:edit", args=[at_store_a.pk]))) == {judge_a, site_judge}
    assert judge_b not in eligible_judges(stores=[at_store_a.store_id], event=at_store_a)


def test_an_event_at_no_store_may_have_any_judge_of_the_site(store_b):
    _, _, judge_b = store_b
    garage = EventFactory(name="Garage Open")
    assert judge_b in eligible_judges(stores=None, event=garage)


def test_the_form_refuses_another_stores_judge_and_creates_nothing(client, store_a, store_b):
    (a, organizer_a, judge_a), (_, _, judge_b) = store_a, store_b
    client.force_login(organizer_a)
    response = client.post(reverse("tournaments:create"), event_form(store=a.pk, judges=[judge_b.pk]))
    assert response.status_code == 200 and "judges" in response.context["form"].errors
    assert not Event.objects.exists()
    client.post(reverse("tournaments:create"), event_form(store=a.pk, judges=[judge_a.pk]))
    assert list(a.events.get().judges.all()) == [judge_a]


def test_the_service_refuses_another_stores_judge(store_b, at_store_a):
    _, _, judge_b = store_b
    with pytest.raises(TournamentError, match=f"{judge_b.username} may not judge this event"):
        event_appoint_judge(event=at_store_a, judge=judge_b, by=at_store_a.organizer)
    assert not at_store_a.judges.exists() and not StaffChange.objects.exists()


def test_appointing_by_username_says_why_and_changes_nothing(client, store_b, at_store_a):
    _, _, judge_b = store_b
    client.force_login(at_store_a.organizer)
    url = reverse("tournaments:appoint_judge", args=[at_store_a.pk])
    page = client.post(url, {"username": judge_b.username}, follow=True).content.decode()
    assert f"{judge_b.username} may not judge this event" in page and not at_store_a.judges.exists()


def test_an_import_cannot_make_another_stores_judge_judge_here(store_b, at_store_a, tmp_path):
    _, _, judge_b = store_b
    data = exported(at_store_a)
    data["event"]["judges"] = [judge_b.username]
    assert f"{judge_b.username} may not judge this event" in refused(tmp_path, data)


def test_an_import_that_opens_a_store_makes_the_events_judges_its_judges(store_b, at_store_a, tmp_path):
    _, _, judge_b = store_b
    data = exported(at_store_a)
    data["event"]["store"] |= {"name": "Quark's Back Room"}
    data["event"]["judges"] = [judge_b.username]
    copy = imported(tmp_path, data)
    assert list(copy.judges.all()) == [judge_b]
    assert copy.store.roles.get(person=judge_b).role == StoreRoleKind.JUDGE


def test_a_judge_the_store_appoints_is_offered_at_once(client, store_a, at_store_a):
    store, organizer_a, judge_a = store_a
    newcomer = JudgeFactory()
    store_appoint(store=store, person=newcomer, role=StoreRoleKind.JUDGE, by=organizer_a)
    client.force_login(organizer_a)
    assert set(offered(client, reverse("tournaments:edit", args=[at_store_a.pk]))) == {judge_a, newcomer}
