"""Plain INSERT and UPDATE statements built from a model's meta, and several writes sent as one statement.

For the few writes on a hot path (a card scan): `QuerySet.update()`, `Model.save()` and `objects.create()` build and
compile a query each time (~0.1-0.3 ms of Python), and each write is a round trip of its own. Here the table and
columns come from the model's meta and every value is prepared by its field as the ORM prepares it
(`pre_save`: defaults, `auto_now_add`; `get_db_prep_save`: JSON, arrays, time zones), so a renamed column or a new
field needs no second edit. `run_together(...)` sends several writes as one statement (PostgreSQL's data-modifying
`WITH` clauses: each runs exactly once, all in one snapshot; they must not write the same rows) and answers the
last one's `RETURNING` rows; `run_with_lookups(...)` sends a write returning one row and look-ups of one row each
(`PreparedQuery.bound`) as one statement. The schema is the connection's search_path, as for the ORM.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from django.db import connection
from django.db.models import Model

from kantyna.core.prepared import Bound, prepared_cursor


@dataclass(frozen=True)
class Statement:
    sql: str
    params: list
    returning: int = 0  # the number of columns of its `RETURNING`


@cache
def _insert_sql(model: type[Model], on_conflict_do_nothing: str | None, returning_pk: bool) -> tuple[str, list]:
    quote = connection.ops.quote_name
    meta = model._meta
    fields = [field for field in meta.concrete_fields if not field.primary_key]
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(field.column) for field in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    if on_conflict_do_nothing is not None:
        sql += f" ON CONFLICT ({quote(meta.get_field(on_conflict_do_nothing).column)}) DO NOTHING"
    if returning_pk:
        sql += f" RETURNING {quote(meta.pk.column)}"
    return sql, fields


def insert(instance: Model, *, on_conflict_do_nothing: str | None = None, returning_pk: bool = False) -> Statement:
    """`INSERT` of the unsaved `instance`'s concrete fields (its primary key left to the sequence);
    `on_conflict_do_nothing`: the field whose unique index a second insert meets (then nothing is inserted)."""
    sql, fields = _insert_sql(type(instance), on_conflict_do_nothing, returning_pk)
    params = [field.get_db_prep_save(field.pre_save(instance, True), connection) for field in fields]
    return Statement(sql, params, 1 if returning_pk else 0)


@cache
def _update_sql(model: type[Model], names: tuple[str, ...]) -> tuple[str, list]:
    quote = connection.ops.quote_name
    meta = model._meta
    fields = [meta.get_field(name) for name in names]
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {', '.join(f'{quote(field.column)} = %s' for field in fields)} "
        f"WHERE {quote(meta.pk.column)} = ANY(%s)"
    )
    return sql, fields


def update(model: type[Model], ids: list[int], **values) -> Statement:
    """`UPDATE ... SET` the `values` (attribute names: a foreign key by its attname, `served_by_id`, too) of the rows
    whose primary key is in `ids`: `QuerySet.update()` without building and compiling a query."""
    sql, fields = _update_sql(model, tuple(values))
    params = [field.get_db_prep_save(value, connection) for field, value in zip(fields, values.values(), strict=True)]
    return Statement(sql, [*params, list(ids)])


def together(*statements: Statement) -> Statement:
    """The writes as one statement: every one but the last in a `WITH` clause, the last as the main statement."""
    *first, last = statements
    if not first:
        return last
    clauses = ", ".join(f"w{index} AS ({statement.sql})" for index, statement in enumerate(first))
    return Statement(f"WITH {clauses} {last.sql}", [param for statement in statements for param in statement.params])


def run_together(*statements: Statement) -> list[tuple] | None:
    """Run the writes in one round trip; the last one's rows when it has `RETURNING`, else None."""
    statement = together(*statements)
    with prepared_cursor() as cursor:
        cursor.execute(statement.sql, statement.params)
        return cursor.fetchall() if statement.returning else None


def run_with_lookups(write: Statement, lookups: list[Bound]) -> tuple[tuple, list[tuple | None]] | None:
    """`write` (with `RETURNING`, one row at most) and the `lookups` (each answering one row at most: a look-up by a
    unique key) in one round trip: (the row written, each look-up's row or None), or None when the write returned
    no row (an `ON CONFLICT DO NOTHING` that met its index; the look-ups then answer nothing). The look-ups run in
    the statement's snapshot, taken before the write, which they do not see."""
    joined = "".join(
        f" LEFT JOIN (SELECT true AS found, q{index}.* FROM ({lookup.sql}) q{index}) r{index} ON true"
        for index, lookup in enumerate(lookups)
    )
    columns = "".join(f", r{index}.*" for index in range(len(lookups)))
    with prepared_cursor() as cursor:
        cursor.execute(
            f"WITH w AS ({write.sql}) SELECT w.*{columns} FROM w{joined}",
            write.params + [param for lookup in lookups for param in lookup.params],
        )
        rows = cursor.fetchall()
    written = write.returning
    if not rows:
        return None
    if len(rows) > 1:
        raise ValueError("run_with_lookups: a look-up answered more than one row.")
    (row,) = rows
    found, start = [], written
    for lookup in lookups:
        values = row[start + 1 : start + 1 + lookup.width]
        found.append(lookup.convert([values])[0] if row[start] else None)
        start += 1 + lookup.width
    return tuple(row[:written]), found
