"""What the tournament services refuse, with messages fit to show the person who asked."""

from __future__ import annotations

from django.utils.translation import gettext


class TournamentError(Exception):
    """A request the event's current state or the rules do not allow; nothing was changed."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class FleetRefused(TournamentError):
    """The fleet cannot be submitted; ``violations`` are the engine's messages, one per broken rule."""

    def __init__(self, message: str, violations: list[str] | tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.violations = list(violations)


class RematchWarning(TournamentError):
    """A hand-made change would pair players who already met; repeat it with ``allow_rematch=True``."""

    def __init__(self, pairs: list[tuple[str, str]]) -> None:
        names = "; ".join(gettext("%(first)s and %(second)s") % {"first": a, "second": b} for a, b in pairs)
        super().__init__(
            gettext("This pairs players who have already played each other: %(names)s.") % {"names": names}
        )
        self.pairs = pairs


class ResultChanged(TournamentError):
    """A table's result changed since its form was opened (another desk, a player's report): nothing was
    saved. ``version`` is the table's version now; a form sent again with it replaces that result."""

    def __init__(self, what: str, *, version: int) -> None:
        super().__init__(
            gettext("%(what)s since this form was opened; replace it? Save again to replace it.") % {"what": what}
        )
        self.what = what  # "Table 4 was saved by judge at 20:14 as Anna won"
        self.version = version
