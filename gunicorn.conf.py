"""gunicorn's settings for the site, read by ``gunicorn config.wsgi`` run from this folder.

Each process warms up (:mod:`config.warm`) before it takes a request, so no visitor waits one to
two seconds for the imports and template compilation of a fresh process. The number of processes
is given on the command line (``--workers``).

The processes are gunicorn's plain synchronous ones, one request at a time each. Threaded
processes (4 threads) were measured on the same two cores and were slower everywhere: a request
spends most of its time in Python, and its threads wait for each other's lock on the interpreter
after every query (p95 of 200 players' results 403 ms against 251 ms; the live page's 500 phones
1,105 ms against 404–520 ms; the Saturday of 50 stores 20–38 ms against 17 ms; BENCHMARKS.md).
"""


def post_worker_init(worker) -> None:
    from django.db import connections

    from config.warm import warm_up

    warm_up()
    connections.close_all()  # the first request opens its own connection, with the request's settings
