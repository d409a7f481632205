"""Every `/api/frontend/` route, grouped by area. Paths are the spec's, exactly (api-calls.tsv)."""

from django.urls import include, path

from kantyna.core.routes import flattened
from kantyna.identity.api import views as identity
from kantyna.ledger.api import views as ledger
from kantyna.ordering.api import orders
from kantyna.tenant_settings.api import views as tenant_settings
from kantyna.users.api import views as users

# As declared (an include per app); served flattened: each app's patterns in the place of its include, in the same
# order (kantyna.core.routes).
declared = [
    # auth
    path("auth/currentUser", users.CurrentUserView.as_view()),
    path("auth/currentUser/locale", users.CurrentUserLocaleView.as_view()),
    path("auth/currentUser/balance", ledger.CurrentUserBalanceView.as_view()),
    path("auth/sendPasswordResetToken", identity.SendPasswordResetTokenView.as_view()),
    path("auth/resetPassword/<str:token>", identity.ResetPasswordView.as_view()),
    path("auth/logout", identity.LogoutView.as_view()),
    path("auth/termsUrls", tenant_settings.TermsUrlsView.as_view()),
    path("auth/cateringTermsOfUse", tenant_settings.CateringTermsOfUseView.as_view()),
    path("auth/deleteAccount", users.DeleteAccountView.as_view()),
    path("tenant/status", tenant_settings.TenantStatusView.as_view()),
    # account
    path("common/account/password", users.ChangePasswordView.as_view()),
    path("common/account/phoneNumbers", users.PhoneNumbersView.as_view()),
    # Not in the spec's list: where a parent keeps the refund bank account returnRequests use (issue 19).
    path("common/account/bankAccountNumber", users.RefundBankAccountView.as_view()),
    path("common/account/invoicesSettings", users.InvoicesSettingsView.as_view()),
    path("common/account/notificationsSettings", users.NotificationsSettingsView.as_view()),
    path("common/account/calendarSettings", users.CalendarSettingsView.as_view()),
    # The spec lists both paths for a user removing their own account; they are one command.
    path("users/account/remove", users.DeleteAccountView.as_view()),
    # settings
    *[path(f"common/settings/{view.section_path}", view.as_view()) for view in tenant_settings.SECTION_VIEWS.values()],
    path("common/settings/companyDetails", tenant_settings.CompanyDetailsView.as_view()),
    path("common/settings/companyTermsUrl", tenant_settings.CompanyTermsUrlView.as_view()),
    path("common/settings/uploadMaxFileSize", tenant_settings.UploadMaxFileSizeView.as_view()),
    path("common/settings/fiscalizationEnabled", tenant_settings.FiscalizationEnabledView.as_view()),
    path("common/settings/registerAs", tenant_settings.RegisterAsView.as_view()),
    path("common/settings/parentsSettings/allowSelfRegistration", tenant_settings.AllowSelfRegistrationView.as_view()),
    path("common/settings/parentsSettings/<str:flag>", tenant_settings.ParentsSettingsFlagView.as_view()),
    path("institutionSettings/institutions/hiddenGrammages", tenant_settings.HiddenGrammagesView.as_view()),
    # catalogue (one include per app; each app registers its own routes)
    path("", include("kantyna.institutions.api.urls")),
    path("", include("kantyna.catalog.api.urls")),
    path("", include("kantyna.pricing.api.urls")),
    # The kitchen's `meals/mealsToPrepare` before the meals' router, whose `meals/{id}` would take it.
    path("", include("kantyna.kitchen.api.urls")),
    # Stock: `ingredients/outcomes` before the meals' router (its `ingredients/{id}` takes digits only anyway).
    path("", include("kantyna.inventory.api.urls")),
    path("", include("kantyna.meals.api.urls")),
    path("", include("kantyna.menus.api.urls")),
    path("", include("kantyna.logistics.api.urls")),
    # people
    path("", include("kantyna.users.api.urls")),
    path("", include("kantyna.people.api.urls")),
    path("", include("kantyna.registration.api.urls")),
    # ordering and money
    path("", include("kantyna.ledger.api.urls")),
    path("", include("kantyna.statements.api.urls")),
    path("", include("kantyna.ordering.api.urls")),
    path("", include("kantyna.payments.api.urls")),
    path("", include("kantyna.refunds.api.urls")),
    path("", include("kantyna.fiscal.api.urls")),
    path("", include("kantyna.invoices.api.urls")),
    path("", include("kantyna.order_imports.api.urls")),
    # talking to people
    path("", include("kantyna.messaging.api.urls")),
    path("", include("kantyna.announcements.api.urls")),
    path("", include("kantyna.messaging.api.webpush")),
    # serving
    path("", include("kantyna.terminal.api.urls")),
    # the business at a glance
    path("", include("kantyna.reports.api.urls")),
    path("", include("kantyna.automated_reports.api.urls")),
    # shell counters
    path("orders/totalAmounts", orders.ActiveOrdersAmountView.as_view()),
]
urlpatterns = flattened(declared)
