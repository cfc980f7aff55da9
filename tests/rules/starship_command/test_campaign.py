"""The campaign ledger (seed 002, Campaign Rules: "Buying your fleet", "Ships leaving a battle",
"Making repairs and buying new ships", "Campaign Victory")."""

import pytest

from rules.starship_command import (
    BattleResult,
    Campaign,
    CampaignError,
    Fate,
    Purchase,
    Repair,
    ShipFate,
    TeamScore,
    Transfer,
)
from tests.conftest import DOCUMENTS_ABSENT, SEEDS_DIR
from tests.rules.starship_command.cards import SARATOGA, ship

RULEBOOK = SEEDS_DIR / "002_802ef45c99732f6e.txt"

# Confederation ships
REPULSE = ship("Repulse", value=25, shields=15, structure=20)
LEXINGTON = ship("Lexington", value=40, shields=20, structure=30)
HORNET = ship("Hornet", value=35, shields=15, structure=25, fighters=2, ship_class="carrier")
VALIANT = ship("Valiant", value=18, shields=8, structure=12)
RANGER = ship("Ranger", value=30, shields=12, structure=18)
# Shilton ships
KRAKEN = ship("Kraken", "shiltons", 30, shields=12, structure=20)
TIGER = ship("Tiger", "shiltons", 45, shields=25, structure=30)
LYNX = ship("Lynx", "shiltons", 16, shields=6, structure=10)
PUMA = ship("Puma", "shiltons", 22, shields=10, structure=14)
OCELOT = ship("Ocelot", "shiltons", 28, shields=10, structure=16)
JAGUAR = ship("Jaguar", "shiltons", 35, shields=15, structure=20)
CHEETAH = ship("Cheetah", "shiltons", 40, shields=15, structure=25)

TEAMS = {"ann": "confederation", "bob": "confederation", "cat": "shiltons", "dan": "shiltons"}


def refused(campaign, entry):
    """The codes an entry is refused with; the campaign it was offered to must be untouched."""
    before = (campaign.accounts, campaign.lost, campaign.ledger)
    with pytest.raises(CampaignError) as caught:
        campaign.record(entry)
    assert (campaign.accounts, campaign.lost, campaign.ledger) == before
    return [v.code for v in caught.value.violations]


