"""What the tournaments app tells the apps above it, which it may not import (the import layers).

``final_standings_stored`` is sent, with ``events``, inside the transaction that stored those
finished events' final lines (finishing, a correction after the finish, the ``final_standings``
command): apps keeping their own figures of finished events store them again from it.
"""

from django.dispatch import Signal

final_standings_stored = Signal()
