"""What the list builders (the fleet builder and the deck builders) share: the rule for a list's
name, and how a builder answers a change (htmx fragment or redirect, errors in one line)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from rules.inputs.text_input import text_problem


def clean_list_name(name: str | None, *, noun: str, max_length: int, error: type[Exception]) -> str:
    """``name`` stripped; an empty or overlong name raises ``error`` with a message naming the ``noun``."""
    if problem := text_problem(name or ""):
        raise error(_("The %(noun)s name: %(problem)s") % {"noun": noun, "problem": problem})
    name = (name or "").strip()
    if not name:
        raise error(_("A %(noun)s needs a name.") % {"noun": noun})
    if len(name) > max_length:
        raise error(_("A %(noun)s name has at most %(count)s characters.") % {"noun": noun, "count": max_length})

    return name


def form_error_text(form) -> str:
    """Every error of ``form`` in one line, each field's errors after its name."""
    return " ".join(
        f"{'' if field == '__all__' else field + ': '}{message}"
        for field, errors in form.errors.items()
        for message in errors
    )


def builder_answer(request, changed, *, error: str | None, fragment: str, context: Callable[[], dict], page: str):
    """After a change: htmx gets the fresh builder ``fragment`` (with any error in it); a plain post
    goes back to the builder ``page``, the error shown as a message."""
    if request.htmx:
        changed.refresh_from_db()
        return render(request, fragment, context())
    if error:
        messages.error(request, error)
    return redirect(page)
