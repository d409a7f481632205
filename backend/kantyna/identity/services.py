"""Sign-in, tokens, revocation and password reset. Accounts are global; tenants are checked per request."""

from __future__ import annotations

import hashlib
import math
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone, translation

from kantyna.core.errors import DomainError, Problem
from kantyna.core.tasks import send_email
from kantyna.core.validators import SINGLE_LINE_TEXT
from kantyna.identity.models import Account, PasswordResetRequest, PasswordResetToken, RevokedToken
from kantyna.identity.throttle import (
    account_serialise,
    password_attempt,
    password_failures_clear,
    too_many_attempts,
    wait_for_oldest,
)
from kantyna.identity.tokens import IssuedToken, token_issue
from kantyna.tenancy.services import tenant_origin


@dataclass(frozen=True)
class TenantAccess:
    slug: str
    name: str
    url: str


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def account_authenticate(*, email: str, password: str, ip_address: str | None) -> Account:
    """Check credentials through the password throttle (throttle.py). Raises DomainError (401 or 429)."""
    email = Account.objects.normalize(email)
    if SINGLE_LINE_TEXT.problem(email):
        # No account has such an address, and PostgreSQL refuses a NUL in the failure row or the lookup (a 500
        # from the sign-in form, which no serializer checks).
        raise DomainError("auth.invalid_credentials")
    account = Account.objects.filter(email=email, is_active=True).first()

    def check() -> bool:
        if account is None:
            Account().set_password(password)  # same hashing cost whether or not the account exists
            return False
        return account.check_password(password)

    if not password_attempt(email=email, ip_address=ip_address, check=check):
        raise DomainError("auth.invalid_credentials")
    Account.objects.filter(pk=account.pk).update(last_login=timezone.now())
    return account


def account_password_verify(*, account: Account, password: str, ip_address: str | None) -> bool:
    """A password check behind a session (the current password of a change, an account deletion): the same
    throttle as the sign-in, on the same counters. False when wrong; refused (429) past the limits."""
    return password_attempt(email=account.email, ip_address=ip_address, check=lambda: account.check_password(password))


def token_revoke(*, jti: str, expires_at) -> None:
    RevokedToken.objects.get_or_create(jti=jti, defaults={"expires_at": expires_at})


def account_revoke_all_tokens(*, account: Account) -> None:
    Account.objects.filter(pk=account.pk).update(token_version=F("token_version") + 1)
    account.refresh_from_db(fields=["token_version"])


def account_set_password(*, account: Account, password: str) -> IssuedToken:
    """Set a new password, revoke every earlier token and hand back a fresh one for the caller."""
    try:
        validate_password(password, user=account)
    except ValidationError as error:
        # Django's password validators word the reasons.
        reasons = [Problem("account.password_rejected", "password", {"reason": text}) for text in error.messages]
        raise DomainError("invalid", problems=reasons) from None
    with transaction.atomic():
        account.set_password(password)
        account.save(update_fields=["password"])
        account_revoke_all_tokens(account=account)
    return token_issue(account_id=account.pk, token_version=account.token_version)


