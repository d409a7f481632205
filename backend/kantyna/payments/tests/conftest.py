"""The payments tests' RSA keys: made once per test session (key generation is the slow part)."""

from __future__ import annotations

import pytest

from kantyna.payments.providers.fake_tpay import KEY_FILE, key_pem, new_key


@pytest.fixture(scope="session")
def test_key():
    """The key the fake Tpay signs with; its self-signed certificate stands in for Tpay's."""
    return new_key()


@pytest.fixture(scope="session")
def other_key():
    """A key that is not Tpay's."""
    return new_key()


@pytest.fixture
def fake_tpay_key(settings, tmp_path, test_key):
    """The fake's signing key for this test, in a var/ of its own."""
    settings.VAR_DIR = tmp_path
    (tmp_path / KEY_FILE).write_bytes(key_pem(test_key))
    return test_key
