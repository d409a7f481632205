from django.apps import AppConfig


class AuditConfig(AppConfig):
    name = "kantyna.audit"
    label = "audit"
