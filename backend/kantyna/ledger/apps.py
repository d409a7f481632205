from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "kantyna.ledger"
    label = "ledger"
