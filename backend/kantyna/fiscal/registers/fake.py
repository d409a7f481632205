"""A software stand-in for an online cash register: for tests and the demo tenant. Receipt numbers are
deterministic (`FAKE/<year>/<key digits>`), so a retry with the same key answers the same number. A test makes it
fail with `FakeCashRegister.failing(n)` (the next n calls raise)."""

from __future__ import annotations

import re
import threading

from django.utils.translation import gettext as _

from kantyna.fiscal.registers import RegisterError, Sale, Step


class FakeCashRegister:
    name = "fake"
    # Class-level: the job and a request build their own instances; a test's instruction reaches both.
    _lock = threading.Lock()
    _failures_left = 0
    calls: list[str] = []

    @classmethod
    def failing(cls, times: int) -> None:
        with cls._lock:
            cls._failures_left = times

    @classmethod
    def reset(cls) -> None:
        with cls._lock:
            cls._failures_left = 0
            cls.calls = []

    def check(self) -> None:
        """The fake register always answers."""

    def step(self, sale: Sale, memo: dict) -> Step:
        with self._lock:
            self.calls.append(sale.key)
            if self._failures_left > 0:
                type(self)._failures_left -= 1
                raise RegisterError(_("The fake register was told to fail."))
        digits = re.sub(r"\D", "", sale.key) or "0"
        return Step(receipt_number=f"FAKE/{sale.booked_on.year}/{int(digits):06d}")
