from django.apps import AppConfig


class TenancyConfig(AppConfig):
    name = "kantyna.tenancy"
    label = "tenancy"
