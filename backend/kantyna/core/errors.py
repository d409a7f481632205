"""Domain errors: what services raise when a rule refuses a write or a read.

A service says *which* rule refused (a stable `code` such as "record.in_use"), *where* (`field`, the domain's
snake_case name, or None for the whole request) and the facts the message needs (`params`). It never picks an
HTTP status, a message or a response key: the API layer's one table (`kantyna/core/api/errors.py`) maps each
code to those, and `api_exception_handler` renders it in the spec's error shape."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Problem:
    """One field's refusal among several raised at once (rows of a form, say)."""

    code: str
    field: str
    params: Mapping = field(default_factory=dict)


class DomainError(Exception):
    """A rule refused. `problems` lists further per-field refusals reported together with this one;
    `extra` carries structured data the client shows beside the message (an import's rejected rows)."""

    def __init__(
        self,
        code: str,
        *,
        field: str | None = None,
        params: Mapping | None = None,
        problems: Sequence[Problem] = (),
        extra: Mapping | None = None,
    ):
        super().__init__(code)
        self.code = code
        self.field = field
        self.params = dict(params or {})
        self.problems = list(problems)
        self.extra = dict(extra or {})

    def under(self, prefix: str) -> DomainError:
        """The same refusal about one element of a list, its fields keyed under `prefix` ("children.1.")."""
        return DomainError(
            self.code,
            field=None if self.field is None else f"{prefix}{self.field}",
            params=self.params,
            problems=[Problem(p.code, f"{prefix}{p.field}", p.params) for p in self.problems],
            extra=self.extra,
        )

    def __repr__(self) -> str:
        return f"DomainError({self.code!r}, field={self.field!r}, params={self.params!r})"
