"""Foreign keys checked once per statement instead of once per row (issue 15; docs/performance.md "Nightly
automark, committed").

PostgreSQL checks a declared foreign key with one lookup and row lock per inserted row, fired from a queue of
after-row events. For the nightly automark's ~400,000 items (seven keys each) and as many ledger rows that is
~3 million lookups, 14 s at the bench's size (deferrable or not: NOT DEFERRABLE only moves them from COMMIT to the
end of each statement). These triggers keep the same guarantee with set-based statements:

- on the referencing table, AFTER INSERT FOR EACH STATEMENT (transition table `new_rows`): for each key, the
  distinct values inserted are locked in the referenced table (`FOR KEY SHARE`, as PostgreSQL's own check does, so
  a concurrent DELETE of a referenced row waits for this transaction) and counted; a value not found raises
  `foreign_key_violation` (Django's IntegrityError) and the statement is undone;
- on the referencing table, AFTER UPDATE FOR EACH ROW, only when a key column changed (the WHEN clause is
  evaluated without calling the function, so status updates — serving, cancelling — cost nothing): the new value
  is looked up and locked;
- on each referenced table, AFTER DELETE FOR EACH STATEMENT (transition table `old_rows`): a deleted id still
  referenced raises `foreign_key_violation` (as ON DELETE NO ACTION; Django's PROTECT/CASCADE work is done before
  in Python as before). A DELETE that waited for an inserter's `FOR KEY SHARE` lock runs this check with a snapshot
  taken after that transaction committed, so it sees the new rows (READ COMMITTED, the project's level).

The checks are immediate (at the end of the statement), where Django's constraints were DEFERRABLE INITIALLY
DEFERRED: a referencing row must be written after the row it references, which every code path does.
Tables and referenced tables are in the same (tenant) schema: the functions qualify names with TG_TABLE_SCHEMA.
The SQL is used by migrations (ordering 0005, ledger 0003): change it only with a new migration."""

from __future__ import annotations

FUNCTIONS = r"""
CREATE OR REPLACE FUNCTION kantyna_fk_check_new_rows() RETURNS trigger AS $$
DECLARE
    i integer := 0;
    missing bigint;
BEGIN
    -- TG_ARGV: column, referenced table, column, referenced table, ...
    WHILE i < TG_NARGS LOOP
        EXECUTE format(
            'WITH wanted AS (SELECT DISTINCT %1$I AS id FROM new_rows WHERE %1$I IS NOT NULL), '
            'found AS (SELECT p.id FROM %2$I.%3$I p WHERE p.id IN (SELECT id FROM wanted) FOR KEY SHARE OF p) '
            'SELECT (SELECT count(*) FROM wanted) - (SELECT count(*) FROM found)',
            TG_ARGV[i], TG_TABLE_SCHEMA, TG_ARGV[i + 1]
        ) INTO missing;
        IF missing > 0 THEN
            RAISE EXCEPTION 'insert or update on table "%" violates foreign key %: % value(s) not present in table "%"',
                TG_TABLE_NAME, TG_ARGV[i], missing, TG_ARGV[i + 1]
                USING ERRCODE = 'foreign_key_violation';
        END IF;
        i := i + 2;
    END LOOP;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION kantyna_fk_check_row() RETURNS trigger AS $$
DECLARE
    i integer := 0;
    value text;
    present boolean;
BEGIN
    WHILE i < TG_NARGS LOOP
        value := to_jsonb(NEW) ->> TG_ARGV[i];
        IF value IS NOT NULL AND value IS DISTINCT FROM (to_jsonb(OLD) ->> TG_ARGV[i]) THEN
            EXECUTE format('SELECT true FROM %I.%I WHERE id = $1 FOR KEY SHARE', TG_TABLE_SCHEMA, TG_ARGV[i + 1])
                INTO present USING value::bigint;
            IF present IS NULL THEN
                RAISE EXCEPTION 'insert or update on table "%" violates foreign key %: % not present in table "%"',
                    TG_TABLE_NAME, TG_ARGV[i], value, TG_ARGV[i + 1]
                    USING ERRCODE = 'foreign_key_violation';
            END IF;
        END IF;
        i := i + 2;
    END LOOP;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION kantyna_fk_restrict_deleted() RETURNS trigger AS $$
DECLARE
    referenced boolean;
BEGIN
    -- TG_ARGV: referencing table, its column
    EXECUTE format(
        'SELECT EXISTS (SELECT 1 FROM %I.%I c WHERE c.%I IN (SELECT id FROM old_rows))',
        TG_TABLE_SCHEMA, TG_ARGV[0], TG_ARGV[1]
    ) INTO referenced;
    IF referenced THEN
        RAISE EXCEPTION 'update or delete on table "%" violates foreign key %.% (still referenced)',
            TG_TABLE_NAME, TG_ARGV[0], TG_ARGV[1]
            USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NULL;
END;
$$ LANGUAGE plpgsql;
"""


def _literal(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def fk_triggers(table: str, keys: list[tuple[str, str]]) -> tuple[str, str]:
    """(forward, backward) SQL of the triggers checking `keys` — (column, referenced table) — of `table`."""
    arguments = ", ".join(_literal(name) for column, referenced in keys for name in (column, referenced))
    changed = " OR ".join(f"OLD.{column} IS DISTINCT FROM NEW.{column}" for column, _referenced in keys)
    columns = ", ".join(column for column, _referenced in keys)
    forward = [
        f"DROP TRIGGER IF EXISTS {table}_fk_insert ON {table};",
        f"CREATE TRIGGER {table}_fk_insert AFTER INSERT ON {table} REFERENCING NEW TABLE AS new_rows "
        f"FOR EACH STATEMENT EXECUTE FUNCTION kantyna_fk_check_new_rows({arguments});",
        f"DROP TRIGGER IF EXISTS {table}_fk_update ON {table};",
        f"CREATE TRIGGER {table}_fk_update AFTER UPDATE OF {columns} ON {table} FOR EACH ROW "
        f"WHEN ({changed}) EXECUTE FUNCTION kantyna_fk_check_row({arguments});",
    ]
    backward = [
        f"DROP TRIGGER IF EXISTS {table}_fk_insert ON {table};",
        f"DROP TRIGGER IF EXISTS {table}_fk_update ON {table};",
    ]
    for column, referenced in keys:
        name = f"{table}_{column}_restrict"
        forward += [
            f"DROP TRIGGER IF EXISTS {name} ON {referenced};",
            f"CREATE TRIGGER {name} AFTER DELETE ON {referenced} REFERENCING OLD TABLE AS old_rows "
            f"FOR EACH STATEMENT EXECUTE FUNCTION kantyna_fk_restrict_deleted({_literal(table)}, {_literal(column)});",
        ]
        backward.append(f"DROP TRIGGER IF EXISTS {name} ON {referenced};")
    return "\n".join(forward), "\n".join(backward)
