"""DRF authentication: every request re-checks signature, expiry, revocation and tenant membership (the active
user of this tenant for the token's account, hence beside the users)."""

from __future__ import annotations

from datetime import UTC, datetime

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication, get_authorization_header
from rest_framework.exceptions import AuthenticationFailed

from kantyna.identity.models import Account
from kantyna.identity.tokens import InvalidToken, token_decode
from kantyna.users.selectors import session_get


class JWTAuthentication(BaseAuthentication):
    keyword = b"bearer"

    def authenticate(self, request):
        header = get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword:
            return None
        if len(header) != 2:
            raise AuthenticationFailed("Unauthenticated.")
        try:
            claims = token_decode(header[1].decode())
        except (InvalidToken, UnicodeDecodeError) as error:
            raise AuthenticationFailed("Unauthenticated.") from error
        try:
            account_id = int(claims["sub"])
        except (TypeError, ValueError) as error:
            raise AuthenticationFailed("Unauthenticated.") from error
        tenant = getattr(request._request, "tenant", None)
        # The account, the token's revocation and this tenant's user in one round trip, all checked on every request.
        session = session_get(account_id=account_id, jti=str(claims["jti"]), with_user=tenant is not None)
        if session is None:
            raise AuthenticationFailed("Unauthenticated.")
        account, revoked, user = session
        if account.token_version != claims["ver"] or revoked:
            raise AuthenticationFailed("Unauthenticated.")
        claims["expires_at"] = datetime.fromtimestamp(claims["exp"], tz=UTC)
        if tenant is None:
            return AccountPrincipal(account), claims
        if user is None:
            # A valid token of another tenant's user is no identity here.
            raise AuthenticationFailed("Unauthenticated.")
        return user, claims

    def authenticate_header(self, request):
        return 'Bearer realm="api"'


class AccountPrincipal:
    """The caller on the public site, where there are no tenant users."""

    is_authenticated = True

    def __init__(self, account: Account):
        self.account = account
        self.roles: list[str] = []


class JWTAuthenticationScheme(OpenApiAuthenticationExtension):
    target_class = "kantyna.users.authentication.JWTAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema):
        return {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}
