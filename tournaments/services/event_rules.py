"""The rules an event's settings keep together, checked wherever an event is written: the event form
(which shows each problem on its field), :func:`event_create`/:func:`event_update`, the import of
an exported event, and every way a judge is set (:func:`tournaments.services.events.set_judges`). Each
rule is here once, so no way in writes an event the others would refuse.
"""

from __future__ import annotations

from django.utils.translation import gettext

from stores.access import organized_stores

from ..access import cut_refusal, eligible_judges
from ..errors import TournamentError
from ..formats import has_fixed_tiebreakers
from ..models import Event, TieBreakPreset

# The settings the rules read; an update is judged on the event's values with the changes on top.
CHECKED = ("store", "game", "tiebreaks", "start_time", "end_time", "top_cut", "player_cap", "check_in_opens_minutes")


class EventInvalid(TournamentError):
    """The event's settings break a rule; ``problems`` maps each setting to what is wrong with it."""

    def __init__(self, problems: dict[str, str]) -> None:
        super().__init__(" ".join(problems.values()))
        self.problems = problems


def event_problems(*, organizer, event: Event | None = None, judges=None, **fields) -> dict[str, str]:
    """What is wrong with ``fields`` (the settings :data:`CHECKED`, the others ignored) and ``judges``
    (when given) for an event run by ``organizer``: the setting's name and the reason, none when all is
    well. ``event``: the event being changed, whose settings stand where ``fields`` does not give one."""
    values = {name: getattr(event, name, None) for name in CHECKED} if event is not None else {}
    values.update({name: fields[name] for name in CHECKED if name in fields})
    problems = {}
    store = values.get("store")
    moved = event is None or getattr(store, "pk", None) != event.store_id  # an event stays where it is held
    if moved and (why := store_refusal(store, organizer)):
        problems["store"] = why
    game, tiebreaks = values.get("game"), values.get("tiebreaks") or TieBreakPreset.DEFAULT
    if game and has_fixed_tiebreakers(game) and tiebreaks != TieBreakPreset.DEFAULT:
        problems["tiebreaks"] = gettext("This game ranks by its own tie-breakers; keep the default.")
    start, end = values.get("start_time"), values.get("end_time")
    if end is not None and start is None:
        problems["end_time"] = gettext("Give the start time too.")
    elif end is not None and end <= start:
        problems["end_time"] = gettext("The end comes after the start (an event ends on its day).")
    cap, cut = values.get("player_cap"), values.get("top_cut") or 0
    if cap is not None and (why := cut_refusal(cut, cap, gettext("the cap allows %(cap)s") % {"cap": cap})):
        problems["top_cut"] = gettext("%(why)s Choose a smaller cut, or raise the cap.") % {"why": why}
    if values.get("check_in_opens_minutes") is not None and start is None:
        problems["check_in_opens_minutes"] = gettext("Give the start time too: check-in opens that long before it.")
    if judges is not None and (why := judge_refusal(store=store, event=event, judges=judges)):
        problems["judges"] = why
    return problems


def check_event(*, organizer, event: Event | None = None, judges=None, **fields) -> None:
    """Refuse (:class:`EventInvalid`) settings :func:`event_problems` finds wrong."""
    if problems := event_problems(organizer=organizer, event=event, judges=judges, **fields):
        raise EventInvalid(problems)


def store_refusal(store, organizer) -> str | None:
    """Why ``organizer`` may not hold an event at ``store`` (``None``: they may). Who runs events at a
    store is the store's business: only its current organizers hold events there. A store not yet
    saved (one an import opens) will be organized by the event's organizer."""
    if store is None or store.pk is None:
        return None
    if organizer is not None and organized_stores(organizer).filter(pk=store.pk).exists():
        return None
    name = organizer.get_username() if organizer is not None else gettext("the event's organizer")
    return gettext(
        "%(name)s does not organize %(store)s here; its organizers appoint them on the store's page first"
    ) % {"name": name, "store": store}


def judge_refusal(*, store, event: Event | None, judges) -> str | None:
    """Why some of ``judges`` may not judge ``event`` held at ``store`` (``None``: all of them may), by
    :func:`tournaments.access.eligible_judges`: only a judge of the event's store (any account holding the
    Judge role for an event held at no store), or one the event has already. :func:`event_problems` (the
    event form, the event services) and every way a judge is set ask it."""
    eligible = eligible_judges(stores=None if store is None else [store.pk], event=event)
    if refused := sorted(judge.get_username() for judge in judges if judge not in eligible):
        if store is not None:
            return gettext("%(names)s may not judge this event: only accounts that judge at %(store)s may.") % {
                "names": ", ".join(refused),
                "store": store,
            }
        return gettext("%(names)s may not judge this event: only accounts that hold the Judge role may.") % {
            "names": ", ".join(refused)
        }
    return None
