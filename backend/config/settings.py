"""Django settings. Every knob an operator may turn is an environment variable (see README)."""

from __future__ import annotations

import os
import secrets
from pathlib import Path

import dj_database_url

BASE_DIR = Path(__file__).resolve().parent.parent
ROOT_DIR = BASE_DIR.parent
VAR_DIR = Path(os.environ.get("KANTYNA_VAR_DIR", ROOT_DIR / "var"))
VAR_DIR.mkdir(parents=True, exist_ok=True)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    return default if value is None else value.lower() in {"1", "true", "yes", "on"}


def generated_secret(name: str) -> str:
    """A development secret kept in var/ so that it survives restarts and never enters git."""
    path = VAR_DIR / name
    if not path.exists():
        path.write_text(secrets.token_urlsafe(50))
        path.chmod(0o600)
    return path.read_text().strip()


DEBUG = env_bool("DEBUG", False)
SECRET_KEY = os.environ.get("SECRET_KEY") or generated_secret("secret.key")
JWT_SECRET = os.environ.get("JWT_SECRET") or generated_secret("jwt.key")
JWT_TTL_SECONDS = int(os.environ.get("JWT_TTL_SECONDS", str(12 * 3600)))

# Tenancy: the tenant is the first label of the host (DESIGN.md §2).
BASE_DOMAIN = os.environ.get("BASE_DOMAIN", "localhost")
DEFAULT_TENANT = os.environ.get("DEFAULT_TENANT", "demo")
# Tenants whose help tickets use the spec's category variant B (the Swiss-style host, localhost or demo).
TICKET_CATEGORIES_B_TENANTS = os.environ.get("TICKET_CATEGORIES_B_TENANTS", "demo").split(",")
RESERVED_TENANT_LABELS = {"auth", "www", "api", "admin"}
PUBLIC_URL_SCHEME = os.environ.get("PUBLIC_URL_SCHEME", "http")
PUBLIC_PORT = os.environ.get("PUBLIC_PORT", "8000")
ALLOWED_HOSTS = os.environ.get("ALLOWED_HOSTS", f".{BASE_DOMAIN},{BASE_DOMAIN},127.0.0.1,testserver").split(",")
USE_X_FORWARDED_HOST = env_bool("USE_X_FORWARDED_HOST", False)
# Reverse proxies in front of the app that append to X-Forwarded-For (0: none, REMOTE_ADDR is the client).
TRUSTED_PROXY_COUNT = int(os.environ.get("TRUSTED_PROXY_COUNT", "0"))
CSRF_TRUSTED_ORIGINS = [origin for origin in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if origin] or [
    f"{PUBLIC_URL_SCHEME}://*.{BASE_DOMAIN}:{PUBLIC_PORT}",
    f"{PUBLIC_URL_SCHEME}://{BASE_DOMAIN}:{PUBLIC_PORT}",
]

SHARED_APPS = [
    "django_tenants",
    "kantyna.tenancy",
    "kantyna.identity",
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "django_filters",
    "procrastinate.contrib.django",
    "kantyna.core",
    "kantyna.demo",
]
TENANT_APPS = [
    "kantyna.audit",
    "kantyna.users",
    "kantyna.tenant_settings",
    "kantyna.institutions",
    "kantyna.catalog",
    "kantyna.pricing",
    "kantyna.meals",
    "kantyna.menus",
    "kantyna.logistics",
    "kantyna.people",
    "kantyna.registration",
    "kantyna.ledger",
    "kantyna.statements",
    "kantyna.ordering",
    "kantyna.terminal",
    "kantyna.kitchen",
    "kantyna.inventory",
    "kantyna.payments",
    "kantyna.refunds",
    "kantyna.order_imports",
    "kantyna.invoices",
    "kantyna.fiscal",
    "kantyna.messaging",
    "kantyna.announcements",
    "kantyna.reports",
    "kantyna.automated_reports",
]
INSTALLED_APPS = SHARED_APPS + [app for app in TENANT_APPS if app not in SHARED_APPS]

TENANT_MODEL = "tenancy.Tenant"
TENANT_DOMAIN_MODEL = "tenancy.Domain"
AUTH_USER_MODEL = "identity.Account"
PUBLIC_SCHEMA_NAME = "public"
ROOT_URLCONF = "config.urls_tenant"
PUBLIC_SCHEMA_URLCONF = "config.urls_public"
# Set search_path once per request/tenant switch, not before every query (halves round trips).
TENANT_LIMIT_SET_CALLS = True

