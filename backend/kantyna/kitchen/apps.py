from django.apps import AppConfig


class KitchenConfig(AppConfig):
    name = "kantyna.kitchen"
    label = "kitchen"
