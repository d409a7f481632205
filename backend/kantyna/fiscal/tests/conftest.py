from kantyna.fiscal.tests.helpers import fake_register, printer

__all__ = ["fake_register", "printer"]
