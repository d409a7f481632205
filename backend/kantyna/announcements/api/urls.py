from django.urls import path
from rest_framework.routers import SimpleRouter

from kantyna.announcements.api import views

router = SimpleRouter(trailing_slash=False)
router.register("recipients", views.RecipientsListViewSet, basename="recipients-list")

urlpatterns = [
    path("announcements", views.AnnouncementsView.as_view()),
    path("announcements/unseen", views.UnseenAnnouncementsView.as_view()),
    path("announcements/markAllAsSeen", views.MarkAllAsSeenView.as_view()),
    path("announcements/<int:pk>", views.AnnouncementView.as_view()),
    path("announcements/<int:pk>/attachments/<int:attachment_id>/download", views.AttachmentDownloadView.as_view()),
    path("announcements/<int:pk>/attachments/<int:attachment_id>/delete", views.AttachmentDeleteView.as_view()),
    *router.urls,
]
