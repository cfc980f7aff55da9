"""The campaign services on the real database (seed 002, Campaign Rules).

Every entry goes through the rules' replay of the stored ledger; a refused
entry must leave every campaign table exactly as it was.
"""

import pytest
from django.db import IntegrityError

from games.starship_command.campaigns.ledger import BattleFate
from games.starship_command.campaigns.services import (
    CampaignRefused,
    campaign_add_player,
    campaign_create,
    campaign_record_battle,
    campaign_record_purchase,
    campaign_void_entry,
)
from games.starship_command.models import Campaign, CampaignEntry, CampaignPlayer
from rules.starship_command import Fate
from tests.accounts.factories import OrganizerFactory, PlayerFactory
from tests.fleets.decks.factories import StarshipCommandShipFactory
from tests.tournaments.campaigns.factories import Desk, campaign_with, fate

pytestmark = pytest.mark.django_db

# Each step: the Desk method, its arguments, then (ann, bob, cat)'s banks after it.
BUYING = [
    ("buy", ("ann", "Saratoga"), {}, (121, 150, 150)),
    ("buy", ("ann", "Valiant"), {}, (103, 150, 150)),
    ("buy", ("bob", "Repulse"), {}, (103, 125, 150)),
    ("buy", ("bob", "Hornet"), {}, (103, 90, 150)),
    ("buy", ("cat", "Kraken"), {}, (103, 90, 120)),
    ("buy", ("cat", "Tiger"), {}, (103, 90, 75)),
    ("buy", ("cat", "Lynx"), {}, (103, 90, 59)),
    ("buy", ("cat", "Puma"), {}, (103, 90, 37)),
]
BATTLE_1 = (
    "battle",
    (
        fate("Saratoga", "ann", "survived", shield_damage=20, structure_damage=6),
        fate("Valiant", "ann", "destroyed", destroyed_by="cat"),
        fate("Repulse", "bob", "retreated", shield_damage=5),
        fate("Kraken", "cat", "destroyed", destroyed_by="bob"),
        fate("Tiger", "cat", "warped-out", shield_damage=25, structure_damage=10),
        fate("Lynx", "cat", "survived", shield_damage=6, structure_damage=3, captured_by="ann"),
        fate("Puma", "cat", "self-destructed"),
    ),
    {},
    (153, 140, 87),
)
AFTER_BATTLE_1 = [
    ("repair", ("ann", "Saratoga"), {"shields": 3}, (152, 140, 87)),
    ("repair", ("ann", "Saratoga"), {"shields": 1}, (151, 140, 87)),
    ("repair", ("ann", "Saratoga"), {"structure": 6}, (145, 140, 87)),
    ("repair", ("cat", "Tiger"), {"shields": 25, "structure": 10}, (145, 140, 65)),
    ("give", ("Hornet", "bob", "ann"), {}, (145, 140, 65)),
    ("buy", ("cat", "Jaguar"), {}, (145, 140, 30)),
    ("buy", ("bob", "Lexington"), {}, (145, 100, 30)),
    (
        "battle",
        (
            fate("Hornet", "ann", "destroyed", destroyed_by="cat", fighters_aboard=(5, 6)),
            fate("Saratoga", "ann", "survived", shield_damage=16),
            fate("Lexington", "bob", "survived", shield_damage=8),
            fate("Tiger", "cat", "destroyed", destroyed_by="bob"),
            fate("Jaguar", "cat", "survived", shield_damage=10, structure_damage=5, captured_by="bob"),
        ),
        {},
        (195, 150, 80),
    ),
    ("buy", ("cat", "Ocelot"), {}, (195, 150, 52)),
    ("repair", ("bob", "Jaguar"), {"structure": 5}, (195, 145, 52)),
    ("repair", ("ann", "Lynx"), {"structure": 3}, (192, 145, 52)),
    (
        "battle",
        (
            fate("Ocelot", "cat", "survived", shield_damage=4, structure_damage=2),
            fate("Saratoga", "ann", "destroyed", destroyed_by="cat"),
            fate("Jaguar", "bob", "survived", shield_damage=10, structure_damage=4),
            fate("Lexington", "bob", "survived", shield_damage=8),
        ),
        {},
        (242, 195, 102),
    ),
]


def play(desk, steps):
    for number, (method, args, kwargs, banks) in enumerate(steps, start=1):
        getattr(desk, method)(*args, **kwargs)
        assert desk.page().ledger[-1].balances == banks, f"step {number}: {method}{args}"


