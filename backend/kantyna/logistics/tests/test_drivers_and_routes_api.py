"""Drivers and route numbers through the HTTP API: the generic CRUD checks plus their own rules."""

from __future__ import annotations

from kantyna.core.permissions import ROLE_ADMIN
from kantyna.logistics import services
from kantyna.logistics.models import Driver, RouteNumber, RouteStop
from kantyna.tenancy.services import in_tenant
from kantyna.testing.api import Api
from kantyna.testing.assertions import assert_error
from kantyna.testing.crud import CrudApiTests
from kantyna.testing.factories import make_user
from kantyna.testing.world import make_institution_with_classroom

ADMIN_ONLY = frozenset({ROLE_ADMIN})


def admin_api(tenant, locale: str = "en") -> Api:
    return Api(tenant, make_user(tenant, ROLE_ADMIN), locale=locale)


def make_driver(first_name="Jan", last_name="Kowalski", **fields) -> Driver:
    fields.setdefault("phone_number", "600700800")
    return services.driver_create(actor=None, first_name=first_name, last_name=last_name, **fields)


class TestDriversApi(CrudApiTests):
    path = "drivers"
    model = Driver
    read_roles = ADMIN_ONLY
    list_queries = 4  # session (account, revoked token and user in one) + count + page + routes
    audit_prefix = "driver"
    changed_field = "lastName"

    def make_instance(self, tenant, index):
        return make_driver(last_name=f"Nowak {index}")

    def create_payload(self, tenant):
        return {
            "firstName": "Łukasz",
            "lastName": "Żółkiewski",
            "phoneNumber": "601 202 303",
            "vehicleRegistration": "wa 12345",
        }

    def invalid_payload(self):
        return {"firstName": "", "phoneNumber": "12345", "vehicleRegistration": "123-ABC"}, {
            "firstName": ["This field may not be blank."],
            "lastName": ["This field is required."],
            "phoneNumber": ["Enter 7 or 9 digits, optionally separated by spaces."],
            "vehicleRegistration": ["Enter a registration number such as WA 12345."],
        }

    def update_payload(self, instance):
        return {
            "firstName": instance.first_name,
            "lastName": f"{instance.last_name}-Wiśniewski",
            "phoneNumber": "6007008",
        }


class TestRouteNumbersApi(CrudApiTests):
    path = "routeNumbers"
    model = RouteNumber
    read_roles = ADMIN_ONLY
    list_queries = 4  # the stops: one prefetch
    audit_prefix = "route_number"
    changed_field = "description"

    def make_instance(self, tenant, index):
        driver = make_driver(last_name=f"Kierowca {index}")
        return services.route_number_create(
            actor=None, number=f"R{index}-{RouteNumber.objects.count()}", description="Mokotów", driver=driver
        )

    def create_payload(self, tenant):
        with in_tenant(tenant):
            driver = make_driver()
        return {"number": f"Trasa {driver.pk}", "description": "Ursynów, Wilanów", "driverId": driver.pk}

    def invalid_payload(self):
        return {"number": "", "driverId": 999999}, {
            "number": ["This field may not be blank."],
            "driverId": ['Invalid pk "999999" - object does not exist.'],
        }

    def update_payload(self, instance):
        return {"number": instance.number, "description": "Bemowo i Bielany", "driverId": None}


def test_given_spaced_phone_and_registration_when_creating_a_driver_then_they_are_stored_normalised(tenant_a):
    response = admin_api(tenant_a).post(
        "drivers",
        {"firstName": "Anna", "lastName": "Zając", "phoneNumber": "601 202 303", "vehicleRegistration": " wa  12345 "},
    )

    assert response.status_code == 201, response.content
    assert response.json() == {
        "id": response.json()["id"],
        "firstName": "Anna",
        "lastName": "Zając",
        "phoneNumber": "601202303",
        "vehicleRegistration": "WA 12345",
        "isActive": True,
        "routeNumbers": [],
    }


