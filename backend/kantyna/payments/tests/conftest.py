"""The payments tests' RSA keys: made once per test session (key generation is the slow part)."""

from __future__ import annotations

import pytest

from kantyna.payments.providers.fake_tpay import KEY_FILE, ROOT_KEY_FILE, key_pem, new_key, root_certificate_pem


@pytest.fixture(scope="session")
def test_key():
    """The key the fake Tpay signs with; its self-signed certificate stands in for Tpay's."""
    return new_key()


@pytest.fixture(scope="session")
def root_key():
    """The key of the test root CA that stands in for Tpay's JWS root."""
    return new_key()


@pytest.fixture(scope="session")
def other_key():
    """A key that is not Tpay's."""
    return new_key()


@pytest.fixture
def fake_tpay_key(settings, tmp_path, test_key, root_key):
    """The fake's signing key and its root's for this test, in a var/ of its own; the test root is the configured
    root CA (settings.PAYMENTS_TPAY_ROOT_CA) of an adapter made without the fake's own."""
    settings.VAR_DIR = tmp_path
    (tmp_path / KEY_FILE).write_bytes(key_pem(test_key))
    (tmp_path / ROOT_KEY_FILE).write_bytes(key_pem(root_key))
    settings.PAYMENTS_TPAY_ROOT_CA = root_certificate_pem(root_key)
    return test_key
