"""The campaign pages: who may see and record what, and what the pages show.

A campaign is seen only by its organizer and its players; anyone else is told
nothing (404). Its players only look (recording is a 403); the organizer records.
"""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games.starship_command.models import Campaign, CampaignEntry, CampaignPlayer
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.tournaments.campaigns.factories import fate

pytestmark = pytest.mark.django_db

RECORDING = ("add_player", "purchase", "repair", "transfer", "battle")


@pytest.fixture
def users(desk):
    return {
        "anonymous": AnonymousUser(),
        "outsider": PlayerFactory(),
        "other_organizer": OrganizerFactory(),
        "campaign_player": desk.players["ann"].user,
        "organizer": desk.campaign.organizer,
    }


def url(desk, name: str) -> str:
    pk, ann = desk.campaign.pk, desk.players["ann"].pk
    args = {"list": [], "create": [], "detail": [pk], "add_player": [pk], "battle": [pk]}.get(name, [pk, ann])
    return reverse(f"tournaments:campaigns:{name}", args=args)


def client_for(user) -> Client:
    client = Client()
    if user.is_authenticated:
        client.force_login(user)
    return client


def answer(response) -> str:
    if response.status_code == 302 and response.url.startswith(reverse("login")):
        return "login"
    return str(response.status_code)


# What each user gets for a GET of each page.
EXPECTED = {
    "anonymous": {"list": "login", "create": "login", "detail": "login", **dict.fromkeys(RECORDING, "login")},
    "outsider": {"list": "200", "create": "403", "detail": "404", **dict.fromkeys(RECORDING, "404")},
    "other_organizer": {"list": "200", "create": "200", "detail": "404", **dict.fromkeys(RECORDING, "404")},
    "campaign_player": {"list": "200", "create": "403", "detail": "200", **dict.fromkeys(RECORDING, "403")},
    "organizer": {"list": "200", "create": "200", "detail": "200", **dict.fromkeys(RECORDING, "200")},
}


@pytest.mark.parametrize("who", EXPECTED)
def test_who_may_see_each_page(desk, users, who):
    desk.buy("ann", "Saratoga")  # so ann has a ship to repair and to give
    client = client_for(users[who])
    got = {name: answer(client.get(url(desk, name))) for name in EXPECTED[who]}
    assert got == EXPECTED[who]


@pytest.mark.parametrize("who", ["anonymous", "outsider", "other_organizer", "campaign_player"])
def test_only_the_organizer_records_and_a_refused_post_writes_nothing(desk, users, ships, who):
    client = client_for(users[who])
    form = {"seen": 0, "ship": ships["Saratoga"].pk, "username": users["outsider"].username, "race": "packtons"}
    for name in RECORDING:
        assert answer(client.post(url(desk, name), form)) == EXPECTED[who][name]
    assert not CampaignEntry.objects.exists()
    assert CampaignPlayer.objects.filter(campaign=desk.campaign).count() == 3


def test_the_list_shows_the_campaigns_one_runs_or_plays_in(desk, users):
    elsewhere = Campaign.objects.create(name="Far Away", organizer=users["other_organizer"])
    for who, sees in (("campaign_player", True), ("organizer", True), ("outsider", False)):
        text = client_for(users[who]).get(url(desk, "list")).text
        assert (desk.campaign.name in text, elsewhere.name in text) == (sees, False), who


def test_an_organizer_creates_a_campaign_and_adds_players(client):
    organizer, ann = OrganizerFactory(), PlayerFactory(username="ann")
    client.force_login(organizer)
    response = client.post(reverse("tournaments:campaigns:create"), {"name": "Rim War", "battles": 3})
    campaign = Campaign.objects.get(name="Rim War")
    assert response.url == reverse("tournaments:campaigns:detail", args=[campaign.pk])
    assert campaign.organizer == organizer
    add = reverse("tournaments:campaigns:add_player", args=[campaign.pk])
    assert "No account is called" in client.post(add, {"username": "nobody", "race": "packtons"}).text
    client.post(add, {"username": "ANN", "race": "packtons"})
    assert list(campaign.players.values_list("user", "race")) == [(ann.pk, "packtons")]
    again = client.post(add, {"username": "ann", "race": "shiltons"})
    assert "ann already plays in this campaign." in again.text


def test_the_purchase_form_offers_the_players_race_for_sale(desk, ships, client):
    desk.buy("ann", "Saratoga")
    client.force_login(desk.campaign.organizer)
    offered = client.get(url(desk, "purchase")).context["form"].fields["ship"].queryset
    assert sorted(ship.name for ship in offered) == ["Hornet", "Lexington", "Repulse", "Valiant"]


def test_a_purchase_through_the_page_and_the_page_after_it(desk, ships, client):
    client.force_login(desk.campaign.organizer)
    response = client.post(url(desk, "purchase"), {"seen": 0, "ship": ships["Saratoga"].pk})
    assert response.url == url(desk, "detail")
    page = client.get(url(desk, "detail"))
    assert page.context["page"].sheets[0].bank == 121
    assert "ann buys Saratoga (cruiser) for 29 points." in page.text


