import { useId, useMemo } from 'react';
import { Button, Form, Table } from 'react-bootstrap';
import { useController, useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SelectOption } from '@/components/multi-select-label';
import { institutionOptions, mealTypeOptions, useAllAssignments } from '../api/kitchens';
import type { KitchenValues } from './kitchen-form';

/** `${institutionId}:${mealTypeId}` → the name of the other kitchen that already prepares it. */
type TakenPairs = ReadonlyMap<string, string>;
const pair = (institutionId: number, mealTypeId: number) => `${institutionId}:${mealTypeId}`;

interface MatrixRowProps {
  index: number;
  institutionId: number;
  institutionName: string;
  mealTypes: readonly SelectOption[];
  taken: TakenPairs;
  onRemove: () => void;
}

function MatrixRow({ index, institutionId, institutionName, mealTypes, taken, onRemove }: MatrixRowProps) {
  const { t } = useTranslation('kitchens');
  const errorId = useId();
  const { field, fieldState } = useController<KitchenValues, `institutionsMealTypes.${number}.mealTypeIds`>({
    name: `institutionsMealTypes.${index}.mealTypeIds`,
  });
  const chosen = field.value;
  const error = fieldState.error?.message;
  const toggle = (mealTypeId: number, checked: boolean) =>
    field.onChange(checked ? [...chosen, mealTypeId] : chosen.filter((id) => id !== mealTypeId));

  return (
    <>
      <tr>
        <th scope="row" className="fw-normal">
          {institutionName}
        </th>
        {mealTypes.map((mealType) => {
          const mealTypeId = Number(mealType.value);
          const checked = chosen.includes(mealTypeId);
          const otherKitchen = taken.get(pair(institutionId, mealTypeId));
          return (
            <td key={mealTypeId} className="text-center">
              <Form.Check
                className="d-inline-block"
                aria-label={t('matrix.cell', { mealType: mealType.text, institution: institutionName })}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                checked={checked}
                // Another kitchen's pair cannot be ticked; one ticked before that kitchen took it can still be cleared.
                disabled={!!otherKitchen && !checked}
                onChange={(event) => toggle(mealTypeId, event.target.checked)}
              />
              {otherKitchen && <div className="small text-body-secondary">{otherKitchen}</div>}
            </td>
          );
        })}
        <td className="text-end">
          <Button size="sm" variant="outline-danger" onClick={onRemove} aria-label={t('matrix.removeNamed', { name: institutionName })}>
            {t('matrix.remove')}
          </Button>
        </td>
      </tr>
      {error && (
        <tr>
          <td colSpan={mealTypes.length + 2} className="border-0 pt-0">
            <div id={errorId} className="invalid-feedback d-block">
              {error}
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

/** Which meal types the kitchen prepares for which institution: one row per institution, one column per meal type. */
export function AssignmentMatrix() {
  const { t } = useTranslation('kitchens');
  const addId = useId();
  const { control } = useFormContext<KitchenValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'institutionsMealTypes' });
  const kitchenId = useWatch({ control, name: 'kitchenId' });
  const institutions = institutionOptions.useOptions();
  const mealTypes = mealTypeOptions.useOptions();
  const assignments = useAllAssignments();

  const taken: TakenPairs = useMemo(
    () =>
      new Map(
        (assignments.data ?? [])
          .filter((row) => row.kitchenId !== kitchenId)
          .map((row) => [pair(row.institutionId, row.mealTypeId), row.kitchenName]),
      ),
    [assignments.data, kitchenId],
  );
  const listed = new Set(fields.map((row) => row.institutionId));
  const addable = (institutions.data ?? []).filter((option) => !listed.has(Number(option.value)));
  const columns = mealTypes.data ?? [];

  const add = (value: string) => {
    const option = addable.find((candidate) => String(candidate.value) === value);
    if (!option) return;
    const institutionId = Number(option.value);
    // A new row starts with every meal type no other kitchen prepares there: the usual case is "all of them".
    const free = columns.map((mealType) => Number(mealType.value)).filter((id) => !taken.has(pair(institutionId, id)));
    append({ institutionId, institutionName: option.text, mealTypeIds: free });
  };

  return (
    <fieldset>
      <legend className="fs-6 fw-semibold">{t('matrix.title')}</legend>
      <p className="small text-body-secondary">{t('matrix.help')}</p>
      {fields.length === 0 ? (
        <p className="text-body-secondary">{t('matrix.empty')}</p>
      ) : (
        <Table size="sm" responsive className="align-middle" aria-label={t('matrix.title')}>
          <thead>
            <tr>
              <th scope="col">{t('matrix.institution')}</th>
              {columns.map((mealType) => (
                <th key={mealType.value} scope="col" className="text-center">
                  {mealType.text}
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">{t('matrix.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.map((row, index) => (
              <MatrixRow
                key={row.id}
                index={index}
                institutionId={row.institutionId}
                institutionName={row.institutionName}
                mealTypes={columns}
                taken={taken}
                onRemove={() => remove(index)}
              />
            ))}
          </tbody>
        </Table>
      )}
      <Form.Group controlId={addId} className="mb-2">
        <Form.Label>{t('matrix.add')}</Form.Label>
        <Form.Select value="" onChange={(event) => add(event.target.value)} disabled={addable.length === 0}>
          <option value="">{addable.length === 0 ? t('matrix.noMoreInstitutions') : t('matrix.choose')}</option>
          {addable.map((option) => (
            <option key={option.value} value={String(option.value)}>
              {option.text}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </fieldset>
  );
}
