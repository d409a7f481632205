from kantyna.invoices.api.views import urlpatterns

__all__ = ["urlpatterns"]
