import { formatDateTime } from '@/lib/format';
import { translateServerMessage } from '@/lib/i18n';

/** Why a day cannot be ordered or cancelled any more: the server's cut-off sentence, translated. */
export function closedReason(): string {
  return translateServerMessage('Ordering for this day is closed.');
}

/** "Mon, 23 Nov, 12:00": when ordering for a day closes (the server's deadline, in the user's language). */
export function formatDeadline(deadline: string, locale: string): string {
  return formatDateTime(deadline, locale, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}
