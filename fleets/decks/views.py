"""Deck pages: list, create, the builder, rename and delete, files, the registration sheet, catalog import.

Every view is for players (``player_required``); a deck's own pages reach it only through
:func:`~fleets.decks.access.deck_owner_required`, so another player's deck is a 404 to everyone,
whatever roles they hold.
The catalog import is for organizers. Builder changes answer an htmx request
with the builder fragment (so the page updates in place) and a plain form post
with a redirect back to the builder, so the page works without JavaScript.
"""

from __future__ import annotations

import json
from urllib.parse import urlencode

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.permissions import organizer_required, player_required
from accounts.selectors import print_identity
from fleets.list_builders import builder_answer, form_error_text
from game_registry import catalog_games, deck_games, fleet_games, get_game, names_in_words

from . import services
from .access import deck_owner_required
from .csv_import import (
    CatalogImportError,
    export_catalog_csv,
    import_catalog_csv,
    preview_catalog_csv,
    template_csv,
)
from .deck_kind import get_kind
from .forms import (
    AddCardForm,
    CatalogCsvForm,
    CatalogImportForm,
    CatalogRetireForm,
    DeckCreateForm,
    DeckDetailsForm,
    DeckImportForm,
    LineForm,
    SheetForm,
    catalog_entry_form,
)
from .selectors import (
    catalog_columns,
    catalog_entries,
    catalog_entry,
    catalog_game,
    catalog_rows,
    deck_view,
    decks_of,
    offered_cards,
)
from .sheets import render_deck_sheet
from .text_format import export_text


@player_required
def deck_list(request):
    kinds = [game.lists for game in deck_games()]
    # The fleet games, whose lists are the fleet builder's, not decks.
    fleet_game_names = names_in_words(fleet_games(), _("%(names)s and %(last)s"))
    context = {"views": decks_of(request.user), "kinds": kinds, "fleet_game_names": fleet_game_names}
    return render(request, "fleets/decks/deck_list.html", context)


@player_required
def deck_create(request, game: str):
    try:
        kind = get_kind(game)
    except KeyError:
        raise Http404("No such game.") from None
    form = DeckCreateForm(request.POST or None, kind=kind)
    if form.is_valid():
        try:
            deck = services.deck_create(owner=request.user, game=game, **form.cleaned_data)
        except services.DeckError as error:
            form.add_error(None, error.message)
        else:
            return redirect("fleets:decks:builder", pk=deck.pk)
    return render(request, "fleets/decks/deck_create.html", {"form": form, "kind": kind})


def _builder_context(deck, *, error: str | None = None, rules: str | None = None) -> dict:
    kind = get_kind(deck.game)
    return {
        "view": deck_view(deck, rules),
        "add_form": AddCardForm(kind=kind, queryset=offered_cards(deck)),
        "details_form": DeckDetailsForm.for_deck(deck),
        "sheet_form": SheetForm(),
        "error": error,
    }


@deck_owner_required
def deck_builder(request, deck):
    context = _builder_context(deck, rules=request.GET.get("rules"))
    return render(request, "fleets/decks/deck_builder.html", context)


def _after_change(request, deck, error: str | None = None):
    """The builder after a change, still judged by the rule set it was showing (the forms carry ``rules``)."""
    rules = get_kind(deck.game).rules_key(request.POST.get("rules"))
    page = reverse("fleets:decks:builder", args=[deck.pk])
    return builder_answer(
        request,
        deck,
        error=error,
        fragment="fleets/decks/includes/builder.html",
        context=lambda: _builder_context(deck, error=error, rules=rules),
        page=f"{page}?{urlencode({'rules': rules})}" if request.POST.get("rules") else page,
    )


@deck_owner_required
@require_POST
def deck_add(request, deck):
    form = AddCardForm(request.POST, kind=get_kind(deck.game), queryset=offered_cards(deck))
    if not form.is_valid():
        return _after_change(request, deck, form_error_text(form))
    try:
        services.deck_add_card(deck=deck, card=form.cleaned_data["card"], count=form.cleaned_data["count"])
    except services.DeckError as error:
        return _after_change(request, deck, error.message)
    return _after_change(request, deck)


