"""Functions an upper app lends a lower one: the lower app keeps a `Registry` and calls what was registered; the
upper app registers in its AppConfig.ready. So a lower app asks without importing (a person's history that
forbids deleting them, what the ledger's and ordering's audit entries name), see docs/architecture.md."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

F = TypeVar("F", bound=Callable)


class Registry(Generic[F]):
    """Registered functions in the order of registration (INSTALLED_APPS, lowest app first), each once."""

    def __init__(self) -> None:
        self._functions: list[F] = []

    def register(self, function: F) -> F:
        if function not in self._functions:
            self._functions.append(function)
        return function

    def __iter__(self) -> Iterator[F]:
        return iter(tuple(self._functions))

    def any(self, *args) -> bool:
        """Whether one of the registered checks answers True for `args` (the first True stops)."""
        return any(check(*args) for check in self._functions)
