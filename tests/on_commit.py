"""Jobs queued on commit (mail, sheets) in tests that run inside one transaction.

A test of ``pytest.mark.django_db`` never commits, so what a request queues with
``transaction.on_commit`` would never run; inside :func:`committed` it runs when the block
ends, as it would when the request's transaction commits.
"""

from django.test import TestCase


def committed():
    return TestCase.captureOnCommitCallbacks(execute=True)
