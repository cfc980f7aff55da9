"""Forms of the store pages. They only read and check input; services do the writing."""

from __future__ import annotations

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from accounts.text_fields import CleanTextFormMixin

from .models import Store, StoreRoleKind


class StoreSearchForm(forms.Form):
    q = forms.CharField(label=_("Name"), required=False, max_length=120)
    town = forms.CharField(label=_("Town"), required=False, max_length=100)


class PersonField(forms.CharField):
    """A person by username (exact, ignoring case), as staff type it."""

    def clean(self, value):
        username = super().clean(value)
        person = get_user_model().objects.filter(username__iexact=username).first()
        if person is None:
            raise forms.ValidationError(gettext("There is no account called %(name)s.") % {"name": username})
        return person


class StoreDetailsForm(CleanTextFormMixin, forms.ModelForm):
    """A store's details, as its organizers keep them."""

    website = forms.URLField(label=_("Web page"), required=False, assume_scheme="https")

    class Meta:
        model = Store
        fields = ["name", "town", "address", "website", "timezone", "language"]


class StoreForm(StoreDetailsForm):
    """A new store and its first organizer (site administrators, on the People page)."""

    first_organizer = PersonField(
        label=_("First organizer"),
        max_length=150,
        help_text=_("Username of an account holding the Organizer role."),
    )


class AppointForm(forms.Form):
    """A store's organizer appoints a judge or a co-organizer."""

    person = PersonField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=StoreRoleKind.choices, initial=StoreRoleKind.JUDGE)
