from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "tournaments"

    def ready(self):
        """Tell the fleets app who may see which versions of fleets submitted to events (it never imports this app)."""
        from fleets.access import register_submission_lookup, register_version_grant

        from .access import fleet_event_submissions, visible_submitted_versions

        register_version_grant(visible_submitted_versions)
        register_submission_lookup(fleet_event_submissions)
