"""Housekeeping of the sign-in tables: throttling rows and revocations are useless once expired."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from procrastinate.contrib.django import app

from kantyna.identity.models import LoginFailure, PasswordResetRequest, PasswordResetToken, RevokedToken


@app.periodic(cron="17 * * * *", periodic_id="identity-prune")
@app.task(queue="maintenance", queueing_lock="identity-prune")
def prune_expired_sign_in_rows(timestamp: int) -> dict:
    now = timezone.now()
    failures, _ = LoginFailure.objects.filter(
        created_at__lt=now - timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    ).delete()
    revoked, _ = RevokedToken.objects.filter(expires_at__lt=now).delete()
    resets, _ = PasswordResetToken.objects.filter(expires_at__lt=now - timedelta(days=7)).delete()
    requests, _ = PasswordResetRequest.objects.filter(
        created_at__lt=now - timedelta(seconds=settings.PASSWORD_RESET_WINDOW_SECONDS)
    ).delete()
    return {
        "loginFailures": failures,
        "revokedTokens": revoked,
        "passwordResetTokens": resets,
        "passwordResetRequests": requests,
    }
