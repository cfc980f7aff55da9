"""An event's printouts follow its store's language, not the language of whoever prints them
(stores.languages, tournaments/views/printed.py): the pairings on the wall serve the whole room."""

from __future__ import annotations

import subprocess

import pytest
from django.urls import reverse

from stores.services import store_create
from tests.tournaments.conftest import entered
from tests.tournaments.factories import EventFactory, small_catalog
from tournaments.services import event_start, round_pair_next

pytestmark = pytest.mark.django_db


def pdf_words(content: bytes) -> str:
    return subprocess.run(["pdftotext", "-", "-"], input=content, capture_output=True, check=True).stdout.decode()


@pytest.fixture
def paired_at(organizer):
    def paired(language: str):
        store = store_create(
            name=f"Store {language}", town="Town", language=language, first_organizer=organizer, by=organizer
        )
        event = EventFactory(organizer=organizer, store=store)
        catalog = small_catalog()
        for _ in range(4):
            entered(event, catalog=catalog)
        event_start(event=event)
        round_pair_next(event=event, by=organizer)
        return event

    return paired


@pytest.mark.parametrize(("language", "words"), [("de", ("Tisch", "Gegner")), ("en", ("Table", "Opponent"))])
def test_the_pairings_come_out_in_the_stores_language_whatever_the_organizer_reads(
    client, organizer, paired_at, language, words
):
    event = paired_at(language)
    client.force_login(organizer)
    url = reverse("tournaments:round_printout", args=[event.pk, 1, "pairings-by-table"])
    for reader in ("en", "de"):
        text = pdf_words(client.get(url, HTTP_ACCEPT_LANGUAGE=reader).content)
        assert all(word in text for word in words), (reader, text[:300])
    page = client.get(reverse("tournaments:round", args=[event.pk, 1]), HTTP_ACCEPT_LANGUAGE="en").text
    assert "Enter the result of table 1" in page  # the organizer's own page stays in his language
