"""`common/settings/*`: one view class per section, built from the section table."""

from __future__ import annotations

from django.conf import settings as django_settings
from django.http import Http404
from djangorestframework_camel_case.parser import CamelCaseMultiPartParser
from djangorestframework_camel_case.util import camel_to_underscore
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from kantyna.core.uploads import IMAGE_TYPES, stored_file_response
from kantyna.core.viewsets import ApiView
from kantyna.institutions.selectors import institutions_hiding_grammages
from kantyna.tenant_settings.sections import SECTIONS, ParentsSettingsSerializer
from kantyna.tenant_settings.selectors import settings_get, settings_row
from kantyna.tenant_settings.services import settings_update


class SectionView(ApiView):
    section_key = ""

    def get(self, request):
        return Response(SECTIONS[self.section_key].serializer(settings_get(self.section_key)).data)

    def put(self, request):
        saved = settings_update(actor=request.user, key=self.section_key, data=request.data)
        return Response(SECTIONS[self.section_key].serializer(saved).data)


def section_view(key: str) -> type[SectionView]:
    section = SECTIONS[key]
    view = type(
        f"{section.serializer.__name__.removesuffix('Serializer')}View",
        (SectionView,),
        {
            "section_key": key,
            "section_path": section.path,
            "abilities": {"GET": section.read_ability, "PUT": section.write_ability},
        },
    )
    view = extend_schema(methods=["GET"], responses=section.serializer)(view)
    return extend_schema(methods=["PUT"], request=section.serializer, responses=section.serializer)(view)


SECTION_VIEWS = {key: section_view(key) for key in SECTIONS if key != "company_details"}


class CompanyDetailsView(ApiView):
    """GET the company details; POST multipart (fields plus an optional `logo` image) to save them."""

    abilities = {"GET": "tenant.access", "POST": "settings.manage"}
    parser_classes = [CamelCaseMultiPartParser]  # the SPA sends camelCase field names, as in JSON

    @extend_schema(responses=SECTIONS["company_details"].serializer)
    def get(self, request):
        return Response(SECTIONS["company_details"].serializer(settings_get("company_details")).data)

    @extend_schema(
        request={"multipart/form-data": SECTIONS["company_details"].serializer},
        responses=SECTIONS["company_details"].serializer,
    )
    def post(self, request):
        data = {key: value for key, value in request.data.items() if key != "logo"}
        saved = settings_update(actor=request.user, key="company_details", data=data, logo=request.FILES.get("logo"))
        return Response(SECTIONS["company_details"].serializer(saved).data)


def company_logo_file(request, name: str):
    """`/media/<name>`, the company details' `logoUrl`: public, since an `<img>` sends no bearer token. Only the
    name this tenant's settings hold is served (another tenant's file, a menu file or a replaced logo is 404),
    as the image type its bytes show."""
    row = settings_row()
    if not row.company_logo or row.company_logo.name != name:
        raise Http404
    return stored_file_response(row.company_logo, filename="logo", allowed=IMAGE_TYPES)


def single_value_view(
    name: str, key: str, field: str, schema_field: serializers.Field, *, public: bool, ability: str = "tenant.access"
) -> type[ApiView]:
    """A GET answering `{field: value}` from one section, e.g. `common/settings/registerAs`."""

    response = inline_serializer(f"{name.removesuffix('View')}", {field: schema_field})

    def get(self, request):
        return Response({field: settings_get(key)[field]})

    attrs = {"get": extend_schema(responses=response)(get), "ability": ability}
    if public:
        attrs.update(authentication_classes=[], permission_classes=[AllowAny])
    return type(name, (ApiView,), attrs)


