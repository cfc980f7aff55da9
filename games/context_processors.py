"""Puts the menu links the games add (:attr:`game_registry.Game.nav`) in every template."""

from accounts.permissions import has_role, request_user
from game_registry import all_games


def game_links(request):
    user = request_user(request)

    def shown(link) -> bool:
        return user.is_authenticated if link.audience == "user" else has_role(user, link.audience)

    links = {}
    for game in all_games():
        for link in game.nav:
            if link.url_name not in links and shown(link):
                links[link.url_name] = link  # games may share a page (the catalogs); the menu shows it once
    return {"game_links": list(links.values())}
