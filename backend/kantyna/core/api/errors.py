"""The one table from a domain error's code to what the API answers: HTTP status, message and the text shown
under the field (`kantyna/core/errors.py` says what services raise).

`message` is the body's top-level `message`; `detail` the text under `errors[field]` when the error names a
field (the message itself when no detail is given). Both are formatted with the error's params (`%(name)s`);
dates there read as d.m.Y. Texts wrapped in `_` are translated into the request's language; the others are
stable English the clients match on. Every code raised in the source has a row here and every row is raised
(`kantyna/core/tests/test_error_table.py`)."""

from __future__ import annotations

import datetime
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.core.exceptions import RequestDataTooBig, SuspiciousOperation
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError
from django.http import Http404
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _
from django.utils.translation import gettext_noop, ngettext_lazy
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from kantyna.core.errors import DomainError, Problem
from kantyna.core.exceptions import (
    GENERIC_MESSAGE,
    IN_USE_MESSAGE,
    MESSAGES,
    TOO_LARGE_MESSAGE,
    ApiError,
    database_unavailable_response,
    error_body,
    field_errors,
    is_database_unavailable,
)

UNIQUE_VIOLATION = "23505"  # PostgreSQL's SQLSTATE
logger = logging.getLogger(__name__)

INVALID = MESSAGES[status.HTTP_400_BAD_REQUEST]
INSUFFICIENT_FUNDS = "Insufficient funds."
KEY_CONFLICT = "This key was already used for another transaction."
ORDERING_CLOSED = "Ordering for this day is closed."
FREE_DAY = "Meals are not served on this day."
SUBJECT_INACTIVE = "This meal receiver is not active."
INSTITUTION_INACTIVE = "This institution is not active."
MEAL_TYPE_UNAVAILABLE = "This meal type is not served in this institution."
NO_PRICE = "This meal cannot be ordered on this day."
DIET_NOT_ALLOWED = "Only the meal receiver's diet can be ordered."
ONLY_ONE_MEAL = "Only one meal a day can be ordered."
NOTES_NOT_ALLOWED = "Notes are not allowed."
ALREADY_SERVED = "This meal was already served."
LAST_MONTH_UNPAID = "Last month is not paid."
IMPORT_ERRORS_MESSAGE = "The file has errors; nothing was imported."
ALLERGIES_WOULD_BE_CLEARED = "The diet does not allow allergen changes: confirm removing the allergies."


@dataclass(frozen=True)
class Refusal:
    status: int
    message: object
    detail: object = None
    # Response headers computed from the params (a 429's Retry-After).
    headers: Callable[[Mapping], dict] | None = None
    # How dates in the params read (a Django date format name or pattern).
    dates: str = "d.m.Y"


def _invalid(detail) -> Refusal:
    """The common case: 400 "The given data was invalid." with `detail` under the field."""
    return Refusal(status.HTTP_400_BAD_REQUEST, INVALID, detail)


def _ordering(message, detail, status_code=status.HTTP_400_BAD_REQUEST) -> Refusal:
    """A refused order item: a stable English message, the translated detail with dates in the short format."""
    return Refusal(status_code, message, detail, dates="SHORT_DATE_FORMAT")


def _conflict(message, detail=None) -> Refusal:
    return Refusal(status.HTTP_409_CONFLICT, message, detail)


def _in_use(detail=None) -> Refusal:
    return Refusal(status.HTTP_409_CONFLICT, IN_USE_MESSAGE, detail)


