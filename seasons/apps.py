from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "seasons"

    def ready(self):
        # A finished event's results rate its players once their transaction commits (seasons.signals).
        from . import signals  # noqa: F401
