from django.apps import AppConfig


class CatalogConfig(AppConfig):
    name = "kantyna.catalog"
    label = "catalog"
