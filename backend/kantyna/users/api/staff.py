"""Staff accounts: one viewset parameterised by role, registered at the spec's paths (`administrators`,
`cooks`, `institutionsAdmins`) and at two the spec lacks for the roles it names (`ticketAdmins`,
`reportManagers`). Admin only. An admin cannot deactivate, archive or delete themselves or the last active
admin (lifecycle.admin_removal_check)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.routers import SimpleRouter

from kantyna.core.permissions import (
    ROLE_ADMIN,
    ROLE_COOK,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_TICKET_ADMIN,
)
from kantyna.core.viewsets import CrudViewSet
from kantyna.users.api import serializers as s
from kantyna.users.api.people_common import (
    PERSON_ORDERING,
    PERSON_ORDERING_ALIASES,
    PERSON_SEARCH_FIELDS,
    PersonCommandsMixin,
    PersonFilter,
)
from kantyna.users.models import User
from kantyna.users.services import staff as services

STAFF_ABILITIES = {
    "list": "staff.manage",
    "retrieve": "staff.manage",
    "create": "staff.manage",
    "update": "staff.manage",
    "destroy": "staff.manage",
    "commands": "staff.manage",
}


@extend_schema(parameters=[OpenApiParameter("status", str, enum=["active", "inactive", "archived"])])
class StaffViewSet(PersonCommandsMixin, CrudViewSet):
    """The accounts holding `role`. Subclasses set `role` (and the serializer for institutions admins)."""

    role: str = ROLE_ADMIN
    queryset = User.objects.all()  # for the schema; get_queryset narrows it to the role
    serializer_class = s.StaffSerializer
    abilities = STAFF_ABILITIES
    filterset_class = PersonFilter
    search_fields = PERSON_SEARCH_FIELDS
    ordering_fields = PERSON_ORDERING
    ordering_aliases = PERSON_ORDERING_ALIASES
    update_service = staticmethod(services.staff_update)
    delete_service = staticmethod(services.staff_delete)

    def get_queryset(self):
        queryset = User.objects.filter(roles__contains=[self.role]).select_related("account")
        if self.role == ROLE_INSTITUTIONS_ADMIN:
            queryset = queryset.prefetch_related("institutions")
        return self.scope_queryset(queryset)

    def perform_create(self, serializer):
        serializer.instance = services.staff_create(
            actor=self.request.user, role=self.role, **serializer.validated_data
        )


class AdministratorViewSet(StaffViewSet):
    role = ROLE_ADMIN


class CookViewSet(StaffViewSet):
    role = ROLE_COOK


class InstitutionsAdminViewSet(StaffViewSet):
    role = ROLE_INSTITUTIONS_ADMIN
    serializer_class = s.InstitutionsAdminSerializer


class TicketAdminViewSet(StaffViewSet):
    role = ROLE_TICKET_ADMIN


class ReportManagerViewSet(StaffViewSet):
    role = ROLE_MANAGE_REPORTS


router = SimpleRouter(trailing_slash=False)
router.register("administrators", AdministratorViewSet, basename="administrator")
router.register("cooks", CookViewSet, basename="cook")
router.register("institutionsAdmins", InstitutionsAdminViewSet, basename="institutions-admin")
router.register("ticketAdmins", TicketAdminViewSet, basename="ticket-admin")
router.register("reportManagers", ReportManagerViewSet, basename="report-manager")

urlpatterns = [*router.urls]
