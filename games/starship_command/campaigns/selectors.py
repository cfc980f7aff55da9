"""Reads of the campaign tracker: who sees which campaign, and the campaign page rebuilt from its ledger.

A campaign page costs a fixed number of queries (the campaign, its players, its
entries); everything else -- balances, fleets, damage, scores -- is the rules'
replay of the entries.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from accounts.permissions import is_event_organizer
from rules import starship_command
from rules.starship_command import (
    FLEET_BUDGET,
    SURVIVING,
    BattleResult,
    Holding,
    Join,
    Purchase,
    Repair,
    ShipFate,
    TeamScore,
    Transfer,
    Void,
)

from ..models import Campaign, CampaignEntry, CampaignPlayer, StarshipCommandShip
from .ledger import FATE_WORDS, replay


@dataclass(frozen=True, slots=True)
class PlayerSheet:
    player: CampaignPlayer
    bank: int
    destroyed: int  # value of the enemy ships this player destroyed
    fleet: tuple[Holding, ...]  # by ship name
    has_teammate: bool  # someone of the same race to hand ships to

    @property
    def has_damage(self) -> bool:
        return any(holding.shield_damage or holding.structure_damage for holding in self.fleet)


@dataclass(frozen=True, slots=True)
class LedgerRow:
    entry: CampaignEntry
    title: str  # "Purchase", "Battle 2"
    description: str
    balances: tuple[int | None, ...]  # every player's bank after the entry, in the page's player order
    voided: bool = False  # a later ``void`` entry struck it out: the campaign is replayed without it
    may_void: bool = False  # an entry that may still be voided (not a void, not voided already)


@dataclass(frozen=True, slots=True)
class CampaignPage:
    campaign: Campaign
    state: starship_command.Campaign | None  # None until the campaign has players
    sheets: tuple[PlayerSheet, ...]
    ledger: tuple[LedgerRow, ...]
    scores: tuple[TeamScore, ...]

    @property
    def battles_played(self) -> int:
        return self.state.battles_played if self.state else 0

    @property
    def over(self) -> bool:
        return bool(self.state and self.state.over)

    @property
    def next_battle(self) -> int:
        return self.battles_played + 1

    @property
    def seen(self) -> int:
        """The number of entries this page was built on, for the forms' stale-state check."""
        return len(self.ledger)


def campaigns_for(user):
    """The campaigns ``user`` runs or plays in (every campaign for a superuser), newest first."""
    campaigns = Campaign.objects.select_related("organizer").annotate(player_count=Count("players", distinct=True))
    if user.is_superuser:
        return campaigns
    seats = CampaignPlayer.objects.filter(user=user).values("campaign")
    return campaigns.filter(Q(organizer=user) | Q(pk__in=seats))


def visible_campaign(user, pk: int) -> Campaign:
    """The campaign, if ``user`` runs it or plays in it; else :class:`Campaign.DoesNotExist`, as if it did not exist."""
    campaign = Campaign.objects.select_related("organizer").get(pk=pk)
    if may_record(user, campaign) or campaign.players.filter(user=user).exists():
        return campaign
    raise Campaign.DoesNotExist


def may_record(user, campaign: Campaign) -> bool:
    """Only the campaign's organizer (or a superuser) records entries and adds players."""
    return is_event_organizer(user, campaign)