def test_three_battle_campaign_for_two_teams_matches_the_hand_computation():
    """Confederation (ann, bob) against Shiltons (cat, dan); every balance below is worked out by hand.

    Buying (150 each):  ann 150-29-40-18 = 63   bob 150-25-35 = 90   cat 150-30-45-16 = 59   dan 150-22-28 = 100
    Battle 1: Valiant destroyed by cat (cat +18 destroyed), Kraken destroyed by bob (bob +30), Puma
      self-destructed (nobody scores), Lynx captured by ann, Tiger retreated and Ocelot warped out with damage.
      +50 each:  ann 113   bob 140   cat 109   dan 150
    Between battles:
      ann repairs Saratoga 20 shield + 6 Structure: 20//2 + 6 = 16          -> ann 97
      ann repairs Lynx 3 Structure: 3                                       -> ann 94
      cat repairs Tiger 25 shield + 10 Structure: 25//2 + 10 = 22           -> cat 87
      dan repairs Ocelot 3 shield: 3//2 = 1                                 -> dan 149
      dan repairs Ocelot 1 more shield: 4//2 - 3//2 = 1 (rounded over both) -> dan 148
      bob gives Hornet to ann (teammates, no cost)
      dan buys Jaguar 35                                                    -> dan 113
      bob buys Ranger 30                                                    -> bob 110
    Battle 2: Saratoga destroyed by dan (dan +29), Hornet destroyed by cat with two squadrons worth 5 and 6
      aboard (cat +35+5+6 = 46, so 64 in all), Tiger destroyed by bob (bob +45, 75 in all), Jaguar captured by bob.
      +50 each:  ann 144   bob 160   cat 137   dan 163
    Between battles:
      cat buys Cheetah 40                                                   -> cat 97
      bob repairs Jaguar 5 Structure                                        -> bob 155
      ann repairs Lexington 8 shield: 4                                     -> ann 140
    Battle 3: Lynx destroyed by dan (dan +16, 45 in all), Ranger destroyed by cat (cat +30, 94 in all),
      Ocelot destroyed by ann (ann +28); Jaguar survives with 4 Structure damage.
      +50 each:  ann 190   bob 205   cat 147   dan 213
    Campaign Victory:
      Confederation: fleet Lexington 40 + Repulse 25 + captured Jaguar max(2*(35-4), 35) = 62 -> 127;
        destroyed 28 + 75 = 103; banked 190 + 205 = 395; total 625
      Shiltons: fleet Cheetah 40; destroyed 94 + 45 = 139; banked 147 + 213 = 360; total 539
    """
    steps = [
        (Purchase("ann", SARATOGA), {"ann": 121, "bob": 150, "cat": 150, "dan": 150}),
        (Purchase("ann", LEXINGTON), {"ann": 81, "bob": 150, "cat": 150, "dan": 150}),
        (Purchase("ann", VALIANT), {"ann": 63, "bob": 150, "cat": 150, "dan": 150}),
        (Purchase("bob", REPULSE), {"ann": 63, "bob": 125, "cat": 150, "dan": 150}),
        (Purchase("bob", HORNET), {"ann": 63, "bob": 90, "cat": 150, "dan": 150}),
        (Purchase("cat", KRAKEN), {"ann": 63, "bob": 90, "cat": 120, "dan": 150}),
        (Purchase("cat", TIGER), {"ann": 63, "bob": 90, "cat": 75, "dan": 150}),
        (Purchase("cat", LYNX), {"ann": 63, "bob": 90, "cat": 59, "dan": 150}),
        (Purchase("dan", PUMA), {"ann": 63, "bob": 90, "cat": 59, "dan": 128}),
        (Purchase("dan", OCELOT), {"ann": 63, "bob": 90, "cat": 59, "dan": 100}),
        (
            BattleResult(
                (
                    ShipFate(SARATOGA, "ann", Fate.SURVIVED, shield_damage=20, structure_damage=6),
                    ShipFate(VALIANT, "ann", Fate.DESTROYED, destroyed_by="cat"),
                    ShipFate(REPULSE, "bob", Fate.SURVIVED, shield_damage=5),
                    ShipFate(KRAKEN, "cat", Fate.DESTROYED, destroyed_by="bob"),
                    ShipFate(TIGER, "cat", Fate.RETREATED, shield_damage=25, structure_damage=10),
                    ShipFate(LYNX, "cat", Fate.SURVIVED, shield_damage=6, structure_damage=3, captured_by="ann"),
                    ShipFate(PUMA, "dan", Fate.SELF_DESTRUCTED, shield_damage=10),
                    ShipFate(OCELOT, "dan", Fate.WARPED_OUT, shield_damage=4),
                )
            ),
            {"ann": 113, "bob": 140, "cat": 109, "dan": 150},
        ),
        (Repair("ann", "Saratoga", shields=20, structure=6), {"ann": 97, "bob": 140, "cat": 109, "dan": 150}),
        (Repair("ann", "Lynx", structure=3), {"ann": 94, "bob": 140, "cat": 109, "dan": 150}),
        (Repair("cat", "Tiger", shields=25, structure=10), {"ann": 94, "bob": 140, "cat": 87, "dan": 150}),
        (Repair("dan", "Ocelot", shields=3), {"ann": 94, "bob": 140, "cat": 87, "dan": 149}),
        (Repair("dan", "Ocelot", shields=1), {"ann": 94, "bob": 140, "cat": 87, "dan": 148}),
        (Transfer("Hornet", giver="bob", receiver="ann"), {"ann": 94, "bob": 140, "cat": 87, "dan": 148}),
        (Purchase("dan", JAGUAR), {"ann": 94, "bob": 140, "cat": 87, "dan": 113}),
        (Purchase("bob", RANGER), {"ann": 94, "bob": 110, "cat": 87, "dan": 113}),
        (
            BattleResult(
                (
                    ShipFate(SARATOGA, "ann", Fate.DESTROYED, destroyed_by="dan"),
                    ShipFate(HORNET, "ann", Fate.DESTROYED, destroyed_by="cat", fighters_aboard=(5, 6)),
                    ShipFate(LYNX, "ann", Fate.SURVIVED, shield_damage=6, structure_damage=2),
                    ShipFate(LEXINGTON, "ann", Fate.SURVIVED, shield_damage=8),
                    ShipFate(RANGER, "bob", Fate.SURVIVED),
                    ShipFate(TIGER, "cat", Fate.DESTROYED, destroyed_by="bob"),
                    ShipFate(JAGUAR, "dan", Fate.SURVIVED, shield_damage=10, structure_damage=5, captured_by="bob"),
                    ShipFate(OCELOT, "dan", Fate.SURVIVED, shield_damage=2),
                )
            ),
            {"ann": 144, "bob": 160, "cat": 137, "dan": 163},
        ),
        (Purchase("cat", CHEETAH), {"ann": 144, "bob": 160, "cat": 97, "dan": 163}),
        (Repair("bob", "Jaguar", structure=5), {"ann": 144, "bob": 155, "cat": 97, "dan": 163}),
        (Repair("ann", "Lexington", shields=8), {"ann": 140, "bob": 155, "cat": 97, "dan": 163}),
        (
            BattleResult(
                (
                    ShipFate(LEXINGTON, "ann", Fate.SURVIVED, shield_damage=20, structure_damage=12),
                    ShipFate(LYNX, "ann", Fate.DESTROYED, destroyed_by="dan"),
                    ShipFate(RANGER, "bob", Fate.DESTROYED, destroyed_by="cat"),
                    ShipFate(JAGUAR, "bob", Fate.SURVIVED, shield_damage=10, structure_damage=4),
                    ShipFate(CHEETAH, "cat", Fate.SURVIVED, shield_damage=15, structure_damage=5),
                    ShipFate(OCELOT, "dan", Fate.DESTROYED, destroyed_by="ann"),
                )
            ),
            {"ann": 190, "bob": 205, "cat": 147, "dan": 213},
        ),
    ]
    campaign = Campaign.start(TEAMS)
    for number, (entry, balances) in enumerate(steps, start=1):
        if number == 21:  # after battle 2, before buying again: the rules the ledger enforces on the way
            assert refused(campaign, Purchase("cat", TIGER)) == ["SHIP_DESTROYED_EARLIER"]
            assert refused(campaign, Purchase("ann", KRAKEN)) == ["WRONG_RACE", "SHIP_DESTROYED_EARLIER"]
        campaign = campaign.record(entry)
        assert campaign.ledger[-1].entry == entry
        assert campaign.ledger[-1].balances == balances, f"step {number}: {entry}"

    assert len(campaign.ledger) == len(steps)
    assert campaign.battles_played == 3 and campaign.over
    assert {p: a.destroyed for p, a in campaign.accounts.items()} == {"ann": 28, "bob": 75, "cat": 94, "dan": 45}
    assert campaign.lost == {"Valiant", "Kraken", "Puma", "Saratoga", "Hornet", "Tiger", "Lynx", "Ranger", "Ocelot"}
    assert {p: sorted(a.fleet) for p, a in campaign.accounts.items()} == {
        "ann": ["Lexington"],
        "bob": ["Jaguar", "Repulse"],
        "cat": ["Cheetah"],
        "dan": [],
    }
    assert campaign.score() == (
        TeamScore(race="confederation", players=("ann", "bob"), fleet=127, destroyed=103, banked=395),
        TeamScore(race="shiltons", players=("cat", "dan"), fleet=40, destroyed=139, banked=360),
    )
    assert [team.total for team in campaign.score()] == [625, 539]
    assert refused(campaign, Purchase("dan", CHEETAH)) == ["CAMPAIGN_OVER"]


