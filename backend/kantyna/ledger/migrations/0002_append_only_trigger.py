"""The ledger is append-only at the database level: UPDATE and DELETE on ledger_ledgertransaction are refused
by a trigger, except an UPDATE that changes nothing but `fiscalized` (set when a receipt is printed later).
TRUNCATE is a statement, not a row operation, so test flushes still work."""

from django.db import migrations

FORWARD = """
CREATE OR REPLACE FUNCTION ledger_transaction_append_only() RETURNS trigger AS $$
BEGIN
    IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'ledger transactions are append-only: DELETE refused (id %)', OLD.id
            USING ERRCODE = 'restrict_violation';
    END IF;
    IF (to_jsonb(NEW) - 'fiscalized') IS DISTINCT FROM (to_jsonb(OLD) - 'fiscalized') THEN
        RAISE EXCEPTION 'ledger transactions are append-only: only "fiscalized" may change (id %)', OLD.id
            USING ERRCODE = 'restrict_violation';
    END IF;
    RETURN NEW;
END;
$$ LANGUAGE plpgsql;

DROP TRIGGER IF EXISTS ledger_transaction_append_only ON ledger_ledgertransaction;
CREATE TRIGGER ledger_transaction_append_only
    BEFORE UPDATE OR DELETE ON ledger_ledgertransaction
    FOR EACH ROW EXECUTE FUNCTION ledger_transaction_append_only();
"""

BACKWARD = """
DROP TRIGGER IF EXISTS ledger_transaction_append_only ON ledger_ledgertransaction;
DROP FUNCTION IF EXISTS ledger_transaction_append_only();
"""


class Migration(migrations.Migration):
    dependencies = [("ledger", "0001_initial")]

    operations = [migrations.RunSQL(FORWARD, BACKWARD)]
