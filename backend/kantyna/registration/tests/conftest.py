"""The registration tests' `world` (registration/tests/helpers.py's `make_world`: an open registration)."""

import pytest

from kantyna.registration.tests.helpers import make_world


@pytest.fixture
def world(tenant_a):
    return make_world(tenant_a)
