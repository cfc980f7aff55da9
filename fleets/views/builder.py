"""The fleet builder: one page that shows a fleet's costs and violations and, for its owner, edits it.

Every change is a small form posted to :func:`fleet_edit`, which changes the
fleet's draft (:mod:`fleets.drafts`); :func:`fleet_save` makes a version of it
(then opens the export asked for) and :func:`fleet_discard` drops it. With htmx
the response is the builder fragment, swapped in place; without JavaScript the
same post redirects back to the page. The card search works the same way: a
fragment for htmx's type-ahead, or the whole page with the results in place.
The event or date the player says the list is for (:class:`~fleets.forms.JudgeDayForm`)
rides in the query of every form the page posts or searches with, so a change
keeps judging the list as the player chose, with or without JavaScript.
"""

from __future__ import annotations

from dataclasses import replace
from urllib.parse import urlencode

from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from fleets.list_builders import builder_answer, form_error_text
from rules.attack_wing import Fleet as EngineFleet
from rules.attack_wing import fleet_to_dict
from rules.attack_wing.catalog import SHIP, UPGRADE

from ..access import can_edit_fleet, player_events
from ..drafts import (
    fleet_discard_draft,
    fleet_edit_draft,
    fleet_edit_draft_details,
    fleet_save_draft,
    fleet_undo_draft,
    working_content,
    working_format,
)
from ..forms import (
    BENEATH_SLOT,
    BUILDER_FORMS,
    EXPORT_CHOICES,
    SLOT_CHOICES,
    SLOTS,
    CardSearchForm,
    DraftForm,
    FleetDetailsForm,
    JudgeDayForm,
    ResourceForm,
)
from ..models import Fleet
from ..selectors import builder_page, content_fleet, load_catalog
from ..selectors.card_index import find_cards
from ..selectors.checks import BENEATH
from ..selectors.collection import owned_set_ids
from ..services import FleetError, FleetLocked
from ._fleet_access import with_fleet
from .cards import next_page_url


def _search(request, fleet: Fleet) -> dict | None:
    """The card search a request asks for (``?search=1``, or a ``type`` to look for): its form, results and
    where they go.

    Without ``ship`` it looks for ships to add; with ``ship`` for a card of the chosen ``slot`` (or
    ``type``) to give that ship. The query's other names are the finder's (:mod:`fleets.forms.finder`).
    In the best-match order, cards of the fleet's declared faction come first. ``None`` when no search was
    asked for.
    """
    params = request.GET
    if "search" not in params and "type" not in params:
        return None
    form = CardSearchForm(params)
    if not form.is_valid():
        return {"form": form, "found": None, "ship": None, "more_url": ""}
    data = form.cleaned_data
    ship = data.get("ship")
    host = None
    if ship is None:
        kind, upgrade_type, role = SHIP, None, None
    elif data.get("slot", "").startswith(BENEATH_SLOT):
        kind, upgrade_type, role, host = UPGRADE, None, BENEATH, data["slot"].removeprefix(BENEATH_SLOT)
    else:
        _label, kind, upgrade_type, role = SLOTS[data.get("slot") or "captain"]
    owned = owned_set_ids(request.user) if data["owned"] else None
    query = form.card_query(owned_sets=owned, first_faction=fleet.faction or None)
    found = find_cards(replace(query, kind=kind, upgrade_type=upgrade_type), page=data["page"] or 1, index=form.index)
    return {
        "form": form,
        "found": found,
        "ship": ship,
        "role": role,
        "host": host,
        "query": data["q"],
        "more_url": next_page_url(reverse("fleets:search", args=[fleet.pk]), params, found),
    }


def judge_form(request, *, offer_events: bool) -> JudgeDayForm:
    """The event or date the list is for, as the query says (``?event=`` or ``?on=``), among the
    requesting player's events when ``offer_events``. A choice that cannot be read is no choice."""
    choice = {key: request.GET[key] for key in ("event", "on") if request.GET.get(key)}
    return JudgeDayForm(choice or None, events=player_events(request.user) if offer_events else [])