@deck_owner_required
@require_POST
def deck_line(request, deck):
    form = LineForm(request.POST)
    if not form.is_valid():
        return _after_change(request, deck, form_error_text(form))
    try:
        services.deck_set_line(
            deck=deck,
            name=form.cleaned_data["name"],
            side=form.cleaned_data["side"],
            count=form.new_count(),
            chosen=form.cleaned_data["chosen"],
        )
    except services.DeckError as error:
        return _after_change(request, deck, error.message)
    return _after_change(request, deck)


@deck_owner_required
@require_POST
def deck_details(request, deck):
    form = DeckDetailsForm.for_deck(deck, data=request.POST)
    if not form.is_valid():
        return _after_change(request, deck, form_error_text(form))
    try:
        services.deck_update_details(deck=deck, **form.cleaned_data)
    except services.DeckError as error:
        return _after_change(request, deck, error.message)
    return _after_change(request, deck)


@deck_owner_required
def deck_delete(request, deck):
    if request.method == "POST":
        services.deck_delete(deck=deck)
        messages.success(request, _("“%(name)s” was deleted.") % {"name": deck.name})
        return redirect("fleets:decks:list")
    return render(request, "fleets/decks/deck_confirm_delete.html", {"deck": deck, "kind": get_kind(deck.game)})


