from django.apps import AppConfig


class RegistrationConfig(AppConfig):
    name = "kantyna.registration"
    label = "registration"
