"""A queryset compiled to SQL once per process and re-run with other values: for the few reads on a hot path (a
card scan) whose Python cost is the ORM building and compiling the same SQL on every request (~1 ms a query with
joins), while running it costs a few hundredths of that.

    items = PreparedQuery(lambda child_id, day: OrderItem.objects.filter(child_id=child_id, date=day).values_list(...))
    rows = items(child_id=5, day=date(2026, 11, 30))   # the rows values_list would give

The first call with a given shape (which names are passed, and each list's length) builds the queryset once with
marker values in place of the real ones, compiles it, and remembers where each marker landed among the SQL's
parameters; every call then runs that SQL with the real values in those places and applies the ORM's converters
(JSON text parsed, arrays of JSON...). The rows are exactly the queryset's (`values_list` ones, in the order of
its names). The queryset is the one definition, so there is no second, hand-written copy of a query to keep in
step; only its SQL is kept. The SQL names no schema (the connection's search_path picks the tenant), so one
compiled query serves every tenant.

Rules for `build`: a `values_list()` queryset; each value passed used as a plain filter value (an id, a
string, a date, or a list for `__in`); no value decides the query's shape (a branch on a value would be frozen
into the SQL: pass such choices as part of the shape, e.g. one PreparedQuery per branch). A list longer than
`max_list` or empty runs the ORM as usual (the number of `IN` placeholders is part of the SQL).

For model instances (`select_related` included), `Instances` names the columns to select and builds the instances
from such rows, as the ORM's own iteration would.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import date, timedelta

import psycopg
from django.db import connection
from django.db.backends.utils import CursorDebugWrapper
from django.db.models import Model, QuerySet

# Markers inside every integer field's range (a positive 32-bit integer: Django answers an out-of-range id with an
# empty result instead of a parameter), unlikely to be a constant of a query.
_INT_MARKER = 2_000_000_000
_DATE_MARKER = date(1901, 1, 1)


class _DebugWrapper(CursorDebugWrapper):
    """Django's logging cursor for a server-binding one: the statement logged with its values in place (Django reads
    them back from a client-binding cursor only; a prepared statement's run has no text to read back)."""

    def execute(self, sql, params=None):
        try:
            shown = self.db.ops.compose_sql(sql, params)
        except psycopg.errors.DataError:
            shown = sql
        with self.debug_sql(shown, None):
            return self._execute_with_wrappers(sql, params, many=False, executor=self._execute)


@contextmanager
def prepared_cursor():
    """A cursor whose statements PostgreSQL keeps parsed and planned per connection, for the hot paths' SQL (the
    statements of `PreparedQuery`, `run_bound` and `core.writes`): planning was most of each read's database time
    (a scan's reads: planned in ~0.3-0.5 ms, run in ~0.05 ms). psycopg's server-binding `Cursor` prepares a
    statement from its `prepare_threshold`-th run on a connection (settings: OPTIONS); Django's own cursors bind
    on the client and never prepare. PostgreSQL parses a prepared statement again when the search_path changed
    (another tenant) or a table it reads was altered. Wrapped as Django wraps its cursors (query logging, execute
    wrappers); the connection and its tenant's search_path are set up as for any cursor."""
    with connection.cursor():  # connects, sets the search_path when needed
        pass
    raw = psycopg.Cursor(connection.connection)
    cursor = _DebugWrapper(raw, connection) if connection.queries_logged else connection.make_cursor(raw)
    try:
        yield cursor
    finally:
        cursor.close()


class _Markers:
    def __init__(self):
        self.next = 0

    def of(self, value):
        self.next += 1
        if isinstance(value, bool):
            raise TypeError("PreparedQuery: pass booleans as part of the query's shape, not as values.")
        if isinstance(value, int):
            return _INT_MARKER + self.next
        if isinstance(value, str):
            return f"\x1fprepared-marker-{self.next}\x1f"
        if isinstance(value, date):
            return _DATE_MARKER + timedelta(days=self.next)
        raise TypeError(f"PreparedQuery: no marker for a {type(value).__name__}.")


def _is_list(value) -> bool:
    return isinstance(value, list | tuple | set | frozenset)


class _Compiled:
    def __init__(self, build: Callable[..., QuerySet], values: dict):
        markers = _Markers()
        marked = {
            name: [markers.of(item) for item in value] if _is_list(value) else markers.of(value)
            for name, value in values.items()
        }
        queryset = build(**marked)
        compiler = queryset.query.get_compiler(using=queryset.db)
        self.sql, params = compiler.as_sql()
        self.params = list(params)
        wanted = {}
        for name, value in marked.items():
            for index, marker in enumerate(value) if isinstance(value, list) else [(None, value)]:
                wanted[(type(marker), marker)] = (name, index)
        self.slots = []
        found = set()
        for position, param in enumerate(self.params):
            slot = wanted.get((type(param), param))
            if slot is not None:  # every place a value is used (a value may appear in several conditions)
                self.slots.append((position, *slot))
                found.add(slot)
        if missing := set(wanted.values()) - found:
            raise ValueError(f"PreparedQuery: values not found among the SQL's parameters: {sorted(missing, key=str)}")
        # A DISTINCT query ordered by columns it does not return selects them too, after its own: cut as the ORM does.
        self.width = compiler.col_count if compiler.has_extra_select else None
        fields = [select[0] for select in compiler.select[0 : compiler.col_count]]
        self.columns = fields
        # As `ValuesListIterable` reads them (Django 5.2 selects in the order of values_list's names).
        self.converters = list(compiler.get_converters(fields).items())

    def bind(self, values: dict) -> list:
        """The SQL's parameters with `values` in their places."""
        params = list(self.params)
        lists = {name: list(value) for name, value in values.items() if _is_list(value)}
        for position, name, index in self.slots:
            params[position] = values[name] if index is None else lists[name][index]
        return params

    def run(self, values: dict) -> list[tuple]:
        with prepared_cursor() as cursor:
            cursor.execute(self.sql, self.bind(values))
            return self.convert(cursor.fetchall())

    def convert(self, rows: list) -> list[tuple]:
        """Rows of the SQL as the queryset answers them (the ORM's converters applied)."""
        if self.width is not None:
            rows = [row[: self.width] for row in rows]
        if self.converters:
            converted = []
            for row in rows:
                row = list(row)
                for position, (converters, expression) in self.converters:
                    value = row[position]
                    for converter in converters:
                        value = converter(value, expression, connection)
                    row[position] = value
                converted.append(row)
            rows = converted
        return [tuple(row) for row in rows]


