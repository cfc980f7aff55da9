"""Writes for accounts: sign-up (confirmed by e-mail, claiming a walk-in's account when
an organizer entered that address), walk-in guests, the password check of the
password-change form (throttled like log-in), and what printouts show of a person."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from axes.helpers import get_cool_off
from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import Group, User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from rules.inputs.text_input import text_problem

from .models import GuestPlayer, NoticePreferences, PasswordCheckThrottle, PendingSignUp, PrintPreferences
from .roles import GRANTABLE_ROLES, PLAYER
from .selectors import username_taken
from .signals import role_taken
from .tasks import mail_on_commit

# Usernames of walk-in guests start with this; sign-up refuses it (accounts.forms.SignUpForm).
GUEST_USERNAME_PREFIX = "guest-"
MAX_GUEST_NAME_LENGTH = User._meta.get_field("first_name").max_length


class AccountError(Exception):
    """A refused account action, with a message to show."""


class PasswordCheckLocked(AccountError):
    """Too many wrong current passwords: the check is refused until the cool-off has passed."""


def sign_up_link_lifetime() -> timedelta:
    """How long a sign-up link works: as long as a password-reset link."""
    return timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT)


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def sign_up_request(*, username: str, email: str, password: str, site_url: str) -> None:
    """Someone asked for an account. Whatever the case, one mail goes out and the caller
    answers the same; nothing tells the asker whether the name or the address is in use.

    - The address belongs to an account: its owner is told (with their account name and
      the log-in and reset links); nothing else happens.
    - The name is taken, or looks like one that is (:func:`accounts.selectors.username_taken`): the
      address is told to choose another.
    - Otherwise a link to finish signing up is mailed; the account is made when it is followed
      (:func:`sign_up_confirm`).

    The password is hashed in every case, so the slow step takes as long whatever the case.
    """
    email = email.strip().lower()
    password_hash = make_password(password)
    with transaction.atomic(durable=True):  # outermost: the mail goes once this commits (_mail)
        context = {"username": username, "email": email, "site_url": site_url}
        owners = list(User.objects.filter(email__iexact=email))
        if owners:
            for owner in owners:
                _mail(
                    owner.email,
                    _("Your Muster account"),
                    "registration/sign_up_email_existing.txt",
                    {
                        **context,
                        "owner": owner,
                        "login_url": site_url + reverse("login"),
                        "reset_url": site_url + reverse("password_reset"),
                    },
                )
            return
        if username_taken(username):
            _mail(
                email,
                _("Choose another account name"),
                "registration/sign_up_email_taken.txt",
                {
                    **context,
                    "sign_up_url": site_url + reverse("sign_up"),
                },
            )
            return
        PendingSignUp.objects.filter(created_at__lt=timezone.now() - sign_up_link_lifetime()).delete()
        token = secrets.token_urlsafe(32)
        PendingSignUp.objects.create(
            token_hash=_token_hash(token), username=username, email=email, password=password_hash
        )
        _mail(
            email,
            _("Finish signing up to Muster"),
            "registration/sign_up_email_new.txt",
            {
                **context,
                "confirm_url": f"{site_url}{reverse('sign_up')}?link={token}",
                "hours": int(sign_up_link_lifetime().total_seconds() // 3600),
            },
        )


def _mail(to: str, subject: str, template: str, context: dict) -> None:
    """Send once the sign-up is stored: a link is never mailed for a request that was rolled back.
    The request's transaction is the outermost (durable), so "stored" means committed; the mail
    itself goes from the background worker (:func:`accounts.tasks.mail_on_commit`)."""
    mail_on_commit(to=to, subject=subject, body=render_to_string(template, context))


def pending_sign_up(token: str) -> PendingSignUp | None:
    """The sign-up the link's ``token`` stands for, while its link still works."""
    return PendingSignUp.objects.filter(
        token_hash=_token_hash(token), created_at__gte=timezone.now() - sign_up_link_lifetime()
    ).first()


