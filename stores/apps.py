from django.apps import AppConfig


class StoresConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "stores"

    def ready(self):
        """Taking a site role away on the People page ends the store appointments it allowed."""
        from accounts.signals import role_taken

        from .services import store_end_roles_of_taken_role

        role_taken.connect(store_end_roles_of_taken_role, dispatch_uid="stores_end_roles_of_taken_role")
