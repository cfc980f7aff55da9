"""The site's icon: every page links it, and /favicon.ico, which browsers ask for on their own, finds it."""

from django.contrib.staticfiles import finders
from django.test import Client


def test_favicon_ico_leads_to_the_static_icon(db):
    client = Client()
    response = client.get("/favicon.ico")
    assert response.status_code == 302 and response.url.endswith("favicon.ico")
    icon = client.get(response.url)
    assert icon.status_code == 200
    assert b"".join(icon.streaming_content)[:4] == b"\x00\x00\x01\x00"  # an ICO file's header


def test_every_page_links_the_icon(db):
    page = Client().get("/accounts/login/").content.decode()
    assert 'rel="icon"' in page and "img/favicon.svg" in page
    assert finders.find("img/favicon.svg") and finders.find("favicon.ico")
