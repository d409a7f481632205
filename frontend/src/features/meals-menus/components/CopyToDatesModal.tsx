import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FormActionButton } from '@/components/FormActionButton';
import { formatShortDay, isWeekend, weekdayOf } from './months';

interface CopyToDatesModalProps {
  title: string;
  description: string;
  sourceDate: string;
  /** Days one may copy to (the shown month's days of the menu). */
  dates: string[];
  pending: boolean;
  onCopy: (targetDates: string[]) => void;
  onClose: () => void;
}

/** Picks the days a day's (or a meal type's) meals are copied to; what those days held is replaced. */
export function CopyToDatesModal({ title, description, sourceDate, dates, pending, onCopy, onClose }: CopyToDatesModalProps) {
  const { t, i18n } = useTranslation('mealsMenus');
  const titleId = useId();
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const targets = dates.filter((date) => date !== sourceDate);
  const toggle = (date: string) => setChosen((current) => (current.includes(date) ? current.filter((d) => d !== date) : [...current, date]));

  return (
    <Modal show onHide={onClose} aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{description}</p>
        <div className="d-flex flex-wrap gap-2 mb-2">
          <Button size="sm" variant="outline-secondary" onClick={() => setChosen(targets.filter((date) => weekdayOf(date) === weekdayOf(sourceDate)))}>
            {t('copy.sameWeekday')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setChosen(targets.filter((date) => !isWeekend(date)))}>
            {t('copy.allWorkdays')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setChosen([])}>
            {t('copy.clear')}
          </Button>
        </div>
        <fieldset className="overflow-auto border rounded p-2" style={{ maxHeight: 300 }}>
          <legend className="visually-hidden">{t('copy.targetDates')}</legend>
          {targets.map((date) => (
            <Form.Check
              key={date}
              id={`${titleId}-${date}`}
              type="checkbox"
              label={formatShortDay(date, i18n.language)}
              checked={chosen.includes(date)}
              onChange={() => toggle(date)}
            />
          ))}
        </fieldset>
        {error && (
          <div className="text-danger small mt-2" role="alert">
            {error}
          </div>
        )}
        <p className="small text-body-secondary mt-2 mb-0">{t('copy.replaces')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <FormActionButton
          pending={pending}
          onClick={() => {
            if (chosen.length === 0) {
              setError(t('copy.chooseTarget'));
              return;
            }
            onCopy([...chosen].sort());
          }}
        >
          {t('copy.submit')}
        </FormActionButton>
      </Modal.Footer>
    </Modal>
  );
}
