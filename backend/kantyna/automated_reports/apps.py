from django.apps import AppConfig


class AutomatedReportsConfig(AppConfig):
    name = "kantyna.automated_reports"
    label = "automated_reports"

    def ready(self):
        from kantyna.announcements.usage import register_recipients_list_user  # noqa: PLC0415 (models load after ready)
        from kantyna.automated_reports.services import recipients_list_refusal  # noqa: PLC0415 (as above)

        # A recipients list an automated report is sent to is not deleted, without announcements importing this app.
        register_recipients_list_user(recipients_list_refusal)
