from django.apps import AppConfig


class InventoryConfig(AppConfig):
    name = "kantyna.inventory"
    label = "inventory"
