"""Catalogue CRUD endpoints: each one a CrudViewSet over the entity's services (docs/adding-an-entity.md)."""

from __future__ import annotations

from kantyna.catalog import services
from kantyna.catalog.api import serializers
from kantyna.catalog.models import Allergen, AllergenGroup
from kantyna.core.viewsets import CrudViewSet

CATALOG_ABILITIES = {
    "list": "tenant.access",
    "retrieve": "tenant.access",
    "create": "catalog.manage",
    "update": "catalog.manage",
    "destroy": "catalog.manage",
}


class AllergenViewSet(CrudViewSet):
    """`allergens`: every user reads them (the child form lists them); only admins change them."""

    queryset = Allergen.objects.select_related("group")
    serializer_class = serializers.AllergenSerializer
    abilities = CATALOG_ABILITIES
    search_fields = ["name"]
    ordering_fields = ["number", "name"]
    filterset_fields = ["group"]
    create_service = staticmethod(services.allergen_create)
    update_service = staticmethod(services.allergen_update)
    delete_service = staticmethod(services.allergen_delete)


class AllergenGroupViewSet(CrudViewSet):
    """`allergens/groups`."""

    queryset = AllergenGroup.objects.all()
    serializer_class = serializers.AllergenGroupSerializer
    abilities = CATALOG_ABILITIES
    search_fields = ["name"]
    ordering_fields = ["name"]
    create_service = staticmethod(services.allergen_group_create)
    update_service = staticmethod(services.allergen_group_update)
    delete_service = staticmethod(services.allergen_group_delete)
