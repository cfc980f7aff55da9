"""Typed text without control or direction characters, for every form and API schema.

The check itself is :func:`rules.inputs.text_input.text_problem`; this module fits it to Django
and django-ninja:

- ``validate_text`` / ``validate_multiline_text``: validators for a form or model field
  (``CleanTextValidator(multiline=...)`` is the class behind them);
- ``CleanCharField(multiline=False)``: a ``forms.CharField`` that refuses them;
- ``CleanTextFormMixin``: put first in a form's bases to check every text field of the
  form (a ``Textarea`` is multi-line; password fields are left alone);
- ``CleanStr`` / ``CleanMultilineStr``: ``str`` types for ninja / pydantic schemas.
"""

from __future__ import annotations

from typing import Annotated

from django import forms
from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.deconstruct import deconstructible
from pydantic import AfterValidator

from rules.inputs.text_input import text_problem


@deconstructible
class CleanTextValidator:
    """Refuses control characters (tab and line breaks allowed when ``multiline``),
    direction controls and unpaired surrogates, with a sentence naming the character."""

    code = "control_character"

    def __init__(self, multiline: bool = False):
        self.multiline = multiline

    def __call__(self, value) -> None:
        if not isinstance(value, str):
            return
        problem = text_problem(value, multiline=self.multiline)
        if problem:
            raise ValidationError(problem, code=self.code)

    def __eq__(self, other) -> bool:
        return isinstance(other, CleanTextValidator) and other.multiline == self.multiline

    def __hash__(self) -> int:
        return hash((type(self), self.multiline))


validate_text = CleanTextValidator()
validate_multiline_text = CleanTextValidator(multiline=True)


class CleanCharField(forms.CharField):
    """A ``CharField`` that refuses control and direction characters (``multiline=True``
    allows tab and line breaks, for a ``Textarea``)."""

    def __init__(self, *, multiline: bool = False, **kwargs):
        super().__init__(**kwargs)
        add_text_validator(self, multiline=multiline)


def add_text_validator(field: forms.Field, *, multiline: bool) -> None:
    """Give ``field`` the text check once; it replaces Django's NUL check, which it covers."""
    field.validators = [
        v for v in field.validators if not isinstance(v, (CleanTextValidator, ProhibitNullCharactersValidator))
    ]
    field.validators.append(CleanTextValidator(multiline=multiline))


class CleanTextFormMixin:
    """Checks every text field of the form (``CharField`` and its kinds: e-mail, slug, URL…).

    A field whose widget is a ``Textarea`` is multi-line; password fields are not checked
    (a password is never shown, and refusing a character could lock someone out).
    List it before the form class: ``class MyForm(CleanTextFormMixin, forms.ModelForm)``.
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            if isinstance(field, forms.CharField) and not isinstance(field.widget, forms.PasswordInput):
                add_text_validator(field, multiline=isinstance(field.widget, forms.Textarea))


def _checked(multiline: bool):
    def check(value: str) -> str:
        problem = text_problem(value, multiline=multiline)
        if problem:
            raise ValueError(problem)
        return value

    return check


#: A one-line string for a ninja / pydantic schema: ``name: CleanStr``.
CleanStr = Annotated[str, AfterValidator(_checked(False))]
#: A multi-line string (tab and line breaks allowed) for a schema: ``notes: CleanMultilineStr``.
CleanMultilineStr = Annotated[str, AfterValidator(_checked(True))]