ERRORS: dict[str, Refusal] = {
    # Several field problems reported at once (each a `Problem` with its own code).
    "invalid": Refusal(status.HTTP_400_BAD_REQUEST, INVALID),
    "record.in_use": _in_use(),
    "record.not_found": Refusal(status.HTTP_404_NOT_FOUND, MESSAGES[status.HTTP_404_NOT_FOUND]),
    # Two requests saved a value that must be unique (a name, a number) at the same moment: the form's own check
    # passed for both, and the database refused the second (`api_exception_handler`).
    "record.duplicate": _conflict(
        _("The same was saved by someone else at this moment. Reload the page to see it before saving again.")
    ),
    # A spreadsheet import refused (`core.spreadsheets.import_rejected`), nothing stored: a problem per fault of the
    # file and per bad cell, whose message the importer worded or is itself a refusal (a `Problem`) worded here.
    "import.rejected": Refusal(status.HTTP_400_BAD_REQUEST, IMPORT_ERRORS_MESSAGE),
    "import.file_error": _invalid("%(message)s"),
    "import.row_error": _invalid(_("Row %(row)s, column %(column)s: %(message)s")),
    # catalog
    "meal_type.portion_size_priced": _invalid(_("A price list still sells this meal type in a removed portion size.")),
    # institutions
    "district.in_use": _conflict("This district still has institutions and cannot be deleted."),
    "institution.in_use": _conflict("This institution is in use and cannot be deleted. Deactivate it instead."),
    # What still refers to an institution (`institution.in_use`'s problems).
    "institution.has_classrooms": _invalid(ngettext_lazy("%(count)d classroom", "%(count)d classrooms", "count")),
    "institution.has_children": _invalid(ngettext_lazy("%(count)d child", "%(count)d children", "count")),
    "institution.has_workers": _invalid(
        ngettext_lazy("%(count)d institution worker", "%(count)d institution workers", "count")
    ),
    "institution.has_menus": _invalid(ngettext_lazy("%(count)d menu", "%(count)d menus", "count")),
    "institution.has_admins": _invalid(
        ngettext_lazy("%(count)d assigned institutions admin", "%(count)d assigned institutions admins", "count")
    ),
    "institution.on_routes": _invalid(
        ngettext_lazy("%(count)d delivery route (%(routes)s)", "%(count)d delivery routes (%(routes)s)", "count")
    ),
    "classroom.in_use": _conflict("This classroom still has children and cannot be deleted."),
    "classrooms.in_use": _conflict("Some classrooms still have children. Move the children to other classrooms first."),
    "classroom.occupied": _invalid(
        ngettext_lazy(
            "%(classroom)s (%(institution)s): %(count)d child",
            "%(classroom)s (%(institution)s): %(count)d children",
            "count",
        )
    ),
    "classroom.has_children_to_move": _invalid(_("A classroom with children cannot move to another institution.")),
    # ledger
    "ledger.child_of_another_payer": _invalid(_("This child does not belong to this payer.")),
    "ledger.not_a_payer": _invalid(_("Only parents and institution workers have a balance.")),
    "ledger.correction_zero": _invalid(_("A correction cannot be zero.")),
    "ledger.amount_not_positive": _invalid(_("Enter an amount greater than zero.")),
    "ledger.correcting_a_correction": _invalid(_("Correct the original transaction, not its correction.")),
    "ledger.amount_unchanged": _invalid(_("The amount is unchanged.")),
    "ledger.already_reversed": _conflict(_("This transaction is already reversed.")),
    # An idempotency key booked before for another movement (account, kind or amount).
    "ledger.key_conflict": _conflict(KEY_CONFLICT, _("This key was already used for another transaction.")),
    # Charges would take the balance below the floor; `extra` carries the balance and the amount required.
    "ledger.insufficient_funds": _conflict(INSUFFICIENT_FUNDS),
    # statements (bank statement imports)
    "statement.unreadable": _invalid(
        _("This file is not a bank statement in the chosen format, or it is damaged. Nothing was imported.")
    ),
    "statement.already_confirmed": _conflict(_("This statement is already confirmed.")),
    # orders files (order_imports): a confirmed file, and a row's problems, reported in the file's report
    "orders_file.already_confirmed": _conflict(
        "This orders file is already confirmed.", _("This orders file is already confirmed.")
    ),
    "orders_file.date_required": _invalid(_("The date is required.")),
    "orders_file.bad_date": _invalid(_("Not a date: %(value)s (write YYYY-MM-DD or DD.MM.YYYY).")),
    "orders_file.range_backwards": _invalid(_("The range ends before it starts.")),
    "orders_file.range_too_long": _invalid(_("A range covers at most %(count)s days.")),
    "orders_file.meal_type_required": _invalid(_("The meal type is required.")),
    "orders_file.unknown_meal_type": _invalid(_("There is no meal type %(name)s.")),
    "orders_file.person_required": _invalid(
        _("Name the person by card number, or by first name, last name and institution.")
    ),
    "orders_file.unknown_card": _invalid(_("No one has the card number %(card)s.")),
    "orders_file.unknown_institution": _invalid(_("There is no institution %(name)s.")),
    "orders_file.unknown_classroom": _invalid(_("There is no classroom %(name)s in this institution.")),
    "orders_file.unknown_person": _invalid(_("There is no %(name)s in this institution.")),
    "orders_file.ambiguous_person": _invalid(
        _("%(count)s people are called %(name)s here: name them by card number or classroom.")
    ),
    "orders_file.already_ordered": _ordering(
        "These meals are already ordered.", _("Already ordered for %(date)s: skipped, not ordered twice.")
    ),
    "orders_file.duplicate_row": _ordering(
        "These meals are already ordered.", _("Row %(row)s already orders this meal for %(date)s.")
    ),
    "orders_file.nothing_to_order": _invalid(_("Every day of this range is free or already ordered.")),
    "statement.item_not_bookable": _invalid(_("This line is skipped or already imported and cannot be booked.")),
    # inventory
    "inventory.stock_below_zero": _conflict(
        _("The stock would fall below zero: %(ingredients)s. Confirm to record it anyway.")
    ),
    "inventory.price_required": _invalid(_("Enter the net unit price.")),
    "inventory.reason_required": _invalid(_("Choose why the stock goes out.")),
    "inventory.turnover_voided": _conflict(_("This entry is voided and can no longer be changed.")),
    "inventory.booking_fixed": _invalid(
        _("A booked day's consumption keeps its ingredient, kitchen and date: only the quantity can be corrected.")
    ),
    "inventory.value_too_large": _invalid(
        _("The net value of this delivery is too large: check the quantity and the unit price.")
    ),
    # logistics
    "kitchen.institution_listed_twice": _invalid(_("This institution is already listed.")),
    "kitchen.meal_type_taken": _invalid(
        _("Already prepared for this institution by the kitchen “%(kitchen)s”: %(meal_types)s.")
    ),
    "route.institution_listed_twice": _invalid(_("This institution is already on the route.")),
    # automated reports
    "automated_report.unknown_type": _invalid(_("Choose a report from the list.")),
    "automated_report.weekday_required": _invalid(_("Choose the day of the week.")),
    "automated_report.day_required": _invalid(_("Choose the day of the month.")),
    "report.no_recipients": _invalid(_("Enter at least one e-mail address or choose a recipients list.")),
    "automated_report.no_recipients": _invalid(_("Enter at least one e-mail address or choose a recipients list.")),
    # kitchen: daily meals releases and kitchen meals releases (transport)
    "daily_release.too_far_ahead": _invalid(_("Releases can be recorded up to %(date)s.")),
    "daily_release.duplicate": _conflict(
        "This release is already recorded.",
        _("A release of this meal type, diet and portion size is already recorded for this day."),
    ),
    "daily_release.listed_twice": _invalid(_("This meal type, diet and portion size is already listed.")),
    "kitchen_release.route_not_served": _invalid(
        _("The route %(route)s stops at none of the institutions the kitchen “%(kitchen)s” cooks for.")
    ),
    "kitchen_release.exists": _conflict(
        "This batch already exists.", _("The kitchen's batch for this route and day already exists.")
    ),
    "kitchen_release.delivered": _conflict(
        "This batch was delivered.", _("The batch of %(date)s was delivered: its release can no longer be undone.")
    ),
    "kitchen_release.released": _conflict(
        "A batch is released for transport.",
        _("Released for transport: %(routes)s. Undo the release before deleting."),
    ),
    "driver.drives_routes": _in_use(
        _("The driver drives the routes %(routes)s. Assign them another driver or deactivate this one.")
    ),
    # meals
    "meals.on_menu": _in_use(_("These meals are on a menu: %(names)s.")),
    # menus
    "menu.ends_before_start": _invalid(_("The end date cannot be earlier than the start date.")),
    "menu.too_long": _invalid(_("A menu may cover at most %(days)s days.")),
    "menu.date_outside": _invalid(_("Every date must be within the menu's dates (%(from)s - %(to)s).")),
    "menu.meals_outside_new_dates": _invalid(
        _("Meals are planned on %(date)s, outside the new dates: remove them first or widen the dates.")
    ),
    "menu.nothing_to_copy": _invalid(_("There are no meals to copy on the chosen day.")),
    "menu.no_copy_targets": _invalid(_("Choose at least one date to copy to.")),
    "menu.copy_onto_itself": _invalid(_("A day cannot be copied onto itself.")),
    "menu.copy_overlaps": _invalid(_("The copied days and the target days may not overlap.")),
    # registration
    "registration.throttled": Refusal(status.HTTP_429_TOO_MANY_REQUESTS, MESSAGES[status.HTTP_429_TOO_MANY_REQUESTS]),
    # payments
    "payment.online_disabled": Refusal(status.HTTP_400_BAD_REQUEST, _("Online payments are not available.")),
    "payment.provider_disabled": _invalid(_("This payment method is not available.")),
    "payment.below_minimum": _invalid(_("The smallest top-up is %(minimum)s PLN.")),
    "payment.provider_error": Refusal(
        status.HTTP_502_BAD_GATEWAY, _("The payment service is not answering. Try again in a moment.")
    ),
    # A provider's notification refused (stable English: providers read it, not people).
    "payment.notification_refused": Refusal(status.HTTP_400_BAD_REQUEST, "The notification's signature is not valid."),
    "payment.unknown": Refusal(status.HTTP_400_BAD_REQUEST, "No such payment."),
    "payment.amount_mismatch": Refusal(status.HTTP_400_BAD_REQUEST, "The amount or currency differs from the payment."),
    # A body over NOTIFICATION_MAX_BYTES, refused before it is stored.
    "payment.notification_too_large": Refusal(
        status.HTTP_413_REQUEST_ENTITY_TOO_LARGE, _("The payment notification is too large.")
    ),
    # help tickets (messaging)
    "ticket.unknown_category": _invalid(_("Choose one of the listed categories.")),
    "ticket.closed": _conflict("This ticket is closed.", _("A closed ticket takes no more answers.")),
    "ticket.already_closed": _conflict("This ticket is already closed."),
    # messages (messaging)
    "message.empty_text": _invalid(_("Write the message's text.")),
    "message.reply_only": _invalid(_("You can only answer a message you received, to its sender.")),
    "message.receiver_required": _invalid(_("Choose the receiver.")),
    "message.unknown_receiver": _invalid(_("This person cannot receive your message.")),
    "message.empty_audience": Refusal(status.HTTP_400_BAD_REQUEST, "Choose who receives the message."),
    "message.no_receivers": Refusal(status.HTTP_400_BAD_REQUEST, "No one you may write to is in this audience."),
    # invoices
    "invoice.disabled": _conflict("Invoices are turned off."),
    "invoice.company_details_missing": _conflict("The company details are missing."),
    "invoice.nothing_to_invoice": _invalid(_("No meals were delivered in this month: there is nothing to invoice.")),
    "invoice.not_a_deposit": _invalid(_("Only a deposit can be invoiced.")),
    "invoice.number_taken": _conflict(
        "This invoice number is already used.", _("This invoice number is already used.")
    ),
    "invoice.ksef_uploaded_file": _conflict("An uploaded invoice file has no KSeF XML."),
    "invoice.ksef_consumer": _conflict("This invoice's buyer has no NIP: a consumer's invoice does not go to KSeF."),
    "invoice.ksef_invalid": Refusal(status.HTTP_400_BAD_REQUEST, "KSeF would refuse this invoice.", "%(reason)s"),
    "invoice.ksef_disabled": _conflict("KSeF is turned off."),
    "invoice.ksef_token_missing": _conflict("The KSeF token is missing."),
    "invoice.ksef_upo_missing": Refusal(status.HTTP_404_NOT_FOUND, "This invoice has no KSeF UPO yet."),
    # announcements
    "announcement.empty_text": _invalid(_("Write the announcement's text.")),
    "announcement.ends_before_start": _invalid(_("The end date cannot be earlier than the start date.")),
    "announcement.list_and_criteria": _invalid(
        _("Choose either a recipients list or institutions, classrooms, roles or everyone, not both.")
    ),
    "announcement.no_audience": _invalid(
        _("Choose who receives the announcement: everyone, institutions, classrooms, roles or a recipients list.")
    ),
    "announcement.too_many_attachments": _invalid(_("An announcement may have at most %(max)s files.")),
    "recipients_list.in_use": _in_use(
        _("Announcements are published to this list: %(titles)s. Delete them or choose another audience first.")
    ),
    "recipients_list.used_by_automated_reports": _in_use(
        _("Automated reports are sent to this list: %(names)s. Choose other recipients for them first.")
    ),
    # refunds
    "refund.exceeds_balance": _invalid(_("The amount exceeds the balance (%(balance)s PLN).")),
    "refund.more_than_asked": _invalid(_("The accepted amount cannot exceed the %(asked)s PLN asked for.")),
    "refund.pending_exists": _conflict(
        "A refund request is already pending.", _("A refund request is already pending. Wait for it or cancel it.")
    ),
    "refund.bank_account_missing": _invalid(_("Add your refund bank account in your profile first.")),
    "refund.bank_account_required": _invalid(_("Enter the bank account number the refund is sent to.")),
    "refund.bank_account_invalid": _invalid(_("Enter a valid 26-digit bank account number.")),
    "refund.not_pending": _conflict("This refund request is no longer pending."),
    "refund.not_accepted": _conflict("Only an accepted refund can be marked as paid."),
    "refund.sender_account_missing": Refusal(
        status.HTTP_400_BAD_REQUEST,
        _("Enter the company's bank account number in the company details first: refunds are sent from it."),
    ),
    "refund.nothing_to_export": Refusal(status.HTTP_400_BAD_REQUEST, _("There are no accepted refunds to export.")),
    # fiscal receipts
    "fiscal.disabled": _conflict(
        "Fiscalization is disabled.", _("Turn fiscalization on in the tenant settings first.")
    ),
    "fiscal.not_a_sale": Refusal(status.HTTP_400_BAD_REQUEST, _("Only deposits are registered on the cash register.")),
    "fiscal.register_unreachable": _invalid(_("The cash register did not answer as expected: %(reason)s")),
    "fiscal.no_receipt": _conflict(_("This deposit has no fiscal receipt yet: fiscalize it first.")),
    "fiscal.receipt_pending": _conflict(
        _("The cash register may still be registering this receipt: only a failed receipt can be settled by hand.")
    ),
    "fiscal.receipt_registered": _conflict(_("This receipt is already registered with number %(number)s.")),
    # ordering
    "free_day.ends_before_start": _invalid(_("The end date cannot be before the start date.")),
    "free_day.range_too_long": _invalid(_("A range can cover at most a year.")),
    "free_day.taken": _invalid(_("This day is already a free day.")),
    "order.already_ordered": _conflict("These meals are already ordered.", _("These meals are already ordered.")),
    "order.paid_by_someone_else": _invalid(_("This meal receiver is paid for by someone else.")),
    "order.not_removable": _conflict("An order with served or charged meals cannot be removed."),
    "order.prepaid_not_allowed": Refusal(status.HTTP_403_FORBIDDEN, "Prepaid orders are not allowed."),
    "order.day_closed": _ordering(ORDERING_CLOSED, _("Ordering for %(date)s is closed.")),
    "order.free_day": _ordering(FREE_DAY, _("Meals are not served on %(date)s.")),
    "order.subject_inactive": _ordering(SUBJECT_INACTIVE, _("This meal receiver is not active.")),
    "order.institution_inactive": _ordering(INSTITUTION_INACTIVE, _("This institution is not active.")),
    "order.key_reused": _ordering(
        INVALID, _("This request key was already used for another order."), status.HTTP_409_CONFLICT
    ),
    "order.notes_not_allowed": _ordering(NOTES_NOT_ALLOWED, _("Notes are not allowed.")),
    "order.diet_not_allowed": _ordering(DIET_NOT_ALLOWED, _("Only the meal receiver's diet can be ordered.")),
    "order.only_one_meal": _ordering(ONLY_ONE_MEAL, _("Only one meal a day can be ordered.")),
    "order.meal_type_unavailable": _ordering(
        MEAL_TYPE_UNAVAILABLE, _("This meal type is not served in this institution.")
    ),
    "order.no_price": _ordering(NO_PRICE, _("This meal cannot be ordered on %(date)s.")),
    # A served meal was eaten: no cancel path (items, absences, orders, bulk) takes it back, staff's neither.
    "order_item.served": _ordering(ALREADY_SERVED, _("This meal was already served."), status.HTTP_409_CONFLICT),
    "order.last_month_unpaid": _ordering(
        LAST_MONTH_UNPAID, _("Last month is not paid: top up the balance to order meals."), status.HTTP_409_CONFLICT
    ),
    "order.nothing_to_order": Refusal(
        status.HTTP_400_BAD_REQUEST,
        "There are no days to order in this month.",
        _("There are no days to order in this month."),
    ),
    # terminal: a scan's refusals, worded in the user's language (the terminal shows the message as it is)
    "scan.unknown_card": Refusal(status.HTTP_404_NOT_FOUND, _("Unknown card.")),
    "scan.inactive": _conflict(_("This child is inactive.")),
    "scan.worker_inactive": _conflict(_("This worker is inactive.")),
    "scan.no_order": Refusal(status.HTTP_404_NOT_FOUND, _("No meal ordered for this day.")),
    "scan.already_served": _conflict(_("Already served at %(time)s.")),
    "scan.duplicate": _conflict(_("Served twice: already served at %(time)s by %(name)s (offline scan).")),
    "scan.client_id_conflict": _conflict(_("This scan id was already used for another scan.")),
    "terminal.orders_disabled": Refusal(status.HTTP_403_FORBIDDEN, _("Ordering at the terminal is not enabled.")),
    # The terminal shows the message as it is: the reason itself, not "the given data was invalid".
    "terminal.day_not_served": Refusal(
        status.HTTP_400_BAD_REQUEST, _("Meals are served today or, for a correction, on one of the last 7 days.")
    ),
    # people
    # A discount (a child's or a worker's) needs its percent.
    "discount.percent_required": _invalid(_("Enter the discount percent.")),
    "card.invalid": _invalid(_("The card number must have 6 to 10 characters: digits or capital letters.")),
    "card.taken": _invalid(_("This card number is already used.")),
    "dining_cards.disabled": Refusal(status.HTTP_403_FORBIDDEN, _("Dining cards are not enabled.")),
    "child.field_not_allowed": _invalid(_("You are not allowed to change this field.")),
    "child.classroom_required": Refusal(status.HTTP_400_BAD_REQUEST, _("The child must be assigned to classroom.")),
    "child.classroom_outside_institution": _invalid(_("The classroom does not belong to the chosen institution.")),
    "child.institution_out_of_reach": _invalid(_("You cannot manage children of this institution.")),
    "child.diet_not_served": _invalid(_("This diet is not served in the chosen institution.")),
    "child.not_a_parent": _invalid(_("Choose a parent account.")),
    # A diet forbidding allergen changes would clear what is recorded, unconfirmed (people/services/allergies.py,
    # one rule for a child and a worker: the path says whose, the problems name what would go; also an import
    # row's, a registrant's).
    "allergies.would_be_cleared": _conflict(ALLERGIES_WOULD_BE_CLEARED),
    "allergies.allergens_would_be_cleared": _invalid(
        _("Diet %(diet)s does not allow allergen changes: confirm removing the allergies %(allergies)s.")
    ),
    "allergies.note_would_be_cleared": _invalid(
        _("Diet %(diet)s does not allow allergen changes: confirm removing the allergy note.")
    ),
    "child.has_history": _conflict(
        "This child has orders or transactions and cannot be deleted; archive the child instead."
    ),
    "worker.group_of_another_institution": _invalid(_("This group belongs to another institution.")),
    "worker.has_history": _in_use(_("The worker has orders or transactions: archive them instead.")),
    "subject_settings.item_outside_price_list": _invalid(
        _("Choose items of the receiver's price list for the autoselected meal types.")
    ),
    "subject_settings.item_per_meal_type": _invalid(_("Choose one item per meal type.")),
    "subject_settings.automark_ends_before_start": _invalid(_("The end date cannot be earlier than the start date.")),
    # identity: stable English in the API; gettext_noop marks them for the sign-in pages, which translate them.
    "auth.invalid_credentials": Refusal(
        status.HTTP_401_UNAUTHORIZED, gettext_noop("Invalid e-mail address or password.")
    ),
    "auth.too_many_attempts": Refusal(
        status.HTTP_429_TOO_MANY_REQUESTS,
        gettext_noop("Too many attempts. Please try again later."),
        headers=lambda params: {"Retry-After": str(params["retry_after"])},
    ),
    "account.password_rejected": _invalid("%(reason)s"),
    "password_reset.passwords_differ": _invalid(gettext_noop("The passwords do not match.")),
    "password_reset.invalid_token": Refusal(
        status.HTTP_400_BAD_REQUEST, gettext_noop("The password reset link is invalid or has expired.")
    ),
    # users
    "user.unknown_role": _invalid(_("Unknown role.")),
    "user.role_required": _invalid(_("At least one role is required.")),
    "user.unknown_permission": _invalid(_("Unknown permission.")),
    "user.email_taken": _invalid(_("This e-mail address is already used.")),
    "user.email_shared_with_other_tenants": _invalid(
        _("This person signs in to other catering companies too; only they can change their e-mail address.")
    ),
    "user.current_password_wrong": _invalid(_("The current password is incorrect.")),
    "user.password_wrong": _invalid(_("The password is incorrect.")),
    "parent.has_history": _in_use(
        _("The parent has children or history (orders, payments). Archive the parent instead.")
    ),
    "staff.has_history": _in_use(_("The account has history. Deactivate it instead.")),
    "admin.removes_self": Refusal(
        status.HTTP_400_BAD_REQUEST,
        "You cannot deactivate or delete your own account.",
        _("You cannot deactivate or delete your own account."),
    ),
    "admin.last_active": _conflict(
        "The last active administrator cannot be deactivated or deleted.",
        _("The last active administrator cannot be deactivated or deleted."),
    ),
    # pricing
    "price_lists_group.group_orders_default": _invalid(_("A group for group orders cannot be a default group.")),
    "price_list.date_taken": _invalid(_("This group already has a price list starting on this date.")),
    "price_list.duplicate_combination": _invalid(
        _("This meal type, diet and portion size already have a price in this list.")
    ),
    "price_list.portion_not_offered": _invalid(_("This portion size is not offered for this meal type.")),
    "price_list.price_negative": _invalid(_("The price cannot be negative.")),
    "price_list.price_precision": _invalid(_("Enter a price with at most 2 decimal places.")),
    "price_list.unknown_item": _invalid(_("This item does not belong to this price list.")),
    "price_list.locked": _invalid(
        _("This price list is already in use: its prices cannot change. Replace it with a new one from a chosen date.")
    ),
    "price_list.item_in_use": _invalid(_("This item is already in use and cannot be removed or changed.")),
    "price_list.replacement_too_early": _invalid(_("The new price list must start after %(date)s.")),
    # tenant settings
    "settings.logo_outside_company_details": _invalid(_("A logo belongs to the company details.")),
    # kitchen: labels
    "labels.none": Refusal(status.HTTP_400_BAD_REQUEST, _("No portions to label: no live orders match the choice.")),
    "labels.too_many": Refusal(
        status.HTTP_400_BAD_REQUEST,
        _("%(count)s labels are too many for one file (at most %(max)s): choose fewer institutions or meal types."),
    ),
}


