"""Writes for accounts."""

from django.contrib.auth.models import Group, User
from django.db import transaction

from .roles import PLAYER


@transaction.atomic
def user_sign_up(*, username: str, email: str, password: str) -> User:
    """Create an account; everyone who signs up is a Player (other roles are granted by staff)."""
    user = User.objects.create_user(username=username, email=email, password=password)
    # get_or_create: the roles migration made the group, but an admin may have deleted it since.
    user.groups.add(Group.objects.get_or_create(name=PLAYER)[0])
    return user
