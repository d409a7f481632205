"""A diet that forbids allergen changes clears an institution worker's allergies and note, never silently (issue 30),
by the children's rule (people/services/allergies.py): the workers API refuses a write that would drop recorded or
requested allergies unless it says `confirmClearAllergies`, and every change of them is audited in words."""

from __future__ import annotations

import itertools

from kantyna.audit.models import AuditEntry
from kantyna.catalog import services as catalog
from kantyna.people.models import WorkerProfile
from kantyna.tenancy.services import in_tenant
from kantyna.testing.assertions import assert_error
from kantyna.testing.factories import unique_email

from .helpers import admin_api, make_diet, make_institution, make_worker

_numbers = itertools.count(1)
REFUSED = "The diet does not allow allergen changes: confirm removing the allergies."


def _world(tenant):
    """A worker eating a diet that allows allergens, with gluten (EU 1) and an unnumbered allergen recorded and a
    note; a strict diet forbidding allergen changes."""
    with in_tenant(tenant):
        institution = make_institution()
        gluten = catalog.allergen_create(actor=None, name=f"Gluten {next(_numbers)}", number=1)
        nuts = catalog.allergen_create(actor=None, name=f"Orzechy {next(_numbers)}")
        strict = make_diet(allow_changing_allergens=False)
        worker = make_worker(institution=institution, allergies=[nuts, gluten], allergies_note="bez mleka")
    return worker, strict, gluten, nuts


def _body(worker: WorkerProfile, **fields) -> dict:
    """The form's body for `worker` as stored, with `fields` changed."""
    return {
        "firstName": worker.user.first_name,
        "lastName": worker.user.last_name,
        "phoneNumber": worker.user.phone_number,
        "institutionId": worker.institution_id,
        "dietId": worker.diet_id,
        "allergies": [allergen.pk for allergen in worker.allergies.all()],
        "allergiesNote": worker.allergies_note,
        **fields,
    }


def _stored(tenant, worker) -> tuple[list[int], str, int]:
    with in_tenant(tenant):
        worker = WorkerProfile.objects.get(pk=worker.pk)
        return sorted(worker.allergies.values_list("pk", flat=True)), worker.allergies_note, worker.diet_id


def _entries(tenant, worker) -> list[dict]:
    with in_tenant(tenant):
        return list(
            AuditEntry.objects.filter(action="worker_profile.allergies_change", target_id=str(worker.pk))
            .order_by("id")
            .values_list("data", flat=True)
        )


def test_given_a_worker_with_allergies_when_moving_to_a_forbidding_diet_unconfirmed_then_refused_naming_them_and_nothing_changes(
    tenant_a,
):
    worker, strict, gluten, nuts = _world(tenant_a)
    with in_tenant(tenant_a):
        body = _body(worker, dietId=strict.pk)
        before = _stored(tenant_a, worker)
        entries = _entries(tenant_a, worker)

    response = admin_api(tenant_a).put(f"institutionsWorkers/{worker.pk}", body)

    assert_error(
        response,
        409,
        REFUSED,
        {
            "allergies": [
                f"Diet {strict.name} does not allow allergen changes: confirm removing the allergies "
                f"{gluten.name}, {nuts.name}."
            ],
            "allergiesNote": [
                f"Diet {strict.name} does not allow allergen changes: confirm removing the allergy note."
            ],
        },
    )
    assert _stored(tenant_a, worker) == before
    assert _entries(tenant_a, worker) == entries


def test_given_the_confirmation_when_moving_to_a_forbidding_diet_then_allergies_and_note_cleared_and_audited_in_words(
    tenant_a,
):
    worker, strict, gluten, nuts = _world(tenant_a)
    with in_tenant(tenant_a):
        body = _body(worker, dietId=strict.pk, confirmClearAllergies=True)

    response = admin_api(tenant_a).put(f"institutionsWorkers/{worker.pk}", body)

    assert response.status_code == 200, response.content
    assert (response.json()["allergies"], response.json()["allergiesNote"]) == ([], "")
    assert _stored(tenant_a, worker) == ([], "", strict.pk)
    assert _entries(tenant_a, worker)[-1] == {
        "added": [],
        "removed": [gluten.name, nuts.name],
        "note_before": "bez mleka",
        "note_after": "",
        "cleared_for_diet": strict.name,
        "confirmed": True,
    }
    activity = admin_api(tenant_a).get("users/activity", {"action": "worker_profile.allergies_change"}).json()
    mine = [row for row in activity["items"] if row["targetId"] == str(worker.pk)]
    assert [(row["params"], row["changes"]) for row in mine] == [
        (
            {"added": [], "removed": [gluten.name, nuts.name], "diet": strict.name, "variant": "diet"},
            [{"field": "allergiesNote", "before": "bez mleka", "after": None}],
        ),
        (
            {"added": [gluten.name, nuts.name], "removed": [], "variant": "added"},
            [{"field": "allergiesNote", "before": None, "after": "bez mleka"}],
        ),
    ]


