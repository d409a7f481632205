import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '@/lib/format';
import { addMonths } from './months';

interface MonthSwitcherProps {
  month: string;
  onChange: (month: string) => void;
  /** `YYYY-MM` bounds (inclusive), e.g. the menu's months. */
  min?: string;
  max?: string;
}

/** Previous / next month around the shown month's name (announced to screen readers when it changes). */
export function MonthSwitcher({ month, onChange, min, max }: MonthSwitcherProps) {
  const { t, i18n } = useTranslation('mealsMenus');
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  return (
    <div className="d-flex align-items-center gap-2">
      <ButtonGroup>
        <Button variant="outline-secondary" aria-label={t('month.previous')} disabled={!!min && previous < min} onClick={() => onChange(previous)}>
          ‹
        </Button>
        <Button variant="outline-secondary" aria-label={t('month.next')} disabled={!!max && next > max} onClick={() => onChange(next)}>
          ›
        </Button>
      </ButtonGroup>
      <h2 className="h5 mb-0" aria-live="polite">
        {formatMonth(month, i18n.language)}
      </h2>
    </div>
  );
}
