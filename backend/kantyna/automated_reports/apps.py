from django.apps import AppConfig


class AutomatedReportsConfig(AppConfig):
    name = "kantyna.automated_reports"
    label = "automated_reports"
