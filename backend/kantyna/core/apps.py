from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "kantyna.core"
    label = "core"

    def ready(self):
        from django import forms
        from rest_framework import serializers

        from kantyna.core.dates import validate_day_in_range

        # One range for every day the API reads, in bodies (DRF) and in query filters (django-filter's form
        # fields): see kantyna/core/dates.py.
        serializers.DateField.default_validators = [validate_day_in_range]
        forms.DateField.default_validators = [validate_day_in_range]
