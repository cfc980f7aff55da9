"""A game's own event settings: a form the game declares, kept as JSON on the event.

Settings one game needs and another does not (Attack Wing's fleet-point base and banned
resources, a survivor game's points per ship) are no columns of :class:`~tournaments.models.Event`:
the game names a :class:`GameSettingsForm` subclass (``EventGame.settings_form``), the event
form shows it under the game's name, and what it cleans is kept in ``Event.game_settings``.
The shared apps never read a setting themselves; they ask the game (``EventGame.settings``
and the questions built on it), so a new game adds settings without touching them.
"""

from __future__ import annotations

from django import forms

from accounts.text_fields import CleanTextFormMixin


class GameSettingsForm(CleanTextFormMixin, forms.Form):
    """The settings of one game's events. Every cleaned value is plain JSON (text, numbers, true/false).

    ``format_key`` is the event's format, for a setting whose default follows it; a field's
    ``initial`` is the value an event that never set it plays by.
    """

    def __init__(self, *args, format_key: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.format_key = format_key

    def defaults(self) -> dict:
        """What an event plays by where it has set nothing."""
        return {name: self.get_initial_for_field(field, name) for name, field in self.fields.items()}

    def clean(self):
        """A setting left blank plays by its default (a field not required and with an ``initial``)."""
        data = super().clean()
        for name, field in self.fields.items():
            if data.get(name) is None and name not in self.errors and field.initial is not None:
                data[name] = field.initial() if callable(field.initial) else field.initial
        return data

    def settings(self) -> dict:
        """The cleaned settings, as ``Event.game_settings`` keeps them."""
        return dict(self.cleaned_data)
