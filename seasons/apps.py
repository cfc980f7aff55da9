from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "seasons"

    def ready(self):
        # A finished event updates its game's ratings once its transaction commits (seasons.signals).
        from . import signals  # noqa: F401
