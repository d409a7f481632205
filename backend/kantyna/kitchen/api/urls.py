from kantyna.kitchen.api import labels, prepare

urlpatterns = [*prepare.urlpatterns, *labels.urlpatterns]
