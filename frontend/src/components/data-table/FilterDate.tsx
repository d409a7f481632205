import { useId } from 'react';
import { Form } from 'react-bootstrap';

interface FilterDateProps {
  label: string;
  /** `YYYY-MM-DD`, or '' for no filter. */
  value: string;
  onChange: (value: string) => void;
}

/** A date filter for DataTable's `filters` slot (or any filter bar). */
export function FilterDate({ label, value, onChange }: FilterDateProps) {
  const id = useId();
  return (
    <Form.Group controlId={id} style={{ minWidth: 160 }}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <Form.Control type="date" value={value} onChange={(event) => onChange(event.target.value)} />
    </Form.Group>
  );
}
