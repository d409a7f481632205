from rest_framework.routers import SimpleRouter

from kantyna.meals.api import views

router = SimpleRouter(trailing_slash=False)
# Register more specific prefixes first (e.g. `x/groups` before `x`), so `{id}` never swallows them.
router.register("ingredients", views.IngredientViewSet, basename="ingredient")
router.register("meals", views.MealViewSet, basename="meal")

urlpatterns = router.urls
