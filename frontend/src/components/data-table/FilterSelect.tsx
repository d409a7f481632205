import { useId } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '@/components/multi-select-label';

interface FilterSelectProps {
  label: string;
  /** The URL's value ('' = no filter), e.g. `table.filters.group`. */
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** The empty choice's text: "All" for a list filter; e.g. "Choose..." where one value must be chosen. */
  emptyLabel?: string;
}

/** A list filter with an "All" choice, for DataTable's `filters` slot. */
export function FilterSelect({ label, value, options, onChange, emptyLabel }: FilterSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form.Group controlId={id} style={{ minWidth: 180 }}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Select value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">{emptyLabel ?? t('table.allOption')}</option>
        {options.map((option) => (
          <option key={option.value} value={String(option.value)} disabled={option.disabled}>
            {option.text}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
