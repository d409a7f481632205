"""URLs on the public hosts (auth., www., ...): the sign-in site and health only."""

from django.urls import include, path
from django.views.generic import RedirectView

from kantyna.core import views

urlpatterns = [
    path("api/health", views.health),
    path("sso/", include("config.urls_sso")),
    path("", RedirectView.as_view(url="/sso/login", query_string=True)),
]

# Also for exceptions in middleware (the tenant lookup): a lost database answers 503, never an HTML 500.
handler500 = "kantyna.core.views.server_error"
