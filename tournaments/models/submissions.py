"""The history of every player's list submissions: who changed what, when, from what to what."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

SELF_DROP = "dropped themselves"  # the action of a player's own drop: the history and the desk's banner read it

# Each stored ``action`` as the history shows it, in the reader's language (the stored words stay English).
SUBMISSION_ACTIONS = {
    "submitted": _("submitted"),
    "resubmitted": _("resubmitted"),
    "withdrawn": _("withdrawn"),
    SELF_DROP: _("dropped themselves"),
}


class SubmissionChange(models.Model):
    """One submission, replacement or withdrawal of a player's list for an event.

    Kept on the event, not on the registration, so a withdrawal (which deletes the
    registration) keeps its history. ``before`` and ``after`` are what was
    submitted (fleet, version, verification code), ``null`` for nothing.
    """

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="submission_changes")
    player = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    changed_at = models.DateTimeField(auto_now_add=True)
    action = models.CharField(max_length=30)
    before = models.JSONField(null=True)
    after = models.JSONField(null=True)

    class Meta:
        verbose_name = _("submission change")
        verbose_name_plural = _("submission changes")
        ordering = ["event", "changed_at", "pk"]

    def __str__(self) -> str:
        return f"{self.player} at {self.event_id}: {self.action}"

    @property
    def action_label(self) -> str:
        """The action as the event's history shows it: "submitted", "withdrawn"... in the active language."""
        return str(SUBMISSION_ACTIONS.get(self.action, self.action))
