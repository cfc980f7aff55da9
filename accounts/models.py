"""What accounts keep besides Django's users: sign-ups waiting for their e-mail, the
password-change throttle, walk-in guests entered by organizers, what printouts show of a person and
which notices they get by mail."""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _


class PendingSignUp(models.Model):
    """A sign-up waiting for its owner to follow the link mailed to ``email``.

    The account is made only then, so the sign-up page answers the same whether or not
    the name or the address is already in use (see ``docs/security.md``). The link's
    secret is kept only as its SHA-256; the password only as Django's hash.
    """

    token_hash = models.CharField(max_length=64, unique=True)
    username = models.CharField(max_length=150)
    email = models.EmailField()
    password = models.CharField(max_length=128)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.username} <{self.email}> (waiting since {self.created_at:%Y-%m-%d %H:%M})"


class PasswordCheckThrottle(models.Model):
    """Wrong current passwords given to the password-change form, per user.

    Log-in failures are django-axes's; this counter keeps its limits
    (``AXES_FAILURE_LIMIT`` within ``AXES_COOLOFF_TIME``) for the one other form that
    checks a password.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    failures = models.PositiveIntegerField(default=0)
    last_failure_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.failures} wrong password(s) for user {self.user_id}"


class PrintPreferences(models.Model):
    """What a person's printouts show of them: a name of their choosing, and their e-mail only if they ask.

    Without a row (or with a blank name) sheets print the account's full name, else its
    username; the e-mail is never printed unless ``print_email`` is set.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="print_preferences")
    print_name = models.CharField(_("Name on printouts"), max_length=100, blank=True)
    print_email = models.BooleanField(_("Print my e-mail address on my fleet and deck sheets"), default=False)

    def __str__(self) -> str:
        return f"printouts of user {self.user_id}"


class NoticePreferences(models.Model):
    """Which notices a person gets by mail (:mod:`accounts.notices`). Without a row every kind is on:
    a player who asked for nothing still learns their table."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_preferences")
    pairings = models.BooleanField(_("When a round is paired: my table and opponent"), default=True)
    disputes = models.BooleanField(_("When a result at my table is disputed"), default=True)

    def __str__(self) -> str:
        return f"notices of user {self.user_id}"


class GuestPlayer(models.Model):
    """A walk-in an organizer entered by name: an account that cannot log in.

    Everything that keys on a user (registrations, fleets, results) works for a guest as
    for anyone; the user's first name holds the name the organizer typed, its username is
    generated (``guest-<n>``, a prefix sign-up refuses). ``email`` is not the user's
    address but the one the organizer was given: whoever confirms a sign-up with it
    takes this account over (:func:`accounts.services.sign_up_confirm`), and
    ``claimed_at`` records when. Only one unclaimed guest holds an address, so a claim
    is never ambiguous.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="guest")
    email = models.EmailField(blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    claimed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                Lower("email"),
                condition=models.Q(claimed_at__isnull=True) & ~models.Q(email=""),
                name="one_unclaimed_guest_per_email",
            )
        ]

    def __str__(self) -> str:
        return f"walk-in {self.user.first_name} ({'claimed' if self.claimed_at else 'unclaimed'})"


class LanguagePreference(models.Model):
    """The language a person reads the site in, chosen in the language menu.

    Without a row the browser's choice stands (``Accept-Language``, or the menu's cookie for visitors);
    :mod:`accounts.languages` decides.
    """

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="language_preference")
    language = models.CharField(_("Language"), max_length=8, choices=settings.LANGUAGES)

    def __str__(self) -> str:
        return f"language of user {self.user_id}: {self.language}"
