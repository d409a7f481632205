"""One gate for every check of a password: sign-in (form and `/sso/api/token`), the current password of a
password change and the password of an account deletion. Each wrong password is a `LoginFailure` row (account
e-mail, client address, time); the limits are read from the rows of the last `LOGIN_FAILURE_WINDOW_SECONDS`.

The design follows OWASP's Authentication Cheat Sheet ("Login Throttling", "Account Lockout"): the counter must
follow the account, not only the address, or a guesser with many addresses is never slowed; but a lock of the
account itself lets anyone lock its owner out with five wrong passwords. So the account is never locked, it is
slowed down:

1. Per account and address, `LOGIN_FAILURES_PER_ACCOUNT` (5) failures stop that pair until the oldest of them
   leaves the window (15 minutes). This is the lock a guesser meets; the owner at any other address does not.
2. Per address, `LOGIN_FAILURES_PER_IP` (20) failures, whatever the accounts, stop the address (one address
   trying a common password on many accounts).
3. Per account from all addresses, an exponential delay instead of a lock: from `LOGIN_FAILURES_PER_ACCOUNT`
   failures of the account in the window on, its password is checked again only `LOGIN_ACCOUNT_DELAY_SECONDS`
   (1 s) after its last failure, doubled with each further failure, at most `LOGIN_ACCOUNT_DELAY_MAX_SECONDS`
   (60 s). The first attempt after the delay is checked: the right password signs in from any address; a
   wrong one doubles the delay. A guesser spread over many addresses gets about one guess a minute on an
   account, and keeps its owner waiting for a minute at most, never for the whole window.

An attempt refused by a limit (429 with `Retry-After`) is neither checked nor counted: after a limit even the
right password is refused until the limit passes, because checking it would be exactly the guess the limit
stops, and counting refusals would let a locked guesser stretch the account's delay for ever. A right password
clears the failures of its own pair only: clearing the account's would reset the delay a distributed guesser has
built up. A completed password reset clears all the account's failures: the e-mailed link proves the owner,
and it is the way in (OWASP's advice) while somebody keeps the account slowed. No CAPTCHA.

Checks of one account's password are serialised by a PostgreSQL advisory lock, so a burst of parallel guesses
cannot all read the counters before the first failure is written. Addresses are the client's
(`core/client.client_ip`): behind reverse proxies set TRUSTED_PROXY_COUNT, or every visitor shares the proxy's
address and with it the per-address limit.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max
from django.utils import timezone

from kantyna.core import locks
from kantyna.core.errors import DomainError
from kantyna.core.locks import advisory_xact_lock
from kantyna.identity.models import Account, LoginFailure


def too_many_attempts(retry_after: int) -> DomainError:
    """The refusal of a limit that holds: 429 with the seconds to wait in `Retry-After`."""
    return DomainError("auth.too_many_attempts", params={"retry_after": retry_after})


def wait_for_oldest(times: list, limit: int, window: timedelta, now) -> timedelta:
    """With `limit` or more failures in the window (newest first), the wait until the oldest counted leaves it."""
    if limit <= 0 or len(times) < limit:
        return timedelta(0)
    return times[limit - 1] + window - now


def account_delay(failures: int) -> timedelta:
    """The account-wide pause after `failures` failures in the window (rule 3): none below the threshold."""
    over = failures - settings.LOGIN_FAILURES_PER_ACCOUNT
    if over < 0:
        return timedelta(0)
    seconds = min(settings.LOGIN_ACCOUNT_DELAY_SECONDS * 2 ** min(over, 32), settings.LOGIN_ACCOUNT_DELAY_MAX_SECONDS)
    return timedelta(seconds=seconds)


def password_guess_wait(*, email: str, ip_address: str | None) -> int:
    """Whole seconds before a password of `email` may be checked from `ip_address`; 0: it may be now."""
    now = timezone.now()
    window = timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    recent = LoginFailure.objects.filter(created_at__gt=now - window).order_by("-created_at")
    per_pair = settings.LOGIN_FAILURES_PER_ACCOUNT
    pair = list(recent.filter(email=email, ip_address=ip_address).values_list("created_at", flat=True)[:per_pair])
    waits = [wait_for_oldest(pair, per_pair, window, now)]
    if ip_address:
        per_ip = settings.LOGIN_FAILURES_PER_IP
        address = list(recent.filter(ip_address=ip_address).values_list("created_at", flat=True)[:per_ip])
        waits.append(wait_for_oldest(address, per_ip, window, now))
    account = recent.filter(email=email).order_by().aggregate(failures=Count("pk"), last=Max("created_at"))
    if account["failures"]:
        waits.append(account["last"] + account_delay(account["failures"]) - now)
    return max(0, math.ceil(max(waits).total_seconds()))


def account_serialise(*, email: str) -> None:
    """Inside a transaction: wait for, then hold until it ends, the lock of one account e-mail. Throttled
    requests of one account run one at a time; a burst of parallel ones would otherwise all read the counters
    before any of them is written and pass every limit together."""
    advisory_xact_lock(locks.SIGN_IN, email)


def password_attempt(*, email: str, ip_address: str | None, check: Callable[[], bool]) -> bool:
    """Run `check` (the password comparison) unless a limit holds; record its outcome. Raises too_many_attempts.

    Call it outside any transaction that a refusal rolls back, or the failure would not be counted."""
    email = Account.objects.normalize(email)
    with transaction.atomic():
        account_serialise(email=email)
        wait = password_guess_wait(email=email, ip_address=ip_address)
        if wait:
            raise too_many_attempts(wait)
        if check():
            LoginFailure.objects.filter(email=email, ip_address=ip_address).delete()
            return True
        LoginFailure.objects.create(email=email, ip_address=ip_address, created_at=timezone.now())
        return False


def password_failures_clear(*, email: str) -> None:
    """The owner proved by other means (a reset link): every limit on the account is lifted."""
    LoginFailure.objects.filter(email=Account.objects.normalize(email)).delete()
