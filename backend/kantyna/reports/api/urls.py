from kantyna.reports.api import dashboard

urlpatterns = [*dashboard.urlpatterns]
