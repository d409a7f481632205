from kantyna.refunds.api.views import urlpatterns

__all__ = ["urlpatterns"]
