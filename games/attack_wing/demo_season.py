"""Attack Wing's demo season (``seed_seasons_demo``): the Promenade League, four weekly nights at the first demo store.

Each player flies one faction all season, built from the loaded Utopia catalog, so the
meta has factions, ships, captains and upgrades to show; the last night's fleets stay hidden.
"""

from __future__ import annotations

from collections.abc import Sequence

from fleets.models import Card, Fleet
from fleets.selectors.catalog import load_catalog
from fleets.selectors.checks import content_fleet
from fleets.services import fleet_create, fleet_update
from rules.attack_wing.engine import validate_fleet

FORMAT = "wizkids-2016"
FACTIONS = ("federation", "klingon", "romulan", "dominion")
NIGHTS = (
    "Promenade League night 1",
    "Promenade League night 2",
    "Promenade League night 3",
    "Promenade League night 4",
)


class PromenadeLeague:
    """Every demo player, three rounds a night, the best three nights count and the top four qualify."""

    name = "Promenade League, spring"
    nights = NIGHTS
    players: int | None = None
    format = FORMAT
    rounds = 3
    first_night = 7 * (len(NIGHTS) + 1)
    days_between = 7
    season_days = 7 * len(NIGHTS)
    hidden_nights = (len(NIGHTS) - 1,)
    standings = {
        "best_events": 3,
        "qualify_top": 4,
        "participation_points": 3,
        "win_points": 3,
        "tie_points": 1,
        "placing_points": "10, 7, 5, 3, 2, 1",
    }
    missing = "No STAW card catalog is loaded; no demo STAW season."

    def lists(self, players: Sequence) -> dict[int, Fleet] | None:
        """A league fleet for each player, the factions dealt round the table in turn."""
        contents = {faction: faction_fleet_content(faction) for faction in FACTIONS}
        if not all(contents.values()):
            return None
        fleets = {}
        for i, player in enumerate(players):
            faction = FACTIONS[i % len(FACTIONS)]
            fleet = fleet_create(owner=player, name=f"League fleet: {faction.title()}", faction=faction)
            fleet_update(fleet=fleet, content=contents[faction], by=player)
            fleets[player.pk] = fleet
        return fleets

    def result(self, match, winner: int) -> dict:
        return {"winner": winner}


def faction_fleet_content(faction: str) -> dict | None:
    """A legal 2016 fleet of ``faction``: three of its cheapest named ships, each with one of its unrestricted
    captains and, where the ship has room, a crew upgrade of the faction (the engine checks each try)."""
    catalog = load_catalog()

    def of_faction(kind: str, **more):
        # A ship's restrictions are facts about it (class markers, its maneuver dial), not limits on fielding it.
        cards = Card.objects.filter(kind=kind, unique=True, **more).order_by("cost", "source_id")
        return [card for card in cards if faction in card.factions and (kind == "ship" or not card.restrictions)]

    ships, captains, crew = of_faction("ship"), of_faction("captain"), of_faction("upgrade", upgrade_type="crew")
    for start in range(max(len(ships) - 2, 0)):
        content = {
            "format": FORMAT,
            "ships": [
                {
                    "ship": ship.source_id,
                    "captain": captain.source_id,
                    **({"upgrades": [crew[i].source_id]} if i < len(crew) and "crew" in ship.slots else {}),
                }
                for i, (ship, captain) in enumerate(zip(ships[start : start + 3], captains[:3], strict=False))
            ],
        }
        if len(content["ships"]) == 3:
            report = validate_fleet(content_fleet(content, catalog), catalog, FORMAT, None)
            if not report.violations:
                return content
    return None
