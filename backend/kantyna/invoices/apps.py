from django.apps import AppConfig


class InvoicesConfig(AppConfig):
    name = "kantyna.invoices"
    label = "invoices"
