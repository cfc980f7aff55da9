"""The Starship Command campaign as a ledger of points and ships (seed 002, Campaign Rules).

A campaign is started with its players and their races and then fed entries --
purchases, repairs, ship exchanges and battle results -- one at a time.
:meth:`Campaign.record` returns the campaign after the entry, with a ledger line
stating every player's banked points; an entry the rules forbid raises a
:class:`CampaignError` carrying the violations and changes nothing. No balance
ever goes below zero. A campaign is a value -- recording never changes the old
one -- so the site can store the entries and replay them.

The rules it keeps, in the seed's words:

- "Each player is given 150 points to buy a fleet ... Any points unused for fleet
  purchase may be banked" (Buying your fleet); "Players playing the same race
  are a team" and "may exchange ships between battles" (Campaign Rules).
- "After each battle, all players receive 50 points to make repairs to their
  ships and buy new ones at value cost. If it is a team game, then each player
  gets 50 points. On top of these 50 points a player gets any points left over
  from previous battles." -- paid after every battle, the last one included.
- "Cost for repairing shield points is one point per two shield points (round
  down), and one point per point of Structure damage." The rounding is over all
  the shield points repaired on a ship between two battles, so repairing them
  one at a time costs what repairing them together does.
- "destroyed ships cannot be purchased again -- they are out of the battle
  permanently"; a self-destructed ship is destroyed too, though nobody scores it.
- Campaign Victory: the value of the ships left in the fleet, plus the value of
  the ships destroyed, plus the banked points; a captured ship is worth double
  after subtracting its remaining Structure damage, and never less than its value;
  "Teams figure one total for all players."

The campaign ends after its number of battles (the seed recommends three);
entries after the last battle are refused, so the final score cannot move.

Two entries keep the ledger honest when the table and the record disagree:

- :class:`Join`: a player joins between battles with the points every player
  started with ("Each player is given 150 points to buy a fleet").
- :class:`Void`: an earlier entry recorded by mistake is voided, with a reason.
  The ledger stays append-only -- the void is an entry of its own -- and the
  campaign is replayed from the start without the voided entry, through these
  same rules; a void that would leave a later entry impossible is refused, so
  the later one is voided first. The corrected entry is then recorded anew.
  A void is accepted after the last battle too, so a wrong final result can be
  put right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.inputs.list_check import Violation
from rules.starship_command.battle import SURVIVING, Fate, ShipFate, destroyed_value
from rules.starship_command.fleet import FLEET_BUDGET, over_budget, purchase_violations
from rules.starship_command.ships import RACES, ShipCard
from rules.translation import gettext as _

INCOME_PER_BATTLE = 50
RECOMMENDED_BATTLES = 3


class CampaignError(ValueError):
    """An entry the campaign rules forbid; ``violations`` says which rules, with stable codes."""

    def __init__(self, *violations: Violation) -> None:
        super().__init__(" ".join(v.message for v in violations))
        self.violations = violations


@dataclass(frozen=True, slots=True)
class Purchase:
    player: str
    ship: ShipCard


@dataclass(frozen=True, slots=True)
class Repair:
    """Repair ``shields`` shield points and ``structure`` Structure points of one ship."""

    player: str
    ship: str
    shields: int = 0
    structure: int = 0

    def __post_init__(self) -> None:
        if self.shields < 0 or self.structure < 0 or not (self.shields or self.structure):
            raise ValueError(_("a repair mends a positive number of shield or Structure points, never a negative one"))


@dataclass(frozen=True, slots=True)
class Transfer:
    """A ship handed from one team member to another between battles."""

    ship: str
    giver: str
    receiver: str


@dataclass(frozen=True, slots=True)
class BattleResult:
    """Every ship that took part in a battle and its fate; ships left at the starbase are not listed."""

    fates: tuple[ShipFate, ...]


@dataclass(frozen=True, slots=True)
class Join:
    """``player`` joins the campaign, commanding ``race``, with the starting points of every player."""

    player: str
    race: str

    def __post_init__(self) -> None:
        if self.race not in RACES:
            raise ValueError(_("race must be one of %(races)s, got %(race)r") % {"races": RACES, "race": self.race})


@dataclass(frozen=True, slots=True)
class Void:
    """The entry at ``position`` (1 for the first line of the ledger) never happened: ``reason`` says why."""

    position: int
    reason: str

    def __post_init__(self) -> None:
        if not self.reason.strip():
            raise ValueError(_("a void gives its reason"))


Entry = Purchase | Repair | Transfer | BattleResult | Join | Void


@dataclass(frozen=True, slots=True)
class Holding:
    """A ship in a player's fleet, with the damage it still carries."""

    ship: ShipCard
    shield_damage: int = 0
    structure_damage: int = 0
    captured: bool = False  # taken by a boarding party, not bought
    shields_repaired: int = 0  # shield points repaired since the last battle, for the round-down

    @property
    def campaign_value(self) -> int:
        """Its worth at Campaign Victory: its value, or for a captured ship double what its damage leaves."""
        if not self.captured:
            return self.ship.value
        return max(2 * (self.ship.value - self.structure_damage), self.ship.value)


