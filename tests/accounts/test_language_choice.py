"""Which language a person reads the site in (accounts.languages): the account's choice, else the menu's
cookie, else the browser's Accept-Language; the store's language for its printouts (stores.languages)."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse

from accounts.models import LanguagePreference
from stores.languages import printed_for, store_language
from stores.models import Store

pytestmark = pytest.mark.django_db

HOME = reverse("home")


def nav_says_events(response) -> str:
    """The first menu entry, which names the events in the page's language."""
    return "Turniere" if ">Turniere<" in response.text else "Events" if ">Events<" in response.text else "?"


def test_a_visitor_reads_the_language_the_browser_asks_for(client):
    german = client.get(HOME, HTTP_ACCEPT_LANGUAGE="de-DE,de;q=0.9,en;q=0.5")
    assert nav_says_events(german) == "Turniere"
    assert german["Content-Language"] == "de"
    assert '<html lang="de">' in german.text
    english = Client().get(HOME, HTTP_ACCEPT_LANGUAGE="fr-FR,en;q=0.5")
    assert nav_says_events(english) == "Events"


def test_a_visitor_chooses_german_in_the_menu_and_keeps_it_on_every_page(client):
    response = client.post(reverse("language"), {"language": "de", "next": reverse("tournaments:list")})
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:list")
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "de"
    assert nav_says_events(client.get(HOME, HTTP_ACCEPT_LANGUAGE="en")) == "Turniere"
    assert LanguagePreference.objects.count() == 0


def test_a_players_choice_is_kept_in_the_account_and_follows_him_to_another_browser(client, player):
    client.force_login(player)
    client.post(reverse("language"), {"language": "de", "next": HOME})
    assert LanguagePreference.objects.get(user=player).language == "de"

    elsewhere = Client()
    elsewhere.force_login(player)
    assert nav_says_events(elsewhere.get(HOME, HTTP_ACCEPT_LANGUAGE="en")) == "Turniere"


def test_an_unknown_language_is_refused_and_changes_nothing(client, player):
    client.force_login(player)
    response = client.post(reverse("language"), {"language": "xx", "next": HOME})
    assert response.status_code == 400
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    assert not LanguagePreference.objects.exists()


def test_the_menu_sends_a_reader_back_only_to_this_site(client):
    response = client.post(reverse("language"), {"language": "de", "next": "https://elsewhere.example/"})
    assert response["Location"] == HOME


def test_the_menu_offers_the_other_language_in_its_own_words(client):
    english = client.get(HOME, HTTP_ACCEPT_LANGUAGE="en").text
    assert 'lang="de"' in english and ">Deutsch<" in english and ">English<" not in english


def test_a_store_prints_in_its_own_language_whoever_reads_the_site():
    from django.utils import translation

    berlin = Store.objects.create(name="Fantasy In", town="Berlin", timezone="Europe/Berlin", language="de")
    assert store_language(berlin) == "de"
    assert store_language(None) == settings.LANGUAGE_CODE
    with translation.override("en"), printed_for(berlin):
        assert translation.gettext("Events") == "Turniere"
