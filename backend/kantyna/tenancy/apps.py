from django.apps import AppConfig
from django.db.models.signals import post_delete, post_save


class TenancyConfig(AppConfig):
    name = "kantyna.tenancy"
    label = "tenancy"

    def ready(self):
        from kantyna.tenancy.models import Tenant  # noqa: PLC0415 (models load after ready)
        from kantyna.tenancy.selectors import tenant_cache_clear  # noqa: PLC0415 (as above)

        post_save.connect(tenant_cache_clear, sender=Tenant, dispatch_uid="tenancy.cache.save")
        post_delete.connect(tenant_cache_clear, sender=Tenant, dispatch_uid="tenancy.cache.delete")
