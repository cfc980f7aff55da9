"""The fleet pages, by subject; fixtures in ``conftest.py``, shared helpers in ``helpers.py``."""
