"""django-tenants' database backend, without a `SET search_path` on every request.

django-tenants forgets the search_path it set on a connection whenever a tenant is selected (`set_tenant`), and every
request selects one (tenancy's middleware: the public schema, then the host's tenant), so each request made one
`SET search_path` round trip before its first query, even on a kept-alive connection (CONN_MAX_AGE) already set to
that tenant. Here the path the connection holds is remembered (`_search_path_held`): selecting a tenant whose path
the connection already holds keeps it, any other tenant is set before the next query as before. It is forgotten
whenever the connection may no longer hold it — exactly when django-tenants forgets its own: the connection closed,
a transaction rolled back, a rollback to a savepoint (a `SET` in an aborted transaction or savepoint is undone) — and
when a `SET` fails. (TENANT_LIMIT_SET_CALLS makes the path set once per selection; this backend needs it on.)
"""

from __future__ import annotations

from django_tenants.postgresql_backend.base import DatabaseWrapper as TenantsDatabaseWrapper


class DatabaseWrapper(TenantsDatabaseWrapper):
    def __init__(self, *args, **kwargs):
        self._search_path_held = None
        super().__init__(*args, **kwargs)

    def set_tenant(self, tenant, include_public=True):
        super().set_tenant(tenant, include_public)
        held = getattr(self, "_search_path_held", None)
        if held is not None and held == self._get_cursor_search_paths():
            self.search_path_set_schemas = held

    def _handle_search_path(self, cursor=None):
        super()._handle_search_path(cursor)
        # None when the SET failed (django-tenants then forgets it too).
        self._search_path_held = self.search_path_set_schemas

    def close(self):
        self._search_path_held = None
        super().close()

    def rollback(self):
        self._search_path_held = None
        super().rollback()

    def savepoint_rollback(self, sid):
        try:
            super().savepoint_rollback(sid)
        finally:
            self._search_path_held = None
