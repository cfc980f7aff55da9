from django.apps import AppConfig


class AccountsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "accounts"

    def ready(self):
        """The rules' sentences go through Django's translations, so they follow the person's language."""
        from django.utils import translation

        import rules.translation

        from . import languages  # noqa: F401  (its log-in receiver)

        rules.translation.install(gettext=translation.gettext, ngettext=translation.ngettext)
