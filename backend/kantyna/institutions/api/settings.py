"""`institutionSettings/{id}` and `institutionSettings/groupUpdate`: the per-institution settings (whether
menus show grammages, the ordering note, the terms link) for one institution or many at once."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import get_object_or_404
from rest_framework.response import Response

from kantyna.core.serializers import KantynaSerializer, MultilineCharField, StatusSerializer
from kantyna.core.viewsets import ApiView, status_response
from kantyna.institutions import services
from kantyna.institutions.models import Institution
from kantyna.people.reach import Reach

WRITE = "catalog.manage"


class InstitutionSettingsSerializer(KantynaSerializer):
    hide_grammages = serializers.BooleanField(required=False)
    ordering_note = MultilineCharField(allow_blank=True, required=False)
    terms_url = serializers.URLField(max_length=200, allow_blank=True, required=False)


class InstitutionSettingsGroupSerializer(InstitutionSettingsSerializer):
    institutions_ids = serializers.PrimaryKeyRelatedField(queryset=Institution.objects.all(), many=True)

    def validate_institutions_ids(self, value):
        if not value:
            raise serializers.ValidationError(_("Choose at least one institution."))
        return value


class InstitutionSettingsView(ApiView):
    ability = WRITE

    @extend_schema(request=InstitutionSettingsSerializer, responses=InstitutionSettingsSerializer)
    def put(self, request, pk: int):
        institution = get_object_or_404(Reach(request.user).institutions(), pk=pk)
        data = InstitutionSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.institutions_settings_update(actor=request.user, institutions=[institution], **data.validated_data)
        institution.refresh_from_db()
        return Response(InstitutionSettingsSerializer(institution).data)


class InstitutionSettingsGroupUpdateView(ApiView):
    ability = WRITE

    @extend_schema(request=InstitutionSettingsGroupSerializer, responses=StatusSerializer)
    def put(self, request):
        data = InstitutionSettingsGroupSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        fields = dict(data.validated_data)
        institutions = fields.pop("institutions_ids")
        services.institutions_settings_update(actor=request.user, institutions=institutions, **fields)
        return status_response()
