from django.apps import AppConfig


class PeopleConfig(AppConfig):
    name = "kantyna.people"
    label = "people"
