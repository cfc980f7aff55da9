"""Form fields that read numbers and ids as :func:`rules.inputs.integers.read_int` does, for every form.

Django's own fields hand what was typed to ``int()``: a superscript or a 25-digit id then
reaches the database, which fails (SQLite's ``OverflowError`` on ``pk__in``), and a digit of
another script (``"٣"``) names an id nobody typed. These refuse anything but ASCII digits
within the column's range with the field's usual error:

- ``WholeNumberField``: a ``forms.IntegerField`` (``max_value`` defaults to a 32-bit column's);
- ``IdChoiceField`` / ``IdMultipleChoiceField``: ``ModelChoiceField`` /
  ``ModelMultipleChoiceField`` of rows chosen by their integer primary key.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from rules.inputs.integers import MAX_ID, MAX_INT32, read_int


class WholeNumberField(forms.IntegerField):
    def __init__(self, *, max_value=MAX_INT32, **kwargs):
        super().__init__(max_value=max_value, **kwargs)

    def to_python(self, value):
        if value in self.empty_values:
            return None
        number = read_int(str(value).strip(), high=MAX_ID)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


def _id(value, error: ValidationError):
    number = read_int(str(value).strip())
    if number is None:
        raise error
    return number


class IdChoiceField(forms.ModelChoiceField):
    def to_python(self, value):
        if value in self.empty_values or isinstance(value, self.queryset.model):
            return super().to_python(value)
        error = ValidationError(self.error_messages["invalid_choice"], code="invalid_choice", params={"value": value})
        return super().to_python(_id(value, error))


class IdMultipleChoiceField(forms.ModelMultipleChoiceField):
    def _check_values(self, value):
        checked = []
        for one in value:
            error = ValidationError(
                self.error_messages["invalid_pk_value"], code="invalid_pk_value", params={"pk": one}
            )
            checked.append(_id(one, error))
        return super()._check_values(checked)
