from django.apps import AppConfig


class LedgerConfig(AppConfig):
    name = "kantyna.ledger"
    label = "ledger"

    def ready(self):
        from kantyna.audit.activity import register_page_loader  # noqa: PLC0415 (models load after ready)
        from kantyna.ledger.activity import ledger_activity_page_load  # noqa: PLC0415 (as above)
        from kantyna.ledger.history import child_ledger_history, user_ledger_history  # noqa: PLC0415 (as above)
        from kantyna.people.selectors.history import register_child_history  # noqa: PLC0415 (as above)
        from kantyna.users.history import register_user_history  # noqa: PLC0415 (as above)

        register_page_loader(ledger_activity_page_load)
        register_child_history(child_ledger_history)
        register_user_history(user_ledger_history)
