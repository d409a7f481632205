"""Row locks of the ledger. Every write on an account's transactions holds its row lock, so concurrent
charges and deposits on one account are serialized and the cached balance stays SUM(amount)."""

from __future__ import annotations

from kantyna.ledger.models import LedgerAccount


def lock_ledger_account(account: LedgerAccount | int) -> LedgerAccount:
    """SELECT ... FOR UPDATE the account and return it fresh (current balance). Call inside transaction.atomic()."""
    pk = account.pk if isinstance(account, LedgerAccount) else account
    return LedgerAccount.objects.select_for_update().get(pk=pk)


def lock_ledger_accounts(accounts: list[LedgerAccount]) -> dict[int, LedgerAccount]:
    """Lock several accounts in primary-key order (one order for everyone: no deadlocks)."""
    pks = sorted({account.pk for account in accounts})
    return {
        account.pk: account for account in LedgerAccount.objects.select_for_update().filter(pk__in=pks).order_by("pk")
    }
