from django.apps import AppConfig


class StatementsConfig(AppConfig):
    name = "kantyna.statements"
    label = "statements"
