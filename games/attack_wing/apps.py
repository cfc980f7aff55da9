from django.apps import AppConfig

from games.registry import Game, register

from . import KEY, NAME


class AttackWingConfig(AppConfig):
    name = "games.attack_wing"
    label = "attack_wing"
    verbose_name = NAME

    def ready(self):
        from rules import attack_wing

        from .demo import demo
        from .events import AttackWingEvents

        register(Game(key=KEY, name=NAME, rules=attack_wing, events=AttackWingEvents(), demo=demo))
