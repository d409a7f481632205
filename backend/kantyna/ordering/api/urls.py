from kantyna.ordering.api import calendar, orders

urlpatterns = [*calendar.urlpatterns, *orders.urlpatterns]
