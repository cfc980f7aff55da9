"""Verification codes of lists: what a printed sheet carries and a judge types in."""

from __future__ import annotations

import base64
import hashlib
import json
import re

from django.utils.crypto import salted_hmac

_CODE = re.compile(r"[A-Z2-7]{8}")


def clean_code(text: str) -> str:
    """A code as a person typed or copied it: spaces and dashes dropped, upper case."""
    return "".join(text.split()).replace("-", "").upper()


def is_code(text: object) -> bool:
    """Whether ``text`` is written as a verification code is (eight characters A–Z, 2–7)."""
    return isinstance(text, str) and _CODE.fullmatch(text) is not None


def version_code(*, fleet_id: int, number: int, content: dict) -> str:
    """A fleet version's verification code: eight characters (A–Z, 2–7) of a keyed hash of the fleet,
    the version number and the canonical list.

    The fleet and number make the code name one version of one fleet: two players with identical
    lists, or the same list saved again, get different codes, so a judge's match points at one
    sheet. The key (derived from ``SECRET_KEY``) keeps a stranger from computing the code of a
    guessed list and so from confirming a sealed list by comparing codes. The code is computed
    once and stored; checks compare the stored code and never recompute it, so printed sheets stay
    valid across deployments and a rotated key.
    """
    # The stored content is the canonical fleet file, so this is canonical_json's exact text.
    return _keyed_code("fleets.version-code", f"{fleet_id}:{number}:{_canonical(content)}")


def deck_code(*, deck_id: int, content: dict) -> str:
    """A deck's verification code: eight characters of a keyed hash of the deck and its canonical list,
    as :func:`version_code` for a fleet version.

    A deck keeps no versions: its list *is* the version, so the code changes whenever the list does
    (and comes back if the list does). The deck's id makes two players' identical decks carry
    different codes, and the key keeps anyone from working out the code of a guessed list, so a
    code on paper confirms nothing offline. Stored with the deck (and copied into an event's
    submission), never recomputed.
    """
    return _keyed_code("fleets.deck-code", f"{deck_id}:{_canonical(content)}")


def _canonical(content: dict) -> str:
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _keyed_code(purpose: str, value: str) -> str:
    digest = salted_hmac(purpose, value, algorithm="sha256").digest()
    return base64.b32encode(digest[:5]).decode()


def verification_code(canonical: str) -> str:
    """Eight characters (A–Z, 2–7) of the unkeyed SHA-256 of a list's canonical text: the code lists
    carried before codes were keyed (:func:`version_code`, :func:`deck_code`); the benchmarks still
    make it for generated fleets."""
    digest = hashlib.sha256(canonical.encode()).digest()
    return base64.b32encode(digest[:5]).decode()
