"""Price list groups, price lists, their items, and the reads that price a subject (the editing rules are
in kantyna/pricing/services.py's docstring).

Who sees what: admins write. Price lists themselves need `prices.see` (admin, or the canSeePrices setting):
customers without it get 403, customers with it see only the list valid today for their own groups (their
children's, or the workers' default), without items hidden for them. The reads the child form and ordering
use (`groupedItems`, `availableMealTypesDiets`, `items/{id}`) are open to every user, with `price: null`
for those who may not see prices.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from kantyna.catalog.models import Diet
from kantyna.core.api.params import query_data
from kantyna.core.permissions import CUSTOMER_ROLES, POWER_ROLES, HasAbility, has_ability
from kantyna.core.serializers import money
from kantyna.core.viewsets import ApiView, CrudViewSet
from kantyna.ordering.selectors.orders import price_list_has_prepaids
from kantyna.people.selectors.price_lists import price_lists_group_ids_of_customer
from kantyna.pricing import selectors, services
from kantyna.pricing.api import serializers
from kantyna.pricing.models import PriceList, PriceListItem, PriceListsGroup

READ_ALL = "tenant.access"
MANAGE = "catalog.manage"
SEE_PRICES = "prices.see"


def is_customer(user) -> bool:
    roles = set(getattr(user, "roles", None) or [])
    return bool(roles & CUSTOMER_ROLES) and not roles & POWER_ROLES


def shows_prices(request) -> bool:
    return has_ability(request.user, SEE_PRICES)


class PriceListsGroupFilter(filters.FilterSet):
    forGroupOrders = filters.BooleanFilter(field_name="for_group_orders")
    defaultForChildren = filters.BooleanFilter(field_name="default_for_children")
    defaultForInstitutionsWorkers = filters.BooleanFilter(field_name="default_for_institutions_workers")

    class Meta:
        model = PriceListsGroup
        fields: list[str] = []


class PriceListsGroupViewSet(CrudViewSet):
    """`priceLists/groups`: every user reads them (the child form offers them); only admins change them."""

    queryset = PriceListsGroup.objects.all()
    serializer_class = serializers.PriceListsGroupSerializer
    abilities = {"list": READ_ALL, "retrieve": READ_ALL, "create": MANAGE, "update": MANAGE, "destroy": MANAGE}
    filterset_class = PriceListsGroupFilter
    search_fields = ["name"]
    ordering_fields = ["name"]
    create_service = staticmethod(services.price_lists_group_create)
    update_service = staticmethod(services.price_lists_group_update)
    delete_service = staticmethod(services.price_lists_group_delete)


class PriceListFilter(filters.FilterSet):
    groupId = filters.NumberFilter(field_name="group")
    status = filters.ChoiceFilter(choices=[(s, s) for s in selectors.STATUSES], method="filter_status")

    class Meta:
        model = PriceList
        fields: list[str] = []

    def filter_status(self, queryset, name, value):
        return selectors.filter_by_status(queryset, value)


def _items_prefetch(for_role: str | None = None, *, customer: bool = False) -> Prefetch:
    items = PriceListItem.objects.select_related(*selectors.ITEM_RELATIONS)
    if customer:
        items = selectors.visible_items(items, for_role=for_role)
    return Prefetch("items", queryset=items)


class PriceListViewSet(CrudViewSet):
    """`priceLists`: admins manage every list; others who may see prices read (see the module docstring)."""

    queryset = PriceList.objects.select_related("group")
    serializer_class = serializers.PriceListSerializer
    abilities = {
        "list": SEE_PRICES,
        "retrieve": SEE_PRICES,
        "create": MANAGE,
        "update": MANAGE,
        "destroy": MANAGE,
        "replace_with_new_one": MANAGE,
        "has_prepaids": MANAGE,
    }
    filterset_class = PriceListFilter
    search_fields = ["name", "group__name"]
    ordering_fields = ["name", "valid_from", "group__name"]
    ordering = ["group__name", "-valid_from"]
    create_service = staticmethod(services.price_list_create)
    update_service = staticmethod(services.price_list_update)
    delete_service = staticmethod(services.price_list_delete)

    def scope_queryset(self, queryset):
        user = self.request.user
        queryset = selectors.price_lists_with_period(queryset)
        if not is_customer(user):
            return queryset.prefetch_related(_items_prefetch())
        groups = price_lists_group_ids_of_customer(user)
        current = selectors.filter_by_status(queryset.filter(group__in=groups), selectors.STATUS_CURRENT)
        return current.prefetch_related(_items_prefetch(selectors.audience_of(user), customer=True))

    def list(self, request, *args, **kwargs):
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        # One look-up for the whole page, so `locked` costs no query per list.
        in_use = selectors.price_list_item_ids_in_use(item.pk for price_list in page for item in price_list.items.all())
        context = {**self.get_serializer_context(), "items_in_use": in_use}
        return self.get_paginated_response(self.get_serializer_class()(page, many=True, context=context).data)

    @extend_schema(request=serializers.PriceListReplaceSerializer, responses=serializers.PriceListReplacedSerializer)
    @action(detail=True, methods=["post"], url_path="replaceWithNewOne")
    def replace_with_new_one(self, request, pk=None):
        old = self.get_object()
        body = serializers.PriceListReplaceSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        new_list = services.price_list_replace(
            actor=request.user,
            instance=old,
            valid_from=data["valid_from"],
            name=data.get("name") or None,
            items=data.get("items"),
        )
        return Response({"status": True, "id": new_list.pk})

    @extend_schema(responses=serializers.HasPrepaidsSerializer)
    @action(detail=True, methods=["get"], url_path="hasPrepaids")
    def has_prepaids(self, request, pk=None):
        return Response({"hasPrepaids": price_list_has_prepaids(self.get_object())})


class PriceListItemViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """`priceLists/items/{id}`: the item a subject's settings name. Customers reach only their groups' items."""

    queryset = PriceListItem.objects.select_related("price_list", *selectors.ITEM_RELATIONS)
    serializer_class = serializers.PriceListItemDetailSerializer
    permission_classes = [HasAbility]
    abilities = {"retrieve": READ_ALL}
    lookup_value_regex = r"\d+"

    def get_queryset(self):
        queryset = super().get_queryset()
        if is_customer(self.request.user):
            queryset = queryset.filter(price_list__group__in=price_lists_group_ids_of_customer(self.request.user))
        return queryset

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "show_prices": shows_prices(self.request)}


def _price_list_ref(price_list):
    if price_list is None:
        return None
    return {"id": price_list.pk, "name": price_list.name, "valid_from": price_list.valid_from.isoformat()}


def _query(request, serializer_class):
    data = query_data(request, serializer_class)
    return data, data.get("date") or selectors.today()


class GroupedItemsView(ApiView):
    """`GET priceLists/groupedItems`: what the child form offers for a group, diet and day (spec §3)."""

    ability = READ_ALL

    @extend_schema(parameters=[serializers.GroupedItemsQuerySerializer], responses=serializers.GroupedItemsSerializer)
    def get(self, request):
        data, on = _query(request, serializers.GroupedItemsQuerySerializer)
        diet = data.get("diet_id") or Diet.objects.filter(is_default=True).first()
        price_list, categories = selectors.price_list_grouped_items(
            data["price_lists_group_id"],
            on,
            diet=diet,
            institution=data.get("institution_id"),
            for_role=selectors.audience_of(request.user),
        )
        show = shows_prices(request)
        for category in categories:
            for meal_type in category["meal_types"]:
                for portion in meal_type["portion_sizes"]:
                    item = portion["price_list_item"]
                    portion["price_list_item"] = {
                        "id": item.pk,
                        "price": money(item.price) if show else None,
                        "hidden": item.hidden,
                        "hidden_for": item.hidden_for,
                        "hidden_weekdays": item.hidden_weekdays,
                    }
        return Response({"price_list": _price_list_ref(price_list), "categories": categories})


class AvailableMealTypesDietsView(ApiView):
    """`GET priceLists/availableMealTypesDiets`: the (meal type, diet) pairs priced for a group on a day."""

    ability = READ_ALL

    @extend_schema(
        parameters=[serializers.PricedQuerySerializer], responses=serializers.AvailableMealTypesDietsSerializer
    )
    def get(self, request):
        data, on = _query(request, serializers.PricedQuerySerializer)
        price_list, pairs = selectors.available_meal_types_diets(
            data["price_lists_group_id"],
            on,
            institution=data.get("institution_id"),
            for_role=selectors.audience_of(request.user),
        )
        return Response(
            {
                "price_list": _price_list_ref(price_list),
                "items": [
                    {"meal_type_id": mt_id, "meal_type_name": mt_name, "diet_id": diet_id, "diet_name": diet_name}
                    for mt_id, mt_name, diet_id, diet_name in pairs
                ],
            }
        )
