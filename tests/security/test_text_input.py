"""Control and direction characters in typed text: the one check (``rules.inputs.text_input``) and
its Django and schema helpers (``accounts.text_fields``), on the account forms."""

from __future__ import annotations

import sys

import pytest
from django import forms
from django.test import TestCase
from django.urls import reverse
from hypothesis import given
from hypothesis import strategies as st
from pydantic import BaseModel, ValidationError

from accounts.forms import LoginForm, PasswordResetForm, SignUpForm
from accounts.text_fields import (
    CleanCharField,
    CleanMultilineStr,
    CleanStr,
    CleanTextFormMixin,
    CleanTextValidator,
    validate_text,
)
from rules.inputs.text_input import text_problem
from tests.accounts.factories import PASSWORD

C0 = [chr(c) for c in range(0x20)]
C1 = [chr(c) for c in range(0x7F, 0xA0)]
CONTROLS = C0 + C1
LINE_BREAKS_AND_TAB = ["\t", "\n", "\r"]
BIDI = [chr(c) for c in (0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A))]
SURROGATES = [chr(c) for c in range(0xD800, 0xE000)]
RLO = "\u202e"

refused_anywhere = st.sampled_from([c for c in CONTROLS if c not in LINE_BREAKS_AND_TAB] + BIDI + SURROGATES)
ordinary_text = st.text(
    st.characters(exclude_categories=["Cc", "Cs"], exclude_characters="".join(BIDI)),
    max_size=40,
)


# --- The one check --------------------------------------------------------------------------------


def test_exactly_the_intended_characters_are_refused():
    """Every code point, one by one: the refused set is exactly controls, direction controls
    and surrogates (tab and line breaks only in one-line text)."""
    intended_single = set(CONTROLS) | set(BIDI) | set(SURROGATES)
    intended_multi = intended_single - set(LINE_BREAKS_AND_TAB)
    refused_single = {chr(c) for c in range(sys.maxunicode + 1) if text_problem(chr(c)) is not None}
    refused_multi = {chr(c) for c in range(sys.maxunicode + 1) if text_problem(chr(c), multiline=True) is not None}
    assert refused_single == intended_single
    assert refused_multi == intended_multi


@given(before=ordinary_text, bad=refused_anywhere, after=ordinary_text, multiline=st.booleans())
def test_a_control_anywhere_is_refused_with_its_code_point(before, bad, after, multiline):
    problem = text_problem(before + bad + after, multiline=multiline)
    assert problem is not None
    assert f"U+{ord(bad):04X}" in problem
    assert problem.endswith(".") and problem[0].isupper()


@given(text=ordinary_text, multiline=st.booleans())
def test_ordinary_text_passes(text, multiline):
    assert text_problem(text, multiline=multiline) is None


@given(
    text=st.text(
        st.characters(exclude_categories=["Cc", "Cs"], exclude_characters="".join(BIDI), include_characters="\t\n\r"),
        max_size=40,
    )
)
def test_multi_line_text_may_hold_tab_and_line_breaks(text):
    assert text_problem(text, multiline=True) is None


@pytest.mark.parametrize("char", LINE_BREAKS_AND_TAB)
def test_one_line_text_may_not_hold_tab_or_line_breaks(char):
    assert "single line" in text_problem(f"Star{char}fleet")


def test_the_sentences_name_the_character():
    assert text_problem("a\x00b") == "This text may not contain the control character U+0000 (NUL)."
    assert "U+202E (RIGHT-TO-LEFT OVERRIDE)" in text_problem(f"evil{RLO}gpj.exe")
    assert "direction" in text_problem(f"evil{RLO}gpj.exe")
    assert "U+D800" in text_problem("\ud800")


def test_ordinary_names_in_other_scripts_pass():
    for name in ("Jean-Luc Picard", "Benjamin O'Brien", "Ζεύς", "Шаталов", "محمد", "שלום", "山田太郎", "Ezri 🖖"):
        assert text_problem(name) is None


# --- Django validator, field and mixin ------------------------------------------------------------


def test_the_validator_refuses_with_its_code():
    with pytest.raises(forms.ValidationError) as error:
        validate_text(f"Kira{RLO}")
    assert error.value.code == "control_character"
    validate_text("Kira Nerys")
    CleanTextValidator(multiline=True)("line one\r\nline two")


