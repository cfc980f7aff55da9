"""Every write of the campaign tracker: keyword-only functions, one transaction each, the campaign row locked.

Recording an entry replays the stored ledger through the rules, offers them the
new entry and writes it only if they accept it, so a balance can never go
below zero and no forbidden entry is ever stored. A refusal is a
:class:`CampaignRefused` carrying the rules' message and codes; it changes
nothing. Who may record is the views' question (the campaign's organizer).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from rules import starship_command
from tournaments.errors import TournamentError

from ..models import Campaign, CampaignEntry, CampaignPlayer, EntryKind
from .ledger import (
    BattleFate,
    battle_data,
    join_data,
    player_names,
    purchase_data,
    repair_data,
    replay,
    rules_entry,
    transfer_data,
    void_data,
)


class CampaignRefused(TournamentError):
    """The entry or change was refused and nothing was written; ``codes`` are the rules' violation codes."""

    def __init__(self, message: str, codes: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.codes = tuple(codes)


@transaction.atomic
def campaign_create(*, organizer, name: str, battles: int = starship_command.RECOMMENDED_BATTLES) -> Campaign:
    """A new campaign run by ``organizer``; players are added next, before the first entry."""
    campaign = Campaign(organizer=organizer, name=" ".join(name.split()), battles=battles)
    _validate(campaign)
    campaign.save()
    return campaign


@transaction.atomic
def campaign_add_player(*, campaign: Campaign, user, race: str, recorded_by=None) -> CampaignPlayer:
    """Add ``user`` commanding ``race``. Players of one race are a team.

    Before the first entry a player is one of those the campaign starts with. Once
    it has begun, a player joins between battles by a ``join`` entry: they start
    with the 150 points every player started with (seed 002, "Each player is given
    150 points to buy a fleet") and the balances already shown stay as they were.
    """
    campaign = _lock(campaign)
    if campaign.players.filter(user=user).exists():
        raise CampaignRefused(_("%(player)s already plays in this campaign.") % {"player": user.get_username()})
    player = CampaignPlayer(campaign=campaign, user=user, race=race)
    _validate(player)
    began = campaign.entries.exists()
    player.save()
    if began:
        by = recorded_by or campaign.organizer
        _record(campaign, EntryKind.JOIN, join_data(player=player), by, None, joining=player)
    return player


def campaign_record_purchase(
    *, campaign: Campaign, player: CampaignPlayer, ship, recorded_by, seen: int | None = None
) -> CampaignEntry:
    """``player`` buys ``ship`` (a :class:`fleets.models.StarshipCommandShip`) at its value."""
    return _record(campaign, EntryKind.PURCHASE, purchase_data(player=player, ship=ship), recorded_by, seen)


def campaign_record_repair(
    *,
    campaign: Campaign,
    player: CampaignPlayer,
    ship: str,
    shields: int = 0,
    structure: int = 0,
    recorded_by,
    seen: int | None = None,
) -> CampaignEntry:
    """Repair ``shields`` shield points and ``structure`` Structure points of ``player``'s ship ``ship``."""
    data = repair_data(player=player, ship=ship, shields=shields, structure=structure)
    return _record(campaign, EntryKind.REPAIR, data, recorded_by, seen)


def campaign_record_transfer(
    *,
    campaign: Campaign,
    ship: str,
    giver: CampaignPlayer,
    receiver: CampaignPlayer,
    recorded_by,
    seen: int | None = None,
) -> CampaignEntry:
    """``giver`` hands the ship ``ship`` to ``receiver``, a teammate (the same race)."""
    data = transfer_data(ship=ship, giver=giver, receiver=receiver)
    return _record(campaign, EntryKind.TRANSFER, data, recorded_by, seen)


def campaign_record_battle(
    *, campaign: Campaign, fates: Sequence[BattleFate], recorded_by, seen: int | None = None
) -> CampaignEntry:
    """A battle's result: the fate of every ship that took part (ships at the starbase are not listed)."""
    return _record(campaign, EntryKind.BATTLE, battle_data(fates), recorded_by, seen)


def campaign_void_entry(
    *, campaign: Campaign, sequence: int, reason: str, recorded_by, seen: int | None = None
) -> CampaignEntry:
    """Void the entry ``sequence`` (recorded by mistake), saying why: a ``void`` entry is added and the
    campaign replayed without it; the corrected entry is then recorded as a new one."""
    reason = " ".join(reason.split())
    return _record(campaign, EntryKind.VOID, void_data(sequence=sequence, reason=reason), recorded_by, seen)


@transaction.atomic
def _record(
    campaign: Campaign,
    kind: str,
    data: Mapping,
    recorded_by,
    seen: int | None,
    *,
    joining: CampaignPlayer | None = None,
) -> CampaignEntry:
    """Append the entry if the rules accept it after the stored ledger.

    ``seen`` is the number of entries the person recording saw when they opened
    the form: if the ledger has moved on since (a second submission of the same
    battle, say), the entry is refused rather than recorded against a state they
    never saw.
    """
    campaign = _lock(campaign)
    players = list(campaign.players.select_related("user"))
    entries = list(campaign.entries.order_by("sequence"))
    if seen is not None and seen != len(entries):
        raise CampaignRefused(
            # The English has always said "entries" whatever the count; the forms differ in other languages.
            ngettext(
                "The ledger has changed since this form was opened (it now has %(count)s entries). "
                "Check the campaign page and enter it again.",
                "The ledger has changed since this form was opened (it now has %(count)s entries). "
                "Check the campaign page and enter it again.",
                len(entries),
            )
            % {"count": len(entries)},
            codes=["LEDGER_CHANGED"],
        )
    if not players:
        raise CampaignRefused(_("The campaign has no players yet."))
    state = replay(campaign, players, entries, joining=joining)
    try:
        state.record(rules_entry(kind, data, names=player_names(players), state=state))
    except ValueError as error:  # a starship_command.CampaignError, or an entry the rules cannot even form
        codes = [violation.code for violation in getattr(error, "violations", ())]
        raise CampaignRefused(str(error), codes=codes) from error
    return CampaignEntry.objects.create(
        campaign=campaign, sequence=len(entries) + 1, kind=kind, data=data, recorded_by=recorded_by
    )


def _lock(campaign: Campaign) -> Campaign:
    """The campaign's row, locked until the transaction ends: one entry at a time, in sequence."""
    return Campaign.objects.select_for_update().get(pk=campaign.pk)


def _validate(instance) -> None:
    try:
        instance.full_clean()
    except ValidationError as error:
        raise CampaignRefused(" ".join(error.messages)) from error
