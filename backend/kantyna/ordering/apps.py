from django.apps import AppConfig


class OrderingConfig(AppConfig):
    name = "kantyna.ordering"
    label = "ordering"
