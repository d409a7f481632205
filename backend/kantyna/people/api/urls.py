from kantyna.people.api import children, groups, workers

urlpatterns = [*children.urlpatterns, *workers.urlpatterns, *groups.urlpatterns]
