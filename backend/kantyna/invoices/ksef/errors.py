"""Why an invoice cannot go to KSeF. Each error has a stable `code` (the api maps it to the spec's error shape and
its translated text) and `params` for that text; the English message is for logs."""

from __future__ import annotations


class KsefError(ValueError):
    code = "ksef.error"

    def __init__(self, message: str, **params):
        super().__init__(message)
        self.params = params


class KsefNotApplicable(KsefError):
    """The invoice is not a KSeF invoice at all: its buyer (or seller) has no NIP, a consumer's invoice."""

    code = "ksef.not_applicable"


class KsefInvalidInvoice(KsefError):
    """A business invoice KSeF would refuse: a NIP failing its checksum, an exempt line without its legal basis, a
    rate FA(3) cannot carry, or anything the official schema refuses."""

    code = "ksef.invalid_invoice"


class KsefSendError(KsefError):
    """KSeF refused or could not take a submission (the transport, the session, the invoice's processing)."""

    code = "ksef.send_failed"
