from kantyna.kitchen.api.views import urlpatterns

__all__ = ["urlpatterns"]
