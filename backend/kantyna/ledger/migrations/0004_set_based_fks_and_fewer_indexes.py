"""Issue 15: a ledger row's account is checked set-based, once per statement (kantyna.core.set_based_fks),
instead of PostgreSQL's per-row check at COMMIT; the account's own index goes ((account, booked_on) serves it), the
idempotency key keeps one unique index (a constraint: no second `varchar_pattern_ops` index), the author and
corrected-row indexes become partial (most rows have neither)."""

import django.db.models.deletion
from django.db import migrations, models

from kantyna.core.set_based_fks import FUNCTIONS, fk_triggers

TRIGGERS, TRIGGERS_BACKWARD = fk_triggers("ledger_ledgertransaction", [("account_id", "ledger_ledgeraccount")])


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0003_ledger_tx_booked_id"),
        ("users", "0003_user_accepted_marketing_user_archived_at_and_more"),
    ]

    operations = [
        migrations.AlterField(
            model_name="ledgertransaction",
            name="account",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="transactions",
                to="ledger.ledgeraccount",
            ),
        ),
        migrations.AlterField(
            model_name="ledgertransaction",
            name="author",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="users.user",
            ),
        ),
        migrations.AlterField(
            model_name="ledgertransaction",
            name="corrects",
            field=models.ForeignKey(
                blank=True,
                db_index=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="corrections",
                to="ledger.ledgertransaction",
            ),
        ),
        migrations.AlterField(
            model_name="ledgertransaction",
            name="idempotency_key",
            field=models.CharField(max_length=200),
        ),
        migrations.AddIndex(
            model_name="ledgertransaction",
            index=models.Index(
                condition=models.Q(("author__isnull", False)), fields=["author"], name="ledger_tx_author"
            ),
        ),
        migrations.AddIndex(
            model_name="ledgertransaction",
            index=models.Index(
                condition=models.Q(("corrects__isnull", False)), fields=["corrects"], name="ledger_tx_corrects"
            ),
        ),
        migrations.AddConstraint(
            model_name="ledgertransaction",
            constraint=models.UniqueConstraint(fields=("idempotency_key",), name="ledger_tx_idempotency_key"),
        ),
        migrations.RunSQL(FUNCTIONS + TRIGGERS, TRIGGERS_BACKWARD),
    ]
