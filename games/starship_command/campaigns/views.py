"""Campaign pages: the list, creating one, the campaign page, adding players and recording entries.

A campaign is seen only by its organizer and its players; anyone else gets a
404, as if it did not exist. Its players only look; the organizer (or a
superuser) adds players and records entries, and a player who tries gets a 403.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_safe

from accounts.permissions import is_organizer, organizer_required
from rules.starship_command import FLEET_BUDGET, INCOME_PER_BATTLE

from ..models import Campaign, CampaignPlayer
from . import selectors, services
from .forms import AddPlayerForm, BattleResultForm, CampaignForm, PurchaseForm, RepairForm, TransferForm, VoidForm

ENTRY_TEMPLATE = "starship_command/campaigns/entry_form.html"
POINTS = {"budget": FLEET_BUDGET, "income": INCOME_PER_BATTLE}  # what the pages say every player receives


@login_required
@require_safe
def campaign_list(request):
    """The campaigns the viewer runs or plays in."""
    context = {"campaigns": selectors.campaigns_for(request.user), "may_create": is_organizer(request.user)}
    return render(request, "starship_command/campaigns/campaign_list.html", context)


@organizer_required
@require_http_methods(["GET", "POST"])
def campaign_create(request):
    """Organizers only: the creator runs the campaign."""
    form = CampaignForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            campaign = services.campaign_create(organizer=request.user, **form.cleaned_data)
        except services.CampaignRefused as refusal:
            form.add_error(None, refusal.message)
        else:
            return redirect("tournaments:campaigns:detail", campaign.pk)
    return render(request, "starship_command/campaigns/campaign_form.html", {"form": form, "points": POINTS})


@login_required
@require_safe
def campaign_detail(request, pk: int):
    """Players, fleets with their damage, banks, the ledger and the Campaign Victory score."""
    campaign = _visible(request, pk)
    context = {
        "page": selectors.campaign_page(campaign),
        "may_record": selectors.may_record(request.user, campaign),
        "points": POINTS,
    }
    return render(request, "starship_command/campaigns/campaign_detail.html", context)


@login_required
@require_http_methods(["GET", "POST"])
def add_player(request, pk: int):
    """Before the first entry, one of the players the campaign starts with; later, a player joining between
    battles with the starting points (a ``join`` entry)."""
    campaign = _recordable(request, pk)
    form = AddPlayerForm(request.POST or None)
    began = campaign.entries.exists()
    return _form_page(
        request,
        campaign,
        form,
        title=_("A player joins the campaign") if began else _("Add a player"),
        submit=lambda: services.campaign_add_player(
            campaign=campaign, recorded_by=request.user, **form.service_fields()
        ),
        success=_("The player joins with %(points)s points.") % {"points": FLEET_BUDGET}
        if began
        else _("Player added."),
    )


@login_required
@require_http_methods(["GET", "POST"])
def void_entry(request, pk: int, sequence: int):
    """Void a ledger entry recorded by mistake, with a reason; the campaign is replayed without it."""
    campaign = _recordable(request, pk)
    page = selectors.campaign_page(campaign)
    row = next((row for row in page.ledger if row.entry.sequence == sequence), None)
    form = VoidForm(request.POST or None, sequence=sequence, initial={"seen": page.seen})
    return _record_page(
        request,
        campaign,
        form,
        services.campaign_void_entry,
        title=(
            _("Void entry %(sequence)s: %(title)s") % {"sequence": sequence, "title": row.title}
            if row
            else _("Void entry %(sequence)s") % {"sequence": sequence}
        ),
        success=_("Entry %(sequence)s is void; the campaign is replayed without it. Record the corrected entry now.")
        % {"sequence": sequence},
        voided_row=row,
    )


@login_required
@require_http_methods(["GET", "POST"])
def purchase(request, pk: int, player_pk: int):
    campaign, page, player = _player_entry(request, pk, player_pk)
    ships = selectors.ships_for_sale(page.state, player.race)
    form = PurchaseForm(request.POST or None, ships=ships, player=player, initial={"seen": page.seen})
    return _record_page(
        request,
        campaign,
        form,
        services.campaign_record_purchase,
        title=_("%(player)s buys a ship") % {"player": player.user},
        success=_("Purchase recorded."),
        player=player,
    )


@login_required
@require_http_methods(["GET", "POST"])
def repair(request, pk: int, player_pk: int):
    campaign, page, player = _player_entry(request, pk, player_pk)
    form = RepairForm(
        request.POST or None, fleet=_sheet(page, player).fleet, player=player, initial={"seen": page.seen}
    )
    return _record_page(
        request,
        campaign,
        form,
        services.campaign_record_repair,
        title=_("%(player)s repairs a ship") % {"player": player.user},
        success=_("Repair recorded."),
        player=player,
    )


@login_required
@require_http_methods(["GET", "POST"])
def transfer(request, pk: int, player_pk: int):
    campaign, page, player = _player_entry(request, pk, player_pk)
    teammates = campaign.players.filter(race=player.race).exclude(pk=player.pk).select_related("user")
    fleet = _sheet(page, player).fleet
    form = TransferForm(
        request.POST or None, fleet=fleet, teammates=teammates, player=player, initial={"seen": page.seen}
    )
    return _record_page(
        request,
        campaign,
        form,
        services.campaign_record_transfer,
        title=_("%(player)s gives a ship to a teammate") % {"player": player.user},
        success=_("Transfer recorded."),
        player=player,
    )


@login_required
@require_http_methods(["GET", "POST"])
def battle(request, pk: int):
    """The fate of every ship that took part; ships left at the starbase stay as they are."""
    campaign = _recordable(request, pk)
    page = selectors.campaign_page(campaign)
    ships = [(sheet.player, holding) for sheet in page.sheets for holding in sheet.fleet]
    players = [sheet.player for sheet in page.sheets]
    form = BattleResultForm(request.POST or None, ships=ships, players=players, seen=page.seen)
    return _record_page(
        request,
        campaign,
        form,
        services.campaign_record_battle,
        title=_("Battle %(battle)s of %(battles)s") % {"battle": page.next_battle, "battles": campaign.battles},
        success=_("Battle %(battle)s recorded: every player receives %(points)s points.")
        % {"battle": page.next_battle, "points": INCOME_PER_BATTLE},
        template="starship_command/campaigns/battle_form.html",
    )


def _visible(request, pk: int) -> Campaign:
    try:
        return selectors.visible_campaign(request.user, pk)
    except Campaign.DoesNotExist:
        raise Http404(_("No such campaign.")) from None


def _recordable(request, pk: int) -> Campaign:
    campaign = _visible(request, pk)
    if not selectors.may_record(request.user, campaign):
        raise PermissionDenied(_("Only the campaign's organizer records entries."))
    return campaign


def _player_entry(request, pk: int, player_pk: int) -> tuple[Campaign, selectors.CampaignPage, CampaignPlayer]:
    """The campaign (for its organizer), its page as it stands, and the player the entry is for."""
    campaign = _recordable(request, pk)
    player = get_object_or_404(CampaignPlayer.objects.select_related("user"), pk=player_pk, campaign=campaign)
    return campaign, selectors.campaign_page(campaign), player


def _sheet(page: selectors.CampaignPage, player: CampaignPlayer) -> selectors.PlayerSheet:
    return next(sheet for sheet in page.sheets if sheet.player.pk == player.pk)


def _record_page(
    request,
    campaign: Campaign,
    form,
    service,
    *,
    title: str,
    success: str,
    player=None,
    template=ENTRY_TEMPLATE,
    **context,
):
    """An entry form: ``service`` gets the campaign, the person recording and the form's fields."""

    def submit():
        return service(campaign=campaign, recorded_by=request.user, **form.service_fields())

    return _form_page(
        request,
        campaign,
        form,
        title=title,
        submit=submit,
        success=success,
        template=template,
        player=player,
        **context,
    )


def _form_page(
    request, campaign: Campaign, form, *, title: str, submit: Callable, success: str, template=ENTRY_TEMPLATE, **context
):
    """GET shows the form; a valid POST calls ``submit``. A refusal is shown on the form; success goes back to the
    campaign page."""
    error = None
    if request.method == "POST" and form.is_valid():
        try:
            submit()
        except services.CampaignRefused as refusal:
            error = refusal.message
        else:
            messages.success(request, success)
            return redirect("tournaments:campaigns:detail", campaign.pk)
    return render(request, template, {"campaign": campaign, "form": form, "title": title, "error": error, **context})
