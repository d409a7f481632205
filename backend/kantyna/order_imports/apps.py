from django.apps import AppConfig


class OrderImportsConfig(AppConfig):
    name = "kantyna.order_imports"
    label = "order_imports"
