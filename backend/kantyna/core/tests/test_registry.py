"""The registry an upper app fills for a lower one (a person's history, the activity loaders)."""

from kantyna.core.registry import Registry


def test_functions_are_kept_once_in_the_order_of_registration_and_any_asks_each():
    registry: Registry = Registry()
    calls: list[str] = []

    def never(value):
        calls.append("never")
        return False

    def when_positive(value):
        calls.append("positive")
        return value > 0

    registry.register(never)
    registry.register(when_positive)
    registry.register(never)

    assert list(registry) == [never, when_positive]
    assert registry.any(1) is True
    assert registry.any(-1) is False
    assert calls == ["never", "positive", "never", "positive"]
