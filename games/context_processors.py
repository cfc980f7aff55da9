"""Puts the menu links the games add (:attr:`games.registry.Game.nav`) in every template."""

from accounts.permissions import has_role

from .registry import all_games


def game_links(request):
    user = request.user

    def shown(link) -> bool:
        return user.is_authenticated if link.audience == "user" else has_role(user, link.audience)

    return {"game_links": [link for game in all_games() for link in game.nav if shown(link)]}
