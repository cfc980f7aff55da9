"""Events of the games whose players submit fleets built in the fleets app: registration by fleet version.

A player registers with a fleet of their own (:class:`fleets.models.Fleet`); the event keeps
the exact version submitted (``Registration.fleet_version``), checked by the fleets app against
the event's format on the event's date. What a fleet's ships and cards score when lost is the
game's own (:meth:`FleetGame.fleet_items`, its result form and scoring). Attack Wing is such a
game; any other game whose lists are the fleets app's fleets subclasses this, as a deck game
subclasses :class:`~tournaments.games.DeckGame`.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from django.db.models import prefetch_related_objects
from django.utils.translation import gettext_lazy

from .base import EventGame


@dataclass(frozen=True, slots=True)
class FleetCheck:
    """What a fleet is checked against at an event beyond its format: the day resources retire on
    (``None``: none is retired) and the resources the event bans."""

    on_date: date | None
    banned: frozenset[str] = frozenset()


class FleetGame(EventGame):
    list_noun = gettext_lazy("a fleet")
    list_name = gettext_lazy("fleet")
    list_heading = gettext_lazy("Fleets")
    submit_url = "tournaments:submit_fleet"
    lists_template = "tournaments/fleet_list.html"
    my_list_template = "tournaments/includes/my_fleet.html"
    walk_in_help = gettext_lazy(
        "paste a Utopia link, Utopia's text or Tabletop Simulator export, or upload a Space Dock squad file "
        "or a Muster fleet file"
    )
    # The keys of a fleet's ships whose cards the meta tallies, with their titles: the game's own.
    card_roles: tuple[tuple[str, str], ...] = ()

    def has_lists(self, registration) -> bool:
        return registration.fleet_version_id is not None

    def slip_checklists(self, matches) -> dict[int, list | None] | None:
        """Each player's ships and cards (``None``: no fleet submitted yet): the slip asks which the
        opponent destroyed and removed. ``None`` when no fleet has anything whose loss scores."""
        registrations = [side.registration for match in matches if not match.is_bye for side in match.sides.all()]
        prefetch_related_objects(registrations, "fleet_version__fleet", "fleet_version__judged_price")
        checklists = {
            side.registration_id: self.fleet_items(version) if (version := side.registration.fleet_version) else None
            for match in matches
            if not match.is_bye
            for side in match.sides.all()
        }
        return checklists if any(checklists.values()) else None

    def fleet_check(self, event) -> FleetCheck:
        """How the event checks a submitted fleet: on the event's day, banning nothing beyond the format."""
        return FleetCheck(on_date=event.date)

    def fleet_items(self, version) -> list:
        """The ships and cards of a submitted fleet version, with their costs, as a result can lose them."""
        raise NotImplementedError