def password_reset_request_anonymous(*, email: str, tenant_slug: str, locale: str, ip_address: str | None) -> None:
    """The "forgot password" request of a visitor (the sign-in site's form, `auth/sendPasswordResetToken`).

    Limits (OWASP Forgot Password Cheat Sheet: the same answer for known and unknown e-mails, and a limit per
    account against e-mail floods): at most `PASSWORD_RESETS_PER_ACCOUNT` (3) e-mails to one address per
    `PASSWORD_RESET_WINDOW_SECONDS` (an hour); past that, requests are answered as before and send nothing: the
    links already sent work for a day, so the owner is not cut off, and the answer tells nobody whether the
    e-mail is known or its quota used. Only a client address asking more than `PASSWORD_RESETS_PER_IP` (10)
    times in the window, whatever the e-mails, is refused with 429 (TooManyAttempts): that says nothing about
    any account. Staff-sent links (`password_reset_request`) are not limited: they are authenticated and
    audited."""
    email = Account.objects.normalize(email)
    if SINGLE_LINE_TEXT.problem(email):
        return  # answered as any unknown address; PostgreSQL refuses a NUL in the request row
    window = timedelta(seconds=settings.PASSWORD_RESET_WINDOW_SECONDS)
    with transaction.atomic():
        account_serialise(email=email)  # parallel requests cannot all find the quota unused
        now = timezone.now()
        recent = PasswordResetRequest.objects.filter(created_at__gt=now - window).order_by("-created_at")
        if ip_address:
            per_ip = settings.PASSWORD_RESETS_PER_IP
            asked = list(recent.filter(ip_address=ip_address).values_list("created_at", flat=True)[:per_ip])
            wait = wait_for_oldest(asked, per_ip, window, now)
            if wait > timedelta(0):
                raise too_many_attempts(max(1, math.ceil(wait.total_seconds())))
        send = recent.filter(email=email, sent=True).count() < settings.PASSWORD_RESETS_PER_ACCOUNT
        PasswordResetRequest.objects.create(email=email, ip_address=ip_address, created_at=now, sent=send)
        if send:
            # Counted as sent for an unknown e-mail too: the quota must not tell known from unknown.
            password_reset_request(email=email, tenant_slug=tenant_slug, locale=locale)


def password_reset_request(*, email: str, tenant_slug: str, locale: str) -> None:
    """E-mail a single-use reset link. Answers the same whether or not the e-mail is known. Not limited: the
    anonymous path is `password_reset_request_anonymous`."""
    if SINGLE_LINE_TEXT.problem(email):
        return  # no account has such an address (and PostgreSQL refuses a NUL in the lookup)
    account = Account.objects.filter(email=Account.objects.normalize(email), is_active=True).first()
    if account is None:
        return
    token = secrets.token_urlsafe(32)
    with transaction.atomic():
        PasswordResetToken.objects.create(
            account=account,
            token_hash=_hash(token),
            tenant_slug=tenant_slug or "",
            expires_at=timezone.now() + timedelta(seconds=settings.PASSWORD_RESET_TTL_SECONDS),
        )
        origin = tenant_origin(tenant_slug) if tenant_slug else tenant_origin(settings.DEFAULT_TENANT)
        link = f"{origin}/sso/reset/{token}"
        with translation.override(locale if locale in ("pl", "en") else account.locale):
            context = {"link": link, "hours": settings.PASSWORD_RESET_TTL_SECONDS // 3600}
            subject = render_to_string("identity/email/password_reset_subject.txt", context).strip()
            text = render_to_string("identity/email/password_reset.txt", context)
        # Deferred in this transaction: the job exists only if the token does.
        send_email.defer(to=[account.email], subject=subject, text=text)


def password_setup_link_create(*, account: Account, tenant_slug: str, ttl_seconds: int) -> str:
    """A single-use link to the sign-in site's set-password page (the reset flow), for a welcome e-mail.
    The caller sends it; call inside the transaction that creates the account, so no link outlives a
    rolled-back registration."""
    token = secrets.token_urlsafe(32)
    PasswordResetToken.objects.create(
        account=account,
        token_hash=_hash(token),
        tenant_slug=tenant_slug or "",
        expires_at=timezone.now() + timedelta(seconds=ttl_seconds),
    )
    return f"{tenant_origin(tenant_slug or settings.DEFAULT_TENANT)}/sso/reset/{token}"


def password_reset_confirm(*, token: str, password: str, password_confirmation: str) -> Account:
    if password != password_confirmation:
        raise DomainError("password_reset.passwords_differ", field="password_confirmation")
    with transaction.atomic():
        reset = (
            PasswordResetToken.objects.select_for_update()
            .select_related("account")
            .filter(token_hash=_hash(token), used_at__isnull=True, expires_at__gt=timezone.now())
            .first()
        )
        if reset is None or not reset.account.is_active:
            raise DomainError("password_reset.invalid_token")
        account_set_password(account=reset.account, password=password)
        reset.used_at = timezone.now()
        reset.save(update_fields=["used_at"])
        # Every other outstanding link for this account dies with this one.
        PasswordResetToken.objects.filter(account=reset.account, used_at__isnull=True).update(used_at=timezone.now())
        password_failures_clear(email=reset.account.email)
    return reset.account
