from kantyna.terminal.api.views import urlpatterns

__all__ = ["urlpatterns"]
