from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        """Tell the fleets app who may see fleets submitted to events (it never imports this app)."""
        from fleets.access import register_fleet_view_grant, register_submission_lookup

        from .access import can_view_submitted_fleet, fleet_event_submissions

        register_fleet_view_grant(can_view_submitted_fleet)
        register_submission_lookup(fleet_event_submissions)
