from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.automated_reports.api import views

router = SimpleRouter(trailing_slash=False)
router.register("automatedReports", views.AutomatedReportViewSet, basename="automated-reports")

urlpatterns = [
    path("automatedReports/bulk/enable", views.BulkEnableView.as_view()),
    path("automatedReports/bulk/disable", views.BulkDisableView.as_view()),
    path("automatedReports/bulk/send", views.BulkSendView.as_view()),
    *router.urls,
]
