from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import password_validation
from django.contrib.auth.models import User
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.template.loader import render_to_string
from django.utils.text import capfirst
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from .models import NoticePreferences, PrintPreferences
from .roles import GRANTABLE_ROLES, ROLE_LABELS
from .services import GUEST_USERNAME_PREFIX, PasswordCheckLocked, password_check
from .tasks import mail_on_commit
from .text_fields import CleanTextFormMixin


class SignUpForm(CleanTextFormMixin, forms.Form):
    """Sign-up asks for an e-mail too: password resets need one, and fleet sheets print it if the player chooses.

    Only the input itself is checked here, never whether the name or the address is in
    use: that would tell anyone who asks (see :func:`accounts.services.sign_up_request`).
    """

    username = auth_forms.UsernameField(
        label=_("Username"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_("150 characters or fewer: letters, digits and @ . + - _ only."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autofocus": True}),
    )
    email = forms.EmailField(
        label=_("Email"),
        max_length=User._meta.get_field("email").max_length,
        help_text=_(
            "We'll send a link there to finish signing up. "
            "Your sheets print it only if you choose so on your Printouts page."
        ),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=password_validation.password_validators_help_text_html(),
    )
    password2 = forms.CharField(
        label=_("Password confirmation"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
        help_text=_("Enter the same password as before, for verification."),
    )

    def clean_username(self):
        """Walk-ins' generated names start with the guest prefix: nobody can sign up as one."""
        username = self.cleaned_data["username"]
        if username.lower().startswith(GUEST_USERNAME_PREFIX):
            raise ValidationError(
                gettext("Names starting with “%(prefix)s” are kept for walk-ins.") % {"prefix": GUEST_USERNAME_PREFIX}
            )
        return username

    def clean_email(self):
        return self.cleaned_data["email"].strip().lower()

    def clean(self):
        cleaned = super().clean()
        password1, password2 = cleaned.get("password1"), cleaned.get("password2")
        if password1 and password2 and password1 != password2:
            self.add_error(
                "password2", ValidationError(gettext("The two password fields didn't match."), code="password_mismatch")
            )
        elif password1:
            # An unsaved user, so the similarity check compares with what was typed, never with the database.
            candidate = User(username=cleaned.get("username", ""), email=cleaned.get("email", ""))
            try:
                password_validation.validate_password(password1, candidate)
            except ValidationError as error:
                self.add_error("password1", error)
        return cleaned


class LoginForm(CleanTextFormMixin, auth_forms.AuthenticationForm):
    """Django's, with the username held to an account's length: Django's form only sets the length on the
    widget, so a longer name went on to ``authenticate()`` and the lockout's record (a server error on
    PostgreSQL, :mod:`accounts.tried_username`); now it is refused with the field's own message."""

    username = auth_forms.UsernameField(
        max_length=User._meta.get_field("username").max_length,
        widget=forms.TextInput(attrs={"autofocus": True}),
    )


class PasswordResetForm(CleanTextFormMixin, auth_forms.PasswordResetForm):
    """Django's reset form, its mail queued for the background worker like every mail the site sends
    (:mod:`accounts.tasks`): the request answers without waiting for the mail server."""

    def send_mail(self, subject_template_name, email_template_name, context, from_email, to_email, **kwargs):
        subject = "".join(render_to_string(subject_template_name, context).splitlines())
        mail_on_commit(to=to_email, subject=subject, body=render_to_string(email_template_name, context))


class ThrottledPasswordChangeForm(auth_forms.PasswordChangeForm):
    """The current password is checked at most as often as log-in allows
    (:func:`accounts.services.password_check`); once locked, even the right one is refused."""

    error_messages = {
        **auth_forms.PasswordChangeForm.error_messages,
        "locked": _(
            "Too many wrong passwords: changing the password is locked for an hour. "
            "Try again later, or log out and reset your password by e-mail."
        ),
    }

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        try:
            right = password_check(user=self.user, password=old_password)
        except PasswordCheckLocked:
            raise ValidationError(self.error_messages["locked"], code="locked") from None
        if not right:
            raise ValidationError(self.error_messages["password_incorrect"], code="password_incorrect")
        return old_password


class PeopleSearchForm(CleanTextFormMixin, forms.Form):
    q = forms.CharField(
        label=_("Find people"),
        max_length=150,
        required=False,
        help_text=_("Part of a username, name or e-mail address."),
    )


class RoleForm(CleanTextFormMixin, forms.Form):
    """Give (``granted=1``) or take (``granted=0``) a role on the People page."""

    role = forms.ChoiceField(choices=[(role, ROLE_LABELS[role]) for role in GRANTABLE_ROLES])
    granted = forms.TypedChoiceField(choices=[("1", _("give")), ("0", _("take"))], coerce=lambda value: value == "1")


class PrintPreferencesForm(CleanTextFormMixin, forms.Form):
    """The Printouts section of the account: a name for printed sheets, and whether to print the e-mail."""

    print_name = forms.CharField(
        label=_("Name on printouts"),
        max_length=PrintPreferences._meta.get_field("print_name").max_length,
        required=False,
        help_text=_(
            "Printed on your sheets and the event's pairings, slips and standings. "
            "Leave blank to print the name on your account, else your username."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    print_email = forms.BooleanField(
        label=_("Print my e-mail address on my fleet and deck sheets"),
        required=False,
        help_text=_("Off unless you choose it: the event's staff and your opponents see printed sheets."),
    )


class NoticePreferencesForm(forms.Form):
    """The Notices section of the account: which mails the site sends about one's events."""

    pairings = forms.BooleanField(
        label=capfirst(NoticePreferences._meta.get_field("pairings").verbose_name), required=False
    )
    disputes = forms.BooleanField(
        label=capfirst(NoticePreferences._meta.get_field("disputes").verbose_name), required=False
    )
