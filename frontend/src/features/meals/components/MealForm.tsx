import { useMemo } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Card, Form, Table } from 'react-bootstrap';
import { FormProvider, useFieldArray, useForm, useWatch, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/api/client';
import { FormActionButton } from '@/components/FormActionButton';
import { MultiSelectField, TextAreaField, TextField } from '@/components/form';
import { ingredients as ingredientsResource } from '@/lib/ingredients/ingredients';
import { translateServerMessage } from '@/lib/i18n';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';
import { useAllergenOptions } from '@/lib/allergens/allergen-options';
import type { MealRequest } from '../api/meals';
import {
  DESCRIPTION_MAX_LENGTH,
  emptyIngredientRow,
  KCAL_MAX,
  mealRequest,
  mealSchema,
  NAME_MAX_LENGTH,
  NUTRIENTS,
  type MealValues,
  type PortionSizeRef,
} from './meal-form';

interface MealFormProps {
  sizes: readonly PortionSizeRef[];
  initial: MealValues;
  label: string;
  onSubmit: (body: MealRequest) => Promise<unknown>;
  pending: boolean;
  onCancel: () => void;
}

export function MealForm({ sizes, initial, label, onSubmit, pending, onCancel }: MealFormProps) {
  const { t } = useTranslation(['meals', 'common']);
  const schema = useMemo(() => mealSchema(t), [t]);
  const form = useForm<MealValues>({ resolver: zodResolver(schema), defaultValues: initial });
  const rows = useFieldArray({ control: form.control, name: 'ingredients' });
  const allergens = useAllergenOptions();
  const ingredientList = ingredientsResource.useList({ perPage: OPTION_LIST_PER_PAGE });
  const known = useMemo(() => ingredientList.data?.items ?? [], [ingredientList.data]);

  const chosenRows = useWatch({ control: form.control, name: 'ingredients' });
  const selectedAllergens = useWatch({ control: form.control, name: 'allergensIds' });
  const derived = useMemo(() => {
    const ids = new Set<number>();
    for (const row of chosenRows) {
      for (const id of known.find((ingredient) => ingredient.id === row.ingredientId)?.allergensIds ?? []) ids.add(id);
    }
    return [...ids].sort((a, b) => a - b);
  }, [chosenRows, known]);
  const missing = derived.filter((id) => !selectedAllergens.includes(id));

  const addAllergens = (ids: readonly number[]) =>
    form.setValue('allergensIds', [...new Set([...form.getValues('allergensIds'), ...ids])], { shouldDirty: true });
  // Choosing an ingredient proposes its allergens; the admin may remove any of them afterwards (cooked away).
  const ingredientChosen = (value: string) =>
    addAllergens(known.find((ingredient) => String(ingredient.id) === value)?.allergensIds ?? []);

  const submit = form.handleSubmit(async (values) => {
    const { body, formPath } = mealRequest(values);
    try {
      await onSubmit(body);
    } catch (error) {
      if (!(error instanceof ApiError)) return;
      for (const [serverPath, messages] of Object.entries(error.fieldErrors)) {
        const path = formPath(serverPath);
        if (path) form.setError(path as Path<MealValues>, { type: 'server', message: messages.map(translateServerMessage).join(' ') });
      }
    }
  });

  const unitOf = (ingredientId: number | null) => known.find((ingredient) => ingredient.id === ingredientId)?.unit ?? '';
  const errors = form.formState.errors;

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label={label}>
        <Card className="mb-3">
          <Card.Body>
            <TextField<MealValues> name="name" label={t('fields.name')} required maxLength={NAME_MAX_LENGTH} />
            <TextAreaField<MealValues> name="description" label={t('fields.description')} maxLength={DESCRIPTION_MAX_LENGTH} />
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Header as="h2" className="h6">
            {t('recipe.title')}
          </Card.Header>
          <Card.Body>
            <p className="text-body-secondary small">{t('recipe.help')}</p>
            {rows.fields.length === 0 ? (
              <p className="text-body-secondary">{t('recipe.empty')}</p>
            ) : (
              <div className="table-responsive">
                <Table size="sm" className="align-middle" aria-label={t('recipe.title')}>
                  <thead>
                    <tr>
                      <th scope="col">{t('recipe.ingredient')}</th>
                      <th scope="col">{t('recipe.unit')}</th>
                      {sizes.map((size) => (
                        <th scope="col" key={size.id} className="text-nowrap">
                          {t('recipe.amountFor', { size: size.name })}
                        </th>
                      ))}
                      <th scope="col">
                        <span className="visually-hidden">{t('recipe.actions')}</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.fields.map((field, index) => {
                      const rowErrors = errors.ingredients?.[index];
                      // A row-level rule (an amount for at least one size) is the `root` of the grammages array.
                      const rowMessage = rowErrors?.grammages?.root?.message ?? rowErrors?.grammages?.message;
                      const rowName = known.find((ingredient) => ingredient.id === chosenRows[index]?.ingredientId)?.name ?? String(index + 1);
                      return (
                        <tr key={field.id}>
                          <td style={{ minWidth: 220 }}>
                            <Form.Select
                              aria-label={t('recipe.ingredientOfRow', { row: index + 1 })}
                              {...form.register(`ingredients.${index}.ingredientId`, {
                                setValueAs: (value: string) => (value === '' ? null : Number(value)),
                                onChange: (event: { target: { value: string } }) => ingredientChosen(event.target.value),
                              })}
                              isInvalid={!!rowErrors?.ingredientId}
                              aria-invalid={rowErrors?.ingredientId || rowMessage ? true : undefined}
                              aria-describedby={`${field.id}-error`}
                            >
                              <option value="">{t('recipe.choose')}</option>
                              {known.map((ingredient) => (
                                <option key={ingredient.id} value={ingredient.id}>
                                  {ingredient.name}
                                </option>
                              ))}
                            </Form.Select>
                            <div id={`${field.id}-error`} className="invalid-feedback d-block">
                              {rowErrors?.ingredientId?.message ?? rowMessage}
                            </div>
                          </td>
                          <td className="text-nowrap">{unitOf(chosenRows[index]?.ingredientId ?? null)}</td>
                          {sizes.map((size, sizeIndex) => {
                            const cellError = rowErrors?.grammages?.[sizeIndex]?.grammage;
                            return (
                              <td key={size.id} style={{ minWidth: 110 }}>
                                <Form.Control
                                  inputMode="decimal"
                                  aria-label={t('recipe.amountOf', { ingredient: rowName, size: size.name })}
                                  {...form.register(`ingredients.${index}.grammages.${sizeIndex}.grammage`)}
                                  isInvalid={!!cellError}
                                  aria-invalid={cellError ? true : undefined}
                                  aria-describedby={cellError ? `${field.id}-${size.id}-error` : undefined}
                                />
                                <Form.Control.Feedback type="invalid" id={`${field.id}-${size.id}-error`}>
                                  {cellError?.message}
                                </Form.Control.Feedback>
                              </td>
                            );
                          })}
                          <td className="text-end">
                            <Button
                              size="sm"
                              variant="outline-danger"
                              aria-label={t('recipe.removeRow', { ingredient: rowName })}
                              onClick={() => rows.remove(index)}
                            >
                              {t('common:crud.remove')}
                            </Button>
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </Table>
              </div>
            )}
            <Button variant="outline-primary" onClick={() => rows.append(emptyIngredientRow(sizes))}>
              {t('recipe.add')}
            </Button>
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Header as="h2" className="h6">
            {t('fields.allergens')}
          </Card.Header>
          <Card.Body>
            <MultiSelectField<MealValues>
              name="allergensIds"
              label={t('fields.allergens')}
              options={allergens.options}
              help={t('allergens.help')}
            />
            {missing.length > 0 && (
              <Alert variant="warning" className="mb-0 d-flex flex-wrap align-items-center justify-content-between gap-2">
                <span>{t('allergens.missing', { names: missing.map(allergens.nameOf).join(', ') })}</span>
                <Button
                  size="sm"
                  variant="warning"
                  onClick={() => addAllergens(missing)}
                >
                  {t('allergens.addMissing')}
                </Button>
              </Alert>
            )}
          </Card.Body>
        </Card>

        <Card className="mb-3">
          <Card.Header as="h2" className="h6">
            {t('nutrition.title')}
          </Card.Header>
          <Card.Body>
            <p className="text-body-secondary small">{t('nutrition.help')}</p>
            <div className="table-responsive">
              <Table size="sm" className="align-middle mb-0" aria-label={t('nutrition.title')}>
                <thead>
                  <tr>
                    <th scope="col">{t('nutrition.portionSize')}</th>
                    <th scope="col">{t('nutrition.kcal')}</th>
                    {NUTRIENTS.map((nutrient) => (
                      <th scope="col" key={nutrient}>
                        {t(`nutrition.${nutrient}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {sizes.map((size, index) => {
                    const portionErrors = errors.portions?.[index];
                    return (
                      <tr key={size.id}>
                        <th scope="row">{size.name}</th>
                        <td style={{ minWidth: 100 }}>
                          <Form.Control
                            type="number"
                            min={0}
                            max={KCAL_MAX}
                            step={1}
                            aria-label={t('nutrition.kcalOf', { size: size.name })}
                            {...form.register(`portions.${index}.kcal`, {
                              setValueAs: (value: string | number | null) => (value === '' || value === null ? null : Number(value)),
                            })}
                            isInvalid={!!portionErrors?.kcal}
                            aria-invalid={portionErrors?.kcal ? true : undefined}
                            aria-describedby={portionErrors?.kcal ? `portion-${size.id}-kcal-error` : undefined}
                          />
                          <Form.Control.Feedback type="invalid" id={`portion-${size.id}-kcal-error`}>
                            {portionErrors?.kcal?.message}
                          </Form.Control.Feedback>
                        </td>
                        {NUTRIENTS.map((nutrient) => (
                          <td key={nutrient} style={{ minWidth: 100 }}>
                            <Form.Control
                              inputMode="decimal"
                              aria-label={t('nutrition.nutrientOf', { nutrient: t(`nutrition.${nutrient}`), size: size.name })}
                              {...form.register(`portions.${index}.${nutrient}`)}
                              isInvalid={!!portionErrors?.[nutrient]}
                              aria-invalid={portionErrors?.[nutrient] ? true : undefined}
                              aria-describedby={portionErrors?.[nutrient] ? `portion-${size.id}-${nutrient}-error` : undefined}
                            />
                            <Form.Control.Feedback type="invalid" id={`portion-${size.id}-${nutrient}-error`}>
                              {portionErrors?.[nutrient]?.message}
                            </Form.Control.Feedback>
                          </td>
                        ))}
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </div>
            {errors.portions?.message && <div className="invalid-feedback d-block">{errors.portions.message}</div>}
          </Card.Body>
        </Card>

        <div className="d-flex justify-content-end gap-2">
          <Button variant="secondary" onClick={onCancel}>
            {t('common:cancel')}
          </Button>
          <FormActionButton type="submit" pending={pending}>
            {t('common:save')}
          </FormActionButton>
        </div>
      </Form>
    </FormProvider>
  );
}
