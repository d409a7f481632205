"""The notification kinds of money events (deposits, online payments, a balance below zero, refunds) and of the
missing-orders reminder, added to kinds.KINDS beside the others: worded when read, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from kantyna.messaging.kinds import KINDS, Kind

DEPOSIT_BOOKED = "deposit.booked"
PAYMENT_PAID = "payment.paid"
BALANCE_BELOW_ZERO = "balance.below_zero"
REFUND_ACCEPTED = "refund.accepted"
MISSING_ORDERS = "orders.missing"

KINDS.update(
    {
        DEPOSIT_BOOKED: Kind(
            _("Deposit booked"), _("A deposit of %(amount)s PLN was booked. Your balance: %(balance)s PLN.")
        ),
        PAYMENT_PAID: Kind(
            _("Online payment paid"),
            _("Your online payment of %(amount)s PLN was paid. Your balance: %(balance)s PLN."),
        ),
        BALANCE_BELOW_ZERO: Kind(
            _("Balance below zero"), _("Your balance fell below zero: %(balance)s PLN. Please top it up.")
        ),
        REFUND_ACCEPTED: Kind(
            _("Refund accepted"), _("Your refund request of %(amount)s PLN was accepted and will be paid out.")
        ),
        MISSING_ORDERS: Kind(_("Meals not ordered"), _("Nothing is ordered for %(names)s on %(day)s.")),
    }
)
