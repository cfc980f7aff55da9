"""What the fleet page tests share: signing in, builder posts, the views about one fleet."""

import re

from django.urls import reverse

from fleets.models import Fleet


def all_versions(fleet) -> list[int]:
    """A grant of every version of ``fleet`` (what an event grants is its submitted version)."""
    return list(fleet.versions.values_list("pk", flat=True))


HTMX = {"HTTP_HX_REQUEST": "true"}


def login(client, user):
    client.force_login(user)
    return client


def table_row(page: str, text: str) -> str:
    """The first table row of ``page`` holding ``text``, its tags taken off and its spaces collapsed."""
    row = re.search(rf"<tr[^>]*>(?:(?!</tr>).)*?{re.escape(text)}(?:(?!</tr>).)*</tr>", page, re.S).group(0)
    return " ".join(re.sub(r"<[^>]+>", " ", row).split())


def builder_post(fleet, action: str, **data):
    """One builder change, made on the fleet's working copy as stored now (its ``revision``)."""
    data.setdefault("base", Fleet.objects.get(pk=fleet.pk).revision)
    return reverse("fleets:edit", args=[fleet.pk, action]), data


def save_post(fleet, **data):
    """The builder's "Save version" (or, with ``then``, an export that saves first)."""
    data.setdefault("base", Fleet.objects.get(pk=fleet.pk).revision)
    return reverse("fleets:save", args=[fleet.pk]), data


# (url name, method, extra path args, POST data) of every view about one fleet.
FLEET_VIEWS = [
    ("fleets:detail", "get", [], None),
    ("fleets:search", "get", [], {"search": "1", "q": "U.S.S."}),
    ("fleets:history", "get", [], None),
    ("fleets:sheet", "get", [], None),
    ("fleets:export_json", "get", [], None),
    ("fleets:export_text", "get", [], None),
    ("fleets:rename", "get", [], None),
    ("fleets:rename", "post", [], {"name": "Renamed"}),
    ("fleets:delete", "get", [], None),
    ("fleets:delete", "post", [], {}),
    ("fleets:duplicate", "post", [], {}),
    ("fleets:edit_details", "post", [], {"name": "N", "faction": "federation", "format_key": "wizkids-2016"}),
    ("fleets:edit", "post", ["remove-ship"], {"base": "1", "ship": "0"}),
    ("fleets:save", "post", [], {"base": "1"}),
    ("fleets:discard", "post", [], {"base": "1"}),
]
VIEW_IDS = [f"{name}-{method}-{''.join(args)}" for name, method, args, _ in FLEET_VIEWS]


def call(client, fleet, name, method, args, data):
    url = reverse(name, args=[fleet.pk, *args])
    return client.get(url, data or {}) if method == "get" else client.post(url, data or {})
