from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from .services import PasswordCheckLocked, password_check
from .text_fields import CleanTextFormMixin


class SignUpForm(CleanTextFormMixin, UserCreationForm):
    """Sign-up asks for an e-mail too: fleet sheets and password resets need one."""

    email = forms.EmailField(required=True, help_text="Printed on your fleet build sheets.")

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")

    def clean_email(self):
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError("An account with this e-mail address already exists.")
        return email


class LoginForm(CleanTextFormMixin, auth_forms.AuthenticationForm):
    pass


class PasswordResetForm(CleanTextFormMixin, auth_forms.PasswordResetForm):
    pass


class ThrottledPasswordChangeForm(auth_forms.PasswordChangeForm):
    """The current password is checked at most as often as log-in allows
    (:func:`accounts.services.password_check`); once locked, even the right one is refused."""

    error_messages = {
        **auth_forms.PasswordChangeForm.error_messages,
        "locked": "Too many wrong passwords: changing the password is locked for an hour. "
        "Try again later, or log out and reset your password by e-mail.",
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
