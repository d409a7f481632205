from kantyna.kitchen.api import labels, prepare, release

urlpatterns = [*prepare.urlpatterns, *release.urlpatterns, *labels.urlpatterns]