def test_three_battles_for_two_teams_match_the_hand_computation(desk):
    """Confederation (ann, bob) against the Shiltons (cat), every bank worked out by hand.

    Buying your fleet (150 each): ann 150-29-18 = 103, bob 150-25-35 = 90, cat 150-30-45-16-22 = 37.
    Battle 1: Valiant destroyed by cat (+18), Kraken by bob (+30); Puma self-destructs (nobody scores it);
      Lynx captured by ann; Repulse retreats, Tiger warps out, both damaged; Hornet stays at the starbase.
      "After each battle, all players receive 50 points": ann 153, bob 140, cat 87.
    Repairs, "one point per two shield points (round down)" over the ship's repairs since the battle:
      Saratoga 3 shields = 1, then 1 more = 4//2 - 3//2 = 1, then 6 Structure = 6: ann 145;
      Tiger 25 shields + 10 Structure = 12 + 10: cat 65. bob gives Hornet to ann (teammates, free).
      cat buys Jaguar 35 (30), bob buys Lexington 40 (100).
    Battle 2: Hornet destroyed by cat with squadrons worth 5 and 6 aboard (+46, 64 in all); Tiger destroyed
      by bob (+45, 75 in all); Jaguar captured by bob. +50: ann 195, bob 150, cat 80.
      cat buys Ocelot 28 (52); bob repairs Jaguar 5 Structure (145); ann repairs Lynx 3 Structure (192).
    Battle 3: Saratoga destroyed by cat (+29, 93 in all). +50: ann 242, bob 195, cat 102.
    Campaign Victory: Confederation fleet Lynx captured 2*16 = 32 + Repulse 25 + Lexington 40
      + Jaguar captured max(2*(35-4), 35) = 62 -> 159, destroyed 75, banked 437: 671.
      Shiltons fleet Ocelot 28, destroyed 93, banked 102: 223.
    """
    play(desk, [*BUYING, BATTLE_1, *AFTER_BATTLE_1])

    page = desk.page()
    assert [entry.sequence for entry in CampaignEntry.objects.filter(campaign=desk.campaign)] == list(range(1, 22))
    assert [row.title for row in page.ledger if row.title.startswith("Battle")] == ["Battle 1", "Battle 2", "Battle 3"]
    assert (page.battles_played, page.over) == (3, True)
    assert desk.balances() == {"ann": 242, "bob": 195, "cat": 102}
    assert {s.player.user.username: [h.ship.name for h in s.fleet] for s in page.sheets} == {
        "ann": ["Lynx"],
        "bob": ["Jaguar", "Lexington", "Repulse"],
        "cat": ["Ocelot"],
    }
    assert {s.player.user.username: s.destroyed for s in page.sheets} == {"ann": 0, "bob": 75, "cat": 93}
    assert [(t.race, t.players, t.fleet, t.destroyed, t.banked, t.total) for t in page.scores] == [
        ("confederation", ("ann", "bob"), 159, 75, 437, 671),
        ("shiltons", ("cat",), 28, 93, 102, 223),
    ]
    assert refused(lambda: desk.buy("cat", "Lynx")) == ["CAMPAIGN_OVER"]


def stored():
    """Everything the campaign tables hold."""
    return (
        list(Campaign.objects.order_by("pk").values_list("pk", "name", "battles")),
        list(CampaignPlayer.objects.order_by("pk").values_list("pk", "campaign", "user", "race")),
        list(CampaignEntry.objects.order_by("pk").values_list("campaign", "sequence", "kind", "data")),
    )


def refusal(call) -> CampaignRefused:
    """How ``call`` is refused; it must have written nothing."""
    before = stored()
    with pytest.raises(CampaignRefused) as caught:
        call()
    assert stored() == before
    return caught.value


def refused(call) -> list[str]:
    """The rules' codes ``call`` is refused with (none for a refusal of the site's own)."""
    return list(refusal(call).codes)


@pytest.fixture
def after_battle_1(desk):
    """ann: Saratoga (20 shield, 6 Structure damage), Lynx (captured); bob: Repulse, Hornet; cat: Tiger.
    Lost: Valiant, Kraken, Puma."""
    play(desk, [*BUYING, BATTLE_1])
    return desk


@pytest.fixture
def stranger():
    """A player of another campaign, who is no player of this one."""
    return campaign_with({"eve": "shiltons"})[1]["eve"]


