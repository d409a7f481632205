from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.inventory.api import views

router = SimpleRouter(trailing_slash=False)
router.register("inventoryTurnovers", views.InventoryTurnoverViewSet, basename="inventory-turnover")

urlpatterns = [
    path("ingredients/outcomes", views.IngredientsOutcomesView.as_view()),
    path("ingredients/outcomes/book", views.BookDayView.as_view()),
    path("inventory/stock", views.StockView.as_view()),
    path("inventory/stock/<int:ingredient_id>/minimum", views.StockMinimumView.as_view()),
    *router.urls,
]
