"""`make run`: database, migrations, demo data, then the web server and the job worker until Ctrl-C.

Environment: HOST (127.0.0.1), PORT (8000), WEB_WORKERS (4) x WEB_THREADS (2) (scripts/webserver.py),
DATABASE_URL (else embedded PostgreSQL),
KANTYNA_SEED (1: create the demo tenants when absent), KANTYNA_FRESH_DB (a database name: drop and
recreate it, then use it; the e2e suite runs on its own port with KANTYNA_FRESH_DB=kantyna_e2e).

Supervision: a child that exits (the job worker does when it loses the database) is started again after
1 s, 2 s, 4 s ... up to 30 s, the delay starting over once it has run for a minute; the embedded PostgreSQL
(only when DATABASE_URL was not set) is started again the same way if its server dies. Ctrl-C stops all.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BACKEND = ROOT / "backend"
PYTHON = sys.executable
sys.path.insert(0, str(ROOT / "scripts"))

import devdb  # noqa: E402
import webserver  # noqa: E402


def manage(*args: str, env: dict) -> None:
    subprocess.run([PYTHON, "manage.py", *args], cwd=BACKEND, env=env, check=True)


def fresh_database(url: str, name: str) -> str:
    """Drop and create database `name` on the server of `url`; answer its URL."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as connection:
        connection.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name)))
        connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
    return urlunsplit(parts._replace(path=f"/{name}"))