def campaign_page(campaign: Campaign) -> CampaignPage:
    players = list(campaign.players.select_related("user"))
    entries = list(campaign.entries.select_related("recorded_by").order_by("sequence"))
    if not players:
        return CampaignPage(campaign=campaign, state=None, sheets=(), ledger=(), scores=())
    state = replay(campaign, players, entries)
    players = [player for player in players if player.user.get_username() in state.accounts]  # a voided join
    names = [player.user.get_username() for player in players]
    races = [player.race for player in players]
    sheets = tuple(
        PlayerSheet(
            player=player,
            bank=state.accounts[name].bank,
            destroyed=state.accounts[name].destroyed,
            fleet=tuple(holding for _ship, holding in sorted(state.accounts[name].fleet.items())),
            has_teammate=races.count(player.race) > 1,
        )
        for player, name in zip(players, names, strict=True)
    )
    ledger, battle = [], 0
    for position, (entry, line) in enumerate(zip(entries, state.ledger, strict=True), start=1):
        voided = position in state.voided
        is_battle = isinstance(line.entry, BattleResult)
        if is_battle and not voided:
            battle += 1
        title = _("Battle %(number)s") % {"number": battle} if is_battle and not voided else entry.get_kind_display()
        balances = tuple(line.balances.get(name) for name in names)
        ledger.append(
            LedgerRow(
                entry=entry,
                title=title,
                description=describe(line.entry),
                balances=balances,
                voided=voided,
                may_void=not voided and not isinstance(line.entry, Void),
            )
        )
    return CampaignPage(campaign=campaign, state=state, sheets=sheets, ledger=tuple(ledger), scores=state.score())


def ships_for_sale(state: starship_command.Campaign, race: str):
    """Catalog ships of ``race`` nobody holds and nobody lost: what a player of that race may buy."""
    unavailable = set(state.lost).union(*(account.fleet for account in state.accounts.values()))
    ships = StarshipCommandShip.objects.filter(race=race, retired=False)
    return ships.exclude(name__in=unavailable).order_by("-value", "name")


def describe(entry: starship_command.Entry) -> str:
    """One sentence for a ledger line."""
    if isinstance(entry, Purchase):
        return _("%(player)s buys %(ship)s (%(class)s) for %(value)s points.") % {
            "player": entry.player,
            "ship": entry.ship.name,
            "class": entry.ship.ship_class,
            "value": entry.ship.value,
        }
    if isinstance(entry, Repair):
        amounts = [
            *([_("%(points)s shield") % {"points": entry.shields}] if entry.shields else []),
            *([_("%(points)s Structure") % {"points": entry.structure}] if entry.structure else []),
        ]
        mended = (
            _("%(first)s and %(second)s") % {"first": amounts[0], "second": amounts[1]}
            if len(amounts) > 1
            else "".join(amounts)
        )
        return _("%(player)s repairs %(ship)s: %(mended)s points.") % {
            "player": entry.player,
            "ship": entry.ship,
            "mended": mended,
        }
    if isinstance(entry, Transfer):
        return _("%(giver)s gives %(ship)s to %(receiver)s.") % {
            "giver": entry.giver,
            "ship": entry.ship,
            "receiver": entry.receiver,
        }
    if isinstance(entry, Join):
        return _("%(player)s joins, commanding the %(race)s, with %(points)s points.") % {
            "player": entry.player,
            "race": entry.race.capitalize(),
            "points": FLEET_BUDGET,
        }
    if isinstance(entry, Void):
        return _("Entry %(position)s is void: %(reason)s") % {"position": entry.position, "reason": entry.reason}
    if not entry.fates:
        return _("Every ship stayed at its starbase.")
    return " ".join(_describe_fate(fate) for fate in entry.fates)


def _describe_fate(fate: ShipFate) -> str:
    words = {"ship": fate.ship.name, "owner": fate.owner, "fate": FATE_WORDS[fate.fate], "by": fate.destroyed_by}
    if fate.destroyed_by:
        sentence = _("%(ship)s (%(owner)s) %(fate)s by %(by)s") % words
    else:
        sentence = _("%(ship)s (%(owner)s) %(fate)s") % words
    details = []
    if fate.fighters_aboard:
        details.append(_("fighters worth %(values)s aboard") % {"values": " + ".join(map(str, fate.fighters_aboard))})
    if fate.fate in SURVIVING and (fate.shield_damage or fate.structure_damage):
        details.append(
            _("%(shield)s shield and %(structure)s Structure damage")
            % {"shield": fate.shield_damage, "structure": fate.structure_damage}
        )
    if fate.captured_by:
        details.append(_("captured by %(player)s") % {"player": fate.captured_by})
    return ", ".join([sentence, *details]) + "."
