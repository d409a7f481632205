from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.ledger.api import views

router = SimpleRouter(trailing_slash=False)
router.register("transactions", views.TransactionViewSet, basename="transaction")

urlpatterns = [
    # Before the router: these are not transaction ids.
    path("transactions/totals", views.TransactionTotalsView.as_view()),
    path("transactions/deposits", views.DepositsView.as_view()),
    path("transactions/users", views.PayersView.as_view()),
    path("transactions/insufficientFunds", views.InsufficientFundsView.as_view()),
    path("transactions/userBalance/<int:user_id>", views.UserBalanceView.as_view()),
    path("transactions/parents/<int:parent_id>/perChildrenBalance", views.PerChildrenBalanceView.as_view()),
    path("transactions/endOfMonthBalance", views.EndOfMonthBalanceView.as_view()),
    path("transactions/monthlySummaries", views.MonthlySummariesView.as_view()),
    path("billing/bankTransferDetails", views.BankTransferDetailsView.as_view()),
    *router.urls,
]
