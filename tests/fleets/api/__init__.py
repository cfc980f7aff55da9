"""The fleets JSON API, by subject; fixtures in ``conftest.py``, shared helpers in ``helpers.py``."""
