"""The web server's command line: one place for `make run` (scripts/run.py) and the HTTP benchmarks (bench/).

gunicorn with the project's gthread worker (`kantyna.core.gthread.ThreadWorker`: gunicorn's gthread worker that
notes when each request started waiting for a thread, for RequestDeadlineMiddleware) by default, WEB_WORKERS
processes x WEB_THREADS threads. Threads behind a poller, not sync workers: browsers talk to gunicorn directly
here (no buffering proxy) and keep sockets they opened and then did not use (a request cancelled by navigation);
a sync worker blocks reading such a socket, and two of them stalled the site ~20 s. The counts are measured on
the 2-core machine under the mixed load of bench/load.py (docs/performance.md, "Serving under load (issue 15)")."""

from __future__ import annotations

import os

WORKERS = 4
THREADS = 2
WORKER_CLASSES = {"gthread": "kantyna.core.gthread.ThreadWorker", "sync": "sync"}


def gunicorn_argv(python: str, bind: str, *, workers: int | None = None, threads: int | None = None,
                  worker_class: str = "gthread") -> list[str]:
    """`python -m gunicorn config.wsgi ...` (run from backend/); WEB_WORKERS / WEB_THREADS override the counts."""
    workers = workers or int(os.environ.get("WEB_WORKERS", WORKERS))
    threads = threads or int(os.environ.get("WEB_THREADS", THREADS))
    argv = [python, "-m", "gunicorn", "config.wsgi", "--bind", bind, "--workers", str(workers),
            "--graceful-timeout", "5", "--worker-class", WORKER_CLASSES[worker_class]]
    if worker_class == "gthread":
        argv += ["--threads", str(threads)]
    return argv
