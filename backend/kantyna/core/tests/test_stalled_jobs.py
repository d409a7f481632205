"""Jobs a dead worker left running are started again (or given up on), those of a live worker are not touched."""

from __future__ import annotations

import inspect
import itertools

import pytest
from croniter import croniter
from django.db import connection
from procrastinate.contrib.django import app
from procrastinate.contrib.django.models import ProcrastinateJob
from procrastinate.worker import Worker

from kantyna.core.tasks import (
    STALLED_AFTER_SECONDS,
    STALLED_MAX_ATTEMPTS,
    STALLED_RETRIED_WITHIN_SECONDS,
    retry_stalled_jobs,
    send_email,
)

pytestmark = pytest.mark.django_db


def _worker(*, seconds_since_heartbeat: int) -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "INSERT INTO procrastinate_workers (last_heartbeat) VALUES (now() - make_interval(secs => %s)) RETURNING id",
            [seconds_since_heartbeat],
        )
        return cursor.fetchone()[0]


def _running_job(*, worker_id: int | None, attempts: int = 0) -> int:
    job_id = send_email.defer(to=["a@example.test"], subject="s", text="t")
    with connection.cursor() as cursor:
        cursor.execute(
            "UPDATE procrastinate_jobs SET status = 'doing', worker_id = %s, attempts = %s WHERE id = %s",
            [worker_id, attempts, job_id],
        )
    return job_id


def _state(job_id: int) -> tuple[str, int]:
    job = ProcrastinateJob.objects.get(pk=job_id)
    return job.status, job.attempts


def test_jobs_of_a_dead_worker_are_retried_and_those_of_a_live_one_left_running():
    # Given a worker silent for five minutes, one that beat a second ago, and a job whose worker row was pruned
    dead, alive = _worker(seconds_since_heartbeat=300), _worker(seconds_since_heartbeat=1)
    orphan = _running_job(worker_id=dead)
    pruned = _running_job(worker_id=None)
    running = _running_job(worker_id=alive)

    # When the periodic check runs
    result = retry_stalled_jobs(timestamp=0)

    # Then the dead worker's and the orphaned jobs are to do again, counted as one more attempt; the live one runs on
    assert result == {"retried": 2, "failed": 0}
    assert _state(orphan) == ("todo", 1)
    assert _state(pruned) == ("todo", 1)
    assert _state(running) == ("doing", 0)


def test_a_job_that_stalled_too_often_is_marked_failed_not_started_again():
    # Given a job that has already taken its worker down as often as allowed
    dead = _worker(seconds_since_heartbeat=300)
    poisonous = _running_job(worker_id=dead, attempts=STALLED_MAX_ATTEMPTS)

    # When the periodic check runs
    result = retry_stalled_jobs(timestamp=0)

    # Then it is failed for a person to look at, not retried
    assert result == {"retried": 0, "failed": 1}
    assert _state(poisonous)[0] == "failed"


def test_a_job_is_retried_once_its_workers_heartbeat_is_older_than_the_threshold_not_before():
    """The heartbeats are written in this test's transaction, so the check's now() is theirs: exact, no sleeping."""
    # Given a worker last heard just past the threshold and one just within it, each running a job
    silent = _running_job(worker_id=_worker(seconds_since_heartbeat=STALLED_AFTER_SECONDS + 1))
    beating = _running_job(worker_id=_worker(seconds_since_heartbeat=STALLED_AFTER_SECONDS - 1))

    # When the periodic check runs
    result = retry_stalled_jobs(timestamp=0)

    # Then the silent worker's job is to do again, the other runs on
    assert result == {"retried": 1, "failed": 0}
    assert _state(silent) == ("todo", 1)
    assert _state(beating) == ("doing", 0)


def test_a_dead_workers_job_is_run_again_within_six_minutes_the_threshold_plus_the_checks_period():
    # Given the check as the worker defers it, and a live worker's beat (Procrastinate's default: the worker's
    # command sets none)
    [check] = [task for task in app.periodic_registry.periodic_tasks.values() if task.task is retry_stalled_jobs]
    beat = inspect.signature(Worker).parameters["update_heartbeat_interval"].default

    # When its moments over two hours are listed
    ticks = croniter(check.cron)
    moments = [ticks.get_next(float, start_time=1_800_000_000.0), *(ticks.get_next(float) for _ in range(24))]

    # Then it runs every 5 minutes, a job is judged stalled after a minute of silence, which a live worker's beat
    # never reaches, and the bound documented (docs/architecture.md) is their sum
    assert {later - earlier for earlier, later in itertools.pairwise(moments)} == {300.0}
    assert STALLED_AFTER_SECONDS == 60
    assert beat * 3 <= STALLED_AFTER_SECONDS
    assert STALLED_RETRIED_WITHIN_SECONDS == 360
