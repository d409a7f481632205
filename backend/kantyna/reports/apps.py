from django.apps import AppConfig


class ReportsConfig(AppConfig):
    name = "kantyna.reports"
    label = "reports"
