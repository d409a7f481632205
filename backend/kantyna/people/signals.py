"""What people announces to the apps above it, which it does not know (they connect in their AppConfig.ready)."""

from django.dispatch import Signal

# Sent by child_update and institution_worker_update, inside their transaction, when a subject is about to move to
# another institution: after the change was checked, before it is saved (so the subject is still within the
# actor's reach). Arguments: `actor`, and `child` or `worker`. Ordering cancels the subject's future meals
# (ordering/services/moves.py); a receiver's error refuses the move.
subject_institution_leaving = Signal()
