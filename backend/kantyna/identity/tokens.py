"""Signed session tokens: HS256 JWT with exp, iat, jti, sub (account id) and ver (token version)."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

import jwt
from django.conf import settings

ALGORITHM = "HS256"
REQUIRED_CLAIMS = ["exp", "iat", "jti", "sub", "ver"]


@dataclass(frozen=True)
class IssuedToken:
    token: str
    jti: str
    expires_at: datetime


class InvalidToken(Exception):
    pass


def token_issue(*, account_id: int, token_version: int, now: datetime | None = None) -> IssuedToken:
    now = now or datetime.now(UTC)
    expires_at = now + timedelta(seconds=settings.JWT_TTL_SECONDS)
    jti = uuid.uuid4().hex
    payload = {
        "sub": str(account_id),
        "ver": token_version,
        "jti": jti,
        "iat": int(now.timestamp()),
        "exp": int(expires_at.timestamp()),
    }
    return IssuedToken(
        token=jwt.encode(payload, settings.JWT_SECRET, algorithm=ALGORITHM), jti=jti, expires_at=expires_at
    )


def token_decode(token: str) -> dict:
    try:
        return jwt.decode(token, settings.JWT_SECRET, algorithms=[ALGORITHM], options={"require": REQUIRED_CLAIMS})
    except jwt.PyJWTError as error:
        raise InvalidToken(str(error)) from error
