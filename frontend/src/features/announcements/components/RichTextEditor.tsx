import { useId, useLayoutEffect, useRef } from 'react';
import { Button, ButtonGroup, Form } from 'react-bootstrap';
import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RichText } from '@/components/announcements/RichText';
import type { AnnouncementValues } from './announcement-form';

interface Format {
  key: string;
  open: string;
  close: string;
  /** What a button inserts around an empty selection. */
  sample?: string;
}

/** The formatting the server keeps (announcements/services.py ALLOWED_TAGS), as buttons around the selection. */
const FORMATS: readonly Format[] = [
  { key: 'bold', open: '<strong>', close: '</strong>' },
  { key: 'italic', open: '<em>', close: '</em>' },
  { key: 'underline', open: '<u>', close: '</u>' },
  { key: 'heading', open: '<h3>', close: '</h3>' },
  { key: 'paragraph', open: '<p>', close: '</p>' },
  { key: 'list', open: '<ul>\n<li>', close: '</li>\n</ul>' },
  { key: 'quote', open: '<blockquote>', close: '</blockquote>' },
];

/**
 * A plain editor for an announcement's HTML: a text area, buttons that wrap the selection in the allowed tags (and a
 * link), and the text as receivers will read it. No editor library: the tags are few and the server cleans the rest.
 */
export function RichTextEditor({ control, maxLength }: { control: Control<AnnouncementValues>; maxLength: number }) {
  const { t } = useTranslation('announcements');
  const { field, fieldState } = useController({ control, name: 'text' });
  const area = useRef<HTMLTextAreaElement | null>(null);
  const id = useId();
  const value = field.value ?? '';
  // The selection to restore once the wrapped text is rendered: set by a button, applied by the layout effect of
  // that very render (not a later animation frame, which could pull the focus back from a field the user moved to).
  const pendingSelection = useRef<[number, number] | null>(null);

  useLayoutEffect(() => {
    const selection = pendingSelection.current;
    if (!selection || !area.current) return;
    pendingSelection.current = null;
    area.current.focus();
    area.current.setSelectionRange(...selection);
  });

  const wrap = (open: string, close: string) => {
    const element = area.current;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const selected = value.slice(start, end);
    pendingSelection.current = [start + open.length, start + open.length + selected.length];
    field.onChange(`${value.slice(0, start)}${open}${selected}${close}${value.slice(end)}`);
  };

  const addLink = () => {
    const href = window.prompt(t('editor.linkPrompt'), 'https://');
    if (!href || !/^(https?:|mailto:)/i.test(href.trim())) return;
    wrap(`<a href="${href.trim().replace(/"/g, '&quot;')}">`, '</a>');
  };

  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>
        {t('fields.text')}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </Form.Label>
      <div role="toolbar" aria-label={t('editor.toolbar')} className="mb-1">
        <ButtonGroup size="sm">
          {FORMATS.map((format) => (
            <Button key={format.key} variant="outline-secondary" onClick={() => wrap(format.open, format.close)}>
              {t(`editor.${format.key}`)}
            </Button>
          ))}
          <Button variant="outline-secondary" onClick={addLink}>
            {t('editor.link')}
          </Button>
        </ButtonGroup>
      </div>
      <Form.Control
        as="textarea"
        rows={8}
        ref={(element: HTMLTextAreaElement | null) => {
          area.current = element;
          field.ref(element);
        }}
        name={field.name}
        value={value}
        maxLength={maxLength}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
        isInvalid={!!fieldState.error}
        aria-required
        aria-describedby={`${id}-help`}
      />
      <Form.Text id={`${id}-help`} className="d-block">
        {t('editor.help')}
      </Form.Text>
      {fieldState.error && <div className="invalid-feedback d-block">{fieldState.error.message}</div>}
      {value.trim() && (
        <div className="border rounded p-2 mt-2" aria-label={t('editor.preview')} role="region">
          <RichText html={value} />
        </div>
      )}
    </Form.Group>
  );
}
