"""Fleet page helpers: ``{{ card.factions|faction_names }}`` (faction keys as people read them,
"Mirror Universe"), ``{% catalog_edition %}`` (which cards price the page's costs), ``{{ card|card_kind }}``
and ``{% finder_filters %}`` (the card finder's filters)."""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext as _

from ..forms.builder import role_words
from ..forms.finder import CardFinderForm
from ..selectors import card_type_label, faction_label
from ..selectors import catalog_edition as site_catalog_edition
from ..selectors.catalog import slot_label

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
        format_html(
            '<p class="small text-body-secondary catalog-edition">{}</p>',
            _("Costs from %(edition)s.") % {"edition": edition},
        )
        if edition
        else ""
    )


@register.filter
def card_kind(card) -> str:
    """What a catalog card is, as a result row names it: Ship, Captain, Admiral, Resource, Crew, Tech, …"""
    return card_type_label(card, card.kind if card.kind in ("ship", "captain", "admiral", "resource") else "")


@register.inclusion_tag("fleets/includes/finder_filters.html", takes_context=True)
def finder_filters(
    context, form, prefix: str, number: int | None = None, *, faction: bool = True, expansions: bool = True
):
    """The finder's filters beyond the box and the type (:mod:`fleets.forms.finder`), ids prefixed with
    ``prefix`` (and ``number``, a ship's) so several searches share a page; ``form`` is the search made (its
    choices shown), or ``None``. The builder leaves out the expansion list (250 choices on every answer of
    the builder; "only cards I own" is there, and "Find cards" has the list)."""
    prefix = prefix if number is None else f"{prefix}-{number}"
    shown = CardFinderForm(form.data if form is not None else None, auto_id=f"{prefix}-%s")
    user = context.get("user")
    signed_in = bool(user and user.is_authenticated)
    return {"form": shown, "faction": faction, "expansions": expansions, "signed_in": signed_in}


register.filter("slot_label", slot_label)
register.filter("role_words", role_words)