class PreparedQuery:
    """`build(**values)` -> a `values_list()` queryset; calling the PreparedQuery with the values answers its rows
    (a list of tuples), compiling the SQL once per shape and process (see the module's docstring)."""

    def __init__(self, build: Callable[..., QuerySet], *, max_list: int = 8):
        self.build = build
        self.max_list = max_list
        self._compiled: dict[tuple, _Compiled] = {}
        self._lock = threading.Lock()

    def __call__(self, **values) -> list[tuple]:
        compiled = self._compiled_for(values)
        if compiled is None:
            return [tuple(row) for row in self.build(**values)]
        return compiled.run(values)

    def bound(self, **values) -> Bound | None:
        """The SQL with these values, to run inside another statement (`Bound`); None when it must run alone (the
        values' shape runs the ORM: an empty or long list; a DISTINCT query selecting extra columns)."""
        compiled = self._compiled_for(values)
        if compiled is None or compiled.width is not None:  # a DISTINCT's extra ORDER BY columns: run it alone
            return None
        return Bound(compiled.sql, compiled.bind(values), compiled.convert, len(compiled.columns))

    def _compiled_for(self, values: dict) -> _Compiled | None:
        shape = []
        for name, value in sorted(values.items()):
            if _is_list(value):
                if not value or len(value) > self.max_list:
                    return None
                shape.append((name, len(value)))
            else:
                shape.append((name, None))
        key = tuple(shape)
        compiled = self._compiled.get(key)
        if compiled is None:
            with self._lock:
                compiled = self._compiled.get(key)
                if compiled is None:
                    compiled = self._compiled[key] = _Compiled(self.build, values)
        return compiled


@dataclass(frozen=True)
class Bound:
    """A PreparedQuery's SQL with its parameters bound, run as part of another statement (a subquery): `convert`
    turns the `width` columns it selects, taken from that statement's rows, into the queryset's rows."""

    sql: str
    params: list
    convert: Callable[[list], list[tuple]]
    width: int


def run_bound(*reads: Bound) -> list[list[tuple]]:
    """Several reads (`PreparedQuery.bound`) in one statement, one round trip: each one's rows, in its own order.
    `UNION ALL` of the reads, each padded with NULLs to the others' columns (PostgreSQL types them from the read
    that selects there) and numbered in the order its subquery answers (a read's `ORDER BY` and its `FOR UPDATE`
    stay inside its subquery)."""
    total = sum(read.width for read in reads)
    parts, before = [], 0
    for index, read in enumerate(reads):
        padding_before = "NULL, " * before
        padding_after = ", NULL" * (total - before - read.width)
        parts.append(
            f"SELECT {index}, row_number() OVER (), {padding_before}q{index}.*{padding_after} FROM ({read.sql}) q{index}"
        )
        before += read.width
    with prepared_cursor() as cursor:
        cursor.execute(" UNION ALL ".join(parts) + " ORDER BY 1, 2", [param for read in reads for param in read.params])
        rows = cursor.fetchall()
    answers, start = [], 2
    for index, read in enumerate(reads):
        answers.append(read.convert([row[start : start + read.width] for row in rows if row[0] == index]))
        start += read.width
    return answers


class Instances:
    """Model instances from plain rows, as `model.objects.select_related(*relations)` builds them: every concrete
    field of the model and of each relation (nested ones as `a__b`; a relation whose key is NULL is cached as
    None). `columns`: the names to select (`values_list(*columns)`, e.g. in a PreparedQuery); `of(rows)`: the
    instances, their relations cached (reading one runs no query)."""

    def __init__(self, model: type[Model], relations: tuple[str, ...] = ()):
        self.model = model
        self.columns: list[str] = []
        # One part per model built from a row, owners first: (owner's path, path, field on the owner, model,
        # attnames, the row's slice, index of the primary key within it)
        self._parts: list[tuple] = []
        models = {"": model}
        for path in ("", *sorted(relations, key=lambda relation: relation.count("__"))):
            owner_path, _, name = path.rpartition("__")
            field = models[owner_path]._meta.get_field(name) if path else None
            part = models[path] = field.related_model if path else model
            attnames = [f.attname for f in part._meta.concrete_fields]
            start = len(self.columns)
            self.columns += [f"{path}__{attname}" if path else attname for attname in attnames]
            span = slice(start, len(self.columns))
            self._parts.append((owner_path, path, field, part, attnames, span, attnames.index(part._meta.pk.attname)))

    def of(self, rows) -> list[Model]:
        db = connection.alias
        found = []
        for row in rows:
            built: dict[str, Model | None] = {}
            for owner_path, path, field, part, attnames, span, pk_index in self._parts:
                values = row[span]
                instance = part.from_db(db, attnames, values) if values[pk_index] is not None else None
                built[path] = instance
                if field is not None and built[owner_path] is not None:
                    field.set_cached_value(built[owner_path], instance)
            found.append(built[""])
        return found
