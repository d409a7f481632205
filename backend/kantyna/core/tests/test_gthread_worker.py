"""The web server's worker notes in the WSGI environ when a request began to wait for a thread (issue 15): when its
connection was queued, unless the request had not arrived yet when a thread took the connection (a preconnect).

gunicorn's own request handling is replaced by a stand-in that calls the application, so only this worker's
overrides run."""

from __future__ import annotations

import socket
import time
from types import SimpleNamespace

import pytest
from gunicorn.workers import gthread as gunicorn_gthread

from kantyna.core.gthread import QUEUED_AT, ThreadWorker


class Pool:
    def submit(self, function, *args):
        return SimpleNamespace(add_done_callback=lambda callback: None)


@pytest.fixture
def worker(monkeypatch):
    seen = []

    def application(environ, start_response):
        seen.append(environ[QUEUED_AT])
        return []

    def handle_request(self, req, conn):  # gunicorn's: builds the environ and calls the application
        return self.wsgi({}, lambda *args: None)

    def handle(self, conn):  # gunicorn's: waits for the request, parses it, then handle_request
        return self.handle_request(None, conn)

    monkeypatch.setattr(gunicorn_gthread.ThreadWorker, "handle_request", handle_request)
    monkeypatch.setattr(gunicorn_gthread.ThreadWorker, "handle", handle)
    instance = ThreadWorker.__new__(ThreadWorker)
    instance.app = SimpleNamespace(wsgi=lambda: application)
    instance.cfg = SimpleNamespace(reload=False)
    instance.tpool = Pool()
    instance.load_wsgi()
    instance.seen = seen
    return instance


@pytest.fixture
def connection():
    server_end, client_end = socket.socketpair()
    conn = gunicorn_gthread.TConn(SimpleNamespace(), server_end, ("127.0.0.1", 1), ("127.0.0.1", 2))
    yield conn, client_end
    server_end.close()
    client_end.close()


def test_given_request_arrived_when_queued_then_environ_has_the_queueing_time(worker, connection):
    conn, client = connection
    client.sendall(b"GET / HTTP/1.1\r\n\r\n")
    before = time.monotonic()

    worker.enqueue_req(conn)
    worker.handle(conn)

    assert len(worker.seen) == 1
    assert before <= worker.seen[0] <= time.monotonic()


def test_given_preconnect_without_request_when_thread_takes_it_then_no_queueing_time(worker, connection):
    conn, _client = connection

    worker.enqueue_req(conn)
    worker.handle(conn)

    assert worker.seen == [None]