@pytest.mark.skipif(not RULEBOOK.exists(), reason=DOCUMENTS_ABSENT)
def test_the_ledger_amounts_are_the_rulebooks():
    text = RULEBOOK.read_text()
    assert "After each battle, all players receive 50 points to make repairs" in text
    assert "one point per two shield points (round down), and one point per point of Structure damage" in text
    assert "the minimum value (after doubling) for a captured ship is its normal value points" in text


def bought(*purchases, battles=3):
    campaign = Campaign.start(TEAMS, battles=battles)
    for entry in purchases:
        campaign = campaign.record(entry)
    return campaign


@pytest.mark.parametrize(("value", "refusal"), [(150, []), (151, ["CAMPAIGN_OVER_BUDGET"])])
def test_buying_your_fleet_never_takes_the_bank_below_zero(value, refusal):
    card = ship("Flagship", value=value)
    campaign = Campaign.start(TEAMS)
    if refusal:
        assert refused(campaign, Purchase("ann", card)) == refusal
    else:
        assert campaign.record(Purchase("ann", card)).balance("ann") == 0


def test_a_ship_cannot_be_bought_twice_or_by_a_stranger():
    campaign = bought(Purchase("ann", SARATOGA))
    assert refused(campaign, Purchase("bob", SARATOGA)) == ["SHIP_ALREADY_OWNED"]
    assert refused(campaign, Purchase("eve", REPULSE)) == ["UNKNOWN_PLAYER"]


def damaged_saratoga(shields=20, structure=6):
    campaign = bought(Purchase("ann", SARATOGA))
    fate = ShipFate(SARATOGA, "ann", Fate.SURVIVED, shield_damage=shields, structure_damage=structure)
    return campaign.record(BattleResult((fate,)))


@pytest.mark.parametrize(("shields", "cost"), [(1, 0), (2, 1), (3, 1), (20, 10)])
def test_repairs_one_point_per_two_shield_points_round_down(shields, cost):
    campaign = damaged_saratoga()
    before = campaign.balance("ann")
    assert campaign.record(Repair("ann", "Saratoga", shields=shields)).balance("ann") == before - cost


def test_repairs_round_down_over_the_whole_repair_not_per_point():
    campaign = damaged_saratoga()
    before = campaign.balance("ann")
    for _ in range(4):
        campaign = campaign.record(Repair("ann", "Saratoga", shields=1))
    assert campaign.balance("ann") == before - 2


