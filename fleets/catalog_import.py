"""Importing a community card database (Utopia JSON, Space Dock XML) into the catalog.

The file is read completely by :mod:`rules.attack_wing.sources` before the
database is touched, so a malformed or truncated file changes nothing. The
write is one transaction that compares every incoming card with the stored one
and writes only what differs: re-importing an unchanged file writes nothing,
and a changed card is updated in place under its source id (its primary key,
which fleets point at, never changes).

Cards the file no longer lists are kept (fleets may still name them) and
counted in the summary. A catalog holds the cards of one source only: Utopia
and Space Dock number the same cards differently (``S001`` vs ``1001``; no
card id is shared), so importing one on top of the other would list most
cards twice. Such an import is refused; the catalog must be emptied first.
"""

from __future__ import annotations

import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice

from django.db import IntegrityError, transaction
from django.utils import timezone

from rules.attack_wing.catalog import Catalog, Skipped
from rules.attack_wing.coverage import restriction_coverage
from rules.attack_wing.sources import CatalogFormatError, detect_source, read_catalog
from rules.attack_wing.sources.packed import unpack
from rules.inputs.bounded_read import FileTooLarge, read_at_most

from .bundled_cards import bundled, read_bundled
from .card_databases import hold
from .card_file_checks import CardFileInvalid, check_spacedock, check_utopia
from .models import CardDatabase
from .models.catalog import CARD_VALUE_FIELDS, SET_RECORD_FIELDS, Card, CardSet, card_values, set_values

SOURCE_NAMES = {"utopia": "Utopia", "spacedock": "Space Dock"}
BUNDLED_ORIGIN = "bundled with Muster"
MAX_BYTES = 20 * 1024 * 1024  # the real files are about 1.2 MB
DOWNLOAD_TIMEOUT = 30  # seconds for the whole download
BATCH_SIZE = 250  # records per INSERT and per progress step

Progress = Callable[[int, int], None]  # (records done, records in total)


class CatalogImportError(Exception):
    """The import cannot go ahead; the message says why and the catalog is unchanged."""


@dataclass(frozen=True, slots=True)
class Tally:
    """What an import did to one table."""

    added: int = 0
    changed: int = 0
    unchanged: int = 0


@dataclass(frozen=True, slots=True)
class ImportSummary:
    source: str
    cards: Tally
    sets: Tally
    kept: tuple[str, ...]  # source ids in the catalog but not in the file, left as they were
    skipped: tuple[Skipped, ...]
    warnings: tuple[str, ...]
    # what the engine cannot judge in this file (see unjudged()): card ids
    unmodelled_text: tuple[str, ...] = ()  # a restriction sentence the engine does not model
    unread_codes: tuple[str, ...] = ()  # a Space Dock Special code the reader does not translate

    @property
    def changed_anything(self) -> bool:
        return bool(self.cards.added or self.cards.changed or self.sets.added or self.sets.changed)


def read_location(location: str) -> bytes:
    """The bytes of a local file or of an http(s) URL, at most ``MAX_BYTES``."""
    if "://" in location:
        return _download(location)
    try:
        return read_at_most(location, MAX_BYTES, what="the card file")
    except FileTooLarge as error:
        raise CatalogImportError(f"{error}; not a card file") from None
    except OSError as error:
        raise CatalogImportError(f"cannot read {location}: {error.strerror or error}") from error


def _download(url: str) -> bytes:
    """Fetch ``url`` with a size cap and an overall deadline (a slow server cannot stall an import)."""
    if not url.startswith(("http://", "https://")):
        raise CatalogImportError(f"{url}: only http:// and https:// URLs can be imported")
    request = urllib.request.Request(url, headers={"User-Agent": "Muster card import"})  # noqa: S310 (scheme checked)
    deadline = time.monotonic() + DOWNLOAD_TIMEOUT
    chunks: list[bytes] = []
    size = 0
    try:
        with urllib.request.urlopen(request, timeout=DOWNLOAD_TIMEOUT) as response:  # noqa: S310 (scheme checked)
            while chunk := response.read(64 * 1024):
                size += len(chunk)
                if size > MAX_BYTES:
                    raise CatalogImportError(f"{url} is larger than {MAX_BYTES // (1024 * 1024)} MB; not a card file")
                if time.monotonic() > deadline:
                    raise CatalogImportError(f"{url} took longer than {DOWNLOAD_TIMEOUT} s to download")
                chunks.append(chunk)
    except urllib.error.HTTPError as error:
        raise CatalogImportError(f"cannot download {url}: HTTP {error.code} {error.reason}") from error
    except urllib.error.URLError as error:
        raise CatalogImportError(f"cannot download {url}: {error.reason}") from error
    except OSError as error:  # a timeout or a dropped connection while reading
        raise CatalogImportError(f"cannot download {url}: {error}") from error
    return b"".join(chunks)


