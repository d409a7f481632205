import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MultiSelect } from '@/components/MultiSelect';
import type { SelectOption } from '@/components/multi-select-label';
import { addDays, todayIso } from '@/lib/calendar/dates';

/** As the server's serving window: today, or one of the last 7 days (a correction, an offline queue synced later). */
const SERVING_DAYS_BACK = 7;

interface ServingSettingsProps {
  date: string;
  mealTypesIds: number[];
  mealTypes: SelectOption[];
  onDate: (date: string) => void;
  onMealTypes: (ids: number[]) => void;
}

/** The day served and the meal types being served now; the page remembers both on the device. */
export function ServingSettings({ date, mealTypesIds, mealTypes, onDate, onMealTypes }: ServingSettingsProps) {
  const { t } = useTranslation('terminal');
  const today = todayIso();
  return (
    <div className="d-flex flex-wrap gap-3 align-items-end" data-terminal-keeps-focus>
      <Form.Group controlId="terminal-date" style={{ minWidth: 170 }}>
        <Form.Label className="small mb-1">{t('serving.date')}</Form.Label>
        <Form.Control
          type="date"
          value={date}
          min={addDays(today, -SERVING_DAYS_BACK)}
          max={today}
          required
          onChange={(event) => event.target.value && onDate(event.target.value)}
        />
      </Form.Group>
      <div style={{ minWidth: 260 }}>
        <label htmlFor="terminal-meal-types" className="form-label small mb-1">
          {t('serving.mealTypes')}
        </label>
        <MultiSelect
          id="terminal-meal-types"
          label={t('serving.mealTypes')}
          options={mealTypes}
          value={mealTypesIds}
          onChange={(ids) => onMealTypes(ids.map(Number))}
        />
      </div>
    </div>
  );
}
