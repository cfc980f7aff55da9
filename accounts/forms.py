from django import forms
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

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
