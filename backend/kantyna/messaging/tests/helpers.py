from __future__ import annotations

from procrastinate.contrib.django.models import ProcrastinateJob


def sent_emails() -> list[dict]:
    """The `send_email` jobs deferred so far, oldest first (their arguments)."""
    return [
        job.args for job in ProcrastinateJob.objects.filter(task_name="kantyna.core.tasks.send_email").order_by("id")
    ]


def deferred(task_name: str) -> list[dict]:
    """The arguments of the jobs of `task_name` deferred so far, oldest first."""
    return [job.args for job in ProcrastinateJob.objects.filter(task_name=task_name).order_by("id")]


def run_deferred(task) -> list:
    """Run, here and now, every job of `task` (a Procrastinate task) deferred so far, as the worker would; returns
    their results. The rows stay (this is not the worker)."""
    return [task(**args) for args in deferred(task.name)]
