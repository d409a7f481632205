from kantyna.kitchen.api import daily_releases, labels, prepare, release, transport

urlpatterns = [
    *prepare.urlpatterns,
    *release.urlpatterns,
    *labels.urlpatterns,
    *daily_releases.urlpatterns,
    *transport.urlpatterns,
]
