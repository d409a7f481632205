from django.apps import AppConfig


class MessagingConfig(AppConfig):
    name = "kantyna.messaging"
    label = "messaging"

    def ready(self):
        from kantyna.messaging import events  # noqa: PLC0415 (models load after ready)

        events.connect()
