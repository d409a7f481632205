from django.apps import AppConfig


class RefundsConfig(AppConfig):
    name = "kantyna.refunds"
    label = "refunds"
