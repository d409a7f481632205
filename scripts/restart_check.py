"""A database restart must not become an outage: `make test` runs this after the backend suite.

It starts its own embedded PostgreSQL (own port, own data directory under var/) and `scripts/run.py` against
it on a free port, so the developer's database and a DATABASE_URL in the environment are never touched. An
administrator of a fresh tenant keeps creating diets from a few concurrent clients while a poller asks
/api/health; the PostgreSQL server is killed (immediate shutdown, as a crash), kept down ~6 s and started
again. Then it asserts that:

- while the database was away /api/health answered JSON 503 with Retry-After, and nothing answered another 5xx;
- the site serves again by itself (health 200, a write succeeds) without run.py being restarted;
- the job worker survived or was started again by run.py: a password-reset e-mail deferred after the
  restart lands in this instance's mail folder;
- every write that was acknowledged (201) is in the database.

Deadlines are generous and everything is polled; processes and the data directory are removed even on failure.
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

# scripts/ports.py: run as a script, this file's directory is on sys.path.
from ports import free_port

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
TENANT = "restart"
ADMIN_EMAIL = "admin@restart.localhost"
ADMIN_PASSWORD = "Restart-check-1"
CLIENTS = 3
DOWN_SECONDS = 6
ENVIRONMENT_IGNORED = {
    "DATABASE_URL", "EMAIL_HOST", "DEBUG", "BASE_DOMAIN", "ALLOWED_HOSTS", "USE_X_FORWARDED_HOST", "HOST",
    "PUBLIC_PORT", "KANTYNA_FRESH_DB", "KANTYNA_KEEP_DB", "KANTYNA_VAR_DIR", "FILE_STORAGE",
}  # fmt: skip
UNAVAILABLE = {"message": "Service temporarily unavailable. Please try again in a moment.", "errors": {}}


def log(message: str) -> None:
    print(f"[restart-check] {time.strftime('%H:%M:%S')} {message}", flush=True)


def wait_for(what: str, condition, timeout: float, every: float = 0.3):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = condition()
        if result:
            return result
        time.sleep(every)
    raise AssertionError(f"Timed out after {timeout:.0f} s waiting until {what}.")


class Site:
    """HTTP calls to the run.py under test, by host name (tenant or sign-in site)."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.token: str | None = None

    def call(self, method: str, path: str, body: dict | None = None, host: str = TENANT):
        """(status, content type, parsed JSON or raw text, headers); status 0 when the connection failed."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15)
        headers = {"Host": f"{host}.localhost:{self.port}", "Accept": "application/json", "user-locale": "en"}
        if self.token:
            headers["Authorization"] = f"Bearer {self.token}"
        payload = None
        if body is not None:
            payload = json.dumps(body)
            headers["Content-Type"] = "application/json"
        try:
            connection.request(method, path, payload, headers)
            response = connection.getresponse()
            raw = response.read().decode("utf-8", "replace")
        except OSError as error:
            return 0, "", str(error), {}
        finally:
            connection.close()
        content_type = response.getheader("Content-Type", "")
        data = raw
        if content_type.startswith("application/json"):
            with contextlib.suppress(ValueError):
                data = json.loads(raw)
        return response.status, content_type, data, dict(response.getheaders())

    def healthy(self) -> bool:
        return self.call("GET", "/api/health")[0] == 200


class Load:
    """Concurrent administrators creating diets; remembers which names were acknowledged."""

    def __init__(self, site: Site) -> None:
        self.site = site
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.acknowledged: list[str] = []
        self.acknowledged_at: list[float] = []
        self.statuses: dict[int, int] = {}
        self.bad: list[tuple] = []
        self.threads = [threading.Thread(target=self.client, args=(n,), daemon=True) for n in range(CLIENTS)]

    def client(self, number: int) -> None:
        attempt = 0
        while not self.stop.is_set():
            attempt += 1
            name = f"Restart {number}-{attempt}"
            status, content_type, data, _ = self.site.call("POST", "/api/frontend/diets", {"name": name})
            with self.lock:
                self.statuses[status] = self.statuses.get(status, 0) + 1
                if status == 201:
                    self.acknowledged.append(name)
                    self.acknowledged_at.append(time.monotonic())
                elif status != 503 or data != UNAVAILABLE:  # 0: the web server did not answer at all
                    self.bad.append((status, content_type, str(data)[:200]))
            time.sleep(0.05)

    def acknowledged_since(self, moment: float) -> int:
        with self.lock:
            return sum(1 for at in self.acknowledged_at if at > moment)


class HealthPoller:
    def __init__(self, site: Site) -> None:
        self.site = site
        self.stop = threading.Event()
        self.answers: list[tuple[float, int, str, object, str]] = []
        self.thread = threading.Thread(target=self.poll, daemon=True)

    def poll(self) -> None:
        while not self.stop.is_set():
            status, content_type, data, headers = self.site.call("GET", "/api/health")
            self.answers.append((time.monotonic(), status, content_type, data, headers.get("Retry-After", "")))
            time.sleep(0.2)

    def between(self, start: float, end: float) -> list[tuple]:
        return [answer for answer in self.answers if start <= answer[0] <= end]


def main() -> int:
    # scripts/test.sh runs this in the background and stops it with SIGTERM when another step fails: exit through
    # the `finally` below, which stops run.py and this PostgreSQL and removes the data directory.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    work = ROOT / "var" / f"restart-check-{os.getpid()}"
    pgdata, var_dir = work / "postgres", work / "var"
    var_dir.mkdir(parents=True)
    pg_port, web_port = free_port(), free_port()
    # Whatever the environment points the project at (CI's DATABASE_URL, a mail server, another domain), this
    # instance uses its own database, var/ and localhost names.
    base_env = {key: value for key, value in os.environ.items() if key not in ENVIRONMENT_IGNORED}
    db_env = {**base_env, "KANTYNA_PG_PORT": str(pg_port), "KANTYNA_PGDATA": str(pgdata), "KANTYNA_DB_NAME": "kantyna"}

    def devdb(command: str) -> str:
        return subprocess.run(
            [PYTHON, str(ROOT / "scripts" / "devdb.py"), command],
            env=db_env,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()

    run_log = (work / "run.log").open("w")
    runner: subprocess.Popen | None = None
    load: Load | None = None
    poller: HealthPoller | None = None
    started = time.monotonic()
    try:
        database_url = devdb("start")
        log(f"own PostgreSQL on port {pg_port}; run.py on port {web_port}")
        app_env = {
            **base_env,
            "DATABASE_URL": database_url,
            "KANTYNA_VAR_DIR": str(var_dir),
            "KANTYNA_SEED": "0",
            "PORT": str(web_port),
            "WEB_WORKERS": "2",
        }
        runner = subprocess.Popen(
            [PYTHON, str(ROOT / "scripts" / "run.py")],
            env=app_env,
            stdout=run_log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopped as a whole below, like Ctrl-C would
        )
        site = Site(web_port)
        wait_for(
            "run.py serves",
            lambda: runner.poll() is None and site.call("GET", "/api/health", host="auth")[0] == 200,
            120,
        )
        log(f"run.py serves after {time.monotonic() - started:.0f} s (migrations of a fresh database)")
        subprocess.run(
            [PYTHON, "manage.py", "add_tenant", "--slug", TENANT, "--name", "Restart check",
             "--admin-email", ADMIN_EMAIL, "--admin-password", ADMIN_PASSWORD],
            cwd=ROOT / "backend", env=app_env, check=True, stdout=subprocess.DEVNULL,
        )  # fmt: skip
        status, _, data, _ = site.call(
            "POST", "/sso/api/token", {"emailAddress": ADMIN_EMAIL, "password": ADMIN_PASSWORD}
        )
        assert status == 200, (status, data)
        site.token = data["token"]
        log(f"ready after {time.monotonic() - started:.0f} s; load: {CLIENTS} administrators creating diets")

        load, poller = Load(site), HealthPoller(site)
        for thread in [*load.threads, poller.thread]:
            thread.start()
        wait_for("some writes are acknowledged", lambda: len(load.acknowledged) >= 5, 30)

        down_at = time.monotonic()
        devdb("kill")
        log("PostgreSQL killed")
        wait_for(
            "health answers 503 during the outage",
            lambda: any(answer[1] == 503 for answer in poller.between(down_at, time.monotonic())),
            30,
        )
        time.sleep(max(0.0, down_at + DOWN_SECONDS - time.monotonic()))
        log(f"starting PostgreSQL again after {time.monotonic() - down_at:.1f} s down")
        devdb("start")
        up_at = time.monotonic()
        log("PostgreSQL accepts connections again")

        wait_for("health answers 200 again", site.healthy, 60)
        wait_for("a write succeeds again", lambda: load.acknowledged_since(up_at) >= 3, 60)
        log(f"serving again {time.monotonic() - up_at:.1f} s after PostgreSQL came back")
        load.stop.set()
        poller.stop.set()
        for thread in [*load.threads, poller.thread]:
            thread.join(timeout=30)

        mail = var_dir / "mail"
        before = set(mail.glob("*.json")) if mail.exists() else set()
        status, _, data, _ = site.call(
            "POST", "/api/frontend/auth/sendPasswordResetToken", {"emailAddress": ADMIN_EMAIL}
        )
        assert 200 <= status < 300, (status, data)
        wait_for(
            "the job worker sends the password-reset e-mail deferred after the restart",
            lambda: (set(mail.glob("*.json")) - before) if mail.exists() else False,
            90,
        )
        log(f"the job worker sent an e-mail deferred {time.monotonic() - up_at:.1f} s after PostgreSQL came back")
        assert runner.poll() is None, "run.py itself exited"

        outage = poller.between(down_at, up_at)
        during = [
            (status, content_type, data, retry) for _, status, content_type, data, retry in outage if status != 200
        ]
        assert during, "health never answered during the outage"
        assert all(
            (status, content_type, data, retry) == (503, "application/json", UNAVAILABLE, "5")
            for status, content_type, data, retry in during
        ), f"health during the outage: {during[:5]}"
        errors = [answer for answer in poller.answers if answer[1] not in {200, 503}]
        assert not errors, f"health answered otherwise: {errors[:5]}"
        assert not load.bad, f"writes answered other than 201 or the JSON 503: {load.bad[:5]}"

        import psycopg

        with psycopg.connect(database_url) as connection:
            (schema,) = connection.execute(
                "SELECT schema_name FROM tenancy_tenant WHERE slug = %s", [TENANT]
            ).fetchone()
            stored = {row[0] for row in connection.execute(f'SELECT name FROM "{schema}".catalog_diet')}
        lost = sorted(set(load.acknowledged) - stored)
        assert not lost, f"acknowledged writes missing after the restart: {lost[:10]}"
        restarts = [line.strip() for line in (work / "run.log").read_text().splitlines() if line.startswith("[run]")]
        log(
            f"passed in {time.monotonic() - started:.0f} s: {len(load.acknowledged)} acknowledged writes all stored, "
            f"answers {dict(sorted(load.statuses.items()))}, health during the outage {len(during)} times JSON 503"
        )
        for line in restarts:
            log(f"run.py said: {line}")
        return 0
    except (AssertionError, subprocess.CalledProcessError) as error:
        log(f"FAILED: {error}")
        if isinstance(error, subprocess.CalledProcessError) and error.stderr:
            print(error.stderr, flush=True)
        if load is not None:
            load.stop.set()
        if poller is not None:
            poller.stop.set()
        run_log.flush()
        tail = (work / "run.log").read_text().splitlines()[-60:]
        print("---- run.py output (last lines) ----", *tail, sep="\n", flush=True)
        return 1
    finally:
        if load is not None:
            load.stop.set()
        if poller is not None:
            poller.stop.set()
        if runner is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(runner.pid, signal.SIGINT)
            with contextlib.suppress(subprocess.TimeoutExpired):
                runner.wait(timeout=30)
            with contextlib.suppress(ProcessLookupError):  # whatever is left of its group
                os.killpg(runner.pid, signal.SIGKILL)
            runner.wait()
        run_log.close()
        with contextlib.suppress(subprocess.CalledProcessError):
            devdb("kill")  # its data directory goes next: nothing to shut down cleanly for
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
