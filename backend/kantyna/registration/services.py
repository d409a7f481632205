"""Self-registration (spec §2-§5): a parent with their children, or an institution worker, creates an account.

One transaction: the tenant user (reusing a global account of another tenant: one login), the children or
the worker profile, their calendar settings, the registration fee (when parents_settings.add_registration_fee:
charged once by the ledger, for parents and workers alike), the audit rows, the throttling row and the e-mail
job. Any refusal leaves nothing behind."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from kantyna.audit.services import audit_record
from kantyna.catalog.models import MealType
from kantyna.core.errors import DomainError
from kantyna.core.permissions import ROLE_INSTITUTION_WORKER, ROLE_PARENT
from kantyna.core.tasks import send_email
from kantyna.identity.models import Account
from kantyna.identity.services import password_setup_link_create
from kantyna.institutions.models import Classroom
from kantyna.ledger.services import registration_fee_charge
from kantyna.people.services.children import child_create
from kantyna.people.services.workers import worker_profile_create
from kantyna.pricing.models import PriceListItem, PriceListsGroup
from kantyna.pricing.selectors import members_price_lists_group, price_list_items_for, today
from kantyna.registration.models import RegistrationAttempt
from kantyna.registration.selectors import PARENT, meal_types_ids_by_institution
from kantyna.tenancy.services import tenant_origin
from kantyna.users.models import User, default_invoices_settings
from kantyna.users.services.accounts import user_create

# How long the password set-up link of a welcome e-mail works (a reset link lives 24 hours).
SETUP_LINK_TTL_SECONDS = 7 * 24 * 3600
REGISTRATIONS_PER_IP = 10
REGISTRATION_WINDOW_SECONDS = 3600


def registrations_per_ip() -> int:
    return int(getattr(settings, "REGISTRATIONS_PER_IP", REGISTRATIONS_PER_IP))


def registration_is_throttled(*, ip_address: str | None) -> bool:
    if not ip_address:
        return False
    since = timezone.now() - timedelta(seconds=REGISTRATION_WINDOW_SECONDS)
    recent = RegistrationAttempt.objects.filter(ip_address=ip_address, created_at__gte=since)
    return recent.count() >= registrations_per_ip()


def registrant_price_list_items(group: PriceListsGroup | None, *, diet):
    """Items a registering parent may pick for automatic selection: today's list of the group, on the diet."""
    if group is None:
        return PriceListItem.objects.none()
    return price_list_items_for(group, today(), for_role=PriceListItem.HiddenFor.PARENTS, respect_weekday=False).filter(
        diet=diet
    )


CALENDAR_KEYS = {
    # registration payload key -> people.services.subject_settings key
    "automark_presences": "automark_presences",
    "automarked_weekdays": "automarked_weekdays",
    "automark_start_date": "automark_start_date",
    "automark_end_date": "automark_end_date",
    "autoselection_interval": "autoselection_interval",
    "autoselected_meal_types": "autoselected_meal_types",
    "autoselected_price_lists_items_ids": "autoselected_price_list_items",
}


def _calendar_settings(data: dict | None) -> dict | None:
    if not data:
        return None
    return {CALENDAR_KEYS[key]: value for key, value in data.items() if key in CALENDAR_KEYS}


def with_blocked_meal_types(*, classroom: Classroom, diet, settings: dict | None) -> dict | None:
    """Spec §4: with automarking on (the default), the meal types blocked on registration that the child's
    institution serves are autoselected, each with the item of its default portion size (else the first) in the
    child's price list; the registrant cannot leave them out nor pick another portion for them."""

    settings = dict(settings or {})
    if not settings.get("automark_presences", True):
        return settings or None
    served = set(meal_types_ids_by_institution([classroom.institution])[classroom.institution_id])
    blocked = [meal_type for meal_type in MealType.objects.filter(block_on_registration=True) if meal_type.pk in served]
    if not blocked:
        return settings or None
    meal_types = list(settings.get("autoselected_meal_types") or [])
    items = list(settings.get("autoselected_price_list_items") or [])
    available = list(
        registrant_price_list_items(members_price_lists_group(classroom), diet=diet)
        .filter(meal_type__in=blocked)
        .select_related("price_list", "portion_size")
        .order_by("-portion_size__is_default", "portion_size__name", "pk")
    )
    for meal_type in blocked:
        if meal_type.pk not in {chosen.pk for chosen in meal_types}:
            meal_types.append(meal_type)
        default = next((item for item in available if item.meal_type_id == meal_type.pk), None)
        if default is not None:
            items = [item for item in items if item.meal_type_id != meal_type.pk] + [default]
    return {**settings, "autoselected_meal_types": meal_types, "autoselected_price_list_items": items}


def _create_children(*, user: User, children: list[dict]) -> None:
    """Through the children service as the system (`actor=None`): the registrant's rights were checked by
    the registration rules; the price lists group defaults there (spec §4), settings default there too."""

    for index, data in enumerate(children):
        try:
            child_create(
                actor=None,
                parent=user,
                first_name=data["first_name"].strip(),
                last_name=data["last_name"].strip(),
                classroom=data["classroom"],
                institution=data["classroom"].institution,
                diet=data["diet"],
                card_number=data.get("card_number"),
                allergies=list(data.get("allergies") or []),
                allergies_note=data.get("allergies_note") or "",
                general_note=data.get("general_note") or "",
                calendar_subject_settings=with_blocked_meal_types(
                    classroom=data["classroom"],
                    diet=data["diet"],
                    settings=_calendar_settings(data.get("calendar_subject_settings")),
                ),
                subject_notifications_settings=dict(data.get("subject_notifications_settings") or {}) or None,
            )
        except DomainError as error:  # a refusal about one child, keyed under it: `children.1.cardNumber`
            raise error.under(f"children.{index}.") from None