@transaction.atomic
def sign_up_confirm(*, token: str) -> User:
    """Make the account of a followed sign-up link; everyone who signs up is a Player
    (other roles are granted by staff). The link works once.

    When an organizer entered this address for a walk-in who has not claimed their
    account yet, the account made *is* the walk-in's: their registrations, fleets and
    results become the new account's. The link proves the address, so only its owner
    can claim; an address that already belongs to an account never claims anything.
    """
    pending = pending_sign_up(token)
    if pending is None:
        raise AccountError(_("This sign-up link was already used or is too old. Sign up again."))
    pending.delete()
    if username_taken(pending.username):
        raise AccountError(
            _("The account name %(name)s was taken meanwhile. Sign up again with another.") % {"name": pending.username}
        )
    if User.objects.filter(email__iexact=pending.email).exists():
        raise AccountError(_("An account with this e-mail address was made meanwhile. Log in or reset its password."))
    guest = (
        GuestPlayer.objects.select_for_update()
        .filter(email__iexact=pending.email, claimed_at=None)
        .select_related("user")
        .first()
    )
    try:
        with transaction.atomic():
            if guest is None:
                user = User.objects.create(username=pending.username, email=pending.email, password=pending.password)
            else:
                user = _guest_claim(guest, pending)
    except IntegrityError:
        raise AccountError(
            _("The account name %(name)s was taken meanwhile. Sign up again with another.") % {"name": pending.username}
        ) from None
    # get_or_create: the roles migration made the group, but an admin may have deleted it since.
    user.groups.add(Group.objects.get_or_create(name=PLAYER)[0])
    return user


def _guest_claim(guest: GuestPlayer, pending: PendingSignUp) -> User:
    """The walk-in's account becomes the signed-up one: name, address and password from the sign-up."""
    user = guest.user
    user.username, user.email, user.password, user.is_active = pending.username, pending.email, pending.password, True
    user.save(update_fields=["username", "email", "password", "is_active"])
    guest.claimed_at = timezone.now()
    guest.save(update_fields=["claimed_at"])
    return user


@transaction.atomic
def guest_create(*, name: str, email: str = "", created_by: User) -> User:
    """An account for a walk-in, entered by an organizer by ``name`` alone (and the ``email`` they
    gave, if any): it cannot log in, and is claimed by whoever signs up with ``email``.

    What the organizer learns (``docs/events.md``, *Walk-ins*): never whether an address has an
    account. An address that belongs to an account is neither refused nor kept: the walk-in is
    made under the typed name without it (its owner has an account already, and an address of
    an account never claims anything, :func:`sign_up_confirm`). An address already entered for an
    unclaimed walk-in under the same name (case and spacing aside) gives that walk-in back, the
    same person coming again, so one sign-up claims everything they played; the caller says so.
    Under another name it is refused without naming the walk-in: the organizer checks the address.
    """
    if problem := text_problem(name or ""):
        raise AccountError(_("The walk-in's name: %(problem)s") % {"problem": problem})
    name = " ".join((name or "").split())
    if not name:
        raise AccountError(_("Give the walk-in's name."))
    if len(name) > MAX_GUEST_NAME_LENGTH:
        raise AccountError(_("A name has at most %(count)d characters.") % {"count": MAX_GUEST_NAME_LENGTH})
    email = (email or "").strip().lower()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise AccountError(_("%(email)s is not an e-mail address.") % {"email": email}) from None
        if User.objects.filter(email__iexact=email).exists():
            email = ""
        known = (
            GuestPlayer.objects.select_for_update()
            .filter(email__iexact=email, claimed_at=None)
            .exclude(email="")
            .select_related("user")
            .first()
        )
        if known is not None:
            if known.user.first_name.casefold() != name.casefold():
                raise AccountError(
                    _(
                        "This e-mail address was given for a walk-in under another name: check the address and the "
                        "name with the player, or leave the address out."
                    )
                )
            return known.user
    user = User(username=f"{GUEST_USERNAME_PREFIX}new-{secrets.token_hex(8)}", first_name=name, is_active=False)
    user.set_unusable_password()
    user.save()
    user.username = f"{GUEST_USERNAME_PREFIX}{user.pk}"
    if User.objects.filter(username__iexact=user.username).exists():  # an account made before the prefix was kept
        user.username += f"-{secrets.token_hex(3)}"
    user.save(update_fields=["username"])
    try:
        with transaction.atomic():
            GuestPlayer.objects.create(user=user, email=email, created_by=created_by)
    except IntegrityError:  # the same address entered at the same moment at another desk
        raise AccountError(_("A walk-in with this e-mail address was entered a moment ago; add them again.")) from None
    return user


