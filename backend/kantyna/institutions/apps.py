from django.apps import AppConfig


class InstitutionsConfig(AppConfig):
    name = "kantyna.institutions"
    label = "institutions"
