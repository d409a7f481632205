import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useCalendarSubjects } from '@/lib/calendar/subjects';
import type { SubjectRef } from '@/lib/calendar/types';

export interface PickedSubject extends SubjectRef {
  name: string;
}

interface SubjectPickerProps {
  value: PickedSubject | null;
  onChange: (subject: PickedSubject | null) => void;
}

const keyOf = (subject: SubjectRef) => `${subject.type}/${subject.id}`;

/** Staff find a meal receiver (a child or an institution worker in their reach) by name. */
export function SubjectPicker({ value, onChange }: SubjectPickerProps) {
  const { t } = useTranslation('orders');
  const searchId = useId();
  const selectId = useId();
  const [search, setSearch] = useState('');
  const found = useCalendarSubjects({ search, perPage: 50 }, search.trim().length >= 2);
  const rows = found.data?.items ?? [];
  const options = value && !rows.some((row) => keyOf(row) === keyOf(value)) ? [value, ...rows] : rows;
  return (
    <div className="d-flex flex-wrap gap-2 align-items-end">
      <Form.Group controlId={searchId} style={{ minWidth: 220 }}>
        <Form.Label>{t('form.subjectSearch')}</Form.Label>
        <Form.Control type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
      </Form.Group>
      <Form.Group controlId={selectId} style={{ minWidth: 260 }}>
        <Form.Label>{t('form.subject')}</Form.Label>
        <Form.Select
          value={value ? keyOf(value) : ''}
          onChange={(event) => {
            const picked = options.find((row) => keyOf(row) === event.target.value);
            onChange(picked ? { type: picked.type, id: picked.id, name: picked.name } : null);
          }}
        >
          <option value="">—</option>
          {options.map((row) => (
            <option key={keyOf(row)} value={keyOf(row)}>
              {row.name} ({t(`subjectType.${row.type}`)})
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </div>
  );
}