MIDDLEWARE = [
    "kantyna.core.middleware.RequestDeadlineMiddleware",
    "kantyna.tenancy.middleware.TenantFromHostMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.middleware.common.CommonMiddleware",
    "kantyna.core.middleware.UserLocaleMiddleware",
    "kantyna.core.middleware.QueryStringTextMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
            ]
        },
    }
]

WSGI_APPLICATION = "config.wsgi.application"

# A request that waited longer than this for a web server thread is refused (503 + Retry-After) before any work
# (kantyna.core.middleware.RequestDeadlineMiddleware); 0 turns the check off. REQUEST_START_HEADER=1 trusts a
# proxy's X-Request-Start too (only behind a proxy that sets it, with a clock in step with this host's).
REQUEST_QUEUE_DEADLINE_MS = int(os.environ.get("REQUEST_QUEUE_DEADLINE_MS", "500"))
REQUEST_START_HEADER = os.environ.get("REQUEST_START_HEADER", "0") == "1"


def database_url() -> str:
    """DATABASE_URL, else the embedded server that scripts/devdb.py starts."""
    if os.environ.get("DATABASE_URL"):
        return os.environ["DATABASE_URL"]
    port = os.environ.get("KANTYNA_PG_PORT", "54329")
    name = os.environ.get("KANTYNA_DB_NAME", "kantyna")
    return f"postgresql://postgres@127.0.0.1:{port}/{name}"


# Persistent connections are checked before their first use in a request, so that one broken by a database
# restart is replaced instead of failing that request.
DATABASES = {
    "default": dj_database_url.parse(
        database_url(), conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60")), conn_health_checks=True
    )
}
# django-tenants' backend without a SET search_path per request on a connection that already holds it
DATABASES["default"]["ENGINE"] = "kantyna.core.postgresql_backend"
# Server-side prepared statements for the hot paths' SQL only (`kantyna.core.prepared.prepared_cursor`, psycopg's
# server-binding cursor): prepared from a statement's second run on a connection. Django's own cursors bind on the
# client and never prepare. Needs a direct connection or a pooler that keeps prepared statements (no pgbouncer in
# transaction mode before 1.21).
DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 1
DATABASE_ROUTERS = ["django_tenants.routers.TenantSyncRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 8}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "pl"
LANGUAGES = [("pl", "Polski"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "locale"  # the SPA's language cookie also picks the sign-in site's language
TIME_ZONE = "Europe/Warsaw"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)  # WhiteNoise warns about a missing directory otherwise
FRONTEND_DIST = Path(os.environ.get("FRONTEND_DIST", ROOT_DIR / "frontend" / "dist"))
# The built SPA (index.html, /assets/*, /version.json) is served from the site root.
WHITENOISE_ROOT = FRONTEND_DIST if FRONTEND_DIST.exists() else None
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
STORAGES = {
    "default": {"BACKEND": os.environ.get("FILE_STORAGE", "django.core.files.storage.FileSystemStorage")},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# E-mail: SMTP when EMAIL_HOST is set, otherwise one file per message under var/mail.
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
if EMAIL_HOST:
    EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "587"))
    EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
    EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
    EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", True)
else:
    EMAIL_BACKEND = "kantyna.core.mail.JsonFileEmailBackend"
EMAIL_FILE_PATH = VAR_DIR / "mail"
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "Kantyna <no-reply@kantyna.localhost>")
DEV_MAIL_PAGE = env_bool("DEV_MAIL_PAGE", DEBUG)
# Online payments (kantyna/payments): with PAYMENTS_FAKE on, a tenant whose provider account is in sandbox mode talks
# to the local fake provider (its test paywall under /payments/fake/, no real money) instead of the provider's
# sandbox, and the providers' calls may reach this machine (kantyna/core/outbound.py). Never on in production.
# Pending payments older than PAYMENTS_RECONCILE_MINUTES are checked with the provider's status call; those still
# unpaid after PAYMENTS_EXPIRE_MINUTES are failed.
PAYMENTS_FAKE = env_bool("PAYMENTS_FAKE", False)
PAYMENTS_RECONCILE_MINUTES = int(os.environ.get("PAYMENTS_RECONCILE_MINUTES", "15"))
PAYMENTS_EXPIRE_MINUTES = int(os.environ.get("PAYMENTS_EXPIRE_MINUTES", "120"))
PAYMENTS_PROVIDER_TIMEOUT_SECONDS = int(os.environ.get("PAYMENTS_PROVIDER_TIMEOUT_SECONDS", "15"))
# KSeF, the national e-invoice system (kantyna/invoices/ksef): "fake" (tests and the demo: KSeF numbers made here) or
# "api" (the Ministry's API at KSEF_API_URL; its test environment unless set, so production is a deliberate setting;
# a tenant's NIP and KSeF token come from the tenant's settings).
KSEF_CLIENT = os.environ.get("KSEF_CLIENT", "fake")
KSEF_API_URL = os.environ.get("KSEF_API_URL", "https://api-test.ksef.mf.gov.pl/v2")
KSEF_TIMEOUT_SECONDS = int(os.environ.get("KSEF_TIMEOUT_SECONDS", "30"))
# The Ministry's hosts are public, so the KSeF client calls only public addresses (kantyna/core/outbound.py);
# KSEF_ANY_ADDRESS lifts that for a KSeF stand-in on this machine or its network (tests).
KSEF_ANY_ADDRESS = env_bool("KSEF_ANY_ADDRESS", False)

