"""What refunds tell the apps above them (they listen; refunds import none of them): `refund_accepted`, sent inside
the accepting transaction with `request` (the ReturnRequest, accepted) when a pending request is accepted (not on
a repeated accept that changes nothing)."""

from __future__ import annotations

from django.dispatch import Signal

refund_accepted = Signal()