RegisterAsView = single_value_view(
    "RegisterAsView",
    "general",
    "register_as",
    serializers.ChoiceField(choices=["parent", "institution_worker", "both"]),
    public=True,
)
UploadMaxFileSizeView = single_value_view(
    "UploadMaxFileSizeView", "general", "upload_max_file_size", serializers.IntegerField(), public=False
)
FiscalizationEnabledView = single_value_view(
    "FiscalizationEnabledView", "fiscal_config", "fiscalization_enabled", serializers.BooleanField(), public=False
)
AllowSelfRegistrationView = single_value_view(
    "AllowSelfRegistrationView", "parents_settings", "allow_self_registration", serializers.BooleanField(), public=True
)


class CompanyTermsUrlView(ApiView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer("CompanyTermsUrl", {"company_terms_url": serializers.CharField(allow_null=True)})
    )
    def get(self, request):
        return Response({"company_terms_url": settings_get("company_details")["terms_url"] or None})


PARENTS_FLAGS = set(ParentsSettingsSerializer().fields) - {"allow_self_registration"}


class ParentsSettingsFlagView(ApiView):
    """`common/settings/parentsSettings/{flag}` for any parents-settings flag, by its camelCase name."""

    ability = "tenant.access"

    @extend_schema(
        operation_id="common_settings_parentsSettings_flag_retrieve",
        responses=inline_serializer("ParentsSettingsFlag", {"value": serializers.JSONField()}),
    )
    def get(self, request, flag: str):
        key = camel_to_underscore(flag)
        if key not in PARENTS_FLAGS:
            raise NotFound()
        return Response({key: settings_get("parents_settings")[key]})


class TermsUrlsView(ApiView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "TermsUrls",
            {
                "terms_and_conditions_url": serializers.CharField(allow_null=True),
                "privacy_policy_url": serializers.CharField(allow_null=True),
                "catering_terms_url": serializers.CharField(allow_null=True),
            },
        )
    )
    def get(self, request):
        company = settings_get("company_details")
        return Response(
            {
                "terms_and_conditions_url": company["terms_url"] or None,
                "privacy_policy_url": company["privacy_policy_url"] or None,
                "catering_terms_url": company["catering_terms_url"] or None,
            }
        )


class CateringTermsOfUseView(ApiView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(responses=inline_serializer("CateringTermsOfUse", {"url": serializers.CharField(allow_null=True)}))
    def get(self, request):
        return Response({"url": settings_get("company_details")["catering_terms_url"] or None})


class TenantStatusView(ApiView):
    """The landing page's lookup: tenant identity, the sign-in address and, when self-registration is on,
    the registration data that shows the Register block."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        responses=inline_serializer(
            "TenantStatus",
            {
                "tenant": inline_serializer(
                    "TenantInfo",
                    {
                        "slug": serializers.CharField(),
                        "name": serializers.CharField(),
                        "demo": serializers.BooleanField(),
                        "default_locale": serializers.CharField(),
                    },
                ),
                "login_url": serializers.CharField(),
                "data": inline_serializer(
                    "TenantRegistration", {"register_as": serializers.CharField()}, allow_null=True
                ),
            },
        )
    )
    def get(self, request):
        tenant = request.tenant
        parents = settings_get("parents_settings")
        general = settings_get("general")
        return Response(
            {
                "tenant": {
                    "slug": tenant.slug,
                    "name": tenant.name,
                    "demo": tenant.is_demo,
                    "default_locale": general["default_locale"],
                },
                "login_url": getattr(django_settings, "SSO_LOGIN_URL", "/sso/login"),
                "data": {"register_as": general["register_as"]} if parents["allow_self_registration"] else None,
            }
        )


class HiddenGrammagesView(ApiView):
    """Institutions whose menus and calendars hide grammages (`hide_grammages` of the institution)."""

    ability = "tenant.access"

    @extend_schema(
        responses=inline_serializer(
            "HiddenGrammages", {"institutions_ids": serializers.ListField(child=serializers.IntegerField())}
        )
    )
    def get(self, request):
        return Response({"institutions_ids": institutions_hiding_grammages()})
