from django.apps import AppConfig


class MealsConfig(AppConfig):
    name = "kantyna.meals"
    label = "meals"