def test_given_a_driver_on_routes_when_deleting_then_409_names_the_routes_and_nothing_changes(tenant_a):
    with in_tenant(tenant_a):
        driver = make_driver()
        services.route_number_create(actor=None, number="R2", driver=driver)
        services.route_number_create(actor=None, number="R1", driver=driver)

    listed = admin_api(tenant_a).get(f"drivers/{driver.pk}").json()["routeNumbers"]
    english = admin_api(tenant_a).delete(f"drivers/{driver.pk}")
    polish = admin_api(tenant_a, locale="pl").delete(f"drivers/{driver.pk}")

    assert_error(
        english,
        409,
        "This record is in use and cannot be deleted.",
        {"routeNumbers": ["The driver drives the routes R1, R2. Assign them another driver or deactivate this one."]},
    )
    assert_error(
        polish,
        409,
        "This record is in use and cannot be deleted.",
        {
            "routeNumbers": [
                "Kierowca jeździ na trasach R1, R2. Przypisz im innego kierowcę albo oznacz tego jako nieaktywnego."
            ]
        },
    )
    assert listed == ["R1", "R2"]
    with in_tenant(tenant_a):
        assert Driver.objects.filter(pk=driver.pk).exists()
        assert sorted(RouteNumber.objects.filter(driver=driver).values_list("number", flat=True)) == ["R1", "R2"]


def test_given_a_driver_freed_from_routes_when_deleting_then_it_goes(tenant_a):
    with in_tenant(tenant_a):
        driver = make_driver()
        route = services.route_number_create(actor=None, number="R1", driver=driver)
    api = admin_api(tenant_a)

    api.put(f"routeNumbers/{route.pk}", {"number": "R1", "driverId": None})
    response = api.delete(f"drivers/{driver.pk}")

    assert (response.status_code, response.json()) == (200, {"status": True})


def test_given_drivers_when_searching_sorting_filtering_and_listing_options_then_they_follow(tenant_a):
    with in_tenant(tenant_a):
        nowak = make_driver("Piotr", "Nowak", vehicle_registration="WX 1234")
        make_driver("Ewa", "Adamska", is_active=False)
        zieliński = make_driver("Adam", "Zieliński", phone_number="501501501")
    api = admin_api(tenant_a)

    def names(params):
        return [item["lastName"] for item in api.get("drivers", params).json()["items"]]

    assert names({}) == ["Adamska", "Nowak", "Zieliński"]
    assert names({"sort": "-lastName"}) == ["Zieliński", "Nowak", "Adamska"]
    assert names({"sort": "firstName"}) == ["Zieliński", "Adamska", "Nowak"]
    assert names({"search": "wx 12"}) == ["Nowak"]
    assert names({"search": "501"}) == ["Zieliński"]
    assert names({"isActive": "false"}) == ["Adamska"]
    assert api.get("drivers/options", {"isActive": "true"}).json()["items"] == [
        {"value": nowak.pk, "text": "Nowak Piotr", "isActive": True},
        {"value": zieliński.pk, "text": "Zieliński Adam", "isActive": True},
    ]


def test_given_a_duplicate_route_number_when_creating_then_400_names_the_field(tenant_a):
    with in_tenant(tenant_a):
        services.route_number_create(actor=None, number="R1")

    response = admin_api(tenant_a).post("routeNumbers", {"number": "R1"})

    assert_error(response, 400, "The given data was invalid.", {"number": ["A route with this number already exists."]})