def test_a_refused_purchase_shows_the_rules_message_and_writes_nothing(desk, ships, client):
    """Buying your fleet: cat's 150 points buy Tiger, Jaguar, Kraken and Ocelot (138), not Lynx (16) too."""
    for name in ("Tiger", "Jaguar", "Kraken", "Ocelot"):
        desk.buy("cat", name)
    client.force_login(desk.campaign.organizer)
    purchase = reverse("tournaments:campaigns:purchase", args=[desk.campaign.pk, desk.players["cat"].pk])
    response = client.post(purchase, {"seen": 4, "ship": ships["Lynx"].pk})
    assert response.status_code == 200
    assert "Lynx costs 16 points, but only 12 points are available." in response.text
    assert CampaignEntry.objects.count() == 4


def battle_post(client, desk, fates: dict[str, dict], seen: int) -> dict:
    """The battle form's POST data: the named ships' fates, every other ship left at the starbase."""
    form = client.get(url(desk, "battle")).context["form"]
    data = {"seen": seen}
    for row in form.rows:
        chosen = fates.get(row.holding.ship.name, {})
        data |= {f"{row.prefix}-shield_damage": 0, f"{row.prefix}-structure_damage": 0, f"{row.prefix}-fate": ""}
        data |= {f"{row.prefix}-{name}": value for name, value in chosen.items()}
    return data


def test_a_battle_result_through_the_page(desk, client):
    for who, ship in (("ann", "Saratoga"), ("bob", "Hornet"), ("cat", "Tiger"), ("cat", "Lynx")):
        desk.buy(who, ship)
    client.force_login(desk.campaign.organizer)
    cat = desk.players["cat"].pk
    fates = {
        "Saratoga": {"fate": "survived", "shield_damage": 4, "structure_damage": 2},
        "Hornet": {"fate": "destroyed", "destroyed_by": cat, "fighters_aboard": "5, 6"},
        "Tiger": {"fate": "retreated", "shield_damage": 3},
    }
    response = client.post(url(desk, "battle"), battle_post(client, desk, fates, seen=4))
    assert response.url == url(desk, "detail")
    page = desk.page()
    assert desk.balances() == {"ann": 171, "bob": 165, "cat": 139}
    assert page.sheets[2].destroyed == 35 + 11
    assert page.ledger[-1].description == (
        "Saratoga (ann) survived, 4 shield and 2 Structure damage. "
        "Hornet (bob) destroyed by cat, fighters worth 5 + 6 aboard. "
        "Tiger (cat) retreated, 3 shield and 0 Structure damage."
    )
    stale = client.post(url(desk, "battle"), battle_post(client, desk, {}, seen=4))
    assert "The ledger has changed since this form was opened" in stale.text
    assert CampaignEntry.objects.count() == 5


def test_a_battle_form_with_bad_fighters_is_not_recorded(desk, client):
    desk.buy("bob", "Hornet")
    client.force_login(desk.campaign.organizer)
    data = battle_post(client, desk, {"Hornet": {"fate": "survived", "fighters_aboard": "five"}}, seen=1)
    assert "List the squadrons" in client.post(url(desk, "battle"), data).text
    assert CampaignEntry.objects.count() == 1


def test_players_see_the_page_without_the_recording_buttons(desk, client):
    desk.buy("ann", "Saratoga")
    desk.battle(fate("Saratoga", "ann", "survived", shield_damage=2))
    client.force_login(desk.players["bob"].user)
    text = client.get(url(desk, "detail")).text
    assert "Battle 1" in text and "Saratoga (ann) survived" in text
    assert url(desk, "battle") not in text and url(desk, "purchase") not in text
    client.force_login(desk.campaign.organizer)
    text = client.get(url(desk, "detail")).text
    assert url(desk, "battle") in text and url(desk, "repair") in text


def test_the_campaign_page_costs_the_same_queries_however_long_the_ledger(desk, client):
    client.force_login(desk.players["ann"].user)
    desk.buy("ann", "Saratoga")
    client.get(url(desk, "detail"))  # the first request of a session does its own extra work
    with CaptureQueriesContext(connection) as short:
        client.get(url(desk, "detail"))
    for ship in ("Valiant", "Repulse"):
        desk.buy("ann", ship)
    desk.battle(fate("Saratoga", "ann", "survived"), fate("Valiant", "ann", "retreated"))
    with CaptureQueriesContext(connection) as long:
        client.get(url(desk, "detail"))
    assert len(long) == len(short)


def test_seed_002_the_organizer_voids_an_entry_with_a_reason_and_a_player_joins_between_battles(desk, ships, client):
    desk.buy("ann", "Valiant")
    client.force_login(desk.campaign.organizer)
    page = client.get(url(desk, "detail")).text
    void = reverse("tournaments:campaigns:void", args=[desk.campaign.pk, 1])
    assert void in page
    form = client.get(void).text
    assert "ann buys Valiant" in form
    assert client.post(void, {"seen": 1, "reason": ""}).status_code == 200
    response = client.post(void, {"seen": 1, "reason": "bought the wrong ship"})
    assert response.url == url(desk, "detail")
    page = client.get(url(desk, "detail"))
    assert page.context["page"].sheets[0].bank == 150
    assert "Entry 1 is void: bought the wrong ship" in page.text and "<del>" in page.text
    add = reverse("tournaments:campaigns:add_player", args=[desk.campaign.pk])
    assert "A player joins" in page.text
    PlayerFactory(username="eve")
    client.post(add, {"username": "eve", "race": "packtons"})
    sheets = client.get(url(desk, "detail")).context["page"].sheets
    assert {sheet.player.user.username: sheet.bank for sheet in sheets}["eve"] == 150
