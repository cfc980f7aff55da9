"""Puts what pages say of the games in every template: the menu links they add (:attr:`game_registry.Game.nav`)
and their names, so no template lists the games by hand. The links' labels are marked English in the games'
declarations and shown here in the reader's language; the games' names are product names and stay."""

from dataclasses import replace

from django.utils.translation import gettext

from accounts.permissions import has_role, request_user
from game_registry import all_games, names_in_words


def game_links(request):
    user = request_user(request)

    def shown(link) -> bool:
        return user.is_authenticated if link.audience == "user" else has_role(user, link.audience)

    links = {}
    for game in all_games():
        for link in game.nav:
            if link.url_name not in links and shown(link):
                links[link.url_name] = link  # games may share a page (the catalogs); the menu shows it once
    return {
        "game_links": [replace(link, label=gettext(link.label)) for link in links.values()],
        "game_names": names_in_words(all_games(), gettext("%(names)s and %(last)s")),
    }
