from django.apps import AppConfig


class PricingConfig(AppConfig):
    name = "kantyna.pricing"
    label = "pricing"
