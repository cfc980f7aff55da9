"""Deck pages: list, create, the builder, rename and delete, files, the registration sheet, catalog import.

Every view is for players (``player_required``) and reaches a deck only through
:func:`~fleets.decks.selectors.owned_deck`, so another player's deck is a 404.
The catalog import is for organizers. Builder changes answer an htmx request
with the builder fragment (so the page updates in place) and a plain form post
with a redirect back to the builder, so the page works without JavaScript.
"""

from __future__ import annotations

import json

from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from accounts.permissions import organizer_required, player_required
from fleets.list_builders import builder_answer, form_error_text
from games.registry import catalog_games, deck_games, get_game

from . import services
from .csv_import import CatalogImportError, import_catalog_csv
from .deck_kind import get_kind
from .forms import (
    AddCardForm,
    CatalogImportForm,
    DeckCreateForm,
    DeckDetailsForm,
    DeckImportForm,
    LineForm,
    SheetForm,
)
from .selectors import deck_view, decks_of, offered_cards, owned_deck
from .sheets import render_deck_sheet
from .text_format import export_text


@player_required
def deck_list(request):
    kinds = [game.lists for game in deck_games()]
    return render(request, "fleets/decks/deck_list.html", {"views": decks_of(request.user), "kinds": kinds})


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


def _builder_context(deck, *, error: str | None = None) -> dict:
    kind = get_kind(deck.game)
    return {
        "view": deck_view(deck),
        "add_form": AddCardForm(kind=kind, queryset=offered_cards(deck)),
        "details_form": DeckDetailsForm.for_deck(deck),
        "sheet_form": SheetForm(),
        "error": error,
    }


@player_required
def deck_builder(request, pk: int):
    deck = owned_deck(request.user, pk)
    return render(request, "fleets/decks/deck_builder.html", _builder_context(deck))


def _after_change(request, deck, error: str | None = None):
    return builder_answer(
        request,
        deck,
        error=error,
        fragment="fleets/decks/_builder.html",
        context=lambda: _builder_context(deck, error=error),
        page=reverse("fleets:decks:builder", args=[deck.pk]),
    )


@player_required
@require_POST
def deck_add(request, pk: int):
    deck = owned_deck(request.user, pk)
    form = AddCardForm(request.POST, kind=get_kind(deck.game), queryset=offered_cards(deck))
    if not form.is_valid():
        return _after_change(request, deck, form_error_text(form))
    try:
        services.deck_add_card(deck=deck, card=form.cleaned_data["card"], count=form.cleaned_data["count"])
    except services.DeckError as error:
        return _after_change(request, deck, error.message)
    return _after_change(request, deck)


@player_required
@require_POST
def deck_line(request, pk: int):
    deck = owned_deck(request.user, pk)
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


@player_required
@require_POST
def deck_details(request, pk: int):
    deck = owned_deck(request.user, pk)
    form = DeckDetailsForm.for_deck(deck, data=request.POST)
    if not form.is_valid():
        return _after_change(request, deck, form_error_text(form))
    try:
        services.deck_update_details(deck=deck, **form.cleaned_data)
    except services.DeckError as error:
        return _after_change(request, deck, error.message)
    return _after_change(request, deck)


@player_required
def deck_delete(request, pk: int):
    deck = owned_deck(request.user, pk)
    if request.method == "POST":
        services.deck_delete(deck=deck)
        messages.success(request, f"“{deck.name}” was deleted.")
        return redirect("fleets:decks:list")
    return render(request, "fleets/decks/deck_confirm_delete.html", {"deck": deck, "kind": get_kind(deck.game)})


@player_required
def deck_export(request, pk: int, fmt: str):
    """The deck as a file: ``json`` is exactly what ``check_deck`` / ``check_list`` read, ``txt`` the text format."""
    deck = owned_deck(request.user, pk)
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
            messages.success(request, f"Imported “{deck.name}”.")
            return redirect("fleets:decks:builder", pk=deck.pk)
    return render(request, "fleets/decks/deck_import.html", {"form": form})


@player_required
def deck_sheet(request, pk: int):
    """The one-page registration sheet (PDF) with the deck's verification code."""
    deck = owned_deck(request.user, pk)
    form = SheetForm(request.GET)
    if not form.is_valid():
        messages.error(request, form_error_text(form))
        return redirect("fleets:decks:builder", pk=deck.pk)
    pdf = render_deck_sheet(
        view=deck_view(deck),
        player_name=request.user.get_full_name() or request.user.get_username(),
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
            messages.success(request, f"{get_game(game).name}: {result.created} added, {result.updated} updated.")
            return redirect("fleets:decks:catalog_import")
    columns = [(game.name, game.catalog) for game in catalog_games()]
    return render(request, "fleets/decks/catalog_import.html", {"form": form, "errors": errors, "columns": columns})
