"""Reading a file a user names, never more than a limit.

A size taken from ``stat`` is no bound: ``/dev/zero`` reports 0 bytes and never
ends, and a sparse file reports gigabytes it does not hold. Every command that
reads a file a user gives it reads at most the limit plus one byte, so anything
longer is refused without being held in memory.
"""

from __future__ import annotations

from pathlib import Path


class FileTooLarge(ValueError):
    """The file holds more than the limit; the message names it and the limit."""


def read_at_most(path: str | Path, limit: int, *, what: str = "the file") -> bytes:
    """The bytes of ``path``; :class:`FileTooLarge` past ``limit`` bytes, ``OSError`` if it cannot be read."""
    with open(path, "rb") as handle:
        data = handle.read(limit + 1)
    if len(data) > limit:
        raise FileTooLarge(f"{what} {path} is larger than {_size(limit)}")
    return data


def _size(limit: int) -> str:
    if limit >= 1024 * 1024:
        return f"{limit // (1024 * 1024)} MB"
    return f"{limit // 1024} KiB" if limit >= 1024 else f"{limit} bytes"
