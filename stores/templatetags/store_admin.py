"""The stores part of the People page: the accounts app lists people and never imports this app,
so its template asks this tag for the stores and the form that creates one."""

from __future__ import annotations

from django import template

from ..forms import StoreForm
from ..selectors import stores_with_roles

register = template.Library()


@register.inclusion_tag("stores/includes/people_stores.html")
def stores_on_people_page():
    return {"stores": stores_with_roles(), "form": StoreForm()}