def choice_query(judge: JudgeDayForm) -> str:
    """The chosen event or date as a query string (``""``: none), for the builder's forms to carry on."""
    params = judge.query_params()
    return f"?{urlencode(params)}" if params else ""


def _builder_context(request, fleet: Fleet, *, error: str = "", search: dict | None = None) -> dict:
    """The page (:func:`fleets.selectors.builder_page`) with the forms it shows and the search asked for."""
    judge = judge_form(request, offer_events=request.user.is_authenticated and fleet.owner_id == request.user.pk)
    page = builder_page(
        user=request.user,
        fleet=fleet,
        access=request.fleet_access,
        today=timezone.localdate(),
        chosen_day=judge.chosen_day,
        chosen_event=judge.chosen_event,
        error=error,
    )
    check = page.check
    details_form = FleetDetailsForm(
        initial={"name": fleet.name, "faction": fleet.faction, "format_key": page.format_key}
    )
    return {
        **page.context(),
        "export_choices": EXPORT_CHOICES,
        "locked_message": FleetLocked(fleet).message if fleet.is_locked else "",
        "search": search,
        "slot_choices": SLOT_CHOICES,
        "details_form": details_form,
        "resource_form": ResourceForm(
            initial={"resource": check.fleet.resources[0] if check and check.fleet.resources else ""},
            fleet=check.fleet if check else EngineFleet(),
            catalog=load_catalog(),
            retired=page.retired,
        ),
        # some resources are retired on that day, or the player chose: ask (again) which event or date it is for
        "asks_date": page.is_owner and (bool(page.retired) or judge.is_bound),
        "judge": judge,
        "judge_error": form_error_text(judge) if judge.is_bound and not judge.is_valid() else "",
        "judge_params": judge.query_params(),
        "judge_query": choice_query(judge),
        "faction_choices": [(key, label) for key, label in details_form.fields["faction"].choices if key],
        # "Any faction" unless the search chose one: the fleet's own faction comes first anyway.
        "search_faction": search["form"]["faction"].value() if search and search["ship"] is None else "",
    }


@require_safe
@with_fleet()
def fleet_builder(request, fleet: Fleet):
    """Anyone who may see the fleet: its owner edits it here (unless locked), others see the breakdown."""
    search = _search(request, fleet) if can_edit_fleet(request.user, fleet) else None
    return render(request, "fleets/builder.html", _builder_context(request, fleet, search=search))


@require_safe
@with_fleet(owner=True)
def fleet_card_search(request, fleet: Fleet):
    """The builder's card search: the results fragment of one search box (one page of them), for htmx.

    The query is the finder's (:mod:`fleets.forms.finder`: ``q``, ``faction``, ``cost`` and ``cost_op``
    and the other stats, ``unique``, ``set``, ``owned``, ``sort``, ``page``) plus ``ship``, the ship's place
    in the fleet (from 0; none: a ship to add), and ``type``, the slot key to fill (``captain``,
    ``admiral``, ``admiral-captain``, ``crew``, ``tech``, ``weapon``, ``talent``, ``borg``, ``squadron``,
    ``other``; ``slot`` is the same with ``beneath:<card id>`` besides). So a ship's "+ Crew" button asks
    ``?ship=0&type=crew&faction=federation``. The builder page (``fleets:detail``) takes the same query and
    opens with that search's results in place: the address for a browser without JavaScript.
    """
    search = _search(request, fleet)
    if search is None:
        raise Http404("No search.")
    judge = judge_form(request, offer_events="event" in request.GET)
    context = {"fleet": fleet, "base": fleet.revision, "search": search, "judge_query": choice_query(judge)}
    return render(request, "fleets/includes/search_results.html", context)


