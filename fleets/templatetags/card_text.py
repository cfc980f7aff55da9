"""``{{ card.text|card_html }}``: card text from the community databases, made safe and readable.

Card text is third-party markup (Utopia writes HTML with ``<img>`` icons; both
sources write icon tokens such as ``[crew_text]`` or ``[BATTLE STATIONS]``).
Icons become their names in ``<em>``, line breaks become ``<br>``, and the
result goes through nh3 with a small allow-list of formatting tags and no
attributes at all, so scripts, event handlers and ``javascript:`` links cannot
survive, whatever the source file holds.
"""

from __future__ import annotations

import re
from html import escape, unescape

import nh3
from django import template
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

ALLOWED_TAGS = {"b", "i", "em", "strong", "br", "hr", "p", "ul", "li"}

# Token names (lower case, without spaces, "_" or "-") whose label is not just the token
# title-cased; the databases also misspell a few ("tect_text").
ICON_LABELS = {
    "crewtext": "Crew",
    "crewtest": "Crew",
    "techtext": "Tech",
    "tecttext": "Tech",
    "weapontext": "Weapon",
    "talenttext": "Talent",
    "talettext": "Talent",
    "elite": "Elite Talent",
    "borgtext": "Borg",
    "squadrontext": "Squadron",
    "questiontext": "Question",
    "ambassadortext": "Ambassador",
    "amabassadortext": "Ambassador",
    "evasive": "Evade",
    "evasion": "Evade",
    "targetlock": "Target Lock",
    "battlestations": "Battle Stations",
    "battlestation": "Battle Stations",
    "sensorecho": "Sensor Echo",
    "crit": "Critical Hit",
    "critical": "Critical Hit",
    "time": "Time",  # the text goes on: "[time] Token"
    "aux": "Auxiliary Power",
    "hook": "Starship Construction",
}
# Single lower-case words that are icons; other lower-case words in brackets (``[sic]``) are prose.
ICON_WORDS = {
    "crew",
    "tech",
    "weapon",
    "talent",
    "borg",
    "squadron",
    "specialization",
    "evade",
    "scan",
    "cloak",
    "regenerate",
    "hit",
    "blank",
    "straight",
    "forward",
    "reverse",
}
# Utopia's token images without a title, by file name (the text goes on: "<img> Token").
IMAGE_LABELS = {
    "effect_time_token": "Time",
    "effect_auxilary": "Auxiliary Power",
    "effect_disable": "Disabled",
}
MANEUVER_COLORS = {"white", "green", "red"}

_TOKEN = re.compile(r"\[([A-Za-z][A-Za-z _-]*)\](?=(\[)?)")
_IMG = re.compile(r"""<img\b(?:[^>"']|"[^"]*"|'[^']*')*>""", re.IGNORECASE)  # a ">" may sit in quotes
# One attribute after another, so a quoted value (an event handler saying ``title = 'x'``) is read as a whole.
_ATTRIBUTE = re.compile(r"""([^\s"'<>/=]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
_SEPARATORS = re.compile(r"[\s_-]+")


def icon_label(token: str) -> str | None:
    """The readable name of an icon token (``"crew_text"`` -> ``"Crew"``), ``None`` if it is not one."""
    key = _SEPARATORS.sub("", token.lower())
    if key in ICON_LABELS:
        return ICON_LABELS[key]
    if key in ICON_WORDS or token.isupper() or _SEPARATORS.search(token):
        return _title(_SEPARATORS.split(token))
    return None


def _title(words: list[str]) -> str:
    return " ".join(word.capitalize() for word in words if word)


def _image_label(tag: str) -> str:
    """The title of an icon image, else a name from its file in Utopia's ``img/`` folder, else nothing."""
    attributes = {
        name.lower(): unescape(double or single or bare).strip()
        for name, double, single, bare in _ATTRIBUTE.findall(tag[len("<img") :])
    }
    if attributes.get("title"):
        return attributes["title"]
    src = attributes.get("src", "")
    if not src.startswith("img/"):
        return ""
    stem = src.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    if stem in IMAGE_LABELS:
        return IMAGE_LABELS[stem]
    words = [word for word in _SEPARATORS.split(stem) if word and word != "maneuver"]
    if words and words[-1] in MANEUVER_COLORS:  # maneuver_bank_left_red: "Red Bank Left"
        words.insert(0, words.pop())
    return _title(words)


def _icon(label: str, followed_by_icon: bool = False) -> str:
    return f"<em>{escape(label)}</em>" + (" " if followed_by_icon else "")


def _replace_image(match: re.Match) -> str:
    label = _image_label(match.group(0))
    return _icon(label) if label else ""


def _replace_token(match: re.Match) -> str:
    label = icon_label(match.group(1))
    return match.group(0) if label is None else _icon(label, match.group(2) is not None)


@register.filter
def card_html(text: str | None) -> SafeString:
    """Card text as safe HTML: icons named, line breaks kept, everything else sanitised by nh3."""
    html = _IMG.sub(_replace_image, text or "")
    html = _TOKEN.sub(_replace_token, html)
    html = re.sub(r"\r?\n", "<br>", html)
    cleaned = nh3.clean(html, tags=ALLOWED_TAGS, attributes={"*": set()}, url_schemes=set(), link_rel=None)
    return mark_safe(cleaned)  # noqa: S308 (nh3 output with no attributes)