REFUSALS = {
    "destroyed ships cannot be purchased again": (
        lambda desk, _: desk.buy("cat", "Kraken"),
        ["SHIP_DESTROYED_EARLIER"],
    ),
    "a campaign fleet is of one race": (lambda desk, _: desk.buy("cat", "Lexington"), ["WRONG_RACE"]),
    "one race, and no destroyed ship": (
        lambda desk, _: desk.buy("bob", "Kraken"),
        ["WRONG_RACE", "SHIP_DESTROYED_EARLIER"],
    ),
    "each ship card is one ship": (lambda desk, _: desk.buy("bob", "Saratoga"), ["SHIP_ALREADY_OWNED"]),
    "a player of another campaign buys": (
        lambda desk, eve: campaign_record_purchase(
            campaign=desk.campaign, player=eve, ship=desk.ships["Jaguar"], recorded_by=desk.campaign.organizer
        ),
        ["UNKNOWN_PLAYER"],
    ),
    "a repair beyond the damage": (
        lambda desk, _: desk.repair("ann", "Saratoga", shields=21),
        ["REPAIR_EXCEEDS_DAMAGE"],
    ),
    "a repair of a ship the player does not hold": (
        lambda desk, _: desk.repair("bob", "Saratoga", shields=2),
        ["SHIP_NOT_IN_FLEET"],
    ),
    "a repair of nothing": (lambda desk, _: desk.repair("ann", "Saratoga"), []),
    "ships are exchanged only within a team": (
        lambda desk, _: desk.give("Saratoga", "ann", "cat"),
        ["NOT_A_TEAMMATE"],
    ),
    "a destroyed ship names who destroyed it": (
        lambda desk, _: desk.battle(fate("Tiger", "cat", "destroyed")),
        [],
    ),
    "a battle names only ships in the fleets": (
        lambda desk, _: desk.battle(fate("Valiant", "ann", "survived")),
        ["SHIP_NOT_IN_FLEET"],
    ),
    "a ship destroyed by a player of another campaign": (
        lambda desk, eve: campaign_record_battle(
            campaign=desk.campaign,
            fates=[BattleFate(ship="Tiger", owner=desk.players["cat"], fate=Fate.DESTROYED, destroyed_by=eve)],
            recorded_by=desk.campaign.organizer,
        ),
        ["UNKNOWN_PLAYER"],
    ),
    "a form opened before the last entry": (
        lambda desk, _: desk.buy("cat", "Jaguar", seen=8),
        ["LEDGER_CHANGED"],
    ),
}


@pytest.mark.parametrize("case", REFUSALS, ids=list(REFUSALS))
def test_a_refused_entry_writes_nothing(after_battle_1, stranger, case):
    call, codes = REFUSALS[case]
    assert refused(lambda: call(after_battle_1, stranger)) == codes


def test_refusals_say_what_the_rules_say(after_battle_1):
    assert refusal(lambda: after_battle_1.buy("cat", "Kraken")).message == (
        "Kraken was destroyed earlier in the campaign; destroyed ships cannot be purchased again."
    )
    assert refusal(lambda: after_battle_1.battle(fate("Tiger", "cat", "destroyed"))).message == (
        "Tiger: a destroyed ship names who destroyed it, and only a destroyed ship does"
    )


def test_a_form_opened_on_the_current_ledger_is_recorded(after_battle_1):
    after_battle_1.buy("cat", "Jaguar", seen=9)
    assert after_battle_1.balances()["cat"] == 87 - 35


def test_the_bank_never_goes_below_zero(ships):
    """Buying your fleet and Making repairs: a purchase or repair the bank cannot pay is refused."""
    campaign, players = campaign_with({"ann": "confederation", "cat": "shiltons"})
    dreadnought = StarshipCommandShipFactory(name="Dreadnought", value=150, shields=10, structure=60)
    desk = Desk(campaign, players, {**ships, "Dreadnought": dreadnought})
    desk.buy("ann", "Dreadnought")
    assert desk.balances()["ann"] == 0
    assert refused(lambda: desk.buy("ann", "Valiant")) == ["CAMPAIGN_OVER_BUDGET"]
    desk.battle(fate("Dreadnought", "ann", "survived", structure_damage=55))
    assert refused(lambda: desk.repair("ann", "Dreadnought", structure=51)) == ["CAMPAIGN_OVER_BUDGET"]
    desk.repair("ann", "Dreadnought", structure=50)
    assert desk.balances()["ann"] == 0


def test_the_campaign_closes_after_its_last_battle(ships):
    campaign, players = campaign_with({"ann": "confederation"}, battles=1)
    desk = Desk(campaign, players, ships)
    desk.battle()
    assert refused(lambda: desk.buy("ann", "Valiant")) == ["CAMPAIGN_OVER"]
    assert refused(lambda: desk.battle()) == ["CAMPAIGN_OVER"]


