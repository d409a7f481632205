"""`make run`: database, migrations, demo data, then the web server and the job worker until Ctrl-C.

Environment: HOST (127.0.0.1), PORT (8000), WEB_WORKERS (3), DATABASE_URL (else embedded PostgreSQL),
KANTYNA_SEED (1: create the demo tenants when absent), KANTYNA_FRESH_DB (a database name: drop and
recreate it, then use it; the e2e suite runs on its own port with KANTYNA_FRESH_DB=kantyna_e2e).
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


def wait_until_healthy(url: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    raise SystemExit(f"The server did not answer {url} within {timeout:.0f} s.")


def main() -> int:
    host = os.environ.get("HOST", "127.0.0.1")
    port = os.environ.get("PORT", "8000")
    env = {
        "DEV_MAIL_PAGE": "1",  # `make run` is for development: e-mails go to var/mail and are listed at /sso/dev/mail
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

    web = subprocess.Popen(
        [
            PYTHON, "-m", "gunicorn", "config.wsgi", "--bind", f"{host}:{port}",
            "--workers", os.environ.get("WEB_WORKERS", "3"), "--access-logfile", "-", "--graceful-timeout", "5",
        ],
        cwd=BACKEND, env=env,
    )
    # Same process group as this script: whoever stops the group (Ctrl-C, a test runner) stops them too.
    worker = subprocess.Popen(
        [PYTHON, "manage.py", "procrastinate", "worker", "--concurrency", "2"], cwd=BACKEND, env=env
    )
    children = [web, worker]

    def stop(*_args) -> None:
        for child in children:
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()
        if embedded and os.environ.get("KANTYNA_KEEP_DB") != "1":
            devdb.stop()
        sys.exit(0)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)

    wait_until_healthy(f"http://127.0.0.1:{port}/api/health")
    print(
        f"\nKantyna is running: http://demo.localhost:{port}  (sign-in site: http://auth.localhost:{port})\n"
        f"{logins}"
        f"Sent e-mails (development): http://demo.localhost:{port}/sso/dev/mail\n"
        "Press Ctrl-C to stop.\n",
        flush=True,
    )
    while True:
        for child in children:
            if child.poll() is not None:
                print(f"A process exited unexpectedly ({child.args[2] if len(child.args) > 2 else child.args}); stopping.")
                stop()
        time.sleep(1)


if __name__ == "__main__":
    sys.exit(main())
