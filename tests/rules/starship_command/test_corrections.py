"""Correcting a campaign ledger (seed 002, Campaign Rules): a player joining between battles with the
starting points ("Each player is given 150 points to buy a fleet"), and a void that replays the campaign
without an entry recorded by mistake -- the ledger stays append-only."""

import pytest

from rules.starship_command import (
    FLEET_BUDGET,
    INCOME_PER_BATTLE,
    BattleResult,
    Campaign,
    CampaignError,
    Fate,
    Join,
    Purchase,
    Repair,
    ShipFate,
    Void,
)
from tests.rules.starship_command.cards import SARATOGA, ship

KRAKEN = ship("Kraken", "shiltons", 30, shields=12, structure=20)
VALIANT = ship("Valiant", value=18, shields=8, structure=12)
LYNX = ship("Lynx", "shiltons", 16, shields=6, structure=10)


def codes(campaign, entry):
    with pytest.raises(CampaignError) as caught:
        campaign.record(entry)
    return [violation.code for violation in caught.value.violations]


def started():
    campaign = Campaign.start({"ann": "confederation", "cat": "shiltons"})
    campaign = campaign.record(Purchase("ann", SARATOGA)).record(Purchase("cat", KRAKEN))
    return campaign.record(
        BattleResult(
            (
                ShipFate(SARATOGA, "ann", Fate.SURVIVED, shield_damage=4, structure_damage=2),
                ShipFate(KRAKEN, "cat", Fate.SURVIVED),
            )
        )
    )


def test_seed_002_a_player_joins_between_battles_with_the_starting_points():
    campaign = started().record(Join("dan", "shiltons"))
    assert campaign.balance("dan") == FLEET_BUDGET
    assert campaign.ledger[-1].balances["dan"] == FLEET_BUDGET
    assert campaign.record(Purchase("dan", LYNX)).balance("dan") == FLEET_BUDGET - LYNX.value
    assert codes(campaign, Join("dan", "shiltons")) == ["ALREADY_PLAYING"]
    assert codes(campaign, Join("ann", "packtons")) == ["ALREADY_PLAYING"]


def test_seed_002_a_void_replays_the_campaign_without_the_entry_and_keeps_it_in_the_ledger():
    campaign = started().record(Purchase("ann", VALIANT))
    bank = campaign.balance("ann")
    voided = campaign.record(Void(4, "Valiant was bought by mistake"))
    assert voided.balance("ann") == bank + VALIANT.value
    assert "Valiant" not in voided.accounts["ann"].fleet
    assert len(voided.ledger) == len(campaign.ledger) + 1 and voided.voided == {4}
    assert isinstance(voided.ledger[3].entry, Purchase)  # still there, marked void
    assert voided.record(Purchase("ann", VALIANT)).balance("ann") == bank  # re-entered as a new entry


def test_seed_002_a_voided_battle_no_longer_pays_or_counts_and_is_re_entered():
    campaign = started()
    assert campaign.battles_played == 1
    voided = campaign.record(Void(3, "wrong damage"))
    assert voided.battles_played == 0
    assert voided.balance("ann") == FLEET_BUDGET - SARATOGA.value
    again = voided.record(
        BattleResult((ShipFate(SARATOGA, "ann", Fate.SURVIVED), ShipFate(KRAKEN, "cat", Fate.SURVIVED)))
    )
    assert again.battles_played == 1
    assert again.balance("ann") == FLEET_BUDGET - SARATOGA.value + INCOME_PER_BATTLE
    assert again.accounts["ann"].fleet["Saratoga"].structure_damage == 0


def test_a_void_that_would_leave_a_later_entry_impossible_is_refused():
    campaign = started().record(Repair("ann", "Saratoga", structure=2))
    assert codes(campaign, Void(3, "the battle was recorded twice")) == ["VOID_BREAKS_LATER_ENTRY"]
    assert codes(campaign, Void(9, "no such")) == ["VOID_NO_SUCH_ENTRY"]
    once = campaign.record(Void(4, "repair on the wrong ship"))
    assert codes(once, Void(4, "again")) == ["VOID_ALREADY_VOIDED"]
    assert codes(once, Void(5, "a void of a void")) == ["VOID_NO_SUCH_ENTRY"]
    with pytest.raises(ValueError, match="reason"):
        Void(3, "  ")
