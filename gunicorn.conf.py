"""gunicorn's settings for the site, read by ``gunicorn config.wsgi`` run from this folder.

Threads (``gthread``): a request waiting on PostgreSQL or Redis, or a slow one such as a desk's
result post, no longer holds a whole worker process, so the many short requests (phones polling
the live pages, answered from the cache) are not queued behind it. Django serves each thread
with its own database connection. Each process warms up (:mod:`config.warm`) before it takes a
request. The number of processes is given on the command line (``--workers``).
"""

worker_class = "gthread"
threads = 4


def post_worker_init(worker) -> None:
    from django.db import connections

    from config.warm import warm_up

    warm_up()
    connections.close_all()  # the warm-up's connection belongs to no request thread
