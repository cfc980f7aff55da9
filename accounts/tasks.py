"""Mail the site sends (sign-up links, walk-in claims) as background jobs, queued once the
transaction that decided to send commits: no request waits for the mail server, and a rolled-back
request sends nothing.

A mail job's arguments hold the message, and a sign-up link is a secret (the site keeps only its
hash), so the job's row is deleted as soon as the message is sent (:func:`forget_sent_mail`).
"""

from __future__ import annotations

from functools import partial

from django.core.mail import send_mail
from django.db import transaction
from django.dispatch import receiver
from django_tasks import TaskResultStatus, task
from django_tasks.signals import task_finished


@task
def deliver_mail(*, to: str, subject: str, body: str) -> None:
    send_mail(subject, body, None, [to])


def mail_on_commit(*, to: str, subject: str, body: str) -> None:
    """Queue the message once the current transaction commits (at once outside one)."""
    transaction.on_commit(partial(deliver_mail.enqueue, to=to, subject=subject, body=body))


@receiver(task_finished)
def forget_sent_mail(sender, task_result, **kwargs) -> None:
    """A sent message's job row goes: its body may hold a sign-up link. A failed one stays for the log."""
    if task_result.task.func is not deliver_mail.func or task_result.status != TaskResultStatus.SUCCESSFUL:
        return
    db_result = getattr(task_result, "db_result", None)
    if db_result is not None:
        db_result.delete()
