from kantyna.payments.api.views import urlpatterns

__all__ = ["urlpatterns"]