def test_given_routes_when_filtering_by_driver_sorting_and_listing_options_then_they_follow(tenant_a):
    with in_tenant(tenant_a):
        adamska, nowak = make_driver("Ewa", "Adamska"), make_driver("Piotr", "Nowak")
        r1 = services.route_number_create(actor=None, number="R1", description="Mokotów", driver=nowak)
        r2 = services.route_number_create(actor=None, number="R2", driver=adamska)
        r3 = services.route_number_create(actor=None, number="R3", driver=nowak)
    api = admin_api(tenant_a)

    def numbers(params):
        return [item["number"] for item in api.get("routeNumbers", params).json()["items"]]

    assert numbers({"driverId": nowak.pk}) == ["R1", "R3"]
    assert numbers({"sort": "driverName,-number"}) == ["R2", "R3", "R1"]
    assert numbers({"search": "nowak"}) == ["R1", "R3"]
    assert api.get(f"routeNumbers/{r1.pk}").json() == {
        "id": r1.pk,
        "number": "R1",
        "description": "Mokotów",
        "driverId": nowak.pk,
        "driverName": "Piotr Nowak",
        "stops": [],
    }
    assert api.get("routeNumbers/options").json()["items"] == [
        {"value": r1.pk, "text": "R1", "description": "Mokotów"},
        {"value": r2.pk, "text": "R2", "description": ""},
        {"value": r3.pk, "text": "R3", "description": ""},
    ]


def test_only_admins_read_the_option_lists(tenant_a):
    for role in ("ROLE_INSTITUTIONS_ADMIN", "ROLE_COOK", "ROLE_PARENT"):
        api = Api(tenant_a, make_user(tenant_a, role, permissions=["menu_edit"]))
        assert_error(api.get("drivers/options"), 403, "Forbidden.")
        assert_error(api.get("routeNumbers/options"), 403, "Forbidden.")


def test_given_an_inactive_driver_when_choosing_them_for_a_route_then_400_unless_already_its_driver(tenant_a):
    with in_tenant(tenant_a):
        driver = make_driver()
        route = services.route_number_create(actor=None, number="R1", driver=driver)
        services.driver_update(actor=None, instance=driver, is_active=False)
    api = admin_api(tenant_a)

    new_route = api.post("routeNumbers", {"number": "R2", "driverId": driver.pk})
    kept = api.put(
        f"routeNumbers/{route.pk}", {"number": "R1", "description": "Bez zmian kierowcy", "driverId": driver.pk}
    )

    assert_error(new_route, 400, "The given data was invalid.", {"driverId": ["This driver is inactive."]})
    assert (kept.status_code, kept.json()["driverId"]) == (200, driver.pk)
    with in_tenant(tenant_a):
        assert list(RouteNumber.objects.values_list("number", flat=True)) == ["R1"]


def test_given_institutions_in_order_when_saving_a_route_then_its_stops_follow_that_order_and_a_repeat_is_refused(
    tenant_a,
):
    api = Api(tenant_a, make_user(tenant_a, "ROLE_ADMIN"))
    with in_tenant(tenant_a):
        first, _ = make_institution_with_classroom(701)
        second, _ = make_institution_with_classroom(702)

    created = api.post("routeNumbers", {"number": "R7", "institutionIds": [second.pk, first.pk]})
    assert created.status_code == 201, created.content
    assert [(s["institutionId"], s["position"]) for s in created.json()["stops"]] == [(second.pk, 0), (first.pk, 1)]

    route_id = created.json()["id"]
    updated = api.put(f"routeNumbers/{route_id}", {"number": "R7", "institutionIds": [first.pk, second.pk]})
    assert [s["institutionName"] for s in updated.json()["stops"]] == [first.name, second.name]
    kept = api.put(f"routeNumbers/{route_id}", {"number": "R7", "description": "bez zmian"})
    assert [s["institutionId"] for s in kept.json()["stops"]] == [first.pk, second.pk]

    twice = api.put(f"routeNumbers/{route_id}", {"number": "R7", "institutionIds": [first.pk, first.pk]})
    assert twice.status_code == 400
    assert twice.json()["errors"] == {"institutionIds.1": ["This institution is already on the route."]}
    with in_tenant(tenant_a):
        assert list(RouteStop.objects.order_by("position").values_list("institution_id", flat=True)) == [
            first.pk,
            second.pk,
        ]
