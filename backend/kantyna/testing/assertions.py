"""Assertions on the API's one error shape: `{"message": "...", "errors": {"field": ["..."]}}`."""

from __future__ import annotations


def assert_error(response, status: int, message: str, errors: dict | None = None) -> dict:
    """Exact status and message; `errors` compared exactly when given, else must be `{}`.

    `errors` may map a field to `...` (Ellipsis) to assert only that the field has some message."""
    assert response.status_code == status, (response.status_code, getattr(response, "content", b"")[:500])
    body = response.json()
    assert set(body) == {"message", "errors"}, body
    assert body["message"] == message, body
    expected = errors or {}
    if any(value is ... for value in expected.values()):
        assert set(body["errors"]) == set(expected), body
        for key, value in expected.items():
            assert isinstance(body["errors"][key], list) and body["errors"][key], body
            if value is not ...:
                assert body["errors"][key] == value, body
    else:
        assert body["errors"] == expected, body
    return body
