from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        """Tell the fleets app who may see and who judges which versions of fleets submitted to events and
        which events a player is registered for, and end a judge's appointments when the Judge role is taken
        away (neither app imports this one)."""
        from accounts.signals import role_taken
        from fleets.access import (
            register_judge_grant,
            register_player_event_lookup,
            register_submission_lookup,
            register_version_grant,
        )

        from .access import (
            fleet_event_submissions,
            player_fleet_events,
            staffed_submitted_versions,
            visible_submitted_versions,
        )
        from .services.events import end_powers_of_taken_role

        register_version_grant(visible_submitted_versions)
        register_submission_lookup(fleet_event_submissions)
        register_player_event_lookup(player_fleet_events)
        register_judge_grant(staffed_submitted_versions)
        role_taken.connect(end_powers_of_taken_role)
