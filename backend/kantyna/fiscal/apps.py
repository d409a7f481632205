from django.apps import AppConfig


class FiscalConfig(AppConfig):
    name = "kantyna.fiscal"
    label = "fiscal"

    def ready(self):
        from kantyna.fiscal.selectors import fiscal_possible, fiscal_states  # noqa: PLC0415 (models load after ready)
        from kantyna.ledger.fiscal_states import (  # noqa: PLC0415 (as above)
            transaction_fiscal_lookups,
            transaction_fiscal_probes,
        )

        # The ledger's transaction rows show each deposit's receipt without the ledger importing this app; the probe
        # spares the lookup's queries where no row can have one (a tenant that never enabled fiscalization).
        transaction_fiscal_lookups.register(fiscal_states)
        transaction_fiscal_probes.register(fiscal_possible)
