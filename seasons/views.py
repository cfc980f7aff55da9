"""Season pages (table, exports, the organizers' form), player records and the meta."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods, require_safe

from game_registry import all_games, get_game, is_game
from stores.access import organized_stores

from . import charts, exports, selectors, services
from .access import load_season, may_run_season, may_see_record, season_organizer_required
from .forms import MetaForm, RecordSettingForm, SeasonForm
from .meta import MetaFilter, card_kinds, game_meta
from .models import RecordSetting


@require_safe
def season_list(request):
    """Public: every season, and the form's link for whoever organizes a store."""
    context = {"seasons": selectors.seasons_list(), "may_create": organized_stores(request.user).exists()}
    return render(request, "seasons/season_list.html", context)


@require_safe
def season_detail(request, pk: int):
    """Public: the season's table, qualifiers marked, with the points table that made it."""
    season = load_season(pk)
    table = selectors.season_table(season)
    context = {"table": table, "season": season, "may_edit": may_run_season(request.user, season)}
    return render(request, "seasons/season_detail.html", context)


@require_safe
def season_csv(request, pk: int):
    table = selectors.season_table(load_season(pk))
    response = HttpResponse(exports.season_csv(table), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="season-{pk}.csv"'
    return response


@require_safe
def season_json(request, pk: int):
    return JsonResponse(exports.season_json(selectors.season_table(load_season(pk))))


@require_safe
def season_pdf(request, pk: int):
    response = HttpResponse(exports.season_pdf(selectors.season_table(load_season(pk))), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="season-{pk}.pdf"'
    return response


def _season_form(request, season=None):
    stores = organized_stores(request.user)
    data = request.POST if request.method == "POST" else None
    form = SeasonForm(data, instance=season, stores=stores)
    if data is not None and form.is_valid():
        try:
            season = services.season_save(
                season=season,
                by=request.user,
                stores=form.cleaned_data["stores"],
                events=form.cleaned_data["events"],
                **form.season_fields(),
            )
        except ValidationError as error:
            form.add_error(None, error)
        else:
            messages.success(request, _("Season %(name)s saved.") % {"name": repr(season.name)})
            return redirect("seasons:detail", season.pk)
    status = 400 if form.is_bound else 200
    return render(request, "seasons/season_form.html", {"form": form, "season": season}, status=status)


@login_required
@require_http_methods(["GET", "POST"])
def season_create(request):
    """Store organizers: a new season of their stores."""
    if not organized_stores(request.user).exists():
        raise PermissionDenied(_("Only a store's organizers may start a season."))
    return _season_form(request)


@require_http_methods(["GET", "POST"])
@season_organizer_required
def season_edit(request, season):
    """The organizers of the season's stores: its name, dates, events, points table and qualification."""
    return _season_form(request, season)


@require_safe
def player_list(request):
    """Public: every player with a public record, and the top ratings of each game."""
    ratings = [(game, selectors.top_ratings(game.key, limit=20)) for game in all_games()]
    context = {"players": selectors.listed_players(), "ratings": [(g, r) for g, r in ratings if r]}
    return render(request, "seasons/player_list.html", context)


@require_safe
def player_record(request, player_pk: int):
    """A player's record: public unless they hid it (or never claimed a walk-in's account); theirs always."""
    player = get_object_or_404(get_user_model(), pk=player_pk, is_active=True)
    if not may_see_record(request.user, player):
        raise Http404(_("No such player."))
    record = selectors.player_record(player, request.user)
    ratings = [
        (
            get_game(rating.game).name if is_game(rating.game) else rating.game,
            rating,
            charts.rating_chart(
                _("Rating history in %(game)s")
                % {"game": get_game(rating.game).name if is_game(rating.game) else rating.game},
                rating.history,
            ),
        )
        for rating in record.ratings
    ]
    own = request.user.is_authenticated and request.user.pk == player.pk
    setting = RecordSetting.objects.filter(player=player).first()
    context = {
        "record": record,
        "ratings": ratings,
        "own": own,
        "setting_form": RecordSettingForm(initial={"hidden": bool(setting and setting.hidden)}) if own else None,
    }
    return render(request, "seasons/player_record.html", context)


@login_required
@require_http_methods(["POST"])
def record_setting(request):
    """The player: hide or show their own record page."""
    form = RecordSettingForm(request.POST)
    form.is_valid()
    hidden = form.cleaned_data.get("hidden", False)
    services.record_hide(player=request.user, hidden=hidden)
    messages.success(request, _("Your record page is now hidden.") if hidden else _("Your record page is now public."))
    return redirect("seasons:player", request.user.pk)


# How the meta names each kind of card it ranks: its heading and its table's column.
ITEM_WORDS = {
    "ship": (gettext_lazy("Most played ships"), gettext_lazy("Ship")),
    "captain": (gettext_lazy("Most played captains"), gettext_lazy("Captain")),
    "upgrades": (gettext_lazy("Most played upgrades"), gettext_lazy("Upgrade")),
    "cards": (gettext_lazy("Most played cards"), gettext_lazy("Card")),
}


def _item_words(kind: str, title: str) -> tuple[str, str]:
    """The heading and column of the meta's most played ``kind`` of card (``title``: the game's name for them)."""
    if kind in ITEM_WORDS:
        heading, column = ITEM_WORDS[kind]
        return str(heading), str(column)
    return _("Most played %(kinds)s") % {"kinds": title.lower()}, title[:-1]


@require_safe
def meta(request):
    """Public: the meta of a game (format, stores, period chosen), from public lists only."""
    games = all_games()
    form = MetaForm(request.GET or {"game": games[0].key})
    if not form.is_valid():
        return render(request, "seasons/meta.html", {"form": form}, status=400)
    found = form.cleaned_data
    chosen = MetaFilter(
        game=found["game"],
        format=found["format"],
        stores=tuple(store.pk for store in found["store"]),
        since=found["since"],
        until=found["until"],
    )
    result = game_meta(chosen)
    game_name = get_game(chosen.game).name
    kinds = {title: kind for kind, title in card_kinds(chosen.game)}
    context = {
        "form": form,
        "meta": result,
        "game_name": game_name,
        "share_chart": charts.share_chart(
            _("Faction share, %(game)s") % {"game": game_name},
            # One English sentence whatever the number; the German one says "1 Turnier" but "2 Turnieren".
            ngettext(
                "%(lists)s public lists from %(events)s events.",
                "%(lists)s public lists from %(events)s events.",
                result.events,
            )
            % {"lists": result.lists, "events": result.events},
            result.factions,
        ),
        "win_chart": charts.win_rate_chart(
            _("Win rate by faction, %(game)s") % {"game": game_name},
            _("Games between different factions; the line across each bar is the 95% Wilson interval."),
            result.win_rates,
        ),
        "item_charts": [
            (
                title,
                heading,
                column,
                shares,
                charts.share_chart(heading, _("Share of lists holding each."), shares),
            )
            for title, shares in result.items
            for heading, column in [_item_words(kinds.get(title, ""), title)]
        ],
    }
    return render(request, "seasons/meta.html", context)
