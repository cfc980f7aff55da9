"""What every test game's event does through the site before its own lists and results: the event made
by its organizer on the event form, and started with every registered player checked in."""

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from tournaments.models import Event


def create_event(client, organizer, *, name: str, game_format: str, settings: dict | None = None) -> Event:
    """The organizer's event of ``game_format`` (``"<game key>:<format>"``), two rounds tomorrow, with the
    game's own ``settings`` as its part of the event form takes them (``<game key>-<setting>``)."""
    client.force_login(organizer)
    response = client.post(
        reverse("tournaments:create"),
        {
            "name": name,
            "game_format": game_format,
            "date": (timezone.localdate() + timedelta(days=1)).isoformat(),
            "planned_rounds": 2,
            "round_minutes": 10,
            "top_cut": 0,
            "win_points": 3,
            "tie_points": 1,
            "loss_points": 0,
            "tiebreaks": "default",
            **(settings or {}),
        },
    )
    assert response.status_code == 302, response.text
    return Event.objects.get(name=name)


def check_in_and_start(client, event: Event) -> None:
    """The organizer checks every registered player in and starts the event."""
    client.force_login(event.organizer)
    for registration in event.registrations.all():
        client.post(reverse("tournaments:check_in", args=[event.pk, registration.pk]))
    client.post(reverse("tournaments:start", args=[event.pk]))
