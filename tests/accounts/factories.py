"""Users with roles, for every test that needs someone logged in."""

import factory
from django.contrib.auth.models import Group, User

from accounts.roles import JUDGE, ORGANIZER, PLAYER

PASSWORD = "correct-horse-battery-staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", PASSWORD)

    @factory.post_generation
    def roles(self, create, extracted, **kwargs):
        """``UserFactory(roles=[ORGANIZER, JUDGE])``; groups come from the roles migration."""
        if create and extracted:
            self.groups.add(*Group.objects.filter(name__in=extracted))
        if create:
            self.save()


class PlayerFactory(UserFactory):
    roles = factory.LazyFunction(lambda: [PLAYER])


class JudgeFactory(UserFactory):
    roles = factory.LazyFunction(lambda: [JUDGE])


class OrganizerFactory(UserFactory):
    roles = factory.LazyFunction(lambda: [ORGANIZER])
