"""Card text without markup, cut into sentences: the first step of every reading of a card's text.

Utopia writes icons as ``<img>`` tags (their title or file name gives the word), Space Dock as
``[CREW]``-style tokens; both come out as the same ``[crew]`` words here, so nothing after this
step knows which database the text came from.
"""

from __future__ import annotations

import re


def _icon(match: re.Match[str]) -> str:
    tag = match.group(0)
    title = re.search(r"title=['\"]([^'\"]*)['\"]", tag)
    if title and title.group(1).strip("? ") and "?" not in title.group(1):
        return f" {title.group(1)} "
    src = re.search(r"src=['\"][^'\"]*/([\w-]+)\.\w+['\"]", tag)
    if not src:
        return " "
    stem = src.group(1)
    if stem.startswith("faction-"):
        return f" {stem.removeprefix('faction-').replace('-', ' ').title()} "
    if stem.startswith(("fed-", "kli-", "rom-", "dom-")):
        return f" {stem.split('-', 1)[1].title()} Class "
    return " "


def plain_text(text: str) -> str:
    """Card text without markup: icons become their words, ``[crew_text]``/``[CREW]`` become ``[crew]``."""
    text = re.sub(r"<img[^>]*>", _icon, text, flags=re.IGNORECASE)
    text = re.sub(r"<\s*(?:br|hr|p|/p|div|/div)\s*/?>", "\n", text, flags=re.IGNORECASE)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"\[elite(?: talent)?\]", "[talent]", text, flags=re.IGNORECASE)
    text = re.sub(r"\[(\w+?)(?:_text)?\]", lambda m: f"[{m.group(1).lower()}]", text)
    text = text.replace("&nbsp;", " ").replace("&amp;", "&").replace("\u2019", "'").replace("\u2018", "'")
    text = text.replace("\u201c", '"').replace("\u201d", '"')
    return text


_SENTENCE_END = re.compile(r"(?:(?<=[a-z0-9\])\"'])|(?<=SP))[.!]\s+|\n+|(?<=[a-z0-9])\.$")


def sentences(text: str) -> list[str]:
    """Sentences of plain text ("U.S.S. Voyager" stays whole: a capital before the dot does not end one)."""
    return [" ".join(s.split()) for s in _SENTENCE_END.split(text) if s and s.strip(" .")]
