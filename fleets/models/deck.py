"""Decks: the lists of every game whose players build them card by card (all but STAW's fleets).

Each game keeps its own catalog in its app (``games/<game>/models.py``). A
:class:`Deck` stores its list as the very file ``check_deck`` / ``check_list``
read (``content``, canonical form), so exporting it is reading one column and
its verification code is a hash of that column. The lines of a deck are copied
from the catalog when added: a later catalog edit does not change a deck a
player may already have registered with.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from game_registry import deck_game_choices


def key_choices(keys) -> list[tuple[str, str]]:
    """``("battle-damage", "Battle damage")`` pairs for the rules' lower-case keys."""
    return [(key, key.replace("-", " ").capitalize()) for key in keys]


class Deck(models.Model):
    """A player's list of a deck game (a Wing Commander deck, a Starship Command fleet, ...).

    ``game`` is a key of :mod:`game_registry`; the choices are read from the registry
    when a form or ``full_clean`` asks, so a new game needs no migration of this table.
    """

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks", verbose_name=_("owner")
    )
    game = models.CharField(max_length=40, choices=deck_game_choices, verbose_name=_("game"))
    name = models.CharField(max_length=100, verbose_name=_("name"))
    content = models.JSONField(
        help_text=_("The list file (check_deck / check_list format), canonical form."), verbose_name=_("content")
    )
    code = models.CharField(
        max_length=16, db_index=True, help_text=_("Verification code of the content."), verbose_name=_("code")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=_("updated at"))

    class Meta:
        ordering = ["-updated_at", "name"]
        indexes = [models.Index(fields=["owner", "-updated_at"], name="deck_owner_recent")]
        verbose_name = _("deck")
        verbose_name_plural = _("decks")

    def __str__(self) -> str:
        return self.name
