from django.apps import AppConfig


class LogisticsConfig(AppConfig):
    name = "kantyna.logistics"
    label = "logistics"
