"""Trust under faults: text longer than a field holds is refused by the form, never a server error.
The log-in lockout (django-axes) stores the username tried in a column of 255 characters: on
PostgreSQL a longer one failed the insert. The log-in form caps the username at the account's own
length, and axes never sees more than its column holds. Run on both databases (``DATABASE_URL``)."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from accounts.forms import LoginForm, SignUpForm
from fleets.forms import CheckForm, VerifyCodeForm

pytestmark = pytest.mark.django_db

AXES_USERNAME_LENGTH = AccessAttempt._meta.get_field("username").max_length


def visitor() -> Client:
    return Client(raise_request_exception=False)  # what a visitor sees, not the test's traceback


@pytest.mark.parametrize("length", [151, 255, 256, 1000, 100_000])
def test_a_log_in_with_an_overlong_username_is_refused_and_recorded_cut_to_the_column(length):
    response = visitor().post(reverse("login"), {"username": "u" * length, "password": "wrong password"})
    assert response.status_code == 200
    assert "Ensure this value has at most 150 characters" in response.content.decode()
    for attempt in [*AccessAttempt.objects.all(), *AccessFailureLog.objects.all()]:
        assert len(attempt.username) <= AXES_USERNAME_LENGTH


def test_the_log_in_form_holds_the_accounts_length():
    field = LoginForm().fields["username"]
    assert field.max_length == User._meta.get_field("username").max_length == 150
    assert str(field.widget.attrs["maxlength"]) == "150"


def test_the_lockout_records_any_tried_username_cut_to_its_column(rf):
    """Whatever way a long name reaches ``authenticate()``, axes records it cut, and the request is refused."""
    request = rf.post(reverse("login"))
    assert authenticate(request, username="y" * 300, password="wrong password") is None
    assert {len(attempt.username) for attempt in AccessAttempt.objects.all()} == {AXES_USERNAME_LENGTH}


# The public forms a visitor may post without an account: each text field at one past its length.
PUBLIC_FORMS = [
    ("login", LoginForm, {"password": "a password"}),
    ("sign_up", SignUpForm, {"email": "someone@example.org", "password1": "Pa55-word!x", "password2": "Pa55-word!x"}),
    ("check", CheckForm, {}),
    ("fleets:verify_code", VerifyCodeForm, {}),
]


def text_fields(form_class) -> list[tuple[str, int]]:
    form = form_class() if form_class is not LoginForm else form_class(request=None)
    return [
        (name, field.max_length)
        for name, field in form.fields.items()
        if isinstance(field, forms.CharField) and field.max_length and not isinstance(field.widget, forms.PasswordInput)
    ]


CASES = [
    pytest.param(url, field, length, rest, id=f"{url}-{field}")
    for url, form_class, rest in PUBLIC_FORMS
    for field, length in text_fields(form_class)
]


def test_every_public_form_has_a_capped_text_field():
    assert {case.values[0] for case in CASES} == {url for url, _, _ in PUBLIC_FORMS}


@pytest.mark.parametrize(("url", "field", "length", "rest"), CASES)
@pytest.mark.parametrize("extra", [1, 10_000])
def test_a_public_form_refuses_a_text_field_past_its_length_without_a_server_error(url, field, length, rest, extra):
    response = visitor().post(reverse(url), {**rest, field: "a" * (length + extra)})
    assert response.status_code in {200, 400}, response.status_code
    assert f"at most {length} characters" in response.content.decode()