@dataclass(frozen=True, slots=True)
class Account:
    """One player's race, banked points, fleet (by ship name) and the value of the enemy ships he destroyed."""

    race: str
    bank: int
    fleet: Mapping[str, Holding] = field(default_factory=dict)
    destroyed: int = 0


@dataclass(frozen=True, slots=True)
class LedgerLine:
    entry: Entry
    balances: Mapping[str, int]  # every player's banked points once the entry is applied


@dataclass(frozen=True, slots=True)
class TeamScore:
    race: str
    players: tuple[str, ...]
    fleet: int  # value of the ships left in the fleets, captured ships at their campaign value
    destroyed: int  # value of the enemy ships destroyed (and fighters lost aboard destroyed carriers)
    banked: int

    @property
    def total(self) -> int:
        return self.fleet + self.destroyed + self.banked


@dataclass(frozen=True, slots=True)
class Campaign:
    battles: int
    accounts: Mapping[str, Account]
    lost: frozenset[str] = frozenset()  # ships destroyed or self-destructed: never on sale again
    ledger: tuple[LedgerLine, ...] = ()
    founders: Mapping[str, str] = field(default_factory=dict)  # the players it started with, name to race
    voided: frozenset[int] = frozenset()  # ledger positions (from 1) of the voided entries

    @classmethod
    def start(cls, players: Mapping[str, str], *, battles: int = RECOMMENDED_BATTLES) -> Campaign:
        """A campaign for ``players`` (name to race), each with 150 points to buy a fleet."""
        unknown = sorted(set(players.values()) - set(RACES))
        if unknown or not players or battles < 1:
            raise ValueError(f"a campaign needs players of the races {RACES} and at least one battle")
        accounts = {p: Account(race=r, bank=FLEET_BUDGET) for p, r in players.items()}
        return cls(battles=battles, accounts=accounts, founders=dict(players))

    @property
    def battles_played(self) -> int:
        return sum(
            isinstance(line.entry, BattleResult) and position not in self.voided
            for position, line in enumerate(self.ledger, start=1)
        )

    @property
    def over(self) -> bool:
        return self.battles_played >= self.battles

    def balance(self, player: str) -> int:
        return self.accounts[player].bank

    def record(self, entry: Entry) -> Campaign:
        """The campaign after ``entry``; a forbidden entry raises :class:`CampaignError` and changes nothing."""
        if isinstance(entry, Void):
            return self._void(entry)
        if self.over:
            raise CampaignError(
                Violation(
                    "CAMPAIGN_OVER",
                    _("All %(count)d battles have been played; the campaign is closed.") % {"count": self.battles},
                )
            )
        apply: dict[type, Callable[[Any], tuple[dict[str, Account], frozenset[str]]]] = {
            Purchase: self._purchase,
            Repair: self._repair,
            Transfer: self._transfer,
            BattleResult: self._battle,
            Join: self._join,
        }
        accounts, lost = apply[type(entry)](entry)
        line = LedgerLine(entry=entry, balances={p: a.bank for p, a in accounts.items()})
        return replace(self, accounts=accounts, lost=lost, ledger=(*self.ledger, line))

    def score(self) -> tuple[TeamScore, ...]:
        """Campaign Victory totals per team (one race's players together), best first."""
        teams = []
        for race in dict.fromkeys(account.race for account in self.accounts.values()):
            players = tuple(p for p, a in self.accounts.items() if a.race == race)
            members = [self.accounts[p] for p in players]
            teams.append(
                TeamScore(
                    race=race,
                    players=players,
                    fleet=sum(h.campaign_value for a in members for h in a.fleet.values()),
                    destroyed=sum(a.destroyed for a in members),
                    banked=sum(a.bank for a in members),
                )
            )
        return tuple(sorted(teams, key=lambda team: -team.total))

    # Each handler checks its entry, then returns the new accounts and lost ships.

    def _account(self, player: str) -> Account:
        if player not in self.accounts:
            message = _("%(player)s is not a player in this campaign.") % {"player": player}
            raise CampaignError(Violation("UNKNOWN_PLAYER", message))
        return self.accounts[player]

    def _holding(self, player: str, ship: str) -> Holding:
        holding = self._account(player).fleet.get(ship)
        if holding is None:
            message = _("%(ship)s is not in %(player)s's fleet.") % {"ship": ship, "player": player}
            raise CampaignError(Violation("SHIP_NOT_IN_FLEET", message, ship))
        return holding

    def _purchase(self, entry: Purchase) -> tuple[dict[str, Account], frozenset[str]]:
        account = self._account(entry.player)
        ship = entry.ship
        violations = purchase_violations(ship, race=account.race, destroyed=self.lost)
        owner = next((p for p, a in self.accounts.items() if ship.name in a.fleet), None)
        if owner is not None:
            message = _("%(ship)s is already in %(player)s's fleet.") % {"ship": ship.name, "player": owner}
            violations.append(Violation("SHIP_ALREADY_OWNED", message, ship.name))
        if ship.value > account.bank:
            costs = _("%(ship)s costs %(points)d points") % {"ship": ship.name, "points": ship.value}
            violations.append(over_budget(costs, account.bank))
        if violations:
            raise CampaignError(*violations)
        fleet = {**account.fleet, ship.name: Holding(ship)}
        return self._with(entry.player, replace(account, bank=account.bank - ship.value, fleet=fleet)), self.lost

    def _repair(self, entry: Repair) -> tuple[dict[str, Account], frozenset[str]]:
        account = self._account(entry.player)
        holding = self._holding(entry.player, entry.ship)
        if entry.shields > holding.shield_damage or entry.structure > holding.structure_damage:
            raise CampaignError(
                Violation(
                    "REPAIR_EXCEEDS_DAMAGE",
                    _("%(ship)s has %(shields)d shield and %(structure)d Structure points of damage to repair.")
                    % {"ship": entry.ship, "shields": holding.shield_damage, "structure": holding.structure_damage},
                    entry.ship,
                )
            )
        repaired = holding.shields_repaired + entry.shields
        cost = repaired // 2 - holding.shields_repaired // 2 + entry.structure
        if cost > account.bank:
            costs = _("Repairing %(ship)s costs %(points)d points") % {"ship": entry.ship, "points": cost}
            raise CampaignError(over_budget(costs, account.bank))
        mended = replace(
            holding,
            shield_damage=holding.shield_damage - entry.shields,
            structure_damage=holding.structure_damage - entry.structure,
            shields_repaired=repaired,
        )
        fleet = {**account.fleet, entry.ship: mended}
        return self._with(entry.player, replace(account, bank=account.bank - cost, fleet=fleet)), self.lost

    def _transfer(self, entry: Transfer) -> tuple[dict[str, Account], frozenset[str]]:
        giver, receiver = self._account(entry.giver), self._account(entry.receiver)
        holding = self._holding(entry.giver, entry.ship)
        if giver.race != receiver.race or entry.giver == entry.receiver:
            raise CampaignError(
                Violation(
                    "NOT_A_TEAMMATE",
                    _(
                        "%(giver)s and %(receiver)s are not teammates; ships are exchanged only within a team "
                        "of one race."
                    )
                    % {"giver": entry.giver, "receiver": entry.receiver},
                    entry.ship,
                )
            )
        accounts = self._with(entry.giver, replace(giver, fleet=_without(giver.fleet, entry.ship)))
        accounts[entry.receiver] = replace(receiver, fleet={**receiver.fleet, entry.ship: holding})
        return accounts, self.lost

    def _battle(self, entry: BattleResult) -> tuple[dict[str, Account], frozenset[str]]:
        names = [fate.ship.name for fate in entry.fates]
        repeated = next((name for name in names if names.count(name) > 1), None)
        if repeated is not None:
            message = _("%(ship)s has more than one fate.") % {"ship": repeated}
            raise CampaignError(Violation("SHIP_LISTED_TWICE", message, repeated))
        for fate in entry.fates:
            if self._holding(fate.owner, fate.ship.name).ship != fate.ship:
                raise CampaignError(
                    Violation(
                        "SHIP_NOT_IN_FLEET",
                        _("%(player)s's %(ship)s is a different card.")
                        % {"player": fate.owner, "ship": fate.ship.name},
                        fate.ship.name,
                    )
                )
            for player in (fate.captured_by, fate.destroyed_by):
                if player is not None:
                    self._account(player)
        fleets = {p: {n: replace(h, shields_repaired=0) for n, h in a.fleet.items()} for p, a in self.accounts.items()}
        destroyed = {p: a.destroyed for p, a in self.accounts.items()}
        lost = set(self.lost)
        for fate in entry.fates:
            holding = fleets[fate.owner].pop(fate.ship.name)
            if fate.fate in SURVIVING:
                fleets[fate.controller][fate.ship.name] = replace(
                    holding,
                    shield_damage=fate.shield_damage,
                    structure_damage=fate.structure_damage,
                    captured=holding.captured or fate.captured_by is not None,
                )
            else:
                lost.add(fate.ship.name)
                if fate.fate == Fate.DESTROYED:
                    assert fate.destroyed_by is not None  # ShipFate names who destroyed a destroyed ship
                    destroyed[fate.destroyed_by] += destroyed_value(fate)
        accounts = {
            p: replace(a, bank=a.bank + INCOME_PER_BATTLE, fleet=fleets[p], destroyed=destroyed[p])
            for p, a in self.accounts.items()
        }
        return accounts, frozenset(lost)

    def _join(self, entry: Join) -> tuple[dict[str, Account], frozenset[str]]:
        if entry.player in self.accounts:
            message = _("%(player)s already plays in this campaign.") % {"player": entry.player}
            raise CampaignError(Violation("ALREADY_PLAYING", message))
        return self._with(entry.player, Account(race=entry.race, bank=FLEET_BUDGET)), self.lost

    def _void(self, entry: Void) -> Campaign:
        """Replay the campaign from its start without the entry at ``entry.position`` (and earlier voids)."""
        target = self.ledger[entry.position - 1].entry if 0 < entry.position <= len(self.ledger) else None
        if target is None or isinstance(target, Void):
            message = _("There is no entry %(number)d to void.") % {"number": entry.position}
            raise CampaignError(Violation("VOID_NO_SUCH_ENTRY", message))
        if entry.position in self.voided:
            message = _("Entry %(number)d is already void.") % {"number": entry.position}
            raise CampaignError(Violation("VOID_ALREADY_VOIDED", message))
        voided = self.voided | {entry.position}
        state = replace(Campaign.start(self.founders, battles=self.battles), voided=voided)
        for position, line in enumerate(self.ledger, start=1):
            if position in voided or isinstance(line.entry, Void):
                state = state._skip(line.entry)
                continue
            try:
                state = state.record(line.entry)
            except CampaignError as error:
                raise CampaignError(
                    Violation(
                        "VOID_BREAKS_LATER_ENTRY",
                        _(
                            "Without entry %(voided)d, entry %(number)d could not have been recorded: %(error)s "
                            "Void entry %(number)d first."
                        )
                        % {"voided": entry.position, "number": position, "error": error},
                    )
                ) from None
        return state._skip(entry)

    def _skip(self, entry: Entry) -> Campaign:
        """A ledger line for an entry that changes nothing (a void, or an entry voided)."""
        line = LedgerLine(entry=entry, balances={p: a.bank for p, a in self.accounts.items()})
        return replace(self, ledger=(*self.ledger, line))

    def _with(self, player: str, account: Account) -> dict[str, Account]:
        return {**self.accounts, player: account}


def _without(fleet: Mapping[str, Holding], ship: str) -> dict[str, Holding]:
    return {name: holding for name, holding in fleet.items() if name != ship}
