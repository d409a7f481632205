"""KSeF, the national e-invoice system: an `InvoiceDocument` written as FA(3) XML (`fa3.py`, checked against the
official schema in `schema/`) and sent through a `KsefClient` (`client.py`: a fake for tests and the demo, the API
for a tenant with credentials). Pure code: no models, no views; `invoices/services` decides when to call it."""
