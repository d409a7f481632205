import { useEffect, useRef, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** Clicks on these keep their focus: other fields, dialogs, and areas marked as needing it (the meal type picker). */
const KEEPS_FOCUS =
  'input:not([type="radio"]):not([type="checkbox"]):not([type="button"]):not([type="submit"]), select, textarea, ' +
  '[contenteditable="true"], [role="dialog"], .modal, [data-terminal-keeps-focus]';

/**
 * The card field. A USB reader types the number and Enter like a keyboard, so the field stays focused: it takes
 * focus back after any click elsewhere (except into another field or a dialog), is emptied as soon as a scan
 * is taken, and is never disabled, so the next child can be scanned while the previous result shows.
 */
export function ScanForm({ onScan }: { onScan: (cardNumber: string) => void }) {
  const { t } = useTranslation('terminal');
  const [value, setValue] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const refocus = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest(KEEPS_FOCUS)) return;
      // After the click's own handlers: a button that opened a dialog keeps the focus there.
      window.setTimeout(() => {
        const active = document.activeElement;
        if (active instanceof Element && active !== inputRef.current && active.closest(KEEPS_FOCUS)) return;
        if (document.querySelector('.modal.show')) return;
        inputRef.current?.focus({ preventScroll: true });
      }, 0);
    };
    document.addEventListener('click', refocus);
    return () => document.removeEventListener('click', refocus);
  }, []);

  return (
    <Form
      aria-label={t('scan.label')}
      onSubmit={(event) => {
        event.preventDefault();
        const card = value.trim();
        setValue('');
        inputRef.current?.focus();
        if (card) onScan(card);
      }}
    >
      <Form.Label htmlFor="terminal-card" className="fw-semibold">
        {t('scan.label')}
      </Form.Label>
      <InputGroup size="lg">
        <Form.Control
          id="terminal-card"
          ref={inputRef}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          placeholder={t('scan.placeholder')}
          autoComplete="off"
          autoFocus
        />
        <Button type="submit" variant="primary">
          {t('scan.submit')}
        </Button>
      </InputGroup>
    </Form>
  );
}
