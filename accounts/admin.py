"""The admin's user pages, with the text check on names and e-mail (``accounts.text_fields``)."""

from django.contrib import admin
from django.contrib.auth import admin as auth_admin
from django.contrib.auth import forms as auth_forms
from django.contrib.auth.models import User

from .text_fields import CleanTextFormMixin


class UserChangeForm(CleanTextFormMixin, auth_forms.UserChangeForm):
    pass


class AdminUserCreationForm(CleanTextFormMixin, auth_forms.AdminUserCreationForm):
    pass


class UserAdmin(auth_admin.UserAdmin):
    form = UserChangeForm
    add_form = AdminUserCreationForm


admin.site.unregister(User)
admin.site.register(User, UserAdmin)
