"""A controllable clock for the throttles: tests move time instead of sleeping."""

from datetime import timedelta

import pytest
from django.utils import timezone


class Clock:
    def __init__(self, start):
        self.now = start

    def __call__(self):
        return self.now

    def advance(self, **delta) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock(monkeypatch) -> Clock:
    """`timezone.now()` frozen at the real now; `clock.advance(seconds=...)` moves it."""
    frozen = Clock(timezone.now())
    monkeypatch.setattr(timezone, "now", frozen)
    return frozen
