"""Shared test helpers for every area's tests (fixtures that use them live in backend/conftest.py).

- `factories.make_user(tenant, *roles, ...)`, `factories.make_role_users(tenant)` (ROLE_USERS)
- `api.Api(tenant, user=None, token=None)`: APIClient on `<slug>.localhost` with a real JWT
- `assertions.assert_error(response, status, message, errors=None)`: the one error shape
- `tenants`: the two test tenants `alpha` and `beta`
"""

from kantyna.testing.api import Api, token_for
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import DEFAULT_PASSWORD, make_role_users, make_user

__all__ = ["DEFAULT_PASSWORD", "Api", "assert_error", "make_role_users", "make_user", "token_for"]
