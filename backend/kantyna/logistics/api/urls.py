from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.logistics.api import views

router = SimpleRouter(trailing_slash=False)
router.register("kitchensInstitutionsMealTypes", views.KitchenInstitutionMealTypeViewSet, basename="kitchen-assignment")
router.register("kitchens", views.KitchenViewSet, basename="kitchen")
router.register("drivers", views.DriverViewSet, basename="driver")
router.register("routeNumbers", views.RouteNumberViewSet, basename="route-number")

urlpatterns = [
    # Before the router: `kitchens/ingredients` is not a kitchen id.
    path("kitchens/ingredients", views.KitchenIngredientsView.as_view()),
    *router.urls,
]
