from django.urls import path

from kantyna.messaging.api import messages, views

urlpatterns = [
    path("notifications/unread", views.UnreadNotificationsView.as_view()),
    path("notifications/read", views.NotificationsReadView.as_view()),
    path("tickets", views.TicketsView.as_view()),
    path("tickets/categories", views.TicketCategoriesView.as_view()),
    path("tickets/<int:pk>", views.TicketView.as_view()),
    path("tickets/<int:pk>/close", views.TicketCloseView.as_view()),
    path("tickets/<int:pk>/answers", views.TicketAnswersView.as_view()),
    path("tickets/<int:pk>/attachments/<int:attachment_id>", views.TicketAttachmentView.as_view()),
    path("helpTickets", views.HelpTicketsView.as_view()),
    *messages.urlpatterns,
]
