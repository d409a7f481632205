"""Institutions, classrooms and districts: CrudViewSets over the services, plus their commands.

Who reads what (spec section 6): every signed-in role reads institutions, classrooms and districts (the child
form, registration, menus and the terminal name them), narrowed by the row reach (`people.reach.Reach`): an institutions
admin sees only their institutions, customers only active ones. Only admins write.
"""

from __future__ import annotations

from django.db.models import Count
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.response import Response

from kantyna.core.pagination import MAX_PER_PAGE
from kantyna.core.params import ids_of
from kantyna.core.serializers import StatusSerializer
from kantyna.core.viewsets import CrudViewSet, OptionsMixin, status_response
from kantyna.institutions import selectors, services
from kantyna.institutions.api import serializers
from kantyna.institutions.api.filters import ClassroomFilter, InstitutionFilter
from kantyna.institutions.models import Classroom, District, Institution
from kantyna.people.reach import Reach

READ = "tenant.access"
WRITE = "catalog.manage"
CRUD_ABILITIES = {"list": READ, "retrieve": READ, "create": WRITE, "update": WRITE, "destroy": WRITE}
TRUTHY = {"1", "true", "yes", "on"}


# Deletes answer 200 `{"status": true}`, not DRF's 204: say so in the schema.
def _paginated_options(view, queryset, serializer_class):
    """An option list answered like the list: every row by default (perPage 9999)."""
    paginator = view.paginator
    paginator.default_per_page = MAX_PER_PAGE
    page = paginator.paginate_queryset(queryset, view.request, view=view)
    return paginator.get_paginated_response(serializer_class(page, many=True).data)


class DistrictViewSet(OptionsMixin, CrudViewSet):
    """`districts`: every user reads them (registration and the child form filter institutions by district)."""

    # Explicit order: Meta.ordering is ignored by queries that aggregate (the counts).
    queryset = District.objects.annotate(institutions_count=Count("institutions")).order_by("name", "id")
    serializer_class = serializers.DistrictSerializer
    option_serializer_class = serializers.DistrictOptionSerializer
    abilities = CRUD_ABILITIES
    search_fields = ["name"]
    ordering_fields = ["name", "institutions_count"]
    create_service = staticmethod(services.district_create)
    update_service = staticmethod(services.district_update)
    delete_service = staticmethod(services.district_delete)


