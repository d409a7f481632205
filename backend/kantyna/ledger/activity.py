"""The ledger transactions a page of activity entries names, for audit's activity details (audit/activity.py)."""

from __future__ import annotations

from kantyna.audit.models import AuditEntry
from kantyna.ledger.models import LedgerTransaction


def ledger_activity_page_load(page, entries: list[AuditEntry]) -> None:
    keys = {key for entry in entries if entry.action == "ledger.post" for key in entry.data.get("keys", [])}
    page.transactions = {row.idempotency_key: row for row in LedgerTransaction.objects.filter(idempotency_key__in=keys)}
    corrected = {
        int(entry.target_id)
        for entry in entries
        if entry.action in ("ledger.correct", "ledger.reverse") and entry.target_id.isdigit()
    }
    page.corrected = LedgerTransaction.objects.in_bulk(list(corrected))
