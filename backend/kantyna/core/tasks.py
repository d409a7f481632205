"""Jobs shared by every area. Deferred inside the caller's transaction, so a rolled-back change sends nothing."""

from __future__ import annotations

import logging

from django.utils import timezone
from procrastinate import sql
from procrastinate.contrib.django import app

from kantyna.core.mail import mail_send

logger = logging.getLogger(__name__)

# A worker beats every 10 s (Procrastinate's default); one silent for a minute is dead, and so are its jobs.
STALLED_AFTER_SECONDS = 60
# How often the check runs (its cron below).
STALLED_CHECK_EVERY_MINUTES = 5
# So a job whose worker died is run again within 6 minutes: its worker's last beat is older than
# STALLED_AFTER_SECONDS at most that long after the death, and the next check comes at most one period later (given a
# worker with a free slot for it: `make run` and systemd start a dead worker again within seconds). Often sooner: a
# worker starting prunes those silent for 30 s (Procrastinate's stalled_worker_timeout), and the next check retries
# their jobs, left without a worker, without waiting for the threshold.
STALLED_RETRIED_WITHIN_SECONDS = STALLED_AFTER_SECONDS + STALLED_CHECK_EVERY_MINUTES * 60
# A job that has taken its worker down this many times is not started again: it is marked failed for a person
# to look at, so one poisonous job cannot kill the worker every few minutes for ever.
STALLED_MAX_ATTEMPTS = 5


@app.task(queue="emails", retry=5)
def send_email(*, to: list[str], subject: str, text: str, html: str | None = None) -> None:
    mail_send(to=to, subject=subject, text=text, html=html)


@app.periodic(cron=f"*/{STALLED_CHECK_EVERY_MINUTES} * * * *", periodic_id="core-retry-stalled-jobs")
@app.task(queue="maintenance", queueing_lock="core-retry-stalled-jobs")
def retry_stalled_jobs(timestamp: int) -> dict:
    """Jobs left `doing` by a worker that died (killed, out of memory, the database gone under it): Procrastinate
    does not start them again by itself. Each goes back to `todo` now, or to `failed` after too many tries."""
    stalled = app.connector.execute_query_all(
        query=sql.queries["select_stalled_jobs_by_heartbeat"],
        queue=None,
        task_name=None,
        seconds_since_heartbeat=STALLED_AFTER_SECONDS,
    )
    retried = failed = 0
    for job in stalled:
        if job["attempts"] >= STALLED_MAX_ATTEMPTS:
            app.connector.execute_query(
                query=sql.queries["finish_job"], job_id=job["id"], status="failed", delete_job=False
            )
            logger.error("Job %s (%s) stalled %s times: marked failed", job["id"], job["task_name"], job["attempts"])
            failed += 1
        else:
            app.job_manager.retry_job_by_id(job["id"], retry_at=timezone.now())
            logger.warning("Job %s (%s) was left running by a dead worker: retried", job["id"], job["task_name"])
            retried += 1
    return {"retried": retried, "failed": failed}
