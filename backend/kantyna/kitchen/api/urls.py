from kantyna.kitchen.api import prepare

urlpatterns = [*prepare.urlpatterns]
