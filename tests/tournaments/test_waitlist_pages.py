"""The cap, the waitlist, the entry fee and the prize support on the event pages and the event form."""

from html import unescape

import pytest
from django.core import mail
from django.urls import reverse

from tests.accounts.factories import PlayerFactory
from tests.tournaments.factories import EventFactory
from tests.tournaments.test_event_views import event_form
from tournaments.models import Event
from tournaments.services import registration_add, registration_sign_up

pytestmark = pytest.mark.django_db


def page(client, event) -> str:
    return unescape(client.get(reverse("tournaments:event", args=[event.pk])).text)


def test_the_cap_and_the_waitlist_show_on_the_event_list_and_page(client):
    event = EventFactory(player_cap=2, name="Capped Open")
    for _ in range(3):
        registration_sign_up(event=event, player=PlayerFactory())
    assert "2 of 2, 1 waiting" in unescape(client.get(reverse("tournaments:list")).text)
    shown = page(client, event)
    assert "2 of 2, 1 waiting" in shown and "full, new players join the waitlist" in shown


def test_a_player_past_the_cap_joins_the_waitlist_and_sees_their_place(client):
    event = EventFactory(player_cap=1)
    registration_sign_up(event=event, player=PlayerFactory())
    registration_sign_up(event=event, player=PlayerFactory())
    player = PlayerFactory()
    client.force_login(player)
    assert "Join the waitlist" in page(client, event)
    response = client.post(reverse("tournaments:register", args=[event.pk]), follow=True)
    assert "you are on the waitlist" in unescape(response.text)
    assert "You are number 2 on the waitlist" in page(client, event)
    client.post(reverse("tournaments:withdraw", args=[event.pk]))
    assert not event.waitlist.filter(player=player).exists()


def test_a_withdrawal_through_the_page_promotes_and_mails_with_a_full_link(client, django_capture_on_commit_callbacks):
    event = EventFactory(player_cap=1)
    leaving = PlayerFactory()
    registration_sign_up(event=event, player=leaving)
    waiting = registration_sign_up(event=event, player=PlayerFactory())
    client.force_login(leaving)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("tournaments:withdraw", args=[event.pk]))
    assert event.registrations.get().player == waiting.player
    (message,) = mail.outbox
    assert f"http://testserver{reverse('tournaments:event', args=[event.pk])}" in message.body


def test_the_organizer_promotes_and_removes_from_the_page(client):
    event = EventFactory(player_cap=1)
    registration_sign_up(event=event, player=PlayerFactory())
    first = registration_sign_up(event=event, player=PlayerFactory())
    second = registration_sign_up(event=event, player=PlayerFactory())
    client.force_login(event.organizer)
    shown = page(client, event)
    assert f"Register {first.name} from the waitlist" in shown
    assert "Players you add here may go over the cap of 1 (the event is full)" in shown
    client.post(reverse("tournaments:waitlist_promote", args=[event.pk, first.pk]))
    client.post(reverse("tournaments:waitlist_remove", args=[event.pk, second.pk]))
    assert event.registrations.count() == 2 and not event.waitlist.exists()
    response = client.post(reverse("tournaments:waitlist_remove", args=[event.pk, second.pk]))
    assert response.status_code == 404


def test_the_desk_ticks_who_paid_and_the_start_summary_counts_them(client, enter):
    event = EventFactory(entry_fee="10 EUR")
    paying, other = enter(event), enter(event)
    client.force_login(event.organizer)
    shown = page(client, event)
    assert "10 EUR" in shown and f"Mark {paying.name} as paid" in shown
    client.post(reverse("tournaments:set_paid", args=[event.pk, paying.pk]), {"paid": "1"})
    paying.refresh_from_db(), other.refresh_from_db()
    assert paying.paid and not other.paid
    summary = unescape(client.get(reverse("tournaments:start", args=[event.pk])).text)
    assert "1 of the 2 players starting paid the entry fee (10 EUR)" in summary
    client.post(reverse("tournaments:set_paid", args=[event.pk, paying.pk]), {"paid": "0"})
    paying.refresh_from_db()
    assert not paying.paid


def test_a_player_cannot_tick_their_own_payment(client, enter):
    event = EventFactory(entry_fee="10 EUR")
    registration = enter(event)
    client.force_login(registration.player)
    response = client.post(reverse("tournaments:set_paid", args=[event.pk, registration.pk]), {"paid": "1"})
    registration.refresh_from_db()
    assert response.status_code == 403 and not registration.paid


def test_the_form_takes_a_cap_a_fee_and_prizes(client, organizer):
    client.force_login(organizer)
    client.post(
        reverse("tournaments:create"),
        event_form(player_cap=16, top_cut=16, entry_fee="$15", prize_support="1st: booster box\n2nd: playmat"),
    )
    event = Event.objects.get()
    assert (event.player_cap, event.top_cut, event.entry_fee) == (16, 16, "$15")
    shown = page(client, event)
    assert "0 of 16" in shown and "$15" in shown and "1st: booster box<br>2nd: playmat" in shown


def test_the_form_refuses_a_cut_larger_than_the_cap_in_words(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("tournaments:create"), event_form(player_cap=6, top_cut=8))
    assert "A top 8 needs at least 8 players, and the cap allows 6. Choose a smaller cut" in unescape(response.text)
    assert not Event.objects.exists()


def test_the_form_refuses_a_cap_below_two(client, organizer):
    client.force_login(organizer)
    response = client.post(reverse("tournaments:create"), event_form(player_cap=1))
    assert "greater than or equal to 2" in response.text and not Event.objects.exists()


def test_staff_may_add_a_player_over_the_cap_from_the_page(client):
    event = EventFactory(player_cap=1)
    registration_add(event=event, player=PlayerFactory())
    client.force_login(event.organizer)
    client.post(reverse("tournaments:add_player", args=[event.pk]), {"walk_in_name": "Walk-in Wendy"})
    assert event.registrations.count() == 2
