"""KSeF's job: send one invoice and ask KSeF for its number and UPO (`services.invoice_ksef_process`), asking again
a few minutes later while KSeF still processes it or has not given the UPO (the service defers the next run). A
failure of the run itself (the database) is retried by Procrastinate; the invoice's row lock keeps two runs from
sending it twice."""

from __future__ import annotations

from procrastinate.contrib.django import app

from kantyna.invoices import services
from kantyna.tenancy.jobs import tenant_job


@app.task(name=services.KSEF_TASK, queue=services.KSEF_QUEUE, retry=3)
@tenant_job
def ksef_send(*, invoice_id: int, attempt: int = 0) -> str:
    return services.invoice_ksef_process(invoice_id=invoice_id, attempt=attempt)
