"""Last Ship Standing: a second game that exists only in the tests, whose players bring fleets.

Its lists are the fleets app's fleets (as Attack Wing's are), but its events are its own: a
result is who won and how many of their ships still fly, and the winner scores survivor
points for them (:mod:`.rules`), which rank the standings after match points. How many
points a ship is worth is the event's own setting (``SurvivorSettings``), which the event
form shows with no line of the shared apps knowing it. It is
installed by the test settings alone and touches no file outside this folder;
``test_event`` (in this folder) runs a whole event of it through the site.
"""

KEY = "last-ship"
NAME = "Last Ship Standing"
