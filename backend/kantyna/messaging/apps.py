from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "kantyna.messaging"
    label = "messaging"
