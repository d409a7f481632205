import { useId, useState, type FormEvent } from 'react';
import { Button, Card, Form, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/EmptyState';
import { FormActionButton } from '@/components/FormActionButton';
import { QueryState } from '@/components/SectionCard';
import { STICKY_HEADER_MAX_HEIGHT_PX } from '@/components/data-table';
import { notify } from '@/components/toasts/toast-store';
import { useInstitutionMealTypes, useSetInstitutionMealTypes, type InstitutionMealTypes } from '../api/institution-meal-types';
import { mealTypes } from '../api/meal-types';

interface Choice {
  value: number;
  text: string;
}

/** Which meal types each institution offers (default: all); an admin switches them per institution. */
export function InstitutionAvailability() {
  const { t } = useTranslation('mealTypes');
  const grouped = useInstitutionMealTypes();
  const options = mealTypes.useOptions();
  const [editing, setEditing] = useState<InstitutionMealTypes | null>(null);
  const titleId = useId();
  const choices: Choice[] = (options.data ?? []).map((option) => ({ value: Number(option.value), text: option.text }));
  const names = new Map(choices.map((choice) => [choice.value, choice.text]));

  return (
    <Card className="mt-4">
      <Card.Header as="h2" className="h5">
        {t('availability.title')}
      </Card.Header>
      <Card.Body>
        <p className="text-body-secondary">{t('availability.description')}</p>
        <QueryState query={grouped}>
          {() =>
            (grouped.data ?? []).length === 0 ? (
              <EmptyState />
            ) : (
              <div className="table-responsive" style={{ maxHeight: STICKY_HEADER_MAX_HEIGHT_PX }}>
                <Table hover size="sm" aria-label={t('availability.title')} className="mb-0">
                  <thead className="sticky-top">
                    <tr>
                      <th scope="col">{t('availability.institution')}</th>
                      <th scope="col">{t('availability.mealTypes')}</th>
                      <th scope="col" className="text-end">
                        <span className="visually-hidden">{t('availability.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {(grouped.data ?? []).map((row) => (
                      <tr key={row.institutionId}>
                        <td>{row.institutionName}</td>
                        <td>
                          {row.mealTypesIds.length === 0
                            ? t('availability.none')
                            : row.mealTypesIds.length === choices.length
                              ? t('availability.all')
                              : row.mealTypesIds.map((id) => names.get(id) ?? `#${id}`).join(', ')}
                        </td>
                        <td className="text-end">
                          <Button
                            size="sm"
                            variant="outline-primary"
                            aria-label={t('availability.editNamed', { name: row.institutionName })}
                            onClick={() => setEditing(row)}
                          >
                            {t('availability.edit')}
                          </Button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </Table>
              </div>
            )
          }
        </QueryState>
      </Card.Body>
      <Modal show={editing !== null} onHide={() => setEditing(null)} aria-labelledby={titleId}>
        {editing && (
          <AvailabilityForm key={editing.institutionId} row={editing} choices={choices} titleId={titleId} onClose={() => setEditing(null)} />
        )}
      </Modal>
    </Card>
  );
}

function AvailabilityForm({
  row,
  choices,
  titleId,
  onClose,
}: {
  row: InstitutionMealTypes;
  choices: Choice[];
  titleId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('mealTypes');
  const save = useSetInstitutionMealTypes();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set(row.mealTypesIds));
  const title = t('availability.editTitle', { name: row.institutionName });
  const toggle = (value: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(value)) next.delete(value);
      else next.add(value);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      // Sent in the list's order, so the answer and the table read the same way.
      await save.mutateAsync({ institutionId: row.institutionId, mealTypesIds: choices.filter((c) => selected.has(c.value)).map((c) => c.value) });
      notify({ type: 'success', message: t('common:crud.saved') });
      onClose();
    } catch {
      // The query client toasts the refusal; the choices stay for another try.
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void onSubmit(event)} aria-label={title}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <fieldset>
          <legend className="form-label fs-6">{t('availability.mealTypes')}</legend>
          {choices.length === 0 && <EmptyState />}
          {choices.map((choice) => (
            <Form.Check
              key={choice.value}
              type="switch"
              role="switch"
              id={`${titleId}-${choice.value}`}
              label={choice.text}
              checked={selected.has(choice.value)}
              onChange={() => toggle(choice.value)}
            />
          ))}
        </fieldset>
        {selected.size === 0 && choices.length > 0 && <p className="text-warning-emphasis small mt-2 mb-0">{t('availability.noneWarning')}</p>}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose}>
          {t('common:cancel')}
        </Button>
        <FormActionButton type="submit" pending={save.isPending}>
          {t('common:save')}
        </FormActionButton>
      </Modal.Footer>
    </Form>
  );
}
