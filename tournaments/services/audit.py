"""The submission history: every service that changes what a player submitted writes one entry.

Results keep their own history (:class:`~tournaments.models.ResultChange`, written
in :mod:`tournaments.services.results`); this is the same for lists, so a dispute
about which list a player entered, and when, can be settled from the record.
"""

from __future__ import annotations

from ..models import Registration, SubmissionChange


def submission_snapshot(registration: Registration) -> dict | None:
    """What the registration has submitted, as plain JSON; ``None`` for nothing yet.

    Names and the verification code rather than row ids, so the history reads
    the same in an export and on another site.
    """
    version = registration.fleet_version
    if version is not None:
        return {"fleet": version.fleet.name, "version": version.number, "code": version.code}
    decks = [{"slot": deck.slot, "deck": deck.name, "code": deck.code} for deck in registration.decks.all()]
    return {"decks": decks} if decks else None


def record_submission(registration: Registration, *, by, before: dict | None, action: str = "") -> SubmissionChange:
    """One history entry for ``registration`` after ``action``; a deleted registration has nothing after.

    Without an ``action``, it is "submitted" the first time and "resubmitted" after.
    """
    action = action or ("submitted" if before is None else "resubmitted")
    return SubmissionChange.objects.create(
        event_id=registration.event_id,
        player_id=registration.player_id,
        changed_by=by,
        action=action,
        before=before,
        after=submission_snapshot(registration) if registration.pk else None,
    )
