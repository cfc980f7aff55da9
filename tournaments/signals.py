"""What the tournaments app tells the apps above it, which it may not import (the import layers).

``final_standings_stored`` is sent, with ``events``, inside the transaction that stored those
finished events' final lines (finishing, a correction after the finish, the import of a finished
event, the ``final_standings`` command): apps keeping their own figures of finished events store
them again from it.

``final_results_changed`` is sent, with ``event``, by the services that make a finished event's
results what they are (:func:`tournaments.services.final_standings.final_results_store`: finishing,
a correction after the finish, the import of a finished event), inside their transaction: apps that
rate players by results (seasons' ratings) rate that event again. Saving an event never sends it.
"""

from django.dispatch import Signal

final_standings_stored = Signal()
final_results_changed = Signal()