def _param(value, dates: str):
    if isinstance(value, Problem):  # a refusal inside another's facts (one bad cell of an import)
        return _detail(value)
    if isinstance(value, datetime.date):
        return date_format(value, dates)
    return value


def _text(template, params: Mapping, dates: str = "d.m.Y") -> str:
    if not params:
        return str(template)
    return str(template % {name: _param(value, dates) for name, value in params.items()})


def _detail(problem: Problem) -> str:
    """The text under a field for one problem."""
    rule = ERRORS[problem.code]
    return _text(rule.detail or rule.message, problem.params, rule.dates)


def _worded(value):
    """`extra` as the client reads it: any refusal inside it (a `Problem`) worded through the table."""
    if isinstance(value, Problem):
        return _detail(value)
    if isinstance(value, Mapping):
        return {key: _worded(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_worded(item) for item in value]
    return value


def as_api_error(error: DomainError) -> ApiError:
    """The refusal `error` stands for, in the spec's error shape."""
    refusal = ERRORS[error.code]
    errors: dict[str, list[str]] = {}
    if error.field is not None:
        errors[error.field] = [_text(refusal.detail or refusal.message, error.params, refusal.dates)]
    for problem in error.problems:
        errors.setdefault(problem.field, []).append(_detail(problem))
    return ApiError(
        _text(refusal.message, error.params, refusal.dates),
        errors=errors,
        status_code=refusal.status,
        extra=_worded(error.extra),
        headers=refusal.headers(error.params) if refusal.headers else None,
    )


def field_text(code: str):
    """The text refusal `code` puts under its field (lazy, translated when shown), for an API-layer check of the
    same rule (a serializer's `required` message, a registrant's card): each rule is worded once, here."""
    refusal = ERRORS[code]
    return refusal.detail or refusal.message


def problem_text(problem: Problem) -> str:
    """The text under its field of one problem a service's rule words, for an API-layer check reporting that rule
    among its own field errors (a registrant's child)."""
    return _detail(problem)


def stored_refusal_text(code: str, params: Mapping) -> str:
    """The text under a field of refusal `code` with `params`, for a refusal stored to be shown later (a row of an
    orders file's report), worded in the reader's language when read."""
    refusal = ERRORS[code]
    return _text(refusal.detail or refusal.message, params, refusal.dates)


def refusal_message(error: DomainError) -> str:
    """The message of a refusal reported beside others (one per subject of a bulk marking), not raised."""
    return as_api_error(error).message


def _is_unique_violation(exc) -> bool:
    """A unique constraint refused a write (Django's IntegrityError, psycopg's UniqueViolation as its cause): what
    a serializer's uniqueness check lets through when two requests save one value at once."""
    return isinstance(exc, IntegrityError) and getattr(exc.__cause__, "sqlstate", None) == UNIQUE_VIOLATION


def api_exception_handler(exc, context):
    """DRF's exception handler (settings.REST_FRAMEWORK): every refusal and failure of an API view leaves here in
    the one error shape; a domain error through the table above."""
    if is_database_unavailable(exc):
        return database_unavailable_response(context["request"], exc)
    if isinstance(exc, DomainError):
        exc = as_api_error(exc)
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(exc.message_dict if hasattr(exc, "error_dict") else exc.messages)
    elif _is_unique_violation(exc):
        exc = as_api_error(DomainError("record.duplicate"))
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, DjangoPermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, RequestDataTooBig):  # a body over DATA_UPLOAD_MAX_MEMORY_SIZE
        exc = ApiError(TOO_LARGE_MESSAGE, status_code=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    elif isinstance(exc, SuspiciousOperation):  # too many form fields or files, a malformed multipart body
        exc = exceptions.ValidationError([_("The request could not be read.")])

    if isinstance(exc, ApiError):
        return Response(
            {**error_body(exc.message, exc.errors), **exc.extra}, status=exc.status_code, headers=exc.headers
        )

    response = exception_handler(exc, context)
    if response is None:
        logger.exception("Unhandled API error", exc_info=exc)
        return Response(error_body(GENERIC_MESSAGE), status=status.HTTP_500_INTERNAL_SERVER_ERROR)

    if isinstance(exc, exceptions.ValidationError):
        errors = field_errors(exc.detail)
        non_field = errors.get("nonFieldErrors")
        message = non_field[0] if non_field and len(errors) == 1 else MESSAGES[400]
        response.data = error_body(message, errors)
    elif isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        response.status_code = status.HTTP_401_UNAUTHORIZED
        response.data = error_body(MESSAGES[401])
    else:
        response.data = error_body(MESSAGES.get(response.status_code, GENERIC_MESSAGE))
    return response
