"""URLs on a tenant's host: the API, the sign-in site under /sso/, and the SPA for everything else."""

from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView

from kantyna.core import views
from kantyna.core.routes import indexed_include
from kantyna.payments.views import fake_autopay_paywall, fake_przelewy24_paywall, fake_tpay_paywall
from kantyna.tenant_settings.api.views import company_logo_file

urlpatterns = [
    path("api/health", views.health),
    path("api/schema/", SpectacularAPIView.as_view(urlconf="config.urls_tenant"), name="schema"),
    indexed_include("api/frontend/", "config.urls_api"),  # path(..., include(...)), resolved faster
    re_path(r"^api/", views.api_not_found),
    path("sso/", include("config.urls_sso")),
    # Uploaded files are not served from the media folder (shared by all tenants): the only public one is the
    # tenant's logo; menu files go through their API with its visibility rules.
    re_path(r"^media/(?P<name>.+)$", company_logo_file),
    # The local fake of Przelewy24's paywall (404 unless settings.PAYMENTS_FAKE): development, the demo, e2e tests.
    path("payments/fake/przelewy24/<str:token>", fake_przelewy24_paywall),
    path("payments/fake/tpay/<str:token>", fake_tpay_paywall),
    path("payments/fake/autopay/<str:token>", fake_autopay_paywall),
    re_path(r"^(?!static/|media/|assets/).*$", views.spa_index),
]

# Also for exceptions in middleware (the tenant lookup): a lost database answers 503, never an HTML 500.
handler500 = "kantyna.core.views.server_error"
