from kantyna.fiscal.tests.helpers import fake_register

__all__ = ["fake_register"]