def test_given_a_worker_without_allergies_when_moving_to_a_forbidding_diet_then_saved_without_confirmation_nor_entry(
    tenant_a,
):
    with in_tenant(tenant_a):
        worker = make_worker()
        strict = make_diet(allow_changing_allergens=False)
        body = _body(worker, dietId=strict.pk)

    response = admin_api(tenant_a).put(f"institutionsWorkers/{worker.pk}", body)

    assert response.status_code == 200, response.content
    assert _stored(tenant_a, worker) == ([], "", strict.pk)
    assert _entries(tenant_a, worker) == []


def test_given_allergies_requested_with_a_forbidding_diet_when_creating_then_refused_unconfirmed_and_cleared_confirmed(
    tenant_a,
):
    with in_tenant(tenant_a):
        institution = make_institution()
        strict = make_diet(allow_changing_allergens=False)
        milk = catalog.allergen_create(actor=None, name=f"Mleko {next(_numbers)}", number=7)
        workers = WorkerProfile.objects.count()
    api = admin_api(tenant_a)
    body = {
        "emailAddress": unique_email(),
        "firstName": "A",
        "lastName": "B",
        "phoneNumber": "600700800",
        "institutionId": institution.pk,
        "dietId": strict.pk,
        "allergies": [milk.pk],
    }

    refused = api.post("institutionsWorkers", body)

    assert_error(
        refused,
        409,
        REFUSED,
        {
            "allergies": [
                f"Diet {strict.name} does not allow allergen changes: confirm removing the allergies {milk.name}."
            ]
        },
    )
    with in_tenant(tenant_a):
        assert WorkerProfile.objects.count() == workers

    created = api.post("institutionsWorkers", {**body, "confirmClearAllergies": True})

    assert created.status_code == 201, created.content
    assert created.json()["allergies"] == []
    worker = WorkerProfile(pk=created.json()["id"])
    assert _entries(tenant_a, worker) == [
        {
            "added": [],
            "removed": [milk.name],
            "note_before": "",
            "note_after": "",
            "cleared_for_diet": strict.name,
            "confirmed": True,
        }
    ]


def test_given_an_allowing_diet_when_changing_allergies_then_the_change_is_audited_and_a_write_without_them_keeps_them(
    tenant_a,
):
    worker, _strict, gluten, nuts = _world(tenant_a)
    with in_tenant(tenant_a):
        body = _body(worker, allergies=[gluten.pk], allergiesNote="bez mleka")
    api = admin_api(tenant_a)

    assert api.put(f"institutionsWorkers/{worker.pk}", body).status_code == 200
    assert _entries(tenant_a, worker)[-1] == {
        "added": [],
        "removed": [nuts.name],
        "note_before": "bez mleka",
        "note_after": "bez mleka",
    }
    # A write leaving the allergies out (a phone change) leaves them and records nothing about them.
    entries = _entries(tenant_a, worker)
    names = {key: body[key] for key in ("firstName", "lastName", "institutionId", "dietId")}
    assert api.put(f"institutionsWorkers/{worker.pk}", {**names, "phoneNumber": "600700801"}).status_code == 200
    assert _stored(tenant_a, worker)[:2] == ([gluten.pk], "bez mleka")
    assert _entries(tenant_a, worker) == entries


def test_given_a_worker_created_with_allergies_then_they_are_audited_as_added(tenant_a):
    worker, _strict, gluten, nuts = _world(tenant_a)

    assert _entries(tenant_a, worker) == [
        {"added": [gluten.name, nuts.name], "removed": [], "note_before": "", "note_after": "bez mleka"}
    ]
