import { Button, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { RegistrationChild } from '../api/registration';

interface MealReceiversTableProps {
  items: RegistrationChild[];
  onCreate: () => void;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
}

/** Spec §2: the parent's "Meal receivers list" (number, first and last name, Edit, Remove) and "Create child". */
export function MealReceiversTable({ items, onCreate, onEdit, onRemove }: MealReceiversTableProps) {
  const { t } = useTranslation('register');
  return (
    <section className="mb-4" aria-labelledby="meal-receivers-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="meal-receivers-title" className="h6 mb-0">
          {t('children.title')}
        </h2>
        <Button variant="outline-primary" size="sm" onClick={onCreate}>
          {t('children.create')}
        </Button>
      </div>
      <Table responsive size="sm" className="align-middle mb-0" aria-labelledby="meal-receivers-title">
        <thead>
          <tr>
            <th scope="col">{t('children.number')}</th>
            <th scope="col">{t('children.name')}</th>
            <th scope="col" className="text-end">
              {t('children.actions')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.length === 0 ? (
            <tr>
              <td colSpan={3} className="text-center text-body-secondary py-3">
                {t('children.empty')}
              </td>
            </tr>
          ) : (
            items.map((child, index) => {
              const name = `${child.firstName} ${child.lastName}`;
              return (
                <tr key={`${index}-${name}`}>
                  <td>{index + 1}</td>
                  <td>{name}</td>
                  <td className="text-end text-nowrap">
                    <Button variant="link" size="sm" onClick={() => onEdit(index)} aria-label={t('children.editNamed', { name })}>
                      {t('children.edit')}
                    </Button>
                    <Button
                      variant="link"
                      size="sm"
                      className="text-danger"
                      onClick={() => onRemove(index)}
                      aria-label={t('children.removeNamed', { name })}
                    >
                      {t('children.remove')}
                    </Button>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </Table>
    </section>
  );
}
