"""Races: jobs run in threads of their own, each with its own database connection, released together."""

from __future__ import annotations

import threading

from django.db import connections

from kantyna.tenancy.services import in_tenant


def run_concurrently(tenant, *jobs) -> list:
    """Run each job in `tenant`'s schema in its own thread and connection, released together; returns what each
    raised (or None), in the jobs' order."""
    barrier = threading.Barrier(len(jobs))
    outcomes: list = [None] * len(jobs)

    def run(index, job):
        try:
            with in_tenant(tenant):
                barrier.wait(timeout=10)
                job()
        except BaseException as error:  # noqa: BLE001 - reported to the test
            outcomes[index] = error
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(index, job)) for index, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return outcomes


def concurrent_failures(tenant, jobs) -> list[BaseException]:
    """`run_concurrently`, keeping only what the jobs raised."""
    return [outcome for outcome in run_concurrently(tenant, *jobs) if outcome is not None]


def answers_concurrently(tenant, calls) -> list:
    """`run_concurrently` for API calls (e.g. `lambda: api.post(...)`, clients made beforehand): each call's
    response, in the calls' order. A call that raised (a server error the test client re-raises) fails the test."""
    answers: list = [None] * len(calls)

    def keeping(index, call):
        def job():
            answers[index] = call()

        return job

    failures = concurrent_failures(tenant, [keeping(index, call) for index, call in enumerate(calls)])
    assert failures == [], f"concurrent calls raised: {failures!r}"
    return answers
