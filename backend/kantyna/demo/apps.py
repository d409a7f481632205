from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "kantyna.demo"
    label = "demo"
