from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.institutions.api import settings, views

router = SimpleRouter(trailing_slash=False)
# Register more specific prefixes first (e.g. `x/groups` before `x`), so `{id}` never swallows them.
router.register("institutions", views.InstitutionViewSet, basename="institution")
router.register("classrooms", views.ClassroomViewSet, basename="classroom")
router.register("districts", views.DistrictViewSet, basename="district")

urlpatterns = [
    path("institutionSettings/groupUpdate", settings.InstitutionSettingsGroupUpdateView.as_view()),
    path("institutionSettings/<int:pk>", settings.InstitutionSettingsView.as_view()),
    *router.urls,
]
