from kantyna.users.api import parents, staff, users

urlpatterns = [*parents.urlpatterns, *staff.urlpatterns, *users.urlpatterns]
