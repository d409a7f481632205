"""What tenancy announces to the apps above it, which it does not know (they connect in their AppConfig.ready)."""

from django.dispatch import Signal

# Sent by tenant_create once the new tenant's schema is migrated, outside any transaction: `tenant`, and
# `public_holidays` (False when the caller, a test, chooses its own free days).
tenant_created = Signal()
