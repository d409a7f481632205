"""URLs on a tenant's host: the API, the sign-in site under /sso/, and the SPA for everything else."""

from django.conf import settings
from django.conf.urls.static import static
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from kantyna.core import views

urlpatterns = [
    path("api/health", views.health),
    path("api/schema/", SpectacularAPIView.as_view(urlconf="config.urls_tenant"), name="schema"),
    path("api/frontend/", include("config.urls_api")),
    re_path(r"^api/", views.api_not_found),
    path("sso/", include("config.urls_sso")),
    *static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT),
    re_path(r"^(?!static/|media/|assets/).*$", views.spa_index),
]

# Also for exceptions in middleware (the tenant lookup): a lost database answers 503, never an HTML 500.
handler500 = "kantyna.core.views.server_error"
