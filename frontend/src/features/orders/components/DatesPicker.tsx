import { useId, useState } from 'react';
import { Button, Form, InputGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/format';

interface DatesPickerProps {
  /** Chosen days, `YYYY-MM-DD`, kept sorted. */
  value: readonly string[];
  onChange: (dates: string[]) => void;
  min?: string;
}

/** Several days: pick one, add it, repeat; each chosen day can be taken out again. */
export function DatesPicker({ value, onChange, min }: DatesPickerProps) {
  const { t, i18n } = useTranslation('orders');
  const [draft, setDraft] = useState('');
  const id = useId();
  const add = () => {
    if (!draft || value.includes(draft)) return;
    onChange([...value, draft].sort());
    setDraft('');
  };
  return (
    <div>
      <Form.Label htmlFor={id}>{t('dates.picker')}</Form.Label>
      <InputGroup className="mb-2" style={{ maxWidth: 320 }}>
        <Form.Control id={id} type="date" value={draft} min={min} onChange={(event) => setDraft(event.target.value)} />
        <Button variant="outline-primary" onClick={add} disabled={!draft}>
          {t('dates.add')}
        </Button>
      </InputGroup>
      {value.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('dates.none')}</p>
      ) : (
        <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={t('fields.dates')}>
          {value.map((date) => (
            <li key={date} className="badge text-bg-light border d-inline-flex align-items-center gap-1 fs-6 fw-normal">
              {formatDate(date, i18n.language)}
              <button
                type="button"
                className="btn-close btn-sm"
                aria-label={t('dates.remove', { date: formatDate(date, i18n.language) })}
                onClick={() => onChange(value.filter((day) => day !== date))}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
