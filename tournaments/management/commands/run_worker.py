"""``manage.py run_worker``: the background worker (mail, the all-sheets PDF), which first puts back
in the queue every job a stopped worker left unfinished.

django-tasks-db's ``db_worker`` marks a job running when it takes it. A worker stopped with
SIGTERM finishes its job first; one killed (SIGKILL, a crash, the machine going down) leaves the
job marked running for ever, and one stopped twice in a row marks its job failed with
``SystemExit``. Either way the job did not finish, so this worker, started again under the same
``--worker-id``, queues those jobs again before it takes any: stopping the worker loses nothing.
Each worker of a pool needs its own stable id (the default is the machine's name), so a worker
never takes back a job another one is still running. Jobs must therefore be safe to run twice.

The worker runs at the application servers' CPU priority unless told otherwise (``--niceness``,
default :data:`NICENESS`): its jobs are ones people wait for (a sign-up link, the all-sheets PDF the
organizer follows on the fleets page, promised within 15 s), and it is one process, so it takes at
most one core while the servers keep the others. Lowered to niceness 10 it got what everything else
left: on a Saturday's load with one other busy process on the machine, the PDF was ready after 45 s,
and beside a busy neighbour on a loaded machine after 134 s against 27 s at the servers' priority
(BENCHMARKS.md). A site whose worker shares its machine with more important work lowers it with
``--niceness``.
"""

from __future__ import annotations

import os
import socket

from django.db import transaction
from django.db.models import Q
from django_tasks import TaskResultStatus
from django_tasks_db.management.commands.db_worker import Command as DatabaseWorker
from django_tasks_db.models import DBTaskResult

STOPPED = ("builtins.SystemExit", "builtins.KeyboardInterrupt")
NICENESS = 0  # Unix niceness: 0 is the servers' own, 19 the lowest priority


def lower_priority(niceness: int) -> None:
    """Run this process at ``niceness`` or lower priority still (it never raises its own priority)."""
    os.setpriority(os.PRIO_PROCESS, 0, max(niceness, os.getpriority(os.PRIO_PROCESS, 0)))


def requeue_cut_off_jobs(worker_id: str) -> int:
    """Jobs this worker took and never finished, back in the queue; how many."""
    with transaction.atomic():
        cut_off = DBTaskResult.objects.select_for_update().filter(
            Q(status=TaskResultStatus.RUNNING) | Q(status=TaskResultStatus.FAILED, exception_class_path__in=STOPPED)
        )
        ids = [job.pk for job in cut_off if job.worker_ids and job.worker_ids[-1] == worker_id]
        return DBTaskResult.objects.filter(pk__in=ids).update(
            status=TaskResultStatus.READY,
            started_at=None,
            finished_at=None,
            exception_class_path="",
            traceback="",
        )


class Command(DatabaseWorker):
    help = "Run the background worker, after queueing again the jobs it was stopped in the middle of."

    def add_arguments(self, parser):
        super().add_arguments(parser)
        parser.add_argument(
            "--niceness",
            type=int,
            default=NICENESS,
            choices=range(20),
            metavar="0-19",
            help=f"CPU priority as Unix niceness: 0, the application servers', to 19, the lowest (default {NICENESS}).",
        )
        parser.set_defaults(worker_id=socket.gethostname()[:64] or "muster-worker", reload=False)

    def handle(self, *args, worker_id: str, niceness: int, **options):
        lower_priority(niceness)
        requeued = requeue_cut_off_jobs(worker_id)
        if requeued:
            self.stdout.write(f"Queued again {requeued} job(s) a stopped worker had not finished.")
        super().handle(*args, worker_id=worker_id, **options)
