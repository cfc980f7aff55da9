"""Reading a gettext catalog (``.po``) for the translation checks: its entries, their flags and translations."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path

GERMAN = Path(__file__).resolve().parents[1] / "locale" / "de" / "LC_MESSAGES" / "django.po"


@dataclass
class Entry:
    msgid: str = ""
    context: str = ""
    plural: str = ""
    translations: list[str] = field(default_factory=list)
    flags: set[str] = field(default_factory=set)
    references: list[str] = field(default_factory=list)

    @property
    def key(self) -> tuple[str, str]:
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        return bool(self.translations) and all(self.translations)


def entries(path: Path) -> list[Entry]:
    """The catalog's entries, the header and obsolete (``#~``) entries left out."""
    found: list[Entry] = []
    entry = Entry()
    target: tuple[str, int] | None = None

    def close() -> None:
        nonlocal entry, target
        if entry.msgid:
            found.append(entry)
        entry, target = Entry(), None

    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            close()
        elif line.startswith("#,"):
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#:"):
            entry.references += line[2:].split()
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            _append(entry, target, ast.literal_eval(line))
        else:
            keyword, _, value = line.partition(" ")
            text = ast.literal_eval(value)
            if keyword.startswith("msgstr["):
                target = ("msgstr", int(keyword[7:-1]))
                entry.translations.append("")
            elif keyword == "msgstr":
                target = ("msgstr", 0)
                entry.translations.append("")
            else:
                target = (keyword, 0)
            _append(entry, target, text)
    close()
    return found


def _append(entry: Entry, target: tuple[str, int] | None, text: str) -> None:
    if target is None:
        return
    keyword, index = target
    if keyword == "msgid":
        entry.msgid += text
    elif keyword == "msgctxt":
        entry.context += text
    elif keyword == "msgid_plural":
        entry.plural += text
    else:
        entry.translations[index] += text
