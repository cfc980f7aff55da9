from django.db import models

from .rules import CALLS


class Coin(models.Model):
    name = models.CharField(max_length=40)
    side = models.CharField(max_length=10, choices=[(call, call.capitalize()) for call in CALLS])

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name
