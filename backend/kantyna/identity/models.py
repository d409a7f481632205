"""Global identity in the public schema: one Account per e-mail across all tenants (DESIGN.md §2)."""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.db import models
from django.utils import timezone


class AccountManager(BaseUserManager):
    def normalize(self, email: str) -> str:
        return (email or "").strip().lower()

    def create_user(self, email: str, password: str | None = None, **extra) -> Account:
        account = self.model(email=self.normalize(email), **extra)
        if password:
            account.set_password(password)
        else:
            account.set_unusable_password()
        account.save(using=self._db)
        return account

    def get_by_email(self, email: str) -> Account:
        return self.get(email=self.normalize(email))


class Account(AbstractBaseUser):
    email = models.EmailField(unique=True)
    locale = models.CharField(max_length=5, default="pl")
    is_active = models.BooleanField(default=True)
    # Bumped to revoke every token issued before: logout everywhere, password change, deactivation.
    token_version = models.PositiveIntegerField(default=1)
    date_joined = models.DateTimeField(default=timezone.now)

    USERNAME_FIELD = "email"
    EMAIL_FIELD = "email"
    objects = AccountManager()

    def __str__(self) -> str:
        return self.email


class RevokedToken(models.Model):
    """A single token revoked before its expiry (logout). Rows past `expires_at` can be pruned."""

    jti = models.CharField(max_length=64, primary_key=True)
    expires_at = models.DateTimeField(db_index=True)


class LoginFailure(models.Model):
    """A failed sign-in, counted per account e-mail and per client address for throttling."""

    email = models.CharField(max_length=254, db_index=True)
    ip_address = models.GenericIPAddressField(db_index=True, null=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)


class PasswordResetRequest(models.Model):
    """An anonymous request for a password-reset e-mail, counted per e-mail (`sent`) and per client address."""

    email = models.CharField(max_length=254, db_index=True)
    ip_address = models.GenericIPAddressField(db_index=True, null=True)
    sent = models.BooleanField(default=False)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)


class PasswordResetToken(models.Model):
    """Only the SHA-256 of the token is stored; the token itself lives in the e-mailed link."""

    account = models.ForeignKey(Account, on_delete=models.CASCADE, related_name="reset_tokens")
    token_hash = models.CharField(max_length=64, unique=True)
    tenant_slug = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
