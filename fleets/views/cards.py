"""The card catalog's pages: the finder (search, filters, sorting), one card's view, and a player's collection.

The finder and the card view are public (the catalog is the shipped community data); "only cards I own"
and the collection need a signed-in player.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_safe

from ..forms.collection import CollectionForm, CollectionImportForm
from ..forms.finder import CardFinderForm
from ..selectors.card_index import FoundPage, catalog_sets, find_cards, found_card, printings
from ..selectors.card_view import card_facts
from ..selectors.collection import collection_text, owned_set_ids
from ..services import FleetError, collection_import, collection_set


def next_page_url(path: str, params, found: FoundPage | None) -> str:
    """The URL of the page after ``found`` with the same query (``""`` when it was the last): what "Show more"
    loads."""
    if found is None or found.next_page is None:
        return ""
    query = params.copy()
    query["page"] = str(found.next_page)
    return f"{path}?{query.urlencode()}"


@require_safe
def card_finder(request):
    """Find cards: the search box, its filters (the query names of :mod:`fleets.forms.finder`), and one page
    of results; with htmx only the results (the type-ahead and "Show more")."""
    form = CardFinderForm(request.GET)  # no query: every card, a page at a time
    found = None
    if form.is_valid():
        owned = owned_set_ids(request.user) if form.cleaned_data["owned"] else None
        found = find_cards(form.card_query(owned_sets=owned), page=form.cleaned_data["page"] or 1, index=form.index)
    search = {
        "form": form,
        "found": found,
        "ship": None,
        "query": form.cleaned_data.get("q", "") if found is not None else "",
        "more_url": next_page_url(reverse("fleets:cards"), request.GET, found),
    }
    template = "fleets/includes/search_results.html" if request.htmx else "fleets/cards.html"
    return render(request, template, {"search": search, "form": form})


@require_safe
def card_detail(request, card_id: str):
    """One card: its text, cost and what changes it, its stats, maneuver dial and actions, the expansions it
    comes in and the other printings of the same name."""
    found = found_card(card_id)
    if found is None:
        raise Http404("No such card.")
    if found.card.id != card_id:  # an alias of a reprinted card: its one address
        return redirect("fleets:card", card_id=found.card.id)
    context = {"found": found, "card": found.card, "facts": card_facts(found.card), "printings": printings(found.card)}
    return render(request, "fleets/card.html", context)


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def collection(request):
    """The expansions the player owns, ticked on a list of every expansion (``sets``), or pasted as text
    (``text``, which replaces the list); a refused post shows its error and changes nothing."""
    sets = catalog_sets()
    owned = owned_set_ids(request.user)
    forms = {"form": CollectionForm(sets=sets, initial={"sets": sorted(owned)}), "import_form": CollectionImportForm()}
    if request.method == "POST":
        importing = "text" in request.POST
        bound = CollectionImportForm(request.POST) if importing else CollectionForm(request.POST, sets=sets)
        forms["import_form" if importing else "form"] = bound
        kept = _save_collection(request.user, bound, importing=importing)
        if kept is not None:
            held = ngettext(
                "Your collection holds %(count)s expansion.", "Your collection holds %(count)s expansions.", len(kept)
            )
            messages.success(request, held % {"count": len(kept)})

            return redirect("fleets:collection")
    return render(request, "fleets/collection.html", {**forms, "owned_count": len(owned)})


def _save_collection(user, form, *, importing: bool) -> list[str] | None:
    """The expansion ids kept, or ``None`` with the refusal on ``form``."""
    if not form.is_valid():
        return None
    try:
        if importing:
            return collection_import(owner=user, text=form.cleaned_data["text"])
        return collection_set(owner=user, set_ids=form.cleaned_data["sets"])
    except FleetError as refused:
        form.add_error(None, refused.message)
        return None


@login_required
@require_safe
def collection_export(request):
    """The collection as text, one expansion a line: what the collection page's import reads back."""
    response = HttpResponse(collection_text(request.user), content_type="text/plain; charset=utf-8")
    response["Content-Disposition"] = 'attachment; filename="collection.txt"'
    return response
