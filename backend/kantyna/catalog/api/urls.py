from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.catalog.api import views

router = SimpleRouter(trailing_slash=False)
# More specific prefixes first: `allergens/groups` must not be read as `allergens/{id}`.
router.register("allergens/groups", views.AllergenGroupViewSet, basename="allergen-group")
router.register("allergens", views.AllergenViewSet, basename="allergen")
router.register("portionSizes", views.PortionSizeViewSet, basename="portion-size")
router.register("diets", views.DietViewSet, basename="diet")
router.register("mealTypes/categories", views.MealTypeCategoryViewSet, basename="meal-type-category")
router.register("mealTypes", views.MealTypeViewSet, basename="meal-type")

urlpatterns = [
    path("mealTypeInstitutionSettings/groupedByInstitutions", views.MealTypesGroupedByInstitutionsView.as_view()),
    path(
        "mealTypeInstitutionSettings/institutions/<int:institution_id>",
        views.MealTypesOfInstitutionView.as_view(),
    ),
    *router.urls,
]