@deck_owner_required
def deck_export(request, deck, fmt: str):
    """The deck as a file: ``json`` is exactly what ``check_deck`` / ``check_list`` read, ``txt`` the text format."""
    kind = get_kind(deck.game)
    content = kind.canonical(deck.content)  # the rules' field order, whatever order the database kept
    if fmt == "json":
        body, content_type = json.dumps(content, indent=2, ensure_ascii=False) + "\n", "application/json"
    else:
        body, content_type = export_text(kind, deck.name, content), "text/plain"
    response = HttpResponse(body, content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{slugify(deck.name) or "deck"}.{fmt}"'
    return response


@player_required
def deck_import(request):
    form = DeckImportForm(request.POST or None, request.FILES or None)
    if form.is_valid():
        try:
            deck = services.deck_import(
                owner=request.user,
                game=form.cleaned_data["game"],
                name=form.cleaned_data["name"],
                data=form.cleaned_data["data"],
            )
        except services.DeckError as error:
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Imported “%(name)s”.") % {"name": deck.name})
            return redirect("fleets:decks:builder", pk=deck.pk)
    return render(request, "fleets/decks/deck_import.html", {"form": form})


@deck_owner_required
def deck_sheet(request, deck):
    """The one-page registration sheet (PDF) with the deck's verification code."""
    form = SheetForm(request.GET)
    if not form.is_valid():
        messages.error(request, form_error_text(form))
        return redirect("fleets:decks:builder", pk=deck.pk)
    me = print_identity(request.user)
    pdf = render_deck_sheet(
        view=deck_view(deck),
        player_name=me.name,
        email=me.email,
        event_name=form.cleaned_data["event"],
        on_date=form.sheet_date(),
    )
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{slugify(deck.name) or "deck"}-registration.pdf"'
    return response


@organizer_required
def catalog_import(request):
    """Organizers load a game's cards from CSV: every bad row is listed, and nothing is written unless all are good."""
    form = CatalogImportForm(request.POST or None, request.FILES or None)
    errors = []
    if form.is_valid():
        game = form.cleaned_data["game"]
        try:
            result = import_catalog_csv(game=game, data=form.cleaned_data["file"])
        except CatalogImportError as error:
            errors = error.errors
        else:
            messages.success(
                request,
                _("%(game)s: %(added)s added, %(updated)s updated.")
                % {"game": get_game(game).name, "added": result.created, "updated": result.updated},
            )
            return redirect("fleets:decks:catalog_import")
    columns = [(game.name, game.catalog) for game in catalog_games()]
    return render(request, "fleets/decks/catalog_import.html", {"form": form, "errors": errors, "columns": columns})


# --- the catalogs organizers keep: list, add, edit, retire, CSV in and out --------------------------


@organizer_required
def catalog_index(request):
    """Every game whose catalog organizers keep, with how many cards each holds."""
    games = [(game, game.catalog.model.objects.filter(retired=False).count()) for game in catalog_games()]
    return render(request, "fleets/decks/catalog_index.html", {"games": games})


@organizer_required
def catalog_list(request, game: str):
    entry_game = catalog_game(game)
    retired = request.GET.get("retired") == "1"
    entries = catalog_entries(game, retired=retired)
    return render(
        request,
        "fleets/decks/catalog_list.html",
        {
            "game": entry_game,
            "columns": catalog_columns(game),
            "rows": catalog_rows(game, entries),
            "retired": retired,
            "noun": entry_game.lists.line_noun if entry_game.lists else _("card"),
        },
    )


@organizer_required
def catalog_add(request, game: str):
    return _catalog_edit(request, game, instance=None)


@organizer_required
def catalog_edit(request, game: str, pk: int):
    return _catalog_edit(request, game, instance=catalog_entry(game, pk))


def _catalog_edit(request, game: str, *, instance):
    entry_game = catalog_game(game)
    form = catalog_entry_form(game, data=request.POST or None, instance=instance)
    if request.method == "POST" and form.is_valid():
        entry = services.catalog_entry_save(form=form)
        done = _("%(game)s: “%(name)s” saved.") if instance else _("%(game)s: “%(name)s” added.")
        messages.success(request, done % {"game": entry_game.name, "name": entry.name})
        return redirect("fleets:decks:catalog_list", game=game)
    noun = entry_game.lists.line_noun if entry_game.lists else _("card")
    return render(
        request,
        "fleets/decks/catalog_form.html",
        {"game": entry_game, "form": form, "entry": instance, "noun": noun},
    )


@organizer_required
@require_POST
def catalog_retire(request, game: str, pk: int):
    """Retire a card (or bring it back): new lists cannot take it, lists that hold it keep it."""
    entry = catalog_entry(game, pk)
    form = CatalogRetireForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Say whether to retire the card or offer it again."))
        return redirect("fleets:decks:catalog_list", game=game)
    retired = form.cleaned_data["action"] == "retire"
    services.catalog_entry_retire(entry=entry, retired=retired)
    if retired:
        messages.success(
            request,
            _("“%(name)s” is retired: new lists cannot take it; lists that hold it keep it.") % {"name": entry.name},
        )
    else:
        messages.success(request, _("“%(name)s” is offered again.") % {"name": entry.name})
    return redirect("fleets:decks:catalog_list", game=game)


@organizer_required
def catalog_csv(request, game: str):
    """Upload a CSV, see what it would change (or every bad row), then import it: nothing is saved on error."""
    entry_game = catalog_game(game)
    form = CatalogCsvForm(request.POST or None, request.FILES or None)
    errors, changes, carried = [], None, ""
    if form.is_valid():
        raw = form.cleaned_data["raw"]
        try:
            if request.POST.get("confirm"):
                result = import_catalog_csv(game=game, data=raw)
            else:
                changes = preview_catalog_csv(game=game, data=raw)
                carried = CatalogCsvForm.carried(raw)
        except CatalogImportError as error:
            errors = error.errors
        else:
            if changes is None:
                messages.success(
                    request,
                    _("%(game)s: %(added)s added, %(updated)s updated.")
                    % {"game": entry_game.name, "added": result.created, "updated": result.updated},
                )

                return redirect("fleets:decks:catalog_list", game=game)
    spec = entry_game.catalog
    return render(
        request,
        "fleets/decks/catalog_csv.html",
        {
            "game": entry_game,
            "form": CatalogCsvForm() if changes is not None else form,
            "errors": errors,
            "changes": changes,
            "carried": carried,
            "columns": [(column, column in spec.optional) for column in spec.columns],
        },
    )


@organizer_required
def catalog_export(request, game: str):
    entry_game = catalog_game(game)
    body = export_catalog_csv(game=game, cards=entry_game.catalog.model.objects.all())
    return _csv_response(body, f"{slugify(entry_game.name)}-catalog.csv")


@organizer_required
def catalog_template(request, game: str):
    entry_game = catalog_game(game)
    return _csv_response(template_csv(game=game), f"{slugify(entry_game.name)}-template.csv")


def _csv_response(body: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
