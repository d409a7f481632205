"""`make run`'s supervisor (scripts/run.py) starts a crashed child and a dead embedded PostgreSQL again, after
1 s, 2 s, 4 s ..., and starts the delays over once a process has run for a minute. A fake clock and fake
processes: nothing is started."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parents[4] / "scripts"


@pytest.fixture
def run(monkeypatch):
    monkeypatch.syspath_prepend(str(SCRIPTS))
    spec = importlib.util.spec_from_file_location("kantyna_run_script", SCRIPTS / "run.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    yield module
    sys.modules.pop("kantyna_run_script", None)


class Clock:
    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


class FakeProcess:
    started: list[FakeProcess] = []

    def __init__(self, argv, **kwargs):
        self.argv, self.code = argv, None
        FakeProcess.started.append(self)

    def poll(self):
        return self.code


@pytest.fixture
def clock(run, monkeypatch):
    clock = Clock()
    monkeypatch.setattr(run.time, "monotonic", clock)
    FakeProcess.started = []
    monkeypatch.setattr(run.subprocess, "Popen", FakeProcess)
    return clock


def test_given_child_keeps_crashing_when_checked_then_restarted_after_1_2_4_seconds(run, clock, capsys):
    child = run.Child("job worker", ["worker"], {})
    child.start()
    starts = []
    for _ in range(3):
        FakeProcess.started[-1].code = 1
        child.check()  # notices the exit
        crashed_at = clock.now
        while len(FakeProcess.started) == len(starts) + 1:
            clock.now += 0.5
            child.check()
        starts.append(clock.now - crashed_at)

    assert starts == [1.0, 2.0, 4.0]
    assert "The job worker exited with code 1; starting it again in 1 s." in capsys.readouterr().out


def test_given_child_ran_a_minute_when_it_crashes_then_first_delay_again(run, clock):
    child = run.Child("web server", ["web"], {})
    child.start()
    child.backoff.next(), child.backoff.next()  # two earlier crashes

    clock.now += 60
    child.check()  # still running after a minute: recovered
    FakeProcess.started[-1].code = -9
    child.check()

    assert child.restart_at == clock.now + 1.0


def test_given_embedded_database_died_when_checked_then_started_again_after_backoff(run, clock, monkeypatch):
    alive = {"value": True}
    started = []
    monkeypatch.setattr(run.devdb, "is_alive", lambda: alive["value"])
    monkeypatch.setattr(run.devdb, "start", lambda: started.append(clock.now) or "postgresql://")
    database = run.EmbeddedDatabase()

    clock.now += 2
    database.check()
    alive["value"] = False
    clock.now += 2
    database.check()  # notices: start due in 1 s
    died_at = clock.now
    clock.now += 0.5
    database.check()
    assert started == []
    clock.now += 0.5
    database.check()

    assert started == [died_at + 1.0]
