"""How a view hands a page's facts (a selector's dataclass) to its template."""

from __future__ import annotations

from dataclasses import fields


def page_facts(page) -> dict:
    """A page-facts dataclass as template variables, each fact by its own name."""
    return {field.name: getattr(page, field.name) for field in fields(page)}
