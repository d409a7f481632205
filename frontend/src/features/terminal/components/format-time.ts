import { formatDateTime } from '@/lib/format';

/** "12:04": the hour a meal was served, in the device's time zone. */
export const formatTime = (iso: string | null | undefined, language: string) =>
  formatDateTime(iso, language, { hour: '2-digit', minute: '2-digit' });
