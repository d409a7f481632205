from kantyna.kitchen.api import prepare, release

urlpatterns = [*prepare.urlpatterns, *release.urlpatterns]
