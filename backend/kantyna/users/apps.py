from django.apps import AppConfig


class UsersConfig(AppConfig):
    name = "kantyna.users"
    label = "users"
