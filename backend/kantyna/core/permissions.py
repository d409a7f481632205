"""The one table of roles, institutions-admin permissions and abilities (spec section 6).

Every endpoint names the ability it needs; `currentUser` exports the caller's roles, permissions and
abilities so the SPA hides what the server would refuse. Tenant settings that an ability depends on
(cards enabled, prepaid allowed...) are checked by the service that performs the action.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rest_framework.permissions import BasePermission

ROLE_ADMIN = "ROLE_ADMIN"
ROLE_INSTITUTIONS_ADMIN = "ROLE_INSTITUTIONS_ADMIN"
ROLE_PARENT = "ROLE_PARENT"
ROLE_INSTITUTION_WORKER = "ROLE_INSTITUTION_WORKER"
ROLE_COOK = "ROLE_COOK"
ROLE_TICKET_ADMIN = "ROLE_TICKET_ADMIN"
ROLE_MANAGE_REPORTS = "ROLE_MANAGE_REPORTS"
ROLE_EMPLOYEE = "ROLE_EMPLOYEE"
ROLES = [
    ROLE_ADMIN,
    ROLE_INSTITUTIONS_ADMIN,
    ROLE_PARENT,
    ROLE_INSTITUTION_WORKER,
    ROLE_COOK,
    ROLE_TICKET_ADMIN,
    ROLE_MANAGE_REPORTS,
    ROLE_EMPLOYEE,
]
CUSTOMER_ROLES = frozenset({ROLE_PARENT, ROLE_INSTITUTION_WORKER})
POWER_ROLES = frozenset({ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN})

PERMISSIONS = [
    "tickets_manage",
    "parents_edit",
    "parents_view",
    "children_edit",
    "menu_edit",
    "orders_cancel",
    "orders_edit",
    "orders_create",
    "transactions_edit",
]


@dataclass(frozen=True)
class Rule:
    """Granted when the user holds one of `roles`, or is an institutions admin holding `permission`,
    or has the user setting `setting` switched on."""

    roles: frozenset[str] = field(default_factory=frozenset)
    permission: str | None = None
    setting: str | None = None


def rule(*roles: str, permission: str | None = None, setting: str | None = None) -> Rule:
    return Rule(roles=frozenset(roles), permission=permission, setting=setting)


ABILITIES: dict[str, Rule] = {
    "settings.manage": rule(ROLE_ADMIN),
    "catalog.manage": rule(ROLE_ADMIN),
    "tenant.access": rule(*ROLES),
    "prices.see": rule(ROLE_ADMIN, setting="can_see_prices"),
    # Serving at the terminal (issue 13): institutions admins their institutions' people (people.reach.Reach).
    "terminal.use": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_COOK),
    "children.edit": rule(ROLE_ADMIN, ROLE_PARENT, permission="children_edit"),
    "calendar.view": rule(ROLE_ADMIN, permission="children_edit"),
    # A subject's calendar: customers their own subjects, staff within reach (ordering.subjects.subject_resolve).
    "calendar.use": rule(ROLE_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER, permission="children_edit"),
    "calendar.mark": rule(ROLE_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER, permission="orders_create"),
    # An absence cancels the day's meals: staff need the right to cancel, not the right to order.
    "calendar.absence": rule(ROLE_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER, permission="orders_cancel"),
    "calendar.manage": rule(ROLE_ADMIN),
    "orders.view": rule(ROLE_ADMIN, ROLE_PARENT, permission="children_edit"),
    "orders.create": rule(ROLE_ADMIN, ROLE_INSTITUTION_WORKER, permission="orders_create"),
    "orders.cancel": rule(ROLE_ADMIN, permission="orders_cancel"),
    "orders.edit": rule(ROLE_ADMIN, permission="orders_edit"),
    "orders.prepaid": rule(ROLE_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER),
    # One order's details and a meal receiver's orders: who may view orders, and workers their own.
    "orders.details": rule(ROLE_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER, permission="children_edit"),
    # Customers cancel meals of the orders they pay for, before the cut-off (staff: orders.cancel).
    "orders.cancel_own": rule(ROLE_PARENT, ROLE_INSTITUTION_WORKER),
    "children.change_sensitive": rule(ROLE_ADMIN, permission="children_edit"),
    "children.import": rule(ROLE_ADMIN),
    "cards.edit": rule(ROLE_ADMIN, ROLE_COOK, ROLE_PARENT, ROLE_INSTITUTION_WORKER, permission="children_edit"),
    "parents.view": rule(ROLE_ADMIN, permission="parents_view"),
    "parents.edit": rule(ROLE_ADMIN, permission="parents_edit"),
    "parents.create": rule(ROLE_ADMIN),
    "staff.manage": rule(ROLE_ADMIN),
    "users.activity": rule(ROLE_ADMIN),
    "users.settings": rule(ROLE_ADMIN),
    "menu.edit": rule(ROLE_ADMIN, permission="menu_edit"),
    "meals.view": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN),
    # What the kitchen cooks (issue 16): institutions admins their institutions' meals (people.reach.Reach).
    "kitchen.prepare": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_COOK),
    # What is handed to each institution, with the receivers' names (issue 16): institutions admins theirs.
    "kitchen.release": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN),
    # Labels carry names and allergies, so not a cook's (routes.tsv: /ordersLabels is admins' and institutions admins').
    "kitchen.labels": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN),
    # Stock of ingredients (issue 16): deliveries, issues, levels, booking the orders' consumption.
    "inventory.manage": rule(ROLE_ADMIN),
    # What each institution was handed on a day (daily meals releases): the office records it.
    "kitchen.releases": rule(ROLE_ADMIN),
    # A kitchen's batches per route, released for transport (and undone), route sheets: the office and the cooks.
    "kitchen.transport": rule(ROLE_ADMIN, ROLE_COOK),
    "transactions.edit": rule(ROLE_ADMIN, permission="transactions_edit"),
    # Bank statement imports (statements): upload, review, confirm the deposits.
    "statements.manage": rule(ROLE_ADMIN),
    # Orders files (order_imports): upload a spreadsheet of orders, read its report, confirm it into orders.
    "order_imports.manage": rule(ROLE_ADMIN),
    # The ledger's back office (institutions admins: their institutions' payers only).
    "transactions.view": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN),
    # A customer's own money: balance, history, bank transfer details.
    "billing.view": rule(ROLE_PARENT, ROLE_INSTITUTION_WORKER),
    # Help tickets (issue 18): anyone opens one; the queue (/tickets) is the ticket admins', the administrators' and
    # institutions admins' with tickets_manage (their institutions'), and customers read their own there.
    "tickets.create": rule(*ROLES),
    "tickets.view": rule(
        ROLE_ADMIN, ROLE_TICKET_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER, permission="tickets_manage"
    ),
    # Refunds (issue 19): a payer asks for their own balance back; the office accepts, cancels and exports them.
    "refunds.request": rule(ROLE_PARENT, ROLE_INSTITUTION_WORKER),
    "refunds.manage": rule(ROLE_ADMIN),
    # Fiscal receipts (issue 19): registering consumers' deposits on the cash register, by hand or queued.
    "fiscal.manage": rule(ROLE_ADMIN),
    # The refund bank account in one's profile: parents only (spec §6: workers may not give one).
    "profile.refund_account": rule(ROLE_PARENT),
    # Invoices (issue 19): customers read their own, institutions admins their institutions'; the office makes,
    # uploads, marks paid and deletes them.
    "invoices.view": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER),
    "invoices.manage": rule(ROLE_ADMIN),
    # Announcements and recipients lists (issue 18): the office publishes and keeps the lists; everyone reads what
    # reaches them (tenant.access).
    "announcements.manage": rule(ROLE_ADMIN),
    "tickets.manage": rule(ROLE_ADMIN, ROLE_TICKET_ADMIN, permission="tickets_manage"),
    "reports.manage": rule(ROLE_MANAGE_REPORTS),
    # Reports (issue 17): download, print, send by e-mail. Report managers every institution (they send the office's
    # automated reports), institutions admins their institutions' (people.reach.Reach.reported_institution_ids).
    "reports.view": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_MANAGE_REPORTS),
    # Automated reports (issue 17): the report manager's screens (routes.tsv: ROLE_MANAGE_REPORTS), and the admin's,
    # who may do whatever the office does. Their reports cover every institution.
    "reports.automate": rule(ROLE_ADMIN, ROLE_MANAGE_REPORTS),
    # The dashboard (issue 17): institutions admins see their institutions' figures only (people.reach.Reach).
    "dashboard.view": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN),
    "notifications.receive": rule(*(set(ROLES) - {ROLE_COOK})),
    # Messages (issue 18): everyone who gets notifications reads the messages sent to them and answers their senders;
    # administrators write to anyone, institutions admins to the people of their institutions (people.reach.Reach).
    "messages.read": rule(*(set(ROLES) - {ROLE_COOK})),
    "messages.write": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN),
    "profile.edit": rule(ROLE_ADMIN, ROLE_INSTITUTIONS_ADMIN, ROLE_PARENT, ROLE_INSTITUTION_WORKER, ROLE_COOK),
    "account.delete": rule(ROLE_PARENT, ROLE_INSTITUTION_WORKER),
    "workers.manage": rule(ROLE_ADMIN),
    "children_groups.manage": rule(ROLE_ADMIN),
}


def effective_permissions(roles: list[str], permissions: list[str]) -> list[str]:
    """Admins hold every institutions-admin permission; institutions admins hold what they were given."""
    if ROLE_ADMIN in roles:
        return list(PERMISSIONS)
    if ROLE_INSTITUTIONS_ADMIN in roles:
        return [p for p in PERMISSIONS if p in permissions]
    return []


def has_ability(user, ability: str) -> bool:
    granted = ABILITIES[ability]
    roles = set(getattr(user, "roles", None) or [])
    if roles & granted.roles:
        return True
    permissions = getattr(user, "permissions", None) or []
    if granted.permission and ROLE_INSTITUTIONS_ADMIN in roles and granted.permission in permissions:
        return True
    return bool(granted.setting and (getattr(user, "settings", None) or {}).get(granted.setting))


def abilities_of(user) -> list[str]:
    return sorted(name for name in ABILITIES if has_ability(user, name))


class IsTenantUser(BasePermission):
    """Default: an authenticated user of this tenant (a tenant User, not a bare account)."""

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user is not None and getattr(user, "is_authenticated", False) and hasattr(user, "roles"))


class HasAbility(BasePermission):
    """The ability a view needs, declared per viewset action or HTTP method:
    `abilities = {"list": "settings.read", "PUT": "settings.manage"}`, or one `ability` for all. A tuple names
    several abilities, any one of which grants the action (staff and customers reaching different rows of one
    endpoint: the selectors then narrow what each sees)."""

    def has_permission(self, request, view) -> bool:
        if not IsTenantUser().has_permission(request, view):
            return False
        declared = getattr(view, "abilities", None) or {}
        action = getattr(view, "action", None) or ""
        # An option list is read like the list it abbreviates.
        wanted = declared.get(action) or (declared.get("list") if action == "options_list" else None)
        wanted = wanted or declared.get(request.method)
        wanted = wanted or getattr(view, "ability", None)
        if not wanted:
            return False  # deny by default: a view that forgot to declare is closed, not open
        wanted = (wanted,) if isinstance(wanted, str) else wanted
        return any(has_ability(request.user, ability) for ability in wanted)