def password_check(*, user: User, password: str) -> bool:
    """Whether ``password`` is ``user``'s current password, throttled like log-in.

    At most ``AXES_FAILURE_LIMIT`` wrong passwords within ``AXES_COOLOFF_TIME`` of the last
    one; then every check (the right password too) raises :class:`PasswordCheckLocked`
    until the cool-off has passed. Each check is counted as a failure *before* the
    password is compared, and forgiven only once it is found right, so requests sent at
    once cannot get more guesses than the limit.
    """
    limit = settings.AXES_FAILURE_LIMIT
    cool_off = get_cool_off()
    now = timezone.now()
    with transaction.atomic():
        throttle, _created = PasswordCheckThrottle.objects.select_for_update().get_or_create(user=user)
        if cool_off is not None and throttle.last_failure_at and now - throttle.last_failure_at >= cool_off:
            throttle.failures = 0
        locked = throttle.failures >= limit
        if not locked:
            throttle.failures += 1
        if not locked or settings.AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT:
            throttle.last_failure_at = now
        throttle.save()
    if locked:
        raise PasswordCheckLocked(_("Too many wrong passwords: changing the password is locked for a while."))
    if not user.check_password(password):
        return False
    PasswordCheckThrottle.objects.filter(user=user).update(failures=0, last_failure_at=None)
    return True


@transaction.atomic
def role_set(*, user: User, role: str, granted: bool, by: User) -> User:
    """Give ``user`` the ``role`` (Organizer or Judge), or take it away; the People page's one write.
    Giving a role the user holds, or taking one they lack, changes nothing. Taking it away ends the
    powers it lent (:data:`accounts.signals.role_taken`: a judge's appointments to unfinished events)."""
    if role not in GRANTABLE_ROLES:
        raise AccountError(_("%(role)s is not a role given on the People page.") % {"role": role})
    user = User.objects.select_for_update().get(pk=user.pk)
    group, _created = Group.objects.get_or_create(name=role)
    if granted:
        user.groups.add(group)
    elif user.groups.filter(pk=group.pk).exists():
        user.groups.remove(group)
        role_taken.send(sender=User, user=user, role=role, by=by)
    return user


def print_preferences_set(*, user: User, print_name: str, print_email: bool) -> PrintPreferences:
    """The name ``user``'s printouts carry (blank: their full name or username) and whether their
    fleet and deck sheets print their e-mail address."""
    preferences, _created = PrintPreferences.objects.update_or_create(
        user=user, defaults={"print_name": print_name.strip(), "print_email": print_email}
    )
    return preferences


def notice_preferences_set(*, user: User, pairings: bool, disputes: bool) -> NoticePreferences:
    """Which notices ``user`` gets by mail (:mod:`accounts.notices`)."""
    preferences, _created = NoticePreferences.objects.update_or_create(
        user=user, defaults={"pairings": pairings, "disputes": disputes}
    )
    return preferences


def language_choose(*, user: User, language: str) -> None:
    """Save ``language`` as the language ``user`` reads the site in (the language menu)."""
    from .languages import LANGUAGE_CODES
    from .models import LanguagePreference

    if language not in LANGUAGE_CODES:
        raise AccountError(f"Muster has no language {language!r}.")
    LanguagePreference.objects.update_or_create(user=user, defaults={"language": language})
