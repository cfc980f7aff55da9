"""Puts the user's roles in every template, so navigation shows only what they may use."""

from .permissions import is_judge, is_organizer, is_player, request_user


def roles(request):
    user = request_user(request)
    return {
        "user_roles": {
            "organizer": is_organizer(user),
            "judge": is_judge(user),
            "player": is_player(user),
        }
    }
