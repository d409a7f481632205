import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

interface RowActionsProps {
  /** What the row is called, so each button has its own accessible name ("Edit Milk"). */
  name: string;
  onEdit?: () => void;
  /** Edit on its own page instead of a modal. */
  editTo?: string;
  onRemove?: () => void;
}

export function RowActions({ name, onEdit, editTo, onRemove }: RowActionsProps) {
  const { t } = useTranslation();
  const editLabel = t('crud.editNamed', { name });
  return (
    <div className="d-inline-flex gap-1">
      {editTo && (
        <Link to={editTo} className="btn btn-sm btn-outline-primary" aria-label={editLabel}>
          {t('crud.edit')}
        </Link>
      )}
      {onEdit && (
        <Button size="sm" variant="outline-primary" aria-label={editLabel} onClick={onEdit}>
          {t('crud.edit')}
        </Button>
      )}
      {onRemove && (
        <Button size="sm" variant="outline-danger" aria-label={t('crud.removeNamed', { name })} onClick={onRemove}>
          {t('crud.remove')}
        </Button>
      )}
    </div>
  );
}
