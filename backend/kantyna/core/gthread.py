"""The web server's worker: gunicorn's gthread worker that notes when each request began to wait for a thread
(issue 15), so that `RequestDeadlineMiddleware` can refuse a request that waited too long instead of working on it
for a client that has likely given up.

How gthread queues (gunicorn 27, `gunicorn/workers/gthread.py`): the worker's main thread accepts every connection
(up to `worker_connections`, 1,000) and watches kept-alive ones with a selector; a connection that is new, or kept
alive and readable again, goes to `enqueue_req`, which submits it to a `ThreadPoolExecutor` of `--threads`
threads whose queue has no bound. Under overload that queue grows, the kernel's listen backlog stays empty, and
every queued request is read, parsed and answered long after its client closed the socket. So the time of
`enqueue_req` is when a request starts queueing. A new connection whose request has not arrived when a thread
takes it (a browser's preconnect) has not queued at all: the thread waits for its bytes (up to 5 s, then the
connection goes back to the selector and is queued again when readable).

The time is `time.monotonic()` of this process, in the WSGI environ under `QUEUED_AT` (a key no HTTP header can
set), None when unknown. Nothing here imports Django: gunicorn loads the worker class before the application.
Used by `scripts/run.py` (`--worker-class kantyna.core.gthread.ThreadWorker`)."""

from __future__ import annotations

import threading
import time

from gunicorn.workers import gthread

QUEUED_AT = "kantyna.queued_at"

_current = threading.local()


class ThreadWorker(gthread.ThreadWorker):
    def enqueue_req(self, conn):
        conn.kantyna_queued_at = time.monotonic()
        super().enqueue_req(conn)

    def handle(self, conn):
        if not conn.initialized and not conn.data_ready and not conn.wait_for_data(0):
            # A new connection with no request yet: the request will not wait for a thread, this one waits for it.
            conn.kantyna_queued_at = None
        return super().handle(conn)

    def handle_request(self, req, conn):
        _current.queued_at = getattr(conn, "kantyna_queued_at", None)
        return super().handle_request(req, conn)

    def load_wsgi(self):
        super().load_wsgi()
        application = self.wsgi

        def stamped(environ, start_response):
            environ[QUEUED_AT] = getattr(_current, "queued_at", None)
            return application(environ, start_response)

        self.wsgi = stamped
