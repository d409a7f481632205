"""What ordering tells the apps above it (they listen; ordering imports none of them): `missing_orders_reminded`,
sent by the missing-orders reminder run inside its transaction with `reminders`, a list of (payer's user id, the
day, the receivers' names), one per payer and day it reminded by e-mail."""

from __future__ import annotations

from django.dispatch import Signal

missing_orders_reminded = Signal()
