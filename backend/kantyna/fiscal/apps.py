from django.apps import AppConfig


class FiscalConfig(AppConfig):
    name = "kantyna.fiscal"
    label = "fiscal"

    def ready(self):
        from kantyna.fiscal.selectors import fiscal_states  # noqa: PLC0415 (models load after ready)
        from kantyna.ledger.fiscal_states import transaction_fiscal_lookups  # noqa: PLC0415 (as above)

        # The ledger's transaction rows show each deposit's receipt without the ledger importing this app.
        transaction_fiscal_lookups.register(fiscal_states)
