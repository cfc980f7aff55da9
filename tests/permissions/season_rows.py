"""The permission matrix's rows of seasons, player records and the meta (the seasons app).

The world holds no season: each row's arguments make one at the world's store (and hide
``other_player``'s record) inside the request's savepoint, which is rolled back after it.
"""

from __future__ import annotations

from datetime import date

from seasons.models import RecordSetting, Season
from seasons.services import season_save

from .harness import BAD, E403, E404, EVERYONE, LOGIN, NOWHERE, OK, ORGANIZERS, PUBLIC_INPUT_REFUSED, Row
from .harness import STORE_ORGANIZERS as SEASON_ORGANIZERS

SEASON_ORGANIZERS_INPUT_REFUSED = (LOGIN, E403, E403, E403, E403, BAD, E403, BAD)
STORE_ORGANIZERS_INPUT_REFUSED = (LOGIN, E403, E403, E403, E403, BAD, BAD, BAD)  # any store's organizers
SIGNED_IN_PLAYERS = (LOGIN, OK, OK, OK, OK, OK, OK, OK)
ONLY_OTHER_PLAYER = (E404, E404, OK, E404, E404, E404, E404, E404)


def season(world) -> dict:
    found = Season.objects.filter(stores=world.store).first() or season_save(
        by=world.users["organizer"],
        stores=[world.store],
        name="Bajor league",
        game="attack-wing",
        starts_on=date(2026, 1, 1),
        ends_on=date(2026, 12, 31),
    )
    return {"pk": found.pk}


def api_season(world) -> dict:
    return {"season_id": season(world)["pk"]}


def public_record(world) -> dict:
    return {"player_pk": world.users["player"].pk}


def hidden_record(world) -> dict:
    RecordSetting.objects.update_or_create(player=world.users["other_player"], defaults={"hidden": True})
    return {"player_pk": world.users["other_player"].pk}


def walk_in_record(world) -> dict:
    return {"player_pk": world.walk_in.player_id}


def api_public_record(world) -> dict:
    return {"player_id": public_record(world)["player_pk"]}


def api_hidden_record(world) -> dict:
    return {"player_id": hidden_record(world)["player_pk"]}


def api_walk_in_record(world) -> dict:
    return {"player_id": walk_in_record(world)["player_pk"]}


def no_args(world) -> dict:
    return {}


SEASON_ROWS = [
    Row("seasons:list", "GET", no_args, EVERYONE),
    Row("seasons:create", "GET", no_args, ORGANIZERS),  # organizers of a store
    Row("seasons:create", "POST", no_args, STORE_ORGANIZERS_INPUT_REFUSED),
    Row("seasons:detail", "GET", season, EVERYONE),
    Row("seasons:edit", "GET", season, SEASON_ORGANIZERS),
    Row("seasons:edit", "POST", season, SEASON_ORGANIZERS_INPUT_REFUSED),
    Row("seasons:csv", "GET", season, EVERYONE),
    Row("seasons:json", "GET", season, EVERYONE),
    Row("seasons:pdf", "GET", season, EVERYONE),
    Row("seasons:players", "GET", no_args, EVERYONE),
    Row("seasons:player", "GET", public_record, EVERYONE),
    Row("seasons:player", "GET", hidden_record, ONLY_OTHER_PLAYER),  # a hidden record: its player only
    Row("seasons:player", "GET", walk_in_record, NOWHERE),  # an unclaimed walk-in has no record page
    Row("seasons:record_setting", "POST", no_args, SIGNED_IN_PLAYERS),  # each changes only their own
    Row("seasons:meta", "GET", no_args, EVERYONE),
    Row("seasons:meta", "GET", no_args, PUBLIC_INPUT_REFUSED, query="game=chess"),
    Row("api:season_list", "GET", no_args, EVERYONE),
    Row("api:season_standings", "GET", api_season, EVERYONE),
    Row("api:player_record", "GET", api_public_record, EVERYONE),
    Row("api:player_record", "GET", api_hidden_record, NOWHERE),  # the API shows the public view only
    Row("api:player_record", "GET", api_walk_in_record, NOWHERE),
    Row("api:meta", "GET", no_args, EVERYONE, query="game=attack-wing"),
]
