from __future__ import annotations

from procrastinate.contrib.django.models import ProcrastinateJob


def sent_emails() -> list[dict]:
    """The `send_email` jobs deferred so far, oldest first (their arguments)."""
    return [
        job.args for job in ProcrastinateJob.objects.filter(task_name="kantyna.core.tasks.send_email").order_by("id")
    ]
