"""The site-wide roles. Each is an auth group, created by a data migration.

A user may hold several roles. Roles say what someone may do anywhere on the
site (an Organizer may create events); who may act on one event (its organizer
and judges) is per-event staff, decided in :mod:`accounts.permissions`.
"""

ORGANIZER = "Organizer"
JUDGE = "Judge"
PLAYER = "Player"
ROLES = (ORGANIZER, JUDGE, PLAYER)
# What the People page gives and takes; every account is a Player from its sign-up.
GRANTABLE_ROLES = (ORGANIZER, JUDGE)