def test_nothing_is_recorded_before_there_are_players(ships):
    campaign = campaign_create(organizer=OrganizerFactory(), name="Empty", battles=3)
    assert refused(lambda: campaign_record_battle(campaign=campaign, fates=[], recorded_by=campaign.organizer)) == []


def test_players_join_once(desk):
    ann = desk.players["ann"].user
    assert refused(lambda: campaign_add_player(campaign=desk.campaign, user=ann, race="shiltons")) == []
    assert refused(lambda: campaign_add_player(campaign=desk.campaign, user=PlayerFactory(), race="klingons")) == []


def test_seed_002_a_player_joins_between_battles_with_the_starting_points(desk):
    """ "Each player is given 150 points to buy a fleet": a late player too, by a join entry; the balances
    already shown stay as they were."""
    desk.buy("ann", "Valiant")
    desk.battle(fate("Valiant", "ann", "survived"))
    before = desk.balances()
    eve = campaign_add_player(campaign=desk.campaign, user=PlayerFactory(username="eve"), race="packtons")
    entry = desk.campaign.entries.order_by("sequence").last()
    assert (entry.kind, entry.data, entry.recorded_by) == (
        "join",
        {"player": eve.pk, "race": "packtons"},
        desk.campaign.organizer,
    )
    assert desk.balances() == {**before, "eve": 150}
    page = desk.page()
    eve_column = [sheet.player for sheet in page.sheets].index(eve)
    assert page.ledger[0].balances[eve_column] is None  # eve had no account when the first entry was recorded
    assert "eve joins, commanding the Packtons, with 150 points." in page.ledger[-1].description


def test_seed_002_an_entry_is_voided_with_a_reason_and_re_entered(desk):
    desk.buy("ann", "Valiant")
    desk.buy("ann", "Saratoga")
    assert desk.balances()["ann"] == 150 - 18 - 29
    campaign_void_entry(
        campaign=desk.campaign, sequence=2, reason="  wrong   ship ", recorded_by=desk.campaign.organizer, seen=2
    )
    void = desk.campaign.entries.get(sequence=3)
    assert (void.kind, void.data) == ("void", {"sequence": 2, "reason": "wrong ship"})
    page = desk.page()
    assert [row.voided for row in page.ledger] == [False, True, False]
    assert [row.may_void for row in page.ledger] == [True, False, False]
    assert desk.balances()["ann"] == 150 - 18
    desk.buy("ann", "Repulse")
    assert desk.balances()["ann"] == 150 - 18 - 25
    assert refused(
        lambda: campaign_void_entry(
            campaign=desk.campaign, sequence=2, reason="again", recorded_by=desk.campaign.organizer
        )
    ) == ["VOID_ALREADY_VOIDED"]
    assert refused(
        lambda: campaign_void_entry(
            campaign=desk.campaign, sequence=1, reason="x", recorded_by=desk.campaign.organizer, seen=1
        )
    ) == ["LEDGER_CHANGED"]


def test_a_campaign_has_a_name_and_a_battle():
    organizer = OrganizerFactory()
    assert refused(lambda: campaign_create(organizer=organizer, name="Rim", battles=0)) == []
    assert refused(lambda: campaign_create(organizer=organizer, name="   ", battles=3)) == []
    campaign = campaign_create(organizer=organizer, name="  Rim   War ", battles=2)
    assert (campaign.name, campaign.battles, campaign.organizer) == ("Rim War", 2, organizer)


def test_a_bought_ship_keeps_the_card_it_was_bought_as(desk):
    """A later catalog edit changes neither the fleet nor the balances already shown."""
    desk.buy("ann", "Saratoga")
    desk.ships["Saratoga"].value = 99
    desk.ships["Saratoga"].save()
    page = desk.page()
    assert page.sheets[0].fleet[0].ship.value == 29
    assert page.ledger[-1].balances == (121, 150, 150)


def test_ledger_entries_are_never_changed_and_their_sequence_is_unique(desk):
    entry = desk.buy("ann", "Saratoga")
    entry.data = {"player": entry.data["player"], "ship": {**entry.data["ship"], "value": 0}}
    with pytest.raises(ValueError, match="never changed"):
        entry.save()
    with pytest.raises(IntegrityError):
        CampaignEntry.objects.create(
            campaign=desk.campaign, sequence=1, kind="battle", data={"fates": []}, recorded_by=entry.recorded_by
        )
