from kantyna.kitchen.api import daily_releases, prepare, transport

urlpatterns = [*prepare.urlpatterns, *daily_releases.urlpatterns, *transport.urlpatterns]
