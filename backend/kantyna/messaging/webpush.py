"""Web push: the server's VAPID key pair, which push endpoints a subscription may name, and the sending of one
notification to a person's browsers (pywebpush: the payload encrypted aes128gcm for each subscription's keys, the
request signed with the VAPID key). Subscriptions their push service answers 404/410 for are gone for good: deleted.

The key comes from VAPID_PRIVATE_KEY (production) or is made into var/vapid-private.pem on first use (development,
like the other development keys in var/)."""

from __future__ import annotations

import base64
import json
import logging
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from django.utils import translation
from py_vapid import Vapid02
from pywebpush import WebPushException, webpush

from kantyna.core.outbound import OutboundError, outbound_request
from kantyna.messaging.kinds import worded
from kantyna.messaging.models import WebPushSubscription

logger = logging.getLogger(__name__)

KEY_FILE = "vapid-private.pem"
DEFAULT_LOCALE = "pl"
# How long a push service keeps a push for a browser that is offline: a day (a notification is still in the bell).
TTL_SECONDS = 24 * 3600
GONE = (404, 410)
# A push service answers with a status and a few bytes; nothing longer is read.
MAX_ANSWER_BYTES = 64 * 1024


def _var_key() -> bytes:
    """The development key's PEM in var/ (made on first use, readable by its owner only)."""
    path = Path(settings.VAR_DIR) / KEY_FILE
    if not path.exists():
        vapid = Vapid02()
        vapid.generate_keys()
        # Written whole under a name of its own, then linked: a web worker starting beside this one reads either
        # no file or the whole key, and the first key linked wins.
        temporary = path.with_name(f".{KEY_FILE}.{os.getpid()}")
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "wb") as file:
            file.write(vapid.private_pem())
        try:
            os.link(temporary, path)
        except FileExistsError:
            pass  # another process made it meanwhile
        finally:
            temporary.unlink()
    return path.read_bytes()


@cache
def vapid_key() -> Vapid02:
    configured = settings.VAPID_PRIVATE_KEY.strip()
    if not configured:
        return Vapid02.from_pem(_var_key())
    if configured.startswith("-----BEGIN"):
        return Vapid02.from_pem(configured.encode())
    return Vapid02.from_string(configured)


def vapid_public_key() -> str:
    """The `applicationServerKey` a browser subscribes with: the public key's uncompressed point, base64url."""
    raw = vapid_key().public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def endpoint_allowed(endpoint: str) -> bool:
    """An https endpoint on a known push service's host (WEBPUSH_ALLOWED_HOSTS: a host, or a ".suffix" for its
    subdomains); with WEBPUSH_ANY_ENDPOINT (development, e2e) any http(s) URL."""
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    if not host:
        return False
    if settings.WEBPUSH_ANY_ENDPOINT:
        return parts.scheme in ("http", "https")
    if parts.scheme != "https":
        return False
    for allowed in settings.WEBPUSH_ALLOWED_HOSTS:
        allowed = allowed.strip().lower()
        if allowed and (host == allowed or (allowed.startswith(".") and host.endswith(allowed))):
            return True
    return False


def webpush_subscribed(user) -> bool:
    return WebPushSubscription.objects.filter(user=user).exists()


def push_payload(*, kind: str, params: dict, link: str, locale: str, notification_id: int | None = None) -> str:
    """What the service worker shows (frontend/public/serviceworker.js): title, body, the app's URL to open."""
    with translation.override(locale or DEFAULT_LOCALE):
        title, text = worded(kind, params)
    return json.dumps(
        {"title": title, "body": text, "url": link or "/", "tag": f"notification-{notification_id or kind}"},
        ensure_ascii=False,
    )


@dataclass(frozen=True)
class _PushAnswer:
    """What pywebpush reads of a push service's answer: the status (the body is not kept, nor logged)."""

    status_code: int
    headers: dict
    reason: str = ""
    text: str = ""


class _PushSession:
    """pywebpush posts through the one outbound client (core.outbound): an endpoint comes from a browser, so only a
    public address is called (unless WEBPUSH_ANY_ENDPOINT, development and e2e), the one checked, without
    following a redirect. pywebpush calls only `post`."""

    def post(self, url: str, *, data=None, headers=None, timeout=None) -> _PushAnswer:
        answer = outbound_request(
            "POST",
            url,
            headers={str(name): str(value) for name, value in dict(headers or {}).items()},
            body=data,
            allow_private=settings.WEBPUSH_ANY_ENDPOINT,
            timeout=float(timeout or settings.WEBPUSH_TIMEOUT_SECONDS),
            max_bytes=MAX_ANSWER_BYTES,
        )
        return _PushAnswer(status_code=answer.status, headers=dict(answer.headers))


def push_send(subscription, payload: str) -> int | None:
    """Deliver `payload` to one subscription; returns the push service's status (None when it could not be reached).
    A subscription answered 404/410 is deleted."""
    if not endpoint_allowed(subscription.endpoint):
        # Allowed when stored; the allow-list has changed since. Never posted to.
        return None
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        response = webpush(
            info,
            data=payload,
            vapid_private_key=vapid_key(),
            vapid_claims={"sub": settings.VAPID_SUBJECT},  # a fresh dict: pywebpush adds aud and exp to it
            ttl=TTL_SECONDS,
            timeout=settings.WEBPUSH_TIMEOUT_SECONDS,
            requests_session=_PushSession(),
        )
        status = response.status_code
    except WebPushException as error:
        status = error.status_code
        if status not in GONE:
            logger.warning("Web push to %s failed: the push service answered %s", _host(subscription), status)
    except OutboundError as error:
        logger.warning("Web push to %s failed: %s", _host(subscription), error)
        return None
    if status in GONE:
        subscription.delete()
    return status


def _host(subscription) -> str | None:
    return urlsplit(subscription.endpoint).hostname
