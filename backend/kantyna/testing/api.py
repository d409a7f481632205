"""`Api`: DRF's APIClient bound to a tenant's host and, optionally, to a user's real JWT."""

from __future__ import annotations

from rest_framework.test import APIClient

from kantyna.identity.tokens import token_issue

API_PREFIX = "/api/frontend/"


def host_of(tenant) -> str:
    return f"{tenant.slug}.localhost"


def token_for(user) -> str:
    """A real signed token for a tenant user's account (current token version)."""
    account = user.account
    account.refresh_from_db(fields=["token_version"])
    return token_issue(account_id=account.pk, token_version=account.token_version).token


class Api:
    """`Api(tenant, user=None, token=None)`; `api.get("auth/currentUser")` calls `/api/frontend/auth/currentUser`
    on `<slug>.localhost`. Paths starting with "/" are used as they are. JSON by default; pass
    `format="multipart"` for uploads. Sends `user-locale: en` (server-made texts and field messages in
    English) unless `locale` says otherwise (None: no header, the tenant's default language)."""

    def __init__(self, tenant, user=None, token: str | None = None, host: str | None = None, locale: str | None = "en"):
        self.tenant = tenant
        self.user = user
        self.host = host or host_of(tenant)
        headers = {"HTTP_HOST": self.host}
        if locale:
            headers["HTTP_USER_LOCALE"] = locale
        self.client = APIClient(**headers)
        self.token = token or (token_for(user) if user is not None else None)

    @property
    def token(self) -> str | None:
        return self._token

    @token.setter
    def token(self, value: str | None) -> None:
        self._token = value
        if value:
            self.client.credentials(HTTP_AUTHORIZATION=f"Bearer {value}")
        else:
            self.client.credentials()

    @staticmethod
    def url(path: str) -> str:
        return path if path.startswith("/") else API_PREFIX + path

    def get(self, path: str, data=None, **extra):
        return self.client.get(self.url(path), data, **extra)

    def post(self, path: str, data=None, format: str = "json", **extra):
        return self.client.post(self.url(path), data, format=format, **extra)

    def put(self, path: str, data=None, format: str = "json", **extra):
        return self.client.put(self.url(path), data, format=format, **extra)

    def patch(self, path: str, data=None, format: str = "json", **extra):
        return self.client.patch(self.url(path), data, format=format, **extra)

    def delete(self, path: str, data=None, format: str = "json", **extra):
        return self.client.delete(self.url(path), data, format=format, **extra)

    def ping(self, path: str, data=None, **extra):
        """The web push API's own PING method (api-calls.tsv, `webpush`)."""
        return self.client.generic("PING", self.url(path), **extra)