def import_catalog(
    *,
    data: bytes,
    source: str | None = None,
    progress: Progress | None = None,
    origin: str = "a card file",
    edition: str = "",
) -> ImportSummary:
    """Read ``data`` as a card database of ``source`` (``None``: detect) and upsert it.

    The site keeps the file it read (:func:`fleets.card_databases.hold`), named by ``origin``
    and ``edition``. Raises :class:`CatalogImportError` for a file that is not a card
    database, or one from another source than the catalog's; nothing is written then.
    """
    source, data, catalog = read_card_file(data, source)
    try:
        with transaction.atomic():
            _refuse_mixed_sources(source)
            summary = _write(catalog, source, progress or (lambda done, total: None))
            hold(data=data, source=source, origin=origin, edition=edition)
            return summary
    except IntegrityError as error:
        # Two imports at once both inserting the same new ids; the later one rolls back whole.
        raise CatalogImportError(
            f"another import changed the catalog meanwhile; run this one again ({error})"
        ) from error


def read_card_file(data: bytes, source: str | None = None) -> tuple[str, bytes, Catalog]:
    """``(source, unpacked bytes, catalog)`` of a card file, plain or compressed, read completely.

    Raises :class:`CatalogImportError` (one line) for anything that is not a card database, or a field of
    the wrong type or out of range (:mod:`fleets.card_file_checks`: checked before the file is read).
    """
    try:
        data = unpack(data)
        source = source or detect_source(data)
        if source == "utopia":
            check_utopia(data)
        elif source == "spacedock":
            check_spacedock(data)
        catalog = read_catalog(data, source)
    except (CatalogFormatError, CardFileInvalid) as error:
        raise CatalogImportError(f"{error}; nothing was imported") from error
    if not catalog.cards:
        raise CatalogImportError(f"the {SOURCE_NAMES[source]} file holds no cards; nothing was imported")
    return source, data, catalog


def install_bundled(*, progress: Progress | None = None) -> list[str]:
    """Import the card files Muster ships (``fleets/card_data/``) that the site lacks; a line for each.

    An empty catalog gets the shipped Utopia cards. The site then holds the other builder's file
    if it holds none, so that builder's ids always translate; a file a site already holds (say a
    newer one from ``update_cards``) is never replaced by the shipped one.
    """
    done: list[str] = []
    with transaction.atomic():
        if not Card.objects.exists():
            import_catalog(
                data=read_bundled("utopia"),
                source="utopia",
                progress=progress,
                origin=BUNDLED_ORIGIN,
                edition=bundled("utopia").edition,
            )
            done.append(f"Imported the Utopia cards bundled with Muster ({bundled('utopia').edition}).")
        else:
            done.extend(reread_held(progress=progress))
        # the catalog's own builder is held by its import; a file of unknown edition is not guessed
        held = {
            *CardDatabase.objects.values_list("source", flat=True),
            *Card.objects.order_by().values_list("source", flat=True).distinct(),
        }
        for source in sorted(SOURCE_NAMES.keys() - held):
            hold(data=read_bundled(source), source=source, origin=BUNDLED_ORIGIN, edition=bundled(source).edition)
            done.append(f"Holding the {SOURCE_NAMES[source]} cards bundled with Muster ({bundled(source).edition}).")
    return done


