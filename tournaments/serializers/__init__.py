"""An event as the data of its JSON export, and back: one ``to_dict``/``from_dict`` pair per entity.

Each entity (event, registration, submitted deck, round, match, side, report, result
change, submission change) is one :class:`Entity`: the model and its columns, each
column a key of the exported dict and the model field it holds. ``to_dict`` writes a
row the way the export shows it; ``from_dict`` reads it back into an unsaved row,
checking every value against the model field it goes into (type, length, the range
every supported database keeps, choices) and recording each problem with where it is
in the file. A new field is one more column in its entity's module:

- :mod:`.base`: :class:`~.base.Column`, :class:`~.base.Entity`, :class:`~.base.Record` and the
  field checks every entity shares; :mod:`.problems`: the problems found and the structure check;
- :mod:`.players`: registrations and their submitted decks;
- :mod:`.rounds`: rounds, matches, sides and reports;
- :mod:`.history`: result, submission and staff changes;
- :mod:`.event`: the event, and the whole file both ways (:func:`event_to_dict`, :func:`event_from_dict`).

``from_dict`` never touches the database; :mod:`tournaments.services.transfer` checks
what needs it (accounts and their roles) and writes the rows.
"""

from .base import Record
from .event import EventFile, event_from_dict, event_to_dict
from .problems import MAX_PROBLEMS, Problems

__all__ = ["MAX_PROBLEMS", "EventFile", "Problems", "Record", "event_from_dict", "event_to_dict"]
