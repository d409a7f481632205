from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    name = "kantyna.payments"
    label = "payments"
