"""Card files as shipped: an xz- or gzip-compressed file reads like the plain one.

Muster ships the community card databases compressed (``fleets/card_data/``), and an organizer
may pass either form to ``import_cards``, ``update_cards`` or ``check_fleet --cards``. A
compressed file is recognised by its magic bytes, never by its name, and is unpacked with a
ceiling, so a small file that expands without end is refused instead of filling the memory.
"""

from __future__ import annotations

import gzip
import io
import lzma
import zlib
from collections.abc import Callable

from rules.attack_wing.sources.builder import CatalogFormatError

XZ_MAGIC = b"\xfd7zXZ\x00"
GZIP_MAGIC = b"\x1f\x8b"
MAX_UNPACKED_BYTES = 32 * 1024 * 1024  # the real databases are about 1.2 MB unpacked

_OPENERS: dict[bytes, tuple[str, Callable[[io.BytesIO], io.BufferedIOBase]]] = {
    XZ_MAGIC: ("xz", lzma.open),
    GZIP_MAGIC: ("gzip", gzip.open),
}  # both take a file object


def unpack(data: bytes) -> bytes:
    """``data`` unpacked when it is xz or gzip, else unchanged.

    Raises :class:`CatalogFormatError` for a damaged or truncated archive, or one that unpacks
    to more than ``MAX_UNPACKED_BYTES``.
    """
    for magic, (name, opener) in _OPENERS.items():
        if data.startswith(magic):
            try:
                with opener(io.BytesIO(data)) as archive:
                    plain = archive.read(MAX_UNPACKED_BYTES + 1)
            except EOFError:
                raise CatalogFormatError(f"the {name} file is truncated") from None
            except (lzma.LZMAError, gzip.BadGzipFile, zlib.error, OSError) as error:
                raise CatalogFormatError(f"the {name} file is damaged ({error})") from None
            if len(plain) > MAX_UNPACKED_BYTES:
                raise CatalogFormatError(
                    f"the {name} file unpacks to more than {MAX_UNPACKED_BYTES // (1024 * 1024)} MB; not a card file"
                )
            return plain
    return data
