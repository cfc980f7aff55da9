"""Background jobs on the database backend, with the worker (``manage.py run_worker``) run in batch mode
in this process: mail is queued on commit and its job row goes once sent; a job a stopped worker
left unfinished runs again."""

from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO

import pytest
from django.core import mail
from django.core.management import call_command
from django.db import transaction
from django.test import override_settings
from django_tasks import TaskResultStatus
from django_tasks_db.models import DBTaskResult

from accounts.services import sign_up_request
from tests.accounts.factories import PlayerFactory
from tests.on_commit import committed
from tests.security.world import enter_with_fleet
from tests.tournaments.factories import EventFactory, small_catalog
from tournaments.management.commands.run_worker import NICENESS
from tournaments.models import SheetsJob
from tournaments.services import sheets_job_request

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.usefixtures("database_backend"),
]


@pytest.fixture
def database_backend(monkeypatch):
    """The database backend; the worker's connection housekeeping (closing connections between jobs, as
    between requests) is left out, since here it shares the test's connection and transaction."""
    monkeypatch.setattr("django_tasks_db.management.commands.db_worker.close_old_connections", lambda: None)
    with override_settings(TASKS={"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}):
        yield


def run_worker(worker_id: str = "worker-1") -> str:
    """The worker's batch run in this process, which keeps its CPU priority (niceness 0 lowers nothing)."""
    out = StringIO()
    command = ["--batch", "--no-startup-delay", "--worker-id", worker_id, "--niceness", "0"]
    call_command("run_worker", *command, stdout=out)
    return out.getvalue()


def test_mail_waits_for_the_commit_and_then_for_the_worker_and_its_job_row_goes_once_sent():
    with committed():
        sign_up_request(username="nog", email="nog@ferengi.example", password="latinum-bar-42", site_url="")
        assert not DBTaskResult.objects.exists()  # nothing queued before the commit
    assert DBTaskResult.objects.count() == 1 and mail.outbox == []  # queued, not sent by the request
    run_worker()
    assert [m.to for m in mail.outbox] == [["nog@ferengi.example"]]
    assert not DBTaskResult.objects.exists()  # the row held the sign-up link


def test_a_request_that_fails_queues_nothing():
    with committed(), pytest.raises(RuntimeError), transaction.atomic():
        sign_up_request(username="rom", email="rom@ferengi.example", password="latinum-bar-42", site_url="")
        raise RuntimeError("the request failed")
    assert not DBTaskResult.objects.exists() and mail.outbox == []


@pytest.mark.parametrize("cut_off", ["killed", "stopped twice"])
def test_a_job_the_worker_was_stopped_in_the_middle_of_runs_again(organizer, cut_off):
    """SIGKILL leaves the job running; a second SIGTERM marks it failed with SystemExit: both run again."""
    event = EventFactory(organizer=organizer)
    enter_with_fleet(event, PlayerFactory(), small_catalog())
    with committed():
        job = sheets_job_request(event=event, by=organizer, site_url="http://testserver/")
    queued = DBTaskResult.objects.get()
    queued.claim("worker-1")
    if cut_off == "stopped twice":
        queued.set_failed(SystemExit(1))
    other = run_worker("worker-2")  # another worker leaves a job it did not take alone
    assert "Queued again" not in other and SheetsJob.objects.get().step == "queued"
    said = run_worker("worker-1")
    assert "Queued again 1 job" in said
    job.refresh_from_db()
    assert job.step == "done" and job.total == 1
    assert DBTaskResult.objects.get().status == TaskResultStatus.SUCCESSFUL


def priority_after_lowering(*, to: int, started_at: int) -> int:
    """The niceness of a fresh process started at ``started_at`` once the worker has lowered its priority."""
    script = (
        "import os, django; django.setup(); "
        "from tournaments.management.commands.run_worker import lower_priority; "
        f"os.nice({started_at}); lower_priority({to}); print(os.getpriority(os.PRIO_PROCESS, 0))"
    )
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.test"}
    done = subprocess.run([sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=True)
    return int(done.stdout.strip())


@pytest.mark.slow(reason="starts Python processes at several priorities")
def test_the_worker_runs_at_the_servers_priority_unless_told_lower_and_never_raises_its_own():
    """Lowered by default it waited behind everything on a busy machine (BENCHMARKS.md, the busy neighbour)."""
    assert priority_after_lowering(to=NICENESS, started_at=0) == NICENESS == 0
    assert priority_after_lowering(to=10, started_at=0) == 10
    assert priority_after_lowering(to=NICENESS, started_at=15) == 15


def test_the_worker_takes_the_sheets_before_mail_queued_earlier(organizer):
    """The organizer follows the PDF's progress at the desk; a sign-up mail can wait a few seconds."""
    event = EventFactory(organizer=organizer)
    enter_with_fleet(event, PlayerFactory(), small_catalog())
    with committed():
        sign_up_request(username="nog", email="nog@ferengi.example", password="latinum-bar-42", site_url="")
    with committed():
        sheets_job_request(event=event, by=organizer, site_url="http://testserver/")
    first = DBTaskResult.objects.ready().get_locked()
    assert first.task_path == "tournaments.tasks.make_fleet_sheets"
