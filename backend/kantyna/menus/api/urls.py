from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.menus.api import views

router = SimpleRouter(trailing_slash=False)
# Register more specific prefixes first (e.g. `x/groups` before `x`), so `{id}` never swallows them.
router.register("mealsMenusFiles", views.MealsMenuFileViewSet, basename="meals-menu-file")
router.register("mealsMenus", views.MealsMenuViewSet, basename="meals-menu")

urlpatterns = [
    path("mealsMenusExport/docx", views.MealsMenuExportDocxView.as_view()),
    *router.urls,
]