def _create_worker_profile(*, user: User, data: dict) -> None:
    group = data.get("institution_workers_group")
    fields = {}
    if group is not None and group.price_lists_group_id:
        fields["price_lists_group"] = group.price_lists_group
    worker_profile_create(
        actor=None,
        user=user,
        institution=data["institution"],
        diet=data["diet"],
        card_number=data.get("card_number"),
        allergies=list(data.get("allergies") or []),
        group=group,
        allergies_note=data.get("allergies_note") or "",
        general_note=data.get("general_note") or "",
        **fields,
    )


def _welcome_email(*, account: Account, user: User, tenant_slug: str, locale: str, new_account: bool) -> None:
    """The e-mail of spec §2 "a password setup link was sent". An account known from another tenant keeps its
    password: it is told to sign in with it (and may reset it) unless it never set one."""
    origin = tenant_origin(tenant_slug)
    needs_setup = new_account or not account.has_usable_password()
    context = {
        "first_name": user.first_name,
        "email": account.email,
        "login_link": f"{origin}/sso/login",
        "forgot_link": f"{origin}/sso/forgot",
        "days": SETUP_LINK_TTL_SECONDS // (24 * 3600),
        "link": password_setup_link_create(account=account, tenant_slug=tenant_slug, ttl_seconds=SETUP_LINK_TTL_SECONDS)
        if needs_setup
        else None,
    }
    with translation.override(locale):
        subject = render_to_string("registration/email/welcome_subject.txt", context).strip()
        text = render_to_string("registration/email/welcome.txt", context)
    send_email.defer(to=[account.email], subject=subject, text=text)


def _existing_account_notice(*, user: User, tenant_slug: str) -> None:
    """The e-mail to an account registered again: someone (perhaps its owner) tried, here is how to sign in or
    reset the password. In the owner's language. One an hour per e-mail at most (a registration attempt of the
    e-mail in the window, this one's or a real registration's, means it was told), so the form cannot be used
    to flood a mailbox."""
    account = user.account
    since = timezone.now() - timedelta(seconds=REGISTRATION_WINDOW_SECONDS)
    if RegistrationAttempt.objects.filter(email=account.email, created_at__gte=since).exists():
        return
    origin = tenant_origin(tenant_slug)
    context = {
        "first_name": user.first_name,
        "email": account.email,
        "login_link": f"{origin}/sso/login",
        "forgot_link": f"{origin}/sso/forgot",
    }
    with translation.override(account.locale if account.locale in ("pl", "en") else "pl"):
        subject = render_to_string("registration/email/already_registered_subject.txt", context).strip()
        text = render_to_string("registration/email/already_registered.txt", context)
    send_email.defer(to=[account.email], subject=subject, text=text)


@transaction.atomic
def registration_register(*, user_type: str, data: dict, tenant_slug: str, locale: str, ip_address: str | None) -> str:
    """Create the registrant from validated `data` (api.serializers.RegisterSerializer); the e-mail registered.

    An e-mail that already has a user here is answered exactly as a new one (same status, same body: OWASP's
    advice against account enumeration) and the rest is said by e-mail to that account: nothing is created,
    the owner is told that someone tried and how to sign in or reset the password. The attempt still counts
    for the per-address throttle, as a registration does."""

    if registration_is_throttled(ip_address=ip_address):
        raise DomainError("registration.throttled")
    email = Account.objects.normalize(data["email_address"])
    account = Account.objects.filter(email=email).first()
    existing = User.objects.select_related("account").filter(account=account).first() if account else None
    if existing is not None:
        _existing_account_notice(user=existing, tenant_slug=tenant_slug)
        audit_record(actor=None, action="registration.existing_email", target=existing, data={"user_type": user_type})
        RegistrationAttempt.objects.create(ip_address=ip_address, email=email)
        return email
    locale = locale if locale in ("pl", "en") else "pl"
    invoices = data.get("invoices_settings") or default_invoices_settings()
    user = user_create(
        actor=None,
        email=email,
        first_name=data["first_name"].strip(),
        last_name=data["last_name"].strip(),
        roles=[ROLE_PARENT if user_type == PARENT else ROLE_INSTITUTION_WORKER],
        locale=locale,
        phone_number=data.get("phone_number") or "",
        phone_number2=data.get("phone_number2") or "",
        bank_account_number=data.get("bank_account_number") or "",
        invoices_settings=invoices,
        accepted_marketing=bool(data.get("accepted_marketing")),
        registered_at=timezone.now(),
    )
    if user_type == PARENT:
        _create_children(user=user, children=data.get("children") or [])
    else:
        _create_worker_profile(user=user, data=data)
    registration_fee_charge(user=user)
    audit_record(
        actor=user,
        action="registration.register",
        target=user,
        data={"user_type": user_type, "children": len(data.get("children") or []), "existing_account": bool(account)},
    )
    RegistrationAttempt.objects.create(ip_address=ip_address, email=email)
    _welcome_email(
        account=user.account,
        user=user,
        tenant_slug=tenant_slug,
        locale=locale,
        new_account=account is None,
    )
    return email
