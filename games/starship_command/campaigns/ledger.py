"""Campaign entries as the database stores them and as the rules take them, and replaying a ledger.

An entry's ``data`` names players by their :class:`~tournaments.models.CampaignPlayer`
id, so renaming an account never rewrites history; the rules know players by
username, which is what their messages show. A purchase stores a copy of the
ship card as it was bought (a later catalog edit does not change a ship already
in a fleet); every later entry names the ship, and its card is the one the
fleet holds.

Replaying is deterministic: the same entries always give the same campaign, so
the balances a page shows are those the services checked when they wrote.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.translation import gettext_lazy, pgettext_lazy

from rules import starship_command
from rules.inputs.list_check import Violation
from rules.starship_command import (
    BattleResult,
    Fate,
    Join,
    Purchase,
    Repair,
    ShipCard,
    ShipFate,
    Transfer,
    Void,
)

from ..models import Campaign, CampaignEntry, CampaignPlayer, EntryKind

FATE_LABELS = {
    Fate.SURVIVED: gettext_lazy("Survived"),
    Fate.RETREATED: gettext_lazy("Retreated"),
    Fate.WARPED_OUT: gettext_lazy("Warped out"),
    Fate.DESTROYED: gettext_lazy("Destroyed"),
    Fate.SELF_DESTRUCTED: gettext_lazy("Self-destructed"),
}
# The same, as a ledger line's sentence says it after the ship: "Saratoga (kirk) destroyed by kor".
FATE_WORDS = {
    Fate.SURVIVED: pgettext_lazy("a ship's fate in a sentence", "survived"),
    Fate.RETREATED: pgettext_lazy("a ship's fate in a sentence", "retreated"),
    Fate.WARPED_OUT: pgettext_lazy("a ship's fate in a sentence", "warped out"),
    Fate.DESTROYED: pgettext_lazy("a ship's fate in a sentence", "destroyed"),
    Fate.SELF_DESTRUCTED: pgettext_lazy("a ship's fate in a sentence", "self-destructed"),
}
CARD_FIELDS = ("name", "race", "ship_class", "value", "shields", "structure", "crippled", "fighter_capacity")


@dataclass(frozen=True, slots=True)
class BattleFate:
    """What became of one ship in a battle, with the players as the site knows them (see :class:`ShipFate`)."""

    ship: str
    owner: CampaignPlayer
    fate: Fate
    shield_damage: int = 0
    structure_damage: int = 0
    destroyed_by: CampaignPlayer | None = None
    captured_by: CampaignPlayer | None = None
    fighters_aboard: tuple[int, ...] = ()


# Writing: the JSON each kind of entry is stored as.


def purchase_data(*, player: CampaignPlayer, ship) -> dict:
    """``ship`` is a :class:`fleets.models.StarshipCommandShip`; its card is copied as it is now."""
    card = {field: getattr(ship, field) for field in CARD_FIELDS}
    return {"player": player.pk, "ship": {**card, "weapons": list(ship.weapons)}}


def repair_data(*, player: CampaignPlayer, ship: str, shields: int, structure: int) -> dict:
    return {"player": player.pk, "ship": ship, "shields": shields, "structure": structure}


def transfer_data(*, ship: str, giver: CampaignPlayer, receiver: CampaignPlayer) -> dict:
    return {"ship": ship, "giver": giver.pk, "receiver": receiver.pk}


def join_data(*, player: CampaignPlayer) -> dict:
    return {"player": player.pk, "race": player.race}


def void_data(*, sequence: int, reason: str) -> dict:
    return {"sequence": sequence, "reason": reason}


def battle_data(fates: Iterable[BattleFate]) -> dict:
    return {
        "fates": [
            {
                "ship": fate.ship,
                "owner": fate.owner.pk,
                "fate": str(fate.fate),
                "shield_damage": fate.shield_damage,
                "structure_damage": fate.structure_damage,
                "destroyed_by": _pk(fate.destroyed_by),
                "captured_by": _pk(fate.captured_by),
                "fighters_aboard": list(fate.fighters_aboard),
            }
            for fate in fates
        ]
    }


def _pk(player: CampaignPlayer | None) -> int | None:
    return None if player is None else player.pk


# Reading: stored data back into the rules' entries.


def player_names(players: Iterable[CampaignPlayer]) -> dict[int, str]:
    """Player id to the name the rules know them by (their username)."""
    return {player.pk: player.user.get_username() for player in players}


def rules_entry(
    kind: str, data: Mapping, *, names: Mapping[int, str], state: starship_command.Campaign
) -> starship_command.Entry:
    """The rules' entry for stored ``data``, read against the campaign ``state`` it is recorded into.

    A player id not in ``names`` becomes a name no account has, so the rules
    themselves refuse it (``UNKNOWN_PLAYER``). Malformed values raise the rules'
    own ``ValueError`` (a repair of nothing, a destroyed ship nobody destroyed).
    """

    def name(pk: int | None) -> str | None:
        return None if pk is None else names.get(pk, f"player #{pk}")

    if kind == EntryKind.PURCHASE:
        card = data["ship"]
        return Purchase(name(data["player"]), ShipCard(**{**card, "weapons": tuple(card["weapons"])}))
    if kind == EntryKind.REPAIR:
        return Repair(name(data["player"]), data["ship"], shields=data["shields"], structure=data["structure"])
    if kind == EntryKind.TRANSFER:
        return Transfer(data["ship"], giver=name(data["giver"]), receiver=name(data["receiver"]))
    if kind == EntryKind.JOIN:
        return Join(name(data["player"]), data["race"])
    if kind == EntryKind.VOID:
        return Void(data["sequence"], data["reason"])
    fates = []
    for fate in data["fates"]:
        owner = name(fate["owner"])
        fates.append(
            ShipFate(
                held_card(state, owner, fate["ship"]),
                owner,
                Fate(fate["fate"]),
                shield_damage=fate["shield_damage"],
                structure_damage=fate["structure_damage"],
                destroyed_by=name(fate["destroyed_by"]),
                captured_by=name(fate["captured_by"]),
                fighters_aboard=tuple(fate["fighters_aboard"]),
            )
        )
    return BattleResult(tuple(fates))


def held_card(state: starship_command.Campaign, owner: str, ship: str) -> ShipCard:
    """The card of ``owner``'s ship: a battle result names ships, and only the fleet holding one knows its card."""
    account = state.accounts.get(owner)
    holding = None if account is None else account.fleet.get(ship)
    if holding is None:
        raise starship_command.CampaignError(Violation("SHIP_NOT_IN_FLEET", f"{ship} is not in {owner}'s fleet.", ship))
    return holding.ship


def replay(
    campaign: Campaign,
    players: Sequence[CampaignPlayer],
    entries: Iterable[CampaignEntry],
    *,
    joining: CampaignPlayer | None = None,
) -> starship_command.Campaign:
    """The campaign after its ``entries`` (in sequence). It needs at least one player.

    The players it starts with are those who did not join later (by a ``join`` entry,
    or as ``joining``, the player whose join is being recorded).
    """
    entries = list(entries)
    names = player_names(players)
    late = {entry.data["player"] for entry in entries if entry.kind == EntryKind.JOIN}
    if joining is not None:
        late.add(joining.pk)
    state = starship_command.Campaign.start(
        {names[player.pk]: player.race for player in players if player.pk not in late}, battles=campaign.battles
    )
    for entry in entries:
        state = state.record(rules_entry(entry.kind, entry.data, names=names, state=state))
    return state
