"""Which language a person reads the site in: the one place that decides it.

A signed-in person's choice (the language menu saves it to the account) comes first; else Django's
``LocaleMiddleware`` has already chosen from the menu's cookie or the browser's ``Accept-Language``.
The account's choice travels in the session (put there at log-in and by the menu), so no page pays a query
for it. Printouts and mail that serve more than their reader (an event's pairings, a walk-in's notice)
follow the store's language instead: :mod:`stores.languages`.
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation

LANGUAGE_CODES = frozenset(code for code, _name in settings.LANGUAGES)
SESSION_KEY = "language"


def saved_language(user) -> str | None:
    """The language ``user`` chose in the menu, or ``None`` for a person who never chose."""
    from .models import LanguagePreference

    language = LanguagePreference.objects.filter(user=user).values_list("language", flat=True).first()
    return language if language in LANGUAGE_CODES else None


def saved_languages(users) -> dict[int, str]:
    """The language each of ``users`` chose, by user id, in one query; those who never chose are left out."""
    from .models import LanguagePreference

    rows = LanguagePreference.objects.filter(user__in=[user.pk for user in users]).values_list("user_id", "language")
    return {user_id: language for user_id, language in rows if language in LANGUAGE_CODES}


def remember_language(request, language: str | None) -> None:
    """Keep ``language`` as the signed-in reader's choice for the rest of the session."""
    if language:
        request.session[SESSION_KEY] = language
    else:
        request.session.pop(SESSION_KEY, None)


@receiver(user_logged_in, dispatch_uid="accounts.languages.on_log_in")
def on_log_in(sender, request, user, **kwargs) -> None:
    if request is not None and hasattr(request, "session"):
        remember_language(request, saved_language(user))


class PersonLanguageMiddleware:
    """Turns on a signed-in person's chosen language, after ``LocaleMiddleware`` picked the browser's.

    It sits after ``AuthenticationMiddleware``, and ``LocaleMiddleware``'s response half still runs after
    it, so ``Content-Language`` names the language the page was rendered in.
    """

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = request.session.get(SESSION_KEY) if request.user.is_authenticated else None
        if language in LANGUAGE_CODES:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)
