"""Users with roles, for every test that needs someone logged in."""

import factory
from django.contrib.auth.models import Group, User

from accounts.roles import JUDGE, ORGANIZER, PLAYER

PASSWORD = "correct-horse-battery-staple"


def with_roles(*default: str):
    """Post-generation hook: ``UserFactory(roles=[ORGANIZER, JUDGE])``, else ``default``.

    The roles migration creates the groups; a test that removed them gets them made again here.
    """

    def add_roles(user, create, extracted, **kwargs):
        if create:
            names = default if extracted is None else extracted
            user.groups.add(*(Group.objects.get_or_create(name=name)[0] for name in names))
            user.save()

    return factory.PostGeneration(add_roles)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    roles = with_roles()


class PlayerFactory(UserFactory):
    roles = with_roles(PLAYER)


class JudgeFactory(UserFactory):
    roles = with_roles(JUDGE)


class OrganizerFactory(UserFactory):
    roles = with_roles(ORGANIZER)
