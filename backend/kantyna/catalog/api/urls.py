from rest_framework.routers import SimpleRouter

from kantyna.catalog.api import views

router = SimpleRouter(trailing_slash=False)
# More specific prefixes first: `allergens/groups` must not be read as `allergens/{id}`.
router.register("allergens/groups", views.AllergenGroupViewSet, basename="allergen-group")
router.register("allergens", views.AllergenViewSet, basename="allergen")

urlpatterns = router.urls