# Fiscal receipts on a tenant's online cash register (kantyna/fiscal/registers): how long one call to the register
# may take, and the certificate authority of a printer serving HTTPS with its owner's own certificate (empty: the
# system's authorities).
FISCAL_REGISTER_TIMEOUT_SECONDS = int(os.environ.get("FISCAL_REGISTER_TIMEOUT_SECONDS", "15"))
FISCAL_REGISTER_CA_FILE = os.environ.get("FISCAL_REGISTER_CA_FILE", "")
# A tenant's admin types the register's address: the server calls only public addresses, never its own network
# (loopback, private, link-local such as a cloud's metadata service); such an address is refused when the settings
# are saved and at every call (kantyna/core/outbound.py). FISCAL_REGISTER_ANY_ADDRESS lifts that for a server
# installed beside its printer on the caterer's own network, and for development and e2e (scripts/run.py).
FISCAL_REGISTER_ANY_ADDRESS = env_bool("FISCAL_REGISTER_ANY_ADDRESS", False)
# The providers' notification endpoints are public: a client address may post at most this many notifications of
# one provider per window (429 past it; a provider retries later). 0 turns the limit off.
PAYMENT_NOTIFICATIONS_PER_IP = int(os.environ.get("PAYMENT_NOTIFICATIONS_PER_IP", "60"))
PAYMENT_NOTIFICATION_WINDOW_SECONDS = int(os.environ.get("PAYMENT_NOTIFICATION_WINDOW_SECONDS", "60"))
# Tpay's JWS root CA (PEM) the notification certificate must be issued by. Empty: Tpay's published root
# (tpay-jws-root.pem on secure[.sandbox].tpay.com), fetched over TLS and cached for a day.
PAYMENTS_TPAY_ROOT_CA = os.environ.get("PAYMENTS_TPAY_ROOT_CA", "")

# Web push (kantyna/messaging/webpush.py): the VAPID key pair the server signs its pushes with. Production sets
# VAPID_PRIVATE_KEY (PEM, or the raw key base64url-encoded, as `vapid --gen` / py-vapid make it) and VAPID_SUBJECT
# (a mailto: or https: contact the push services may write to); without it a key is made into var/vapid-private.pem
# on first use (development). Changing the key orphans every subscription: browsers must subscribe again.
VAPID_PRIVATE_KEY = os.environ.get("VAPID_PRIVATE_KEY", "")
VAPID_SUBJECT = os.environ.get("VAPID_SUBJECT", "mailto:no-reply@kantyna.localhost")
# Where subscriptions may point: https endpoints on these push services' hosts (a host or a ".suffix"), so the server
# never posts to an address a client chose; and only to public addresses (kantyna/core/outbound.py).
# WEBPUSH_ANY_ENDPOINT (development and e2e only, set by scripts/run.py) accepts any http(s) endpoint, on this
# machine too, e.g. a local push endpoint of a test.
WEBPUSH_ALLOWED_HOSTS = os.environ.get(
    "WEBPUSH_ALLOWED_HOSTS",
    "fcm.googleapis.com,.push.services.mozilla.com,.notify.windows.com,.push.apple.com",
).split(",")
WEBPUSH_ANY_ENDPOINT = env_bool("WEBPUSH_ANY_ENDPOINT", False)
WEBPUSH_TIMEOUT_SECONDS = int(os.environ.get("WEBPUSH_TIMEOUT_SECONDS", "10"))

