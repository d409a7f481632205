from django.apps import AppConfig


class TenantSettingsConfig(AppConfig):
    name = "kantyna.tenant_settings"
    label = "tenant_settings"