class InstitutionViewSet(OptionsMixin, CrudViewSet):
    """`institutions`, with activate / deactivate, the option list (`showAll`), the per-institution texts
    customers need (`termsUrl`, `orderingNote`, `regularPaymentsBankAccountNumber`), the institutions still
    lacking a classroom name, and the classrooms reset."""

    queryset = (
        Institution.objects.select_related("district")
        .annotate(classrooms_count=Count("classrooms"))
        .order_by("name", "id")
    )
    serializer_class = serializers.InstitutionSerializer
    option_serializer_class = serializers.InstitutionOptionSerializer
    abilities = {
        **CRUD_ABILITIES,
        "activate": WRITE,
        "deactivate": WRITE,
        "classrooms_reset": WRITE,
        "terms_url": READ,
        "ordering_note": READ,
        "regular_payments_bank_account_number": READ,
        "without_classroom_name": READ,
    }
    filterset_class = InstitutionFilter
    search_fields = ["name", "short_name", "slug", "city"]
    ordering_fields = ["name", "short_name", "kind", "city", "is_active", "classrooms_count"]
    create_service = staticmethod(services.institution_create)
    update_service = staticmethod(services.institution_update)
    delete_service = staticmethod(services.institution_delete)

    reach_class = Reach
    reach_rows = "institutions"

    @extend_schema(
        parameters=[
            OpenApiParameter("perPage", int, required=False),
            OpenApiParameter("showAll", bool, required=False, description="Include deactivated institutions."),
        ],
        responses=serializers.InstitutionOptionSerializer(many=True),
    )
    @action(detail=False, methods=["get"], url_path="options", url_name="options")
    def options_list(self, request):
        queryset = self.filter_queryset(self.get_queryset())
        if request.query_params.get("showAll", "").lower() not in TRUTHY:
            queryset = queryset.filter(is_active=True)
        return _paginated_options(self, queryset, self.option_serializer_class)

    @extend_schema(
        parameters=[OpenApiParameter("perPage", int, required=False)],
        responses=serializers.InstitutionOptionSerializer(many=True),
    )
    @action(
        detail=False,
        methods=["get"],
        url_path=r"withoutClassroomName/(?P<name>[^/]+)",
        url_name="without-classroom-name",
    )
    def without_classroom_name(self, request, name: str):
        queryset = selectors.institutions_without_classroom_name(self.filter_queryset(self.get_queryset()), name)
        return _paginated_options(self, queryset, self.option_serializer_class)

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"])
    def activate(self, request, pk=None):
        services.institution_set_active(actor=request.user, instance=self.get_object(), active=True)
        return status_response()

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"])
    def deactivate(self, request, pk=None):
        services.institution_set_active(actor=request.user, instance=self.get_object(), active=False)
        return status_response()

    @extend_schema(request=None, responses=StatusSerializer)
    @action(detail=True, methods=["post"], url_path="classrooms/reset", url_name="classrooms-reset")
    def classrooms_reset(self, request, pk=None):
        services.institution_classrooms_reset(actor=request.user, institution=self.get_object())
        return status_response()

    @extend_schema(responses=serializers.InstitutionTermsUrlSerializer)
    @action(detail=True, methods=["get"], url_path="termsUrl", url_name="terms-url")
    def terms_url(self, request, pk=None):
        return Response({"terms_url": self.get_object().terms_url})

    @extend_schema(responses=serializers.InstitutionOrderingNoteSerializer)
    @action(detail=True, methods=["get"], url_path="orderingNote", url_name="ordering-note")
    def ordering_note(self, request, pk=None):
        return Response({"ordering_note": self.get_object().ordering_note})

    @extend_schema(responses=serializers.InstitutionBankAccountSerializer)
    @action(
        detail=True,
        methods=["get"],
        url_path="regularPaymentsBankAccountNumber",
        url_name="regular-payments-bank-account-number",
    )
    def regular_payments_bank_account_number(self, request, pk=None):
        return Response(
            {"regular_payments_bank_account_number": self.get_object().regular_payments_bank_account_number}
        )


class ClassroomViewSet(OptionsMixin, CrudViewSet):
    """`classrooms`: every user reads those of the institutions they see (the child form lists an institution's
    classrooms); admins write. `bulkDelete/{ids}` deletes several at once, all or nothing."""

    queryset = (
        Classroom.objects.select_related("institution", "related_price_lists_group")
        .annotate(children_count=Count("children"))
        .order_by("institution__name", "name", "id")
    )
    serializer_class = serializers.ClassroomSerializer
    option_serializer_class = serializers.ClassroomOptionSerializer
    abilities = {**CRUD_ABILITIES, "bulk_delete": WRITE}
    filterset_class = ClassroomFilter
    search_fields = ["name", "institution__name", "institution__short_name"]
    # `institution` sorts by the institution's own ordering (its name).
    ordering_fields = ["name", "institution", "children_count"]
    create_service = staticmethod(services.classroom_create)
    update_service = staticmethod(services.classroom_update)
    delete_service = staticmethod(services.classroom_delete)

    reach_class = Reach
    reach_rows = "classrooms"

    @extend_schema(
        parameters=[
            OpenApiParameter("ids", OpenApiTypes.STR, OpenApiParameter.PATH, description="Comma-separated ids.")
        ],
        request=None,
        responses={200: StatusSerializer},
    )
    @action(detail=False, methods=["delete"], url_path=r"bulkDelete/(?P<ids>[^/]+)", url_name="bulk-delete")
    def bulk_delete(self, request, ids: str):
        parsed = ids_of(ids)
        if parsed is None:
            raise ValidationError({"ids": [_("Give classroom ids separated by commas, e.g. 3,5,8.")]})
        wanted = set(parsed)
        classrooms = list(self.get_queryset().filter(pk__in=wanted))
        if len(classrooms) != len(wanted):
            # One id outside the caller's reach (or unknown) makes the whole request unknown: nothing is deleted.
            raise NotFound
        services.classrooms_bulk_delete(actor=request.user, classrooms=classrooms)
        return status_response()
