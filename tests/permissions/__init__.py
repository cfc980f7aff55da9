"""Every view of the site, asked by every kind of user: the permission matrix.

``matrix.MATRIX`` is the table, its rows grouped by subject: for each URL name
(as ``reverse`` knows it) the method it is asked with, how its arguments are found
in the world (:mod:`tests.security.world`: a running event whose round 1 pairs
``player`` and ``other_player``, another organizer's event, a deck, a campaign, API
tokens) and what each role gets. A URL the configuration has and the table lacks
fails ``test_matrix.py::test_every_url_has_a_row``, so a new view cannot ship
without saying who may use it. ``test_site_and_events.py``, ``test_fleets_and_decks.py``
and ``test_json_api.py`` ask each group's rows; ``harness.py`` holds how they are asked.

Writes are asked with an empty form (or an empty JSON object): the permission
check comes before any validation, so a refused role gets its refusal whatever
it sends, and the database is compared before and after to prove a refused
request changed nothing. Every request runs in a savepoint that is rolled back,
so what an allowed role does (pairing again, dropping a player) never changes
what the next role is asked about.

API URLs (``api:...``) are asked with each user's Bearer token; the session path
of the API is covered by ``tests/fleets/test_api.py`` and the CSRF test
(``tests/security/test_hardening.py::test_every_write_needs_the_csrf_token``).
"""