def test_repairs_one_point_per_structure_point_and_never_more_than_the_damage():
    campaign = damaged_saratoga()
    before = campaign.balance("ann")
    mended = campaign.record(Repair("ann", "Saratoga", structure=6))
    assert mended.balance("ann") == before - 6
    assert mended.accounts["ann"].fleet["Saratoga"].structure_damage == 0
    assert refused(mended, Repair("ann", "Saratoga", structure=1)) == ["REPAIR_EXCEEDS_DAMAGE"]
    assert refused(campaign, Repair("ann", "Saratoga", shields=21)) == ["REPAIR_EXCEEDS_DAMAGE"]
    assert refused(campaign, Repair("bob", "Saratoga", shields=1)) == ["SHIP_NOT_IN_FLEET"]


def test_a_repair_the_bank_cannot_pay_is_refused():
    campaign = bought(Purchase("ann", ship("Big", value=150, shields=10, structure=60)))
    fate = ShipFate(campaign.accounts["ann"].fleet["Big"].ship, "ann", Fate.SURVIVED, structure_damage=51)
    campaign = campaign.record(BattleResult((fate,)))  # bank 0 + 50
    assert refused(campaign, Repair("ann", "Big", structure=51)) == ["CAMPAIGN_OVER_BUDGET"]
    assert campaign.record(Repair("ann", "Big", structure=50)).balance("ann") == 0


def test_repair_entries_mend_something():
    with pytest.raises(ValueError):
        Repair("ann", "Saratoga")
    with pytest.raises(ValueError):
        Repair("ann", "Saratoga", shields=-1, structure=3)


def test_ships_are_exchanged_only_between_team_members():
    campaign = bought(Purchase("ann", SARATOGA))
    assert refused(campaign, Transfer("Saratoga", giver="ann", receiver="cat")) == ["NOT_A_TEAMMATE"]
    assert refused(campaign, Transfer("Saratoga", giver="ann", receiver="ann")) == ["NOT_A_TEAMMATE"]
    assert refused(campaign, Transfer("Saratoga", giver="bob", receiver="ann")) == ["SHIP_NOT_IN_FLEET"]
    moved = campaign.record(Transfer("Saratoga", giver="ann", receiver="bob"))
    assert (list(moved.accounts["ann"].fleet), list(moved.accounts["bob"].fleet)) == ([], ["Saratoga"])


def test_a_battle_result_names_ships_their_owners_hold_once_each():
    campaign = bought(Purchase("ann", SARATOGA), Purchase("cat", KRAKEN))
    survived = ShipFate(SARATOGA, "ann", Fate.SURVIVED)
    assert refused(campaign, BattleResult((ShipFate(SARATOGA, "bob", Fate.SURVIVED),))) == ["SHIP_NOT_IN_FLEET"]
    assert refused(campaign, BattleResult((survived, survived))) == ["SHIP_LISTED_TWICE"]
    assert refused(campaign, BattleResult((ShipFate(KRAKEN, "cat", Fate.DESTROYED, destroyed_by="eve"),))) == [
        "UNKNOWN_PLAYER"
    ]
    other_card = ship("Saratoga", value=10)
    assert refused(campaign, BattleResult((ShipFate(other_card, "ann", Fate.SURVIVED),))) == ["SHIP_NOT_IN_FLEET"]


def test_ships_left_at_the_starbase_keep_their_unrepaired_damage():
    campaign = damaged_saratoga(shields=20, structure=6).record(BattleResult(()))
    holding = campaign.accounts["ann"].fleet["Saratoga"]
    assert (holding.shield_damage, holding.structure_damage) == (20, 6)


@pytest.mark.parametrize(("structure_damage", "worth"), [(0, 40), (9, 22), (10, 20), (11, 20), (19, 20)])
def test_campaign_victory_captured_ships_double_after_damage_never_below_value(structure_damage, worth):
    prize = ship("Prize", "shiltons", 20, shields=5, structure=20)
    campaign = bought(Purchase("cat", prize), battles=1)
    fate = ShipFate(prize, "cat", Fate.SURVIVED, shield_damage=5, structure_damage=structure_damage, captured_by="ann")
    campaign = campaign.record(BattleResult((fate,)))
    confederation = next(team for team in campaign.score() if team.race == "confederation")
    assert confederation.fleet == worth


def test_campaign_victory_own_ships_count_at_value_whatever_their_damage():
    campaign = damaged_saratoga(shields=20, structure=23)
    confederation = next(team for team in campaign.score() if team.race == "confederation")
    assert confederation.fleet == 29


def test_a_campaign_needs_known_races_and_a_battle():
    with pytest.raises(ValueError):
        Campaign.start({"ann": "klingons"})
    with pytest.raises(ValueError):
        Campaign.start(TEAMS, battles=0)
    with pytest.raises(ValueError):
        Campaign.start({})
