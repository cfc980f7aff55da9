"""Fleet page helpers: ``{{ card.factions|faction_names }}`` (faction keys as people read them,
"Mirror Universe") and ``{% catalog_edition %}`` (which cards price the page's costs)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html

from ..selectors import catalog_edition as site_catalog_edition
from ..selectors import faction_label

register = template.Library()


@register.filter
def faction_names(value) -> str:
    """A faction key or a list of them, labelled and joined with commas; empty gives ""."""
    keys = [value] if isinstance(value, str) else list(value or ())
    return ", ".join(faction_label(key) for key in keys if key)


@register.simple_tag
def catalog_edition() -> str:
    """A line naming the card database behind every cost on the page, so a judge knows what a
    verdict used ("" when the site has no catalog)."""
    edition = site_catalog_edition()
    return (
        format_html('<p class="small text-body-secondary catalog-edition">Costs from {}.</p>', edition)
        if edition
        else ""
    )
