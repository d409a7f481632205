from django.urls import path

from kantyna.statements.api import views

urlpatterns = [
    path("importedPaymentsFiles", views.ImportedPaymentsFilesView.as_view()),
    path("importedPaymentsFiles/csvProfiles", views.CsvProfilesView.as_view()),
    path("importedPaymentsFiles/<int:pk>", views.ImportedPaymentsFileView.as_view()),
    path("importedPaymentsFiles/<int:pk>/items/<int:item_id>", views.ImportedPaymentView.as_view()),
    path("importedPaymentsFiles/<int:pk>/confirm", views.ImportedPaymentsFileConfirmView.as_view()),
]
