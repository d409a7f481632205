"""The ordering tests' `world`: the shared priced world (kantyna/testing/world.py) of tenant A. A module needing
more (settings, automark choices, the schema kept active) defines its own `world` over `make_world`."""

import pytest

from kantyna.tenancy.services import in_tenant
from kantyna.testing.world import make_world


@pytest.fixture
def world(tenant_a):
    with in_tenant(tenant_a):
        return make_world(tenant_a)
