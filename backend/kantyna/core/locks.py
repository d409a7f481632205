"""Transaction-scoped PostgreSQL advisory locks: the one way to serialise work that no row lock covers (a value
that must be unique across tables, counters read before they are written, keys that two accounts could claim).
Each kind of work has its own class (the lock's first key) here, so that no two kinds wait on each other."""

from __future__ import annotations

from django.db import connection

SIGN_IN = 4_011_001  # password checks and reset requests of one account e-mail
CARD_NUMBERS = 7_316_001  # card number checks of one tenant (children and workers share the numbers)
STATEMENT_CONFIRM = 7_520_001  # bank statement confirmations of one tenant
LEDGER_KEYS = 7_410_001  # a staff booking's idempotency key (one key sent for two payers at once)


def advisory_xact_lock(lock_class: int, key: str | None = None) -> None:
    """Wait for, then hold until the transaction ends, the lock (`lock_class`, `key`); without `key`, the lock of
    the current tenant (its schema)."""
    with connection.cursor() as cursor:
        if key is None:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, hashtext(current_schema()))", [lock_class])
        else:
            cursor.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", [lock_class, key])
