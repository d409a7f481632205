from django.apps import AppConfig

from kantyna.people.signals import subject_institution_leaving
from kantyna.tenancy.signals import tenant_created


class OrderingConfig(AppConfig):
    name = "kantyna.ordering"
    label = "ordering"

    def ready(self):
        from kantyna.audit.activity import register_page_loader  # noqa: PLC0415 (models load after ready)
        from kantyna.ordering.activity import ordering_activity_page_load  # noqa: PLC0415 (as above)
        from kantyna.ordering.history import child_order_history, user_order_history  # noqa: PLC0415 (as above)
        from kantyna.ordering.services.free_days import tenant_created_offer_public_holidays  # noqa: PLC0415 (as above)
        from kantyna.ordering.services.moves import subject_institution_leaving_cancel  # noqa: PLC0415 (as above)
        from kantyna.people.selectors.history import register_child_history  # noqa: PLC0415 (as above)
        from kantyna.users.history import register_user_history  # noqa: PLC0415 (as above)

        register_page_loader(ordering_activity_page_load)
        register_child_history(child_order_history)
        register_user_history(user_order_history)
        subject_institution_leaving.connect(subject_institution_leaving_cancel, dispatch_uid="ordering.moves")
        tenant_created.connect(tenant_created_offer_public_holidays, dispatch_uid="ordering.public_holidays")
