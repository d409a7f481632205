from django.apps import AppConfig


class MenusConfig(AppConfig):
    name = "kantyna.menus"
    label = "menus"
