from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "kantyna.core"
    label = "core"
