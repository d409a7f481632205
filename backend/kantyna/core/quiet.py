"""Changes made as setup, not as news (seeding the demo tenants' history): while `quiet()` holds, the listeners that
tell people about changes (messaging's notifications of deposits and the like) stay silent."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

_quiet: ContextVar[bool] = ContextVar("kantyna_quiet", default=False)


@contextmanager
def quiet() -> Iterator[None]:
    token = _quiet.set(True)
    try:
        yield
    finally:
        _quiet.reset(token)


def is_quiet() -> bool:
    return _quiet.get()