def _after_change(request, fleet: Fleet, error: str):
    return builder_answer(
        request,
        fleet,
        error=error,
        fragment="fleets/includes/builder.html",
        context=lambda: _builder_context(request, fleet, error=error),
        page=reverse("fleets:detail", args=[fleet.pk])
        + choice_query(judge_form(request, offer_events="event" in request.GET))
        + "#fleet-builder",
    )


@require_POST
@with_fleet(owner=True)
def fleet_edit(request, fleet: Fleet, action: str):
    """One change of the builder (``action`` names its form); stored in the fleet's draft, no version."""
    form_class = BUILDER_FORMS.get(action)
    if form_class is None:
        raise Http404("No such change.")
    if fleet.is_locked:
        return _after_change(request, fleet, FleetLocked(fleet).message)
    catalog = load_catalog()
    content = working_content(fleet)
    form = form_class(
        request.POST, fleet=content_fleet(content, catalog) if content is not None else EngineFleet(), catalog=catalog
    )
    error = ""
    if form.is_valid():
        content = fleet_to_dict(form.apply(), working_format(fleet))
        try:
            fleet_edit_draft(fleet=fleet, content=content, base=form.cleaned_data["base"])
        except FleetError as refused:
            error = refused.message
    else:
        error = form_error_text(form)
    return _after_change(request, fleet, error)


@require_POST
@with_fleet(owner=True)
def fleet_edit_details(request, fleet: Fleet):
    """Name, declared faction and format (a new format goes into the draft)."""
    form = FleetDetailsForm(request.POST)
    error = ""
    if form.is_valid():
        try:
            fleet_edit_draft_details(fleet=fleet, **form.cleaned_data)
        except FleetError as refused:
            error = refused.message
    else:
        error = form_error_text(form)
    return _after_change(request, fleet, error)


EXPORT_VIEWS = {
    "sheet": "fleets:sheet",
    "text": "fleets:export_text",
    "json": "fleets:export_json",
    "utopia-link": "fleets:export_utopia_link",
    "utopia-text": "fleets:export_utopia_text",
}


@require_POST
@with_fleet(owner=True)
def fleet_save(request, fleet: Fleet):
    """ "Save version", and every export or sheet the owner asks for in the builder: the draft becomes
    a version (when it differs from the current one), then the export asked for opens on that version.

    Exports themselves stay plain GETs of a stored version (safe to follow, cache or prefetch);
    only this post writes.
    """
    form = DraftForm(request.POST)
    if not form.is_valid():
        return _after_change(request, fleet, form_error_text(form))
    try:
        version = fleet_save_draft(fleet=fleet, by=request.user, base=form.cleaned_data["base"])
    except FleetError as refused:
        return _after_change(request, fleet, refused.message)
    then = form.cleaned_data["then"]
    if then and version is not None:
        return redirect(reverse(EXPORT_VIEWS[then], args=[fleet.pk]) + f"?version={version.number}")
    return _after_change(request, fleet, "" if version is not None else _("There is nothing to save yet: add a ship."))


@require_POST
@with_fleet(owner=True)
def fleet_discard(request, fleet: Fleet):
    """ "Discard draft": the builder shows the current version again."""
    form = DraftForm(request.POST)
    error = form_error_text(form) if not form.is_valid() else ""
    if not error:
        try:
            fleet_discard_draft(fleet=fleet, base=form.cleaned_data["base"])
        except FleetError as refused:
            error = refused.message
    return _after_change(request, fleet, error)


@require_POST
@with_fleet(owner=True)
def fleet_undo(request, fleet: Fleet):
    """ "Undo": the builder's last change taken back, one step at a time, back to the last saved version."""
    form = DraftForm(request.POST)
    error = form_error_text(form) if not form.is_valid() else ""
    if not error:
        try:
            fleet_undo_draft(fleet=fleet, base=form.cleaned_data["base"])
        except FleetError as refused:
            error = refused.message
    return _after_change(request, fleet, error)
