from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "kantyna.ledger"
    label = "ledger"

    def ready(self):
        from kantyna.audit.activity import register_page_loader  # noqa: PLC0415 (models load after ready)
        from kantyna.ledger.activity import ledger_activity_page_load  # noqa: PLC0415 (as above)

        register_page_loader(ledger_activity_page_load)
