from kantyna.fiscal.api.views import urlpatterns

__all__ = ["urlpatterns"]
