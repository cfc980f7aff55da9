"""Deck pages: who may open them, the builder's htmx and plain-post answers, files and the CSV page."""

import json
import re
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from fleets.decks.services import deck_add_card, deck_create
from fleets.models.deck import Deck
from games.wing_commander.models import WingCommanderCard
from tests.accounts.factories import UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(player, arrow):
    return deck_add_card(
        deck=deck_create(owner=player, game="wing-commander", name="Blue Squadron", side="terran"), card=arrow, count=39
    )


def deck_urls(deck):
    pk = deck.pk
    return {
        "builder": ("get", reverse("fleets:decks:builder", args=[pk])),
        "add": ("post", reverse("fleets:decks:add", args=[pk])),
        "line": ("post", reverse("fleets:decks:line", args=[pk])),
        "details": ("post", reverse("fleets:decks:details", args=[pk])),
        "delete": ("get", reverse("fleets:decks:delete", args=[pk])),
        "delete-post": ("post", reverse("fleets:decks:delete", args=[pk])),
        "export_json": ("get", reverse("fleets:decks:export_json", args=[pk])),
        "export_text": ("get", reverse("fleets:decks:export_text", args=[pk])),
        "sheet": ("get", reverse("fleets:decks:sheet", args=[pk])),
    }


def test_anonymous_visitors_are_sent_to_log_in(client, deck):
    pages = {
        **deck_urls(deck),
        "list": ("get", reverse("fleets:decks:list")),
        "create": ("get", reverse("fleets:decks:create", args=["spearpoint"])),
        "import": ("get", reverse("fleets:decks:import")),
        "catalog": ("get", reverse("fleets:decks:catalog_import")),
    }
    for method, url in pages.values():
        response = getattr(client, method)(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url


def test_another_player_gets_404_for_every_deck_page(client, deck, other_player):
    client.force_login(other_player)
    for method, url in deck_urls(deck).values():
        assert getattr(client, method)(url).status_code == 404, url
    assert Deck.objects.filter(pk=deck.pk).exists()
    assert "Blue Squadron" not in client.get(reverse("fleets:decks:list")).text


def unmasked(response) -> str:
    """The page without its CSRF token, which is masked afresh on every answer."""
    return re.sub(r'(csrf-token="|csrfmiddlewaretoken" value=")[^"]+', r"\1", response.content.decode())


@pytest.mark.parametrize("role", ["judge", "organizer", "superuser"])
def test_a_role_holder_gets_the_same_404_for_a_hidden_deck_as_for_no_deck(client, deck, role, request):
    """Uniform answers for hidden things: an Organizer or Judge (who holds no Player role) was told 403
    before the deck was looked for, and so learned it exists; now every deck page answers as for a deck
    that does not exist, whatever the roles."""
    user = UserFactory(is_superuser=True) if role == "superuser" else request.getfixturevalue(role)
    client.force_login(user)
    missing = Deck.objects.order_by("-pk").first().pk + 1
    for name, (method, url) in deck_urls(deck).items():
        hidden = getattr(client, method)(url)
        absent = getattr(client, method)(url.replace(f"/{deck.pk}/", f"/{missing}/"))
        assert (hidden.status_code, unmasked(hidden)) == (404, unmasked(absent)), name
    assert Deck.objects.get(pk=deck.pk).content == deck.content


def test_the_owner_who_lost_the_player_role_is_refused_their_own_deck(client, deck, player):
    """The owner knows the deck exists: they alone are told it is the role they lack (403)."""
    player.groups.clear()
    client.force_login(player)
    for method, url in deck_urls(deck).values():
        assert getattr(client, method)(url).status_code == 403, url


def test_the_owner_opens_every_page(client, deck, player):
    client.force_login(player)
    for name, (method, url) in deck_urls(deck).items():
        if method == "get":
            assert client.get(url).status_code == 200, name
    assert "Blue Squadron" in client.get(reverse("fleets:decks:list")).text


def test_a_user_without_the_player_role_is_refused(client, deck, judge):
    client.force_login(judge)
    assert client.get(reverse("fleets:decks:list")).status_code == 403


def test_creating_a_deck(client, player):
    client.force_login(player)
    url = reverse("fleets:decks:create", args=["starship-command"])
    assert "Race" in client.get(url).text
    response = client.post(url, {"name": "First fleet", "side": "shiltons"})
    fleet = Deck.objects.get(owner=player)
    assert response.url == reverse("fleets:decks:builder", args=[fleet.pk])
    assert fleet.content["race"] == "shiltons"
    assert client.get(reverse("fleets:decks:create", args=["chess"])).status_code == 404


def test_builder_shows_violations_next_to_what_they_concern(client, player, deck, capture_pilot):
    deck_add_card(deck=deck, card=capture_pilot, count=2)
    client.force_login(player)
    html = client.get(reverse("fleets:decks:builder", args=[deck.pk])).text
    summary = html.split('id="deck-summary"')[1].split("</section>")[0]
    assert "DECK_TOO_SMALL" not in summary  # 41 cards
    line = html.split('data-line="Capture Pilot"')[1].split("</li>\n")[0]
    assert "DUPLICATE_LUCK" in line


def test_htmx_change_answers_with_the_builder_fragment(client, player, deck):
    client.force_login(player)
    url = reverse("fleets:decks:line", args=[deck.pk])
    data = {"name": "Arrow", "side": "terran", "count": "39", "chosen": "0", "step": "1"}
    response = client.post(url, data, headers={"HX-Request": "true"})
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<div id="deck-builder"') and "<html" not in response.text
    assert "DECK_TOO_SMALL" not in response.text
    deck.refresh_from_db()
    assert deck.content["cards"][0]["count"] == 40


def test_plain_post_redirects_back_with_errors_as_messages(client, player, deck):
    client.force_login(player)
    url = reverse("fleets:decks:line", args=[deck.pk])
    response = client.post(url, {"name": "Arrow", "side": "terran", "count": "39", "chosen": "3"}, follow=True)
    assert response.redirect_chain == [(reverse("fleets:decks:builder", args=[deck.pk]), 302)]
    assert "MUSTER_OVER_LIMIT" in response.text
    response = client.post(url, {"name": "Nobody", "side": "terran", "count": "2"}, follow=True)
    assert "Nobody is not in this deck" in response.text


def test_add_offers_only_usable_cards_of_the_decks_side(client, player, deck, darket):
    client.force_login(player)
    html = client.get(reverse("fleets:decks:builder", args=[deck.pk])).text
    picker = html.split('id="add-heading"')[1].split("</select>")[0]
    assert "Arrow" in picker and "Darket" not in picker and "Guns Jammed" not in picker
    jammed = WingCommanderCard.objects.get(name="Guns Jammed")
    response = client.post(
        reverse("fleets:decks:add", args=[deck.pk]), {"card": jammed.pk, "count": 1}, headers={"HX-Request": "true"}
    )
    assert "Select a valid choice" in response.text


def test_rename_and_delete_with_confirmation(client, player, deck):
    client.force_login(player)
    client.post(reverse("fleets:decks:details", args=[deck.pk]), {"name": "Gold Squadron", "side": "terran"})
    deck.refresh_from_db()
    assert deck.name == "Gold Squadron"
    assert "will be gone for good" in client.get(reverse("fleets:decks:delete", args=[deck.pk])).text
    assert Deck.objects.filter(pk=deck.pk).exists()
    response = client.post(reverse("fleets:decks:delete", args=[deck.pk]))
    assert response.url == reverse("fleets:decks:list")
    assert not Deck.objects.filter(pk=deck.pk).exists()


def test_exports_are_the_check_deck_file_and_the_text_format(client, player, deck, tmp_path):
    client.force_login(player)
    response = client.get(reverse("fleets:decks:export_json", args=[deck.pk]))
    assert response["Content-Disposition"] == 'attachment; filename="blue-squadron.json"'
    assert json.loads(response.content) == deck.content
    path = tmp_path / "deck.json"
    path.write_bytes(response.content)
    out = StringIO()
    with pytest.raises(SystemExit) as exit_:  # 39 cards: check_deck exits 1, illegal (not 2, unreadable)
        call_command("check_deck", str(path), "--json", stdout=out)
    assert exit_.value.code == 1
    assert json.loads(out.getvalue())["counted"] == 39
    text = client.get(reverse("fleets:decks:export_text", args=[deck.pk])).text
    assert "side: terran\n39 Arrow\n" in text


def test_import_page_creates_a_deck_or_says_what_is_wrong(client, player, arrow):
    client.force_login(player)
    url = reverse("fleets:decks:import")
    response = client.post(url, {"game": "wing-commander", "name": "", "text": "side: terran\n40 Arow\n"})
    assert "line 2: no card named “Arow”" in response.text
    assert not Deck.objects.exists()
    response = client.post(url, {"game": "wing-commander", "name": "Pasted", "text": "side: terran\n40 Arrow\n"})
    deck = Deck.objects.get(name="Pasted")
    assert response.url == reverse("fleets:decks:builder", args=[deck.pk])
    response = client.post(url, {"game": "wing-commander", "name": "", "text": ""})
    assert "Give either a file or pasted text" in response.text


def test_pages_carry_no_inline_script_or_style(client, player, deck):
    client.force_login(player)
    for url in (reverse("fleets:decks:list"), reverse("fleets:decks:builder", args=[deck.pk])):
        html = client.get(url).text
        assert "<script>" not in html and " style=" not in html and "onclick=" not in html


def test_catalog_import_is_for_organizers_only(client, player, organizer):
    url = reverse("fleets:decks:catalog_import")
    client.force_login(player)
    assert client.get(url).status_code == 403
    assert "Import catalog" not in client.get(reverse("fleets:decks:list")).text
    client.force_login(organizer)
    assert client.get(url).status_code == 200


def test_catalog_import_page_lists_bad_rows(client, organizer):
    client.force_login(organizer)
    url = reverse("fleets:decks:catalog_import")
    bad = SimpleUploadedFile("units.csv", b"name,side,type,cost\nTiger,german,vehicle,x\nSquad,mars,infantry,5\n")
    html = client.post(url, {"game": "spearpoint", "file": bad}).text
    assert "Nothing was imported" in html and "Line 2: cost" in html and "Line 3: side" in html
    good = SimpleUploadedFile("units.csv", b"name,side,type,cost\nTiger,german,vehicle,20\n")
    response = client.post(url, {"game": "spearpoint", "file": good}, follow=True)
    assert "1 added, 0 updated" in response.text


def test_seed_001_the_builder_checks_a_casual_deck_and_says_which_rules_it_applied(client, player, arrow):
    """Play deck restriction 4: "For tournament play, a deck may not have more than 100 cards"."""
    big = deck_add_card(
        deck=deck_create(owner=player, game="wing-commander", name="Big", side="terran"), card=arrow, count=120
    )
    client.force_login(player)
    url = reverse("fleets:decks:builder", args=[big.pk])
    tournament = client.get(url).text
    assert "Rules applied: Tournament rules" in tournament and "DECK_TOO_LARGE" in tournament
    casual = client.get(url + "?rules=casual").text
    assert "Rules applied: Casual play, as check_deck --casual" in casual
    assert "DECK_TOO_LARGE" not in casual and "Legal</span>" in casual
    assert "Rules applied: Tournament rules" in client.get(url + "?rules=nonsense").text
    assert 'name="rules" value="casual"' in casual
    line = reverse("fleets:decks:line", args=[big.pk])
    change = {"name": "Arrow", "side": "terran", "count": 121, "rules": "casual"}
    assert client.post(line, change).url == url + "?rules=casual"
    fragment = client.post(line, change, headers={"HX-Request": "true"}).text
    assert "Rules applied: Casual play" in fragment and "DECK_TOO_LARGE" not in fragment
