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
    canonical = json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    value = f"{fleet_id}:{number}:{canonical}"
    digest = salted_hmac("fleets.version-code", value, algorithm="sha256").digest()
    return base64.b32encode(digest[:5]).decode()


def verification_code(canonical: str) -> str:
    """Eight characters (A–Z, 2–7) of the SHA-256 of a list's canonical text (a deck's; a fleet
    version's code is :func:`version_code`): short enough to read aloud or compare on paper, long
    enough (40 bits) that a changed list will not match."""
    digest = hashlib.sha256(canonical.encode()).digest()
    return base64.b32encode(digest[:5]).decode()
