"""``{% for problem in violations|in_words %}``: violations as sentences naming cards (fleets.violation_words)."""

from __future__ import annotations

from django import template

from ..violation_words import in_words as problems_in_words

register = template.Library()


@register.filter
def in_words(violations) -> list:
    return problems_in_words(violations or ())
