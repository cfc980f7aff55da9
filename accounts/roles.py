"""The site-wide roles. Each is an auth group, created by a data migration.

A user may hold several roles. Roles say what someone may do anywhere on the
site (an Organizer may create events); who may act on one event (its organizer
and judges) is per-event staff, decided in :mod:`accounts.permissions`.
"""

from django.utils.translation import gettext_lazy as _

ORGANIZER = "Organizer"
JUDGE = "Judge"
PLAYER = "Player"
ROLES = (ORGANIZER, JUDGE, PLAYER)
# What the People page gives and takes; every account is a Player from its sign-up.
GRANTABLE_ROLES = (ORGANIZER, JUDGE)
# How pages name each role (the group's name is the role's key, in English).
ROLE_LABELS = {ORGANIZER: _("Organizer"), JUDGE: _("Judge"), PLAYER: _("Player")}


def role_label(role: str) -> str:
    """The role as pages name it, in the reader's language (an unknown role by its own name)."""
    return str(ROLE_LABELS.get(role, role))
