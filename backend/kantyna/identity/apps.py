from django.apps import AppConfig


class IdentityConfig(AppConfig):
    name = "kantyna.identity"
    label = "identity"
