"""`auth/register/*` (spec api-calls rows 5-7, plus groupedItems the child form needs before sign-in)."""

from django.urls import path

from kantyna.registration.api import views

urlpatterns = [
    path("auth/register/childOptions", views.ChildOptionsView.as_view()),
    path("auth/register/institutionWorkerOptions", views.InstitutionWorkerOptionsView.as_view()),
    path("auth/register/groupedItems", views.GroupedItemsView.as_view()),
    path("auth/register/<str:userType>", views.RegisterView.as_view()),
]
