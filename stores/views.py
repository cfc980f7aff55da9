"""Store pages: the list with its search, a store's page, creating stores and appointing their people."""

from __future__ import annotations

from copy import copy

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.permissions import site_admin_required

from . import selectors, services
from .access import Standing, store_organizer_required, store_page
from .errors import StoreError
from .forms import AppointForm, StoreDetailsForm, StoreForm, StoreSearchForm
from .models import Store, StoreRoleKind


@require_safe
def store_list(request):
    """Public: every store, found by name and town."""
    form = StoreSearchForm(request.GET or None)
    found = form.cleaned_data if form.is_valid() else {}
    stores = selectors.store_search(query=found.get("q", ""), town=found.get("town", ""))
    return render(request, "stores/store_list.html", {"form": form, "stores": stores})


@require_safe
@store_page
def store_detail(request, store: Store, viewer: Standing):
    """Public: the store, its running, upcoming and past events and its people; its organizers also
    appoint people here."""
    context = {"store": store, "viewer": viewer, **selectors.store_events(store), **selectors.store_people(store)}
    if viewer.is_organizer:
        context["appoint_form"] = AppointForm()
    return render(request, "stores/store_detail.html", context)


@site_admin_required
@require_http_methods(["GET", "POST"])
def store_create(request):
    """Site administrators: a new store and its first organizer (the form is also on the People page)."""
    form = StoreForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        fields = {name: value for name, value in form.cleaned_data.items() if name != "first_organizer"}
        try:
            store = services.store_create(
                first_organizer=form.cleaned_data["first_organizer"], by=request.user, **fields
            )
        except StoreError as error:
            form.add_error(None, str(error))
        else:
            messages.success(
                request,
                _("%(store)s is open; %(person)s organizes it.")
                % {"store": store.name, "person": form.cleaned_data["first_organizer"]},
            )
            return redirect("stores:detail", store.pk)
    status = 400 if form.is_bound else 200
    return render(request, "stores/store_form.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
@store_organizer_required
def store_edit(request, store: Store, viewer: Standing):
    """The store's organizers: its name, town, address, web page and time zone (the page's title keeps the
    saved name while the form is refused: the form checks a copy)."""
    form = StoreDetailsForm(request.POST if request.method == "POST" else None, instance=copy(store))
    if form.is_valid():
        try:
            services.store_update(store=store, **form.cleaned_data)
        except StoreError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("%(store)s's details are saved.") % {"store": store.name})
            return redirect("stores:detail", store.pk)
    status = 400 if form.is_bound else 200
    return render(request, "stores/store_edit.html", {"store": store, "form": form}, status=status)


@require_POST
@store_organizer_required
def store_appoint(request, store: Store, viewer: Standing):
    """The store's organizers: appoint a judge or a co-organizer."""
    form = AppointForm(request.POST)
    if form.is_valid():
        person, role = form.cleaned_data["person"], form.cleaned_data["role"]
        try:
            services.store_appoint(store=store, person=person, role=role, by=request.user)
        except StoreError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                _("%(person)s is now a %(role)s of %(store)s.")
                % {"person": person.get_username(), "role": StoreRoleKind(role).label, "store": store.name},
            )
    else:
        messages.error(request, " ".join(message for errors in form.errors.values() for message in errors))
    return redirect("stores:detail", store.pk)


@require_POST
@store_organizer_required
def store_end_role(request, store: Store, viewer: Standing, role_pk: int):
    """The store's organizers: end a judge's or a co-organizer's role (it stays in the store's history)."""
    role = get_object_or_404(store.roles.select_related("person"), pk=role_pk)
    try:
        services.store_end_role(role=role, by=request.user)
    except StoreError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            _("%(person)s is no longer a %(role)s of %(store)s.")
            % {"person": role.person.get_username(), "role": role.get_role_display(), "store": store.name},
        )
    return redirect("stores:detail", store.pk)
