from datetime import timedelta

from django.utils import timezone

from kantyna.identity.models import LoginFailure, RevokedToken
from kantyna.identity.tasks import prune_expired_sign_in_rows


def test_given_old_and_fresh_rows_when_pruning_then_only_expired_ones_go(db, settings):
    settings.LOGIN_FAILURE_WINDOW_SECONDS = 900
    now = timezone.now()
    old_failure = LoginFailure.objects.create(email="a@example.test", created_at=now - timedelta(seconds=901))
    fresh_failure = LoginFailure.objects.create(email="a@example.test", created_at=now - timedelta(seconds=60))
    RevokedToken.objects.create(jti="expired", expires_at=now - timedelta(minutes=1))
    RevokedToken.objects.create(jti="live", expires_at=now + timedelta(hours=1))

    result = prune_expired_sign_in_rows(timestamp=int(now.timestamp()))

    assert result == {"loginFailures": 1, "revokedTokens": 1, "passwordResetTokens": 0, "passwordResetRequests": 0}
    assert list(LoginFailure.objects.values_list("pk", flat=True)) == [fresh_failure.pk]
    assert not LoginFailure.objects.filter(pk=old_failure.pk).exists()
    assert list(RevokedToken.objects.values_list("jti", flat=True)) == ["live"]