# Throttling of password checks (kantyna/identity/throttle.py): wrong passwords counted per account and client
# address, per address, and per account from all addresses (an exponential delay, never a lock-out).
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_FAILURES_PER_ACCOUNT", "5"))
LOGIN_FAILURES_PER_IP = int(os.environ.get("LOGIN_FAILURES_PER_IP", "20"))
LOGIN_FAILURE_WINDOW_SECONDS = int(os.environ.get("LOGIN_FAILURE_WINDOW_SECONDS", "900"))
LOGIN_ACCOUNT_DELAY_SECONDS = int(os.environ.get("LOGIN_ACCOUNT_DELAY_SECONDS", "1"))
LOGIN_ACCOUNT_DELAY_MAX_SECONDS = int(os.environ.get("LOGIN_ACCOUNT_DELAY_MAX_SECONDS", "60"))
# Password-reset e-mails: at most this many per account e-mail, and requests per client address, per window.
PASSWORD_RESETS_PER_ACCOUNT = int(os.environ.get("PASSWORD_RESETS_PER_ACCOUNT", "3"))
PASSWORD_RESETS_PER_IP = int(os.environ.get("PASSWORD_RESETS_PER_IP", "10"))
PASSWORD_RESET_WINDOW_SECONDS = int(os.environ.get("PASSWORD_RESET_WINDOW_SECONDS", "3600"))
PASSWORD_RESET_TTL_SECONDS = int(os.environ.get("PASSWORD_RESET_TTL_SECONDS", str(24 * 3600)))

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["kantyna.users.authentication.JWTAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["kantyna.core.permissions.IsTenantUser"],
    "DEFAULT_PAGINATION_CLASS": "kantyna.core.pagination.PagePagination",
    "DEFAULT_RENDERER_CLASSES": ["kantyna.core.api.renderers.CamelizedAwareRenderer"],
    "DEFAULT_PARSER_CLASSES": [
        "kantyna.core.parsers.JSONObjectParser",
        "djangorestframework_camel_case.parser.CamelCaseMultiPartParser",
        "djangorestframework_camel_case.parser.CamelCaseFormParser",
    ],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "SEARCH_PARAM": "search",
    "ORDERING_PARAM": "sort",
    "EXCEPTION_HANDLER": "kantyna.core.api.errors.api_exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
    "COERCE_DECIMAL_TO_STRING": True,
    "JSON_UNDERSCOREIZE": {"no_underscore_before_number": True},
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Kantyna API",
    "DESCRIPTION": "Frontend API of Kantyna. Authenticate with `Authorization: Bearer <token>` (see docs/api.md).",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    "CAMELIZE_NAMES": False,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.contrib.djangorestframework_camel_case.camelize_serializer_fields",
        "drf_spectacular.hooks.postprocess_schema_enums",
        "kantyna.core.openapi.blank_alternatives_as_any_of",
    ],
    "ENUM_NAME_OVERRIDES": {
        "LocaleEnum": ["pl", "en"],
        "StatementFormatEnum": ["mt940", "camt053", "csv"],
        "StatementUploadFormatEnum": ["auto", "mt940", "camt053", "csv"],
        "StatementStatusEnum": ["draft", "confirmed"],
        "OrdersFileStatusEnum": ["checked", "confirmed"],
        "OrdersFileRowStatusEnum": ["ok", "problem", "ordered", "failed"],
        "TicketStateEnum": "kantyna.messaging.models.TicketState",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "INFO"},
        "procrastinate": {"level": "WARNING"},
        # The PDF library's font subsetter logs every glyph table at INFO.
        "fontTools": {"level": "WARNING"},
    },
}

if not DEBUG:
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", PUBLIC_URL_SCHEME == "https")
    CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
