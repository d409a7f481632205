from kantyna.reports.api import dashboard, reports

urlpatterns = [*dashboard.urlpatterns, *reports.urlpatterns]