def test_the_validator_can_go_in_a_model_field_and_a_migration():
    path, args, kwargs = CleanTextValidator(multiline=True).deconstruct()
    assert path == "accounts.text_fields.CleanTextValidator"
    assert kwargs == {"multiline": True}
    assert CleanTextValidator(multiline=True) == CleanTextValidator(multiline=True) != validate_text


def test_clean_char_field():
    field = CleanCharField(max_length=80)
    assert field.clean(" Deep Space Nine ") == "Deep Space Nine"
    with pytest.raises(forms.ValidationError):
        field.clean(f"Club{RLO}")
    with pytest.raises(forms.ValidationError) as error:
        field.clean("nul\x00here")
    assert len(error.value.messages) == 1  # Django's own NUL check is replaced, not doubled
    assert CleanCharField(multiline=True, widget=forms.Textarea).clean("two\r\nlines") == "two\r\nlines"


class NotesForm(CleanTextFormMixin, forms.Form):
    name = forms.CharField()
    email = forms.EmailField(required=False)
    notes = forms.CharField(widget=forms.Textarea, required=False)
    secret = forms.CharField(widget=forms.PasswordInput, required=False)
    count = forms.IntegerField(required=False)


def test_the_mixin_checks_every_text_field():
    assert NotesForm({"name": "Quark", "notes": "Bar\r\n\tand grill", "secret": "pass\x01word"}).is_valid()
    form = NotesForm({"name": f"Qu{RLO}ark", "email": f"q@ferengi{RLO}.org", "notes": "a\x1bb"})
    assert not form.is_valid()
    assert set(form.errors) == {"name", "email", "notes"}
    assert "U+001B" in form.errors["notes"][0]


def test_the_mixin_does_not_touch_the_class_fields():
    NotesForm()
    assert not any(isinstance(v, CleanTextValidator) for v in NotesForm.base_fields["name"].validators)


class Registration(BaseModel):
    name: CleanStr
    notes: CleanMultilineStr = ""


def test_the_schema_types_refuse_what_the_forms_refuse():
    assert Registration(name="Worf", notes="line\nline").name == "Worf"
    for bad in ({"name": f"Worf{RLO}"}, {"name": "Worf\n"}, {"name": "W", "notes": "\x00"}, {"name": "\ud800"}):
        with pytest.raises(ValidationError) as error:
            Registration(**bad)
        assert "may not contain" in str(error.value)


# --- The account forms ----------------------------------------------------------------------------


def sign_up_data(**changes):
    return {"username": "kira", "email": "kira@example.org", "password1": PASSWORD, "password2": PASSWORD} | changes


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("username", f"kira{RLO}"),
        ("username", "kira\x00"),
        # Django's e-mail check lets any character above U+00A0 into the domain, U+202E included.
        ("email", f"kira@bajor{RLO}gro.example"),
        ("email", "kira@bajor\u2066.example"),
    ],
)
def test_sign_up_refuses_control_and_direction_characters(field, value):
    form = SignUpForm(sign_up_data(**{field: value}))
    assert not form.is_valid()
    assert any("may not contain" in message for message in form.errors[field])


@pytest.mark.django_db
def test_log_in_and_password_reset_refuse_them_too():
    assert "may not contain" in LoginForm(data={"username": f"kira{RLO}", "password": "x"}).errors["username"][0]
    assert "may not contain" in PasswordResetForm({"email": f"kira@bajor{RLO}.example"}).errors["email"][0]


@pytest.mark.django_db
def test_the_sign_up_page_refuses_a_right_to_left_override_and_sends_nothing(client, mailoutbox):
    with TestCase.captureOnCommitCallbacks(execute=True):  # a mail would go when the sign-up commits
        response = client.post(reverse("sign_up"), sign_up_data(email=f"kira@bajor{RLO}gro.example"))
    assert response.status_code == 200
    assert "invisible direction control U+202E" in response.text
    assert mailoutbox == []


@pytest.mark.django_db
def test_the_admin_user_form_refuses_them_in_names():
    from accounts.admin import UserChangeForm
    from tests.accounts.factories import UserFactory

    user = UserFactory()
    data = {
        "username": user.username,
        "first_name": f"Jadzia{RLO}",
        "last_name": "Dax\x07",
        "email": user.email,
        "date_joined_0": "2026-01-01",
        "date_joined_1": "10:00",
    }
    form = UserChangeForm(data, instance=user)
    assert not form.is_valid()
    assert {"first_name", "last_name"} <= set(form.errors)
