import { useMemo } from 'react';
import { sanitizeHtml } from '@/lib/announcements/rich-text';

/** An announcement's text as formatted HTML (kept to the allowed tags again here). */
export function RichText({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  // Sanitized just above to the allowed tags.
  return <div className={className ?? 'announcement-text'} dangerouslySetInnerHTML={{ __html: safe }} />;
}
