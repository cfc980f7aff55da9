"""``{{ event|event_game }}``: the event's :class:`~tournaments.games.EventGame`, for what the pages name by game."""

from django import template

from tournaments.games import event_game as game_of

register = template.Library()


@register.filter
def event_game(event):
    return game_of(event.game)
