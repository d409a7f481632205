from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.pricing.api import views

router = SimpleRouter(trailing_slash=False)
# More specific prefixes first, so `priceLists/{id}` never swallows them.
router.register("priceLists/groups", views.PriceListsGroupViewSet, basename="price-lists-group")
router.register("priceLists/items", views.PriceListItemViewSet, basename="price-list-item")

urlpatterns = [
    path("priceLists/groupedItems", views.GroupedItemsView.as_view()),
    path("priceLists/availableMealTypesDiets", views.AvailableMealTypesDietsView.as_view()),
    *router.urls,
]

price_lists_router = SimpleRouter(trailing_slash=False)
price_lists_router.register("priceLists", views.PriceListViewSet, basename="price-list")
urlpatterns += price_lists_router.urls
