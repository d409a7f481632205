from django.apps import AppConfig


class OrderingConfig(AppConfig):
    name = "kantyna.ordering"
    label = "ordering"

    def ready(self):
        from kantyna.audit.activity import register_page_loader  # noqa: PLC0415 (models load after ready)
        from kantyna.ordering.activity import ordering_activity_page_load  # noqa: PLC0415 (as above)

        register_page_loader(ordering_activity_page_load)
