"""Registering for events of the deck games: legal lists are kept as frozen copies, illegal ones refused.

Wing Commander takes a Terran and a Kilrathi deck (seed 001, setup step 1: "One
player plays with the Terran deck. The other player plays with the Kilrathi
deck."); Starship Command one fleet, Spearpoint one reserves deck. Also the
keep-apart club every registration may carry.
"""

import pytest

from fleets.decks.services import deck_add_card, deck_update_details
from tests.fleets.decks.factories import StarshipCommandShipFactory, wing_commander_card
from tests.tournaments.deck_games import (
    deck_event,
    enter_with_decks,
    spearpoint_reserves,
    starship_command_fleet,
    wing_commander_deck,
    wing_commander_decks,
)
from tests.tournaments.factories import EventFactory
from tournaments.errors import FleetRefused, TournamentError
from tournaments.models import EventStatus, SubmissionChange, SubmittedDeck
from tournaments.services import (
    event_update,
    registration_add,
    registration_check_in,
    registration_set_club,
    registration_submit_decks,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def wing_commander(organizer):
    return deck_event("wing-commander", organizer=organizer)


@pytest.fixture
def entry(wing_commander, player):
    return registration_add(event=wing_commander, player=player)


def test_a_wing_commander_player_submits_one_deck_of_each_side(entry, player):
    decks = wing_commander_decks(player)
    registration_submit_decks(registration=entry, decks=decks)
    stored = {deck.slot: deck for deck in SubmittedDeck.objects.filter(registration=entry)}
    assert set(stored) == {"terran", "kilrathi"}
    for side, deck in decks.items():
        assert (stored[side].content, stored[side].code, stored[side].name) == (deck.content, deck.code, deck.name)
    entry.refresh_from_db()
    assert entry.fleet_submitted_at is not None
    assert registration_check_in(registration=entry).checked_in


def test_the_event_keeps_the_submitted_copy_when_the_deck_changes_later(entry, player):
    decks = wing_commander_decks(player)
    registration_submit_decks(registration=entry, decks=decks)
    kept = SubmittedDeck.objects.get(registration=entry, slot="terran")
    deck_add_card(deck=decks["terran"], card=wing_commander_card("Arrow"), count=5)
    kept.refresh_from_db()
    assert kept.content["cards"][0]["count"] == 40
    assert kept.changed_since_submission


def test_play_deck_restriction_1_an_illegal_deck_is_refused_with_its_violations(entry, player):
    """Seed 001, play deck restriction 1: at least 40 cards; nothing is submitted, not even the legal deck."""
    decks = {
        "terran": wing_commander_deck(player, "terran", cards=39),
        "kilrathi": wing_commander_deck(player, "kilrathi"),
    }
    with pytest.raises(FleetRefused) as refused:
        registration_submit_decks(registration=entry, decks=decks)
    assert len(refused.value.violations) == 1
    assert refused.value.violations[0].startswith("Terran deck (Terran deck): The play deck has 39 cards")
    assert not SubmittedDeck.objects.exists()


def test_setup_step_1_each_slot_takes_a_deck_of_its_side(entry, player):
    decks = wing_commander_decks(player)
    with pytest.raises(FleetRefused) as refused:
        registration_submit_decks(registration=entry, decks={"terran": decks["kilrathi"], "kilrathi": decks["terran"]})
    assert any("This is a Kilrathi deck; the Terran deck must be Terran" in v for v in refused.value.violations)


def test_both_decks_are_needed(entry, player):
    with pytest.raises(TournamentError, match="Submit both decks"):
        registration_submit_decks(registration=entry, decks={"terran": wing_commander_deck(player, "terran")})
    with pytest.raises(TournamentError, match="has not submitted both decks"):
        registration_check_in(registration=entry)


def test_only_the_players_own_decks_of_the_events_game(entry, other_player, player):
    with pytest.raises(TournamentError, match="player's own"):
        registration_submit_decks(registration=entry, decks=wing_commander_decks(other_player))
    fleet = starship_command_fleet(player)
    with pytest.raises(TournamentError, match="another game"):
        registration_submit_decks(registration=entry, decks={"terran": fleet, "kilrathi": fleet})


def test_a_line_that_disagrees_with_the_catalog_is_refused(entry, player):
    """A list cannot set its own costs: the catalog changed since the deck was built, so it is refused."""
    decks = wing_commander_decks(player)
    wing_commander_card("Arrow", card_type="pilot")
    with pytest.raises(FleetRefused) as refused:
        registration_submit_decks(registration=entry, decks=decks)
    assert any("the catalog gives type 'pilot'" in v for v in refused.value.violations)


def test_decks_cannot_change_once_the_player_plays(wing_commander, entry, player):
    registration_submit_decks(registration=entry, decks=wing_commander_decks(player))
    registration_check_in(registration=entry)
    enter_with_decks(wing_commander)
    type(wing_commander).objects.filter(pk=wing_commander.pk).update(status=EventStatus.RUNNING)
    with pytest.raises(TournamentError, match="cannot change once the player is playing"):
        registration_submit_decks(registration=entry, decks=wing_commander_decks(player))


def test_an_attack_wing_event_takes_fleets_not_decks(player):
    entry = registration_add(event=EventFactory(), player=player)
    with pytest.raises(TournamentError, match="takes fleets"):
        registration_submit_decks(registration=entry, decks={"": starship_command_fleet(player)})


def test_starship_command_buying_your_fleet_150_points_whatever_the_file_says(player):
    """Seed 002, Campaign Rules: "Each player is given 150 points to buy a fleet" -- a fleet file with a
    larger budget is judged against the event's 150."""
    entry = registration_add(event=deck_event("starship-command"), player=player)
    fleet = starship_command_fleet(player, ships=8)  # 160 points
    fleet = deck_update_details(deck=fleet, budget=200)
    with pytest.raises(FleetRefused) as refused:
        registration_submit_decks(registration=entry, decks={"": fleet})
    assert refused.value.violations == ["The fleet costs 160 points, but only 150 points are available."]
    registration_submit_decks(registration=entry, decks={"": starship_command_fleet(player, name="Lean")})
    assert SubmittedDeck.objects.get(registration=entry).slot == ""


def test_spearpoint_standard_game_setup_80_to_100_points(player):
    """Seed 004, Standard Game Setup: "100 points max; 80 points min."."""
    entry = registration_add(event=deck_event("spearpoint"), player=player)
    with pytest.raises(FleetRefused) as refused:
        registration_submit_decks(registration=entry, decks={"": spearpoint_reserves(player, copies=13)})
    assert "78" in refused.value.violations[0]
    registration_submit_decks(registration=entry, decks={"": spearpoint_reserves(player, name="Legal")})
    assert SubmittedDeck.objects.get(registration=entry).name == "Legal"


def test_a_second_submission_replaces_the_first(player):
    entry = registration_add(event=deck_event("starship-command"), player=player)
    registration_submit_decks(registration=entry, decks={"": starship_command_fleet(player, name="First")})
    registration_submit_decks(registration=entry, decks={"": starship_command_fleet(player, name="Second")})
    assert list(SubmittedDeck.objects.values_list("name", flat=True)) == ["Second"]


def test_a_club_is_kept_tidy_and_can_change_until_the_event_ends(wing_commander, player):
    entry = registration_add(event=wing_commander, player=player, club="  Quark's   Bar ")
    assert entry.club == "Quark's Bar"
    assert registration_set_club(registration=entry, club="").club == ""
    with pytest.raises(TournamentError, match="at most 80"):
        registration_set_club(registration=entry, club="x" * 81)
    type(wing_commander).objects.filter(pk=wing_commander.pk).update(status=EventStatus.FINISHED)
    with pytest.raises(TournamentError, match="finished"):
        registration_set_club(registration=entry, club="Ten Forward")


def test_starship_command_ship_catalog_is_the_source_of_values(player):
    """A ship whose value the catalog corrected after the fleet was built is refused until rebuilt."""
    entry = registration_add(event=deck_event("starship-command"), player=player)
    fleet = starship_command_fleet(player, ships=1)
    StarshipCommandShipFactory._meta.model.objects.update(value=25)
    with pytest.raises(FleetRefused) as refused:
        registration_submit_decks(registration=entry, decks={"": fleet})
    assert any("the catalog gives value 25" in v for v in refused.value.violations)


def test_the_game_cannot_change_under_checked_in_players(wing_commander):
    enter_with_decks(wing_commander)
    with pytest.raises(TournamentError, match="game cannot change"):
        event_update(event=wing_commander, game="spearpoint", format="standard")


def test_deck_submissions_are_kept_in_the_submission_history(entry, player):
    """A dispute about which decks a player entered, and when, is settled from the record."""
    decks = wing_commander_decks(player)
    registration_submit_decks(registration=entry, decks=decks)
    registration_submit_decks(registration=entry, decks=decks)
    first, second = SubmissionChange.objects.filter(event=entry.event).order_by("pk")
    assert (first.action, first.before, first.changed_by) == ("submitted", None, player)
    codes = {deck["slot"]: deck["code"] for deck in first.after["decks"]}
    assert codes == {side: deck.code for side, deck in decks.items()}
    assert (second.action, second.before) == ("resubmitted", first.after)
