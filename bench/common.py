"""Shared set-up for the benchmark scripts: Django on the project's database, inside the `bench` tenant; and for the
benchmarks over HTTP (terminal.py, load.py): the production server on a free port, percentiles."""

from __future__ import annotations

import contextlib
import http.client
import importlib.util
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "backend"))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

import django  # noqa: E402

django.setup()

BENCH_SLUG = "bench"


def _webserver():
    """scripts/webserver.py, loaded by path (scripts/ on sys.path would shadow bench/run.py with scripts/run.py)."""
    spec = importlib.util.spec_from_file_location("kantyna_webserver", ROOT / "scripts" / "webserver.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


webserver = _webserver()
ACCESS_FORMAT = "%(U)s %(s)s %(D)s"  # path, status, request time in microseconds


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def percentiles(values: list[float]) -> tuple[float, float, float, float]:
    """Median, p95, p99 (nearest rank) and max."""
    ordered = sorted(values)

    def rank(share: float) -> float:
        return ordered[max(0, min(len(ordered) - 1, int(len(ordered) * share + 0.999999) - 1))]

    return statistics.median(ordered), rank(0.95), rank(0.99), ordered[-1]


class Server:
    """gunicorn as scripts/run.py starts it (scripts/webserver.py), on a free port of 127.0.0.1, its access log
    (with request times) in a file; `env` adds to the environment (REQUEST_QUEUE_DEADLINE_MS, say)."""

    def __init__(self, workers: int, threads: int, *, worker_class: str = "gthread", env: dict | None = None,
                 host: str = "auth.localhost") -> None:
        self.port = free_port()
        self.log = Path(tempfile.mkstemp(prefix="kantyna-bench-access-", suffix=".log")[1])
        env = {**os.environ, "PUBLIC_PORT": str(self.port), "PYTHONUNBUFFERED": "1", **(env or {})}
        argv = webserver.gunicorn_argv(sys.executable, f"127.0.0.1:{self.port}", workers=workers, threads=threads,
                                       worker_class=worker_class)
        self.process = subprocess.Popen(
            [*argv, "--access-logfile", str(self.log), "--access-logformat", ACCESS_FORMAT],
            cwd=ROOT / "backend", env=env, stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=2)
                conn.request("GET", "/api/health", headers={"Host": host})
                if conn.getresponse().status == 200:
                    return
            except OSError:
                time.sleep(0.3)
        self.stop()
        raise SystemExit("gunicorn did not answer /api/health within 60 s.")

    def times_ms(self, prefix: str) -> list[float]:
        """The server's own times (ms) of the logged requests whose path starts with `prefix`."""
        times = []
        for line in self.log.read_text().splitlines():
            path, _status, micros = line.split(" ")
            if path.startswith(prefix):
                times.append(int(micros) / 1000)
        return times

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by gunicorn's master and its workers (Linux /proc)."""
        ticks = os.sysconf("SC_CLK_TCK")
        pids = [self.process.pid]
        with contextlib.suppress(OSError):
            pids += [int(pid) for pid in
                     Path(f"/proc/{self.process.pid}/task/{self.process.pid}/children").read_text().split()]
        total = 0
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / ticks

    def mark(self) -> None:
        """Forget the requests logged so far (warm-up)."""
        self.log.write_text("")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.unlink(missing_ok=True)
