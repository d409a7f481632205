from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "kantyna.core"
    label = "core"

    def ready(self):
        # Here, not at module level: settings of other libraries are patched once every app is loaded.
        from django import forms  # noqa: PLC0415
        from rest_framework import serializers  # noqa: PLC0415

        from kantyna.core.dates import validate_day_in_range  # noqa: PLC0415

        # One range for every day the API reads, in bodies (DRF) and in query filters (django-filter's form
        # fields): see kantyna/core/dates.py.
        serializers.DateField.default_validators = [validate_day_in_range]
        forms.DateField.default_validators = [validate_day_in_range]
