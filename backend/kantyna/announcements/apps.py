from django.apps import AppConfig


class AnnouncementsConfig(AppConfig):
    name = "kantyna.announcements"
    label = "announcements"
