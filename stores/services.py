"""Creating stores and appointing, or ending, their organizers and judges.

Site roles still say what a person may be: a store organizer must hold the Organizer
role and a store judge the Judge role (a site administrator gives both on the People
page). Who may call each function is decided by the views (:mod:`stores.access`).
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.permissions import has_role
from accounts.roles import JUDGE, ORGANIZER, role_label

from .errors import StoreError
from .models import Store, StoreRole, StoreRoleKind

SITE_ROLE_FOR = {StoreRoleKind.ORGANIZER: ORGANIZER, StoreRoleKind.JUDGE: JUDGE}


@transaction.atomic
def store_create(*, first_organizer, by, **fields) -> Store:
    """A new store run by ``first_organizer``; two stores of one name in one town are refused."""
    store = _saved(Store(**fields))
    store_appoint(store=store, person=first_organizer, role=StoreRoleKind.ORGANIZER, by=by)
    return store


@transaction.atomic
def store_update(*, store: Store, **fields) -> Store:
    """Change the store's details (name, town, address, web page, time zone); its events and people stay."""
    for name, value in fields.items():
        setattr(store, name, value)
    return _saved(store)


def _saved(store: Store) -> Store:
    """``store`` checked as the model checks it and saved; another store of its name in its town is refused."""
    try:
        store.full_clean()
    except ValidationError as error:
        raise StoreError(" ".join(error.messages)) from None
    try:
        with transaction.atomic():
            store.save()
    except IntegrityError:
        if store.town:
            message = _("There is already a store called %(name)s in %(town)s.") % {
                "name": store.name,
                "town": store.town,
            }
        else:
            message = _("There is already a store called %(name)s in no town.") % {"name": store.name}
        raise StoreError(message) from None
    return store


@transaction.atomic
def store_appoint(*, store: Store, person, role: str, by) -> StoreRole:
    """``person`` becomes an organizer or judge of ``store``; the store's history records who appointed them."""
    if role not in SITE_ROLE_FOR:
        raise StoreError(_("Choose organizer or judge."))
    site_role = SITE_ROLE_FOR[role]
    if not has_role(person, site_role):
        raise StoreError(
            _("%(person)s does not hold the %(role)s role; a site administrator gives it on the People page.")
            % {"person": person.get_username(), "role": role_label(site_role)}
        )
    Store.objects.select_for_update().get(pk=store.pk)  # one appointment at a time per store
    if store.roles.current().filter(person=person, role=role).exists():
        raise StoreError(
            _("%(person)s is already a %(role)s of %(store)s.")
            % {"person": person.get_username(), "role": StoreRoleKind(role).label, "store": store.name}
        )
    return StoreRole.objects.create(store=store, person=person, role=role, appointed_by=by)


@transaction.atomic
def store_end_role(*, role: StoreRole, by) -> StoreRole:
    """End ``role`` (kept in the store's history); a store always keeps at least one organizer."""
    store = Store.objects.select_for_update().get(pk=role.store_id)
    role = StoreRole.objects.select_for_update().get(pk=role.pk)
    if role.ended_at is not None:
        raise StoreError(
            _("%(person)s is no longer a %(role)s of %(store)s.")
            % {"person": role.person.get_username(), "role": role.get_role_display(), "store": store.name}
        )
    organizers = store.roles.current().filter(role=StoreRoleKind.ORGANIZER)
    if role.role == StoreRoleKind.ORGANIZER and organizers.count() == 1:
        raise StoreError(
            _("%(store)s needs an organizer: appoint another before this one leaves.") % {"store": store.name}
        )
    role.ended_at, role.ended_by = timezone.now(), by
    role.save(update_fields=["ended_at", "ended_by"])
    return role


def store_end_roles_of_taken_role(sender, *, user, role: str, by, **kwargs) -> None:
    """The receiver of :data:`accounts.signals.role_taken`: a person whose Organizer (or Judge) role was
    taken away stops being an organizer (or judge) of every store, each end recorded under the name of
    whoever took the role. Unlike :func:`store_end_role`, a store may be left without an organizer
    here: the role is gone whatever the store needs, and a site administrator organizes every store."""
    kinds = [kind for kind, site_role in SITE_ROLE_FOR.items() if site_role == role]
    StoreRole.objects.current().filter(person=user, role__in=kinds).update(ended_at=timezone.now(), ended_by=by)
