"""Model instances from a hand-written SQL row, for the few reads every request makes (the session): the ORM
compiling a query with joins costs ~1 ms of Python per query, the SQL itself a few microseconds.

`ModelColumns(Model, "alias")` is built once per process: the model's concrete columns under a table alias, in
field order, and `build(values)` turns those values of a row back into an instance the way the ORM does (each
field's own `from_db_value` converters applied, e.g. JSON text parsed). The table and columns come from the
model's meta, so a renamed column or a new field needs no second edit; the schema is the connection's
search_path, as for the ORM.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Model
from django.db.models.expressions import Col


class ModelColumns:
    def __init__(self, model: type[Model], alias: str):
        quote = connection.ops.quote_name
        self.model = model
        self.alias = alias
        self.table = f"{quote(model._meta.db_table)} {alias}"
        fields = model._meta.concrete_fields
        self.count = len(fields)
        self.attnames = [field.attname for field in fields]
        self.sql = ", ".join(f"{alias}.{quote(field.column)}" for field in fields)
        self.converters = [
            (index, Col(alias, field), converters)
            for index, field in enumerate(fields)
            if (converters := field.get_db_converters(connection))
        ]

    def column(self, name: str) -> str:
        """`alias."column"` of the field `name`."""
        return f"{self.alias}.{connection.ops.quote_name(self.model._meta.get_field(name).column)}"

    def build(self, values) -> Model:
        """The instance of the model's `count` values (a slice of a row), as if the ORM had read it."""
        values = list(values)
        for index, expression, converters in self.converters:
            value = values[index]
            for converter in converters:
                value = converter(value, expression, connection)
            values[index] = value
        return self.model.from_db(connection.alias, self.attnames, values)
