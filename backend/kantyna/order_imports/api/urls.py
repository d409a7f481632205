from django.urls import path

from kantyna.order_imports.api import views

urlpatterns = [
    path("importedOrdersFiles", views.ImportedOrdersFilesView.as_view()),
    path("importedOrdersFiles/template", views.ImportedOrdersTemplateView.as_view()),
    path("importedOrdersFiles/<int:pk>", views.ImportedOrdersFileView.as_view()),
    path("importedOrdersFiles/<int:pk>/confirm", views.ImportedOrdersFileConfirmView.as_view()),
]