def wait_until_healthy(port: str, timeout: float = 60, stop_requested=lambda: False) -> None:
    # Asked on the sign-in site's host, so that the answer does not depend on a demo tenant existing.
    url = f"http://127.0.0.1:{port}/api/health"
    request = urllib.request.Request(url, headers={"Host": f"auth.{os.environ.get('BASE_DOMAIN', 'localhost')}:{port}"})
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and not stop_requested():
        try:
            with urllib.request.urlopen(request, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    if stop_requested():
        return
    raise SystemExit(f"The server did not answer {url} within {timeout:.0f} s.")


FIRST_DELAY = 1.0
MAX_DELAY = 30.0
STABLE_AFTER = 60.0  # seconds of running after which a process counts as recovered
TICK = 0.5


def log(message: str) -> None:
    print(f"[run] {time.strftime('%H:%M:%S')} {message}", flush=True)


class Backoff:
    """Restart delays 1 s, 2 s, 4 s ... capped; `ok()` after a stable run starts over."""

    def __init__(self) -> None:
        self.delay = FIRST_DELAY
        self.attempts = 0

    def next(self) -> float:
        delay = self.delay
        self.delay = min(self.delay * 2, MAX_DELAY)
        self.attempts += 1
        return delay

    def ok(self) -> None:
        self.delay = FIRST_DELAY
        self.attempts = 0


class Child:
    """A process kept running: started again after a backoff whenever it exits."""

    def __init__(self, name: str, argv: list[str], env: dict) -> None:
        self.name, self.argv, self.env = name, argv, env
        self.backoff = Backoff()
        self.process: subprocess.Popen | None = None
        self.started_at = 0.0
        self.restart_at: float | None = None

    def start(self) -> None:
        # Same process group as this script: whoever stops the group (Ctrl-C, a test runner) stops them too.
        self.process = subprocess.Popen(self.argv, cwd=BACKEND, env=self.env)
        self.started_at = time.monotonic()
        self.restart_at = None

    def check(self) -> None:
        now = time.monotonic()
        if self.restart_at is not None:
            if now >= self.restart_at:
                log(f"Starting the {self.name} again (restart {self.backoff.attempts}).")
                self.start()
            return
        code = self.process.poll()
        if code is None:
            if now - self.started_at >= STABLE_AFTER:
                self.backoff.ok()
            return
        delay = self.backoff.next()
        log(f"The {self.name} exited with code {code}; starting it again in {delay:.0f} s.")
        self.restart_at = now + delay

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()

    def wait(self) -> None:
        if self.process is None:
            return
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()


class EmbeddedDatabase:
    """The embedded PostgreSQL, started again (after a backoff) when its server has died."""

    CHECK_EVERY = 2.0

    def __init__(self) -> None:
        self.backoff = Backoff()
        self.next_check = time.monotonic() + self.CHECK_EVERY
        self.up_since = time.monotonic()
        self.restart_due = False

    def check(self) -> None:
        now = time.monotonic()
        if now < self.next_check:
            return
        self.next_check = now + self.CHECK_EVERY
        if not self.restart_due:
            if devdb.is_alive():
                if now - self.up_since >= STABLE_AFTER:
                    self.backoff.ok()
                return
            delay = self.backoff.next()
            log(f"The embedded PostgreSQL has stopped; starting it again in {delay:.0f} s.")
            self.restart_due = True
            self.next_check = now + delay
            return
        self.restart_due = False
        try:
            devdb.start()
        except (subprocess.CalledProcessError, OSError) as error:
            log(f"Starting the embedded PostgreSQL failed: {error}")
            return
        self.up_since = time.monotonic()
        log("The embedded PostgreSQL is running again.")


def main() -> int:
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    env = {
        "DEV_MAIL_PAGE": "1",  # `make run` is for development: e-mails go to var/mail and are listed at /sso/dev/mail
        # ... and online payments of a tenant in sandbox mode go to the local fake provider (test paywall, no money).
        "PAYMENTS_FAKE": "1",
        # ... and web push subscriptions may point at any endpoint (a test's local push endpoint).
        "WEBPUSH_ANY_ENDPOINT": "1",
        # ... and a tenant's printer may be on this machine or its network (the e2e run's local NoviApi printer).
        "FISCAL_REGISTER_ANY_ADDRESS": "1",
        **os.environ,
        "PUBLIC_PORT": os.environ.get("PUBLIC_PORT", port),
        "PYTHONUNBUFFERED": "1",
    }
    embedded = not os.environ.get("DATABASE_URL")
    database_url = devdb.start()
    if os.environ.get("KANTYNA_FRESH_DB"):
        # e2e: a database of its own, emptied every run, so tests never see a developer's data or leftovers.
        database_url = fresh_database(database_url, os.environ["KANTYNA_FRESH_DB"])
    env["DATABASE_URL"] = database_url

    manage("migrate_schemas", "--executor=standard", env=env)
    logins = ""
    if os.environ.get("KANTYNA_SEED", "1") == "1":
        logins = subprocess.run(
            [PYTHON, "manage.py", "seed_demo"], cwd=BACKEND, env=env, check=True, capture_output=True, text=True
        ).stdout

    web = Child(
        "web server",
        [*webserver.gunicorn_argv(PYTHON, f"{host}:{port}"), "--access-logfile", "-"],
        env,
    )
    worker = Child("job worker", [PYTHON, "manage.py", "procrastinate", "worker", "--concurrency", "2"], env)
    children = [web, worker]
    for child in children:
        child.start()
    database = EmbeddedDatabase() if embedded else None
    stopping: list[int] = []

    def request_stop(signum, _frame) -> None:
        # Only note it: the loop below stops everything, so no restart can race with the shutdown.
        stopping.append(signum)

    signal.signal(signal.SIGINT, request_stop)
    signal.signal(signal.SIGTERM, request_stop)

    def stop() -> int:
        for child in children:
            child.stop()
        for child in children:
            child.wait()
        if embedded and os.environ.get("KANTYNA_KEEP_DB") != "1":
            devdb.stop()
        return 0

    try:
        wait_until_healthy(port, stop_requested=lambda: bool(stopping))
    except SystemExit:
        stop()
        raise
    if not stopping:
        print(
            f"\nKantyna is running: http://demo.localhost:{port}  (sign-in site: http://auth.localhost:{port})\n"
            f"{logins}"
            f"Sent e-mails (development): http://demo.localhost:{port}/sso/dev/mail\n"
            "Press Ctrl-C to stop.\n",
            flush=True,
        )
    while not stopping:
        if database is not None:
            database.check()
        for child in children:
            if not stopping:
                child.check()
        time.sleep(TICK)
    return stop()


if __name__ == "__main__":
    sys.exit(main())