def reread_held(*, progress: Progress | None = None) -> list[str]:
    """Read the card file the catalog came from again with this release's card reader.

    The catalog stores what the reader made of each card (its restriction codes, costs, slots); a release
    that reads more of the text (say, the cards placed face down beneath Quark) changes nothing on a site
    until its file is read again. The held file (:class:`~fleets.models.CardDatabase`) is that file, so no
    download is needed; only the cards read differently are written, and the held file is left as it was.
    """
    source = Card.objects.order_by().values_list("source", flat=True).first()
    held = CardDatabase.objects.filter(source=source).first()
    if held is None:
        return []
    catalog = read_catalog(held.unpacked(), source)
    summary = _write(catalog, source, progress or (lambda done, total: None))
    if not summary.changed_anything:
        return []
    return [
        f"Read the {SOURCE_NAMES[source]} cards the site holds ({held.edition or held.origin}) again with this "
        f"release's card reader: {summary.cards.changed} cards and {summary.sets.changed} sets read differently."
    ]


def _refuse_mixed_sources(source: str) -> None:
    other = Card.objects.exclude(source=source).values_list("source", flat=True).first()
    if other is not None:
        raise CatalogImportError(
            f"the catalog holds {SOURCE_NAMES.get(other, other)} cards; a {SOURCE_NAMES[source]} file numbers "
            "the same cards differently and would list them twice. Only an empty catalog can switch sources."
        )


def _write(catalog: Catalog, source: str, progress: Progress) -> ImportSummary:
    aliases: dict[str, list[str]] = {}
    for alias, card_id in catalog.aliases.items():
        aliases.setdefault(card_id, []).append(alias)
    incoming_sets = {set_id: set_values(card_set) for set_id, card_set in catalog.sets.items()}
    incoming_cards = {
        card_id: card_values(card, source=source, alias_ids=aliases.get(card_id, []))
        for card_id, card in catalog.cards.items()
    }
    total = len(incoming_sets) + len(incoming_cards)
    sets = _upsert(CardSet, SET_RECORD_FIELDS, incoming_sets, lambda done: progress(done, total))
    cards = _upsert(Card, CARD_VALUE_FIELDS, incoming_cards, lambda done: progress(len(incoming_sets) + done, total))
    stored_ids = Card.objects.filter(source=source).values_list("source_id", flat=True)
    return ImportSummary(
        source=source,
        cards=cards,
        sets=sets,
        kept=tuple(sorted(set(stored_ids) - incoming_cards.keys())),
        skipped=tuple(catalog.skipped),
        warnings=tuple(catalog.warnings),
        **unjudged(catalog),
    )


def unjudged(catalog: Catalog) -> dict[str, tuple[str, ...]]:
    """Cards carrying rules the engine does not check: restriction sentences it does not model
    (``restriction_coverage``, each with its reason) and Space Dock Special codes kept as
    ``Restriction("special", code)`` (the card's text may still give the rule)."""
    text = sorted({line.card_id for line in restriction_coverage(catalog) if not line.modelled})
    codes = sorted(card.id for card in catalog.cards.values() if any(r.code == "special" for r in card.restrictions))
    return {"unmodelled_text": tuple(text), "unread_codes": tuple(codes)}


def _upsert(model, fields: tuple[str, ...], incoming: dict[str, tuple], advance: Callable[[int], None]) -> Tally:
    """Insert the new rows of ``model`` and update the differing ones, batch by batch.

    ``incoming`` maps source id to column values in ``fields`` order, as the
    database hands them back, so an unchanged row compares equal and is left
    alone. New rows go in with ``bulk_create``. A changed row gets one UPDATE of
    just its changed columns: ``bulk_update`` would write a CASE over the whole
    batch for every column, which measured ten times slower when a new reader
    changes every card.
    """
    stored = {row[0]: row[1:] for row in model.objects.values_list("source_id", "pk", *fields)}
    now = timezone.now()
    added = changed = done = 0
    for batch in _batches(incoming.items(), BATCH_SIZE):
        new = []
        for source_id, values in batch:
            if source_id not in stored:
                new.append(model(source_id=source_id, **dict(zip(fields, values, strict=True))))
                continue
            pk, *old = stored[source_id]
            changes = {name: value for name, value, was in zip(fields, values, old, strict=True) if value != was}
            if changes:
                model.objects.filter(pk=pk).update(updated=now, **changes)
                changed += 1
        model.objects.bulk_create(new)
        added += len(new)
        done += len(batch)
        advance(done)
    return Tally(added=added, changed=changed, unchanged=len(incoming) - added - changed)


def _batches(items, size: int) -> Iterator[list]:
    iterator = iter(items)
    while batch := list(islice(iterator, size)):
        yield batch
