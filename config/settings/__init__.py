"""Settings: ``base`` holds everything, read from the environment; ``dev``,
``test`` and ``production`` only change what differs between those places."""
