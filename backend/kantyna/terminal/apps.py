from django.apps import AppConfig


class TerminalConfig(AppConfig):
    name = "kantyna.terminal"
    label = "terminal"
