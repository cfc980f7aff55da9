"""``{{ card.factions|faction_names }}``: faction keys as people read them ("Mirror Universe")."""

from __future__ import annotations

from django import template

from ..selectors import faction_label

register = template.Library()


@register.filter
def faction_names(value) -> str:
    """A faction key or a list of them, labelled and joined with commas; empty gives ""."""
    keys = [value] if isinstance(value, str) else list(value or ())
    return ", ".join(faction_label(key) for key in keys if key)
