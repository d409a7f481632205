import { useCallback, useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'react-bootstrap';
import { FormProvider, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { allergiesRefusal, useConfirmAllergiesRemoval } from '@/components/allergies-removal/allergies-removal';
import { AllergiesToRemove } from '@/components/allergies-removal/AllergiesToRemove';
import { useConfirm } from '@/components/confirm-context';
import { allergiesToClear } from '@/lib/allergies/allergies-to-clear';
import { FormActionButton } from '@/components/FormActionButton';
import {
  CheckboxField,
  DateField,
  MultiSelectField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
} from '@/components/form';
import type { SelectOption } from '@/components/multi-select-label';
import { notify } from '@/components/toasts/toast-store';
import { allergens as allergensResource } from '@/lib/allergens/allergens';
import { allergenLabel } from '@/lib/allergens/allergen-options';
import { OPTION_LIST_PER_PAGE } from '@/lib/crud';
import { useSettings } from '@/lib/settings/settings-endpoint';
import { feesEndpoint } from '@/lib/settings/fees';
import { applyServerErrors } from '@/lib/form-errors';
import { useUserEdits } from '@/lib/use-user-edits';
import { getActiveFutureOrdersCount, useSaveChild, type LoadedChild } from '@/lib/children/children';
import {
  formOptionQueries,
  useGroupedItems,
  type ClassroomOption,
  type DietOption,
  type InstitutionOption,
  type RegistrationChildOptions,
} from '@/lib/children/form-options';
import { AutomarkSettings, NotificationSettings, SettingsLogs } from './AutomarkSettings';
import {
  CARD_NUMBER_MAX_LENGTH,
  changedCascadeFields,
  childFieldChanged,
  childFormSchema,
  childToValues,
  dietAllowsAllergens,
  dietServes,
  emptyChildValues,
  institutionResolved,
  isCascadeField,
  toChildRequest,
  withOptionDefaults,
  type ChildFormOptions,
  type ChildFormValues,
} from '@/lib/child-form/child-form-model';
import { useChildFormRights, type ChildFormMode } from '@/lib/child-form/use-child-form-rights';

/** Spec §9: the slug typed by a parent is looked up after one second without typing. */
export const SLUG_DEBOUNCE_MS = 1000;

export interface ChildFormProps {
  mode: ChildFormMode;
  /** The edited child (edit mode). */
  child?: LoadedChild;
  /**
   * Values to start from instead of the child's or empty ones: registration's "Edit" reopens a child of the local
   * list (not stored yet, so there is no LoadedChild).
   */
  initialValues?: ChildFormValues;
  /** The parent a new child belongs to (staff creating from a parent's page). */
  parentId?: number;
  /** An institution fixed by the URL (`/auth/register/{institutionSlug}`): shown read-only. */
  institutionSlug?: string;
  onSaved?: (child: LoadedChild) => void;
  /** Registration mode: the values go here and nothing is sent (the registration sends them with the account). */
  onRegistrationSave?: (values: ChildFormValues) => void;
  /** Registration mode: `auth/register/childOptions` (no sign-in needed). */
  registrationOptions?: RegistrationChildOptions;
  onCancel?: () => void;
  /** The form's accessible name. */
  label?: string;
}

const SERVER_FIELDS: readonly Path<ChildFormValues>[] = [
  'firstName',
  'lastName',
  'cardNumber',
  'institutionId',
  'classroomId',
  'dietId',
  'allergies',
  'allergiesNote',
  'generalNote',
  'internalNote',
  'hasDiscount',
  'discountPercent',
  'expirationDate',
  'priceListsGroupId',
  'subscribedPayments',
  'orderingPrepaids',
  'childGroupId',
  'parentId',
  'calendarSubjectSettings.automarkEndDate',
  'subjectNotificationsSettings.missingOrdersDaysBefore',
];
const SERVER_FIELD_MAP = {
  'calendarSubjectSettings.autoselectedPriceListsItemsIds': 'calendarSubjectSettings.autoselectedMealTypes',
} as const satisfies Partial<Record<string, Path<ChildFormValues>>>;

/**
 * The child form in its three modes (spec §4): registration (values handed to `onRegistrationSave`), create and edit
 * (sent to the server). The rules between fields (cascades, defaults, allergens, blocked meal types) are the model's
 * (`child-form-model.ts`); here they run on the user's edits and when option lists arrive. Also the slug lookup and the
 * confirmation when moving a child with future orders to another institution.
 */
export function ChildForm({
  mode,
  child,
  initialValues,
  parentId,
  institutionSlug,
  onSaved,
  onRegistrationSave,
  registrationOptions,
  onCancel,
  label,
}: ChildFormProps) {
  const { t } = useTranslation(['children', 'common']);
  const registration = mode === 'registration';
  const rights = useChildFormRights(mode, { institutionSlug, registrationOptions });
  const confirm = useConfirm();
  const confirmAllergiesRemoval = useConfirmAllergiesRemoval();
  const queryClient = useQueryClient();
  const save = useSaveChild();
  const schema = useMemo(() => childFormSchema(t), [t]);
  const initial = useMemo(
    () => initialValues ?? (child ? childToValues(child) : emptyChildValues({ parentId: parentId ?? null })),
    [initialValues, child, parentId],
  );
  const form = useForm<ChildFormValues>({ resolver: zodResolver(schema) as never, defaultValues: initial });
  const { control, setValue, getValues } = form;
  const [institutionName, setInstitutionName] = useState<string | null>(null);

  // Options -------------------------------------------------------------------------------------------------
  const signedIn = !registration;
  const institutionId = useWatch({ control, name: 'institutionId' });
  const dietId = useWatch({ control, name: 'dietId' });
  const districtId = useWatch({ control, name: 'selectedDistrictId' });
  const priceListsGroupId = useWatch({ control, name: 'priceListsGroupId' });
  const typedSlug = useWatch({ control, name: 'institutionSlug' });

  const institutionsQuery = useQuery({ ...formOptionQueries.institutions(), enabled: signedIn && rights.institutionInput !== 'hidden' });
  const classroomsQuery = useQuery({ ...formOptionQueries.classrooms(institutionId ?? 0), enabled: signedIn && institutionId !== null });
  const dietsQuery = useQuery({ ...formOptionQueries.diets(), enabled: signedIn });
  const districtsQuery = useQuery({ ...formOptionQueries.districts(), enabled: signedIn && rights.institutionInput === 'select' });
  const groupsQuery = useQuery({ ...formOptionQueries.priceListsGroups(), enabled: signedIn });
  const childGroupsQuery = useQuery({ ...formOptionQueries.childrenGroups(), enabled: signedIn && rights.visible.childGroup });
  const parentsQuery = useQuery({ ...formOptionQueries.parents(), enabled: signedIn && rights.visible.parent && parentId === undefined });
  const fees = useSettings(feesEndpoint, signedIn);
  const allergensQuery = useQuery({ ...allergensResource.listQuery({ perPage: OPTION_LIST_PER_PAGE }), enabled: signedIn });

  const institutions: InstitutionOption[] = useMemo(
    () =>
      registration
        ? (registrationOptions?.institutionsOptions ?? []).map((option) => ({ ...option, active: true }))
        : (institutionsQuery.data ?? []),
    [registration, registrationOptions, institutionsQuery.data],
  );
  const classrooms: ClassroomOption[] = useMemo(
    () =>
      registration
        ? (registrationOptions?.classroomsOptions ?? []).filter((room) => room.institution.id === institutionId)
        : (classroomsQuery.data ?? []),
    [registration, registrationOptions, institutionId, classroomsQuery.data],
  );
  const diets: DietOption[] = useMemo(
    () => (registration ? registrationOptions?.dietsOptions : dietsQuery.data) ?? [],
    [registration, registrationOptions, dietsQuery.data],
  );
  const districts: SelectOption[] = (registration ? registrationOptions?.districtsOptions : districtsQuery.data) ?? [];
  const groups = useMemo(
    () =>
      registration
        ? (registrationOptions?.priceListsGroupsOptions ?? []).map((group) => ({ id: group.id, name: group.name, defaultForChildren: group.defaultForChildren }))
        : (groupsQuery.data ?? []),
    [registration, registrationOptions, groupsQuery.data],
  );
  const allergens: SelectOption[] = registration
    ? (registrationOptions?.allergensOptions ?? []).map((option) => ({ value: option.value, text: option.text }))
    : (allergensQuery.data?.items ?? []).map((allergen) => ({ value: allergen.id, text: allergenLabel(allergen) }));
  const diet = diets.find((candidate) => candidate.value === dietId);
  const allergensAllowed = dietAllowsAllergens(diet);

  const groupedParams =
    institutionId !== null && dietId !== null && priceListsGroupId !== null ? { institutionId, dietId, priceListsGroupId } : null;
  const grouped = useGroupedItems(groupedParams, registration);

  // Rules between fields (spec §4): the model's, run when the user changes a field and when option lists arrive ----
  const categories = grouped.data?.categories;
  const options: ChildFormOptions = useMemo(
    () => ({ institutions, classrooms, diets, groups, initialInstitutionId: initial.institutionId, registration, categories }),
    [institutions, classrooms, diets, groups, initial.institutionId, registration, categories],
  );
  const apply = useCallback(
    (rule: (values: ChildFormValues) => ChildFormValues) => {
      const before = getValues();
      for (const [path, value] of changedCascadeFields(before, rule(before))) setValue(path, value as never);
    },
    [getValues, setValue],
  );
  useUserEdits(form, isCascadeField, (field, previous) => apply((values) => childFieldChanged(field, values, previous, options)));
  const editing = mode === 'edit';
  useEffect(() => apply((values) => withOptionDefaults(values, options, editing)), [apply, options, editing]);

  // Institution by slug: typed (1 s debounce) or fixed by the URL; the found one (or none) applied when it arrives ------
  const slugToResolve = rights.institutionInput === 'readonly' ? (institutionSlug ?? '') : rights.institutionInput === 'slug' ? typedSlug : '';
  const [resolved, setResolved] = useState<{ institution: InstitutionOption | null } | null>(null);
  useEffect(() => {
    const slug = slugToResolve.trim();
    if (!slug) return;
    let cancelled = false;
    const delay = rights.institutionInput === 'slug' ? SLUG_DEBOUNCE_MS : 0;
    const timer = setTimeout(() => {
      void (async () => {
        let found: InstitutionOption | undefined;
        try {
          const pool = registration ? institutions : await queryClient.fetchQuery(formOptionQueries.institutions());
          found = pool.find((candidate) => candidate.slug.toLowerCase() === slug.toLowerCase());
        } catch {
          found = undefined;
        }
        if (cancelled) return;
        setInstitutionName(found?.text ?? null);
        setResolved({ institution: found ?? null });
        if (!found) notify({ type: 'warning', message: t('slug.notFound') });
      })();
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-run for a new slug only
  }, [slugToResolve, rights.institutionInput]);
  useEffect(() => {
    if (resolved) apply((values) => institutionResolved(values, resolved.institution?.value ?? null, options));
  }, [apply, resolved, options]);

  // Submit ---------------------------------------------------------------------------------------------------------
  const onInvalid = (errors: FieldErrors<ChildFormValues>) => {
    if (errors.classroomId) notify({ type: 'error', message: t('validation.classroomRequired') });
  };

  const onValid = async (values: ChildFormValues) => {
    if (registration) {
      const clearing = allergiesToClear(values, undefined, allergensAllowed);
      if (clearing && !(await confirmAllergiesRemoval(<AllergiesToRemove clearing={clearing} allergens={allergens} diet={diet?.text ?? ''} subject="child" />))) return;
      // Kept hidden while the diet forbids them; the local list holds what registration will send.
      onRegistrationSave?.(clearing ? { ...values, allergies: [], allergiesNote: '' } : values);
      form.reset(emptyChildValues());
      return;
    }
    if (child && values.institutionId !== null && values.institutionId !== child.institutionId) {
      // Without the count the move could cancel orders unasked: the save stops instead.
      let count: number;
      try {
        count = await getActiveFutureOrdersCount(child.id);
      } catch (error) {
        notify({ type: 'error', message: t('futureOrders.checkFailed'), title: error instanceof Error ? error.message : undefined });
        return;
      }
      if (count > 0) {
        const confirmed = await confirm({
          title: t('common:crud.removeTitle'),
          body: t('futureOrders.body', { count }),
          confirmLabel: t('futureOrders.confirm'),
          cancelLabel: t('common:cancel'),
          variant: 'danger',
        });
        if (!confirmed) return;
      }
    }
    let confirmClearAllergies = false;
    if (!registration) {
      const clearing = allergiesToClear(values, child, allergensAllowed);
      if (clearing) {
        if (!(await confirmAllergiesRemoval(<AllergiesToRemove clearing={clearing} allergens={allergens} diet={diet?.text ?? ''} subject="child" />))) return;
        confirmClearAllergies = true;
      }
    }
    const body = toChildRequest(values, rights.visible, { dietAllowsAllergens: allergensAllowed });
    try {
      let saved: LoadedChild;
      try {
        saved = await save.mutateAsync({ id: child?.id ?? null, body: confirmClearAllergies ? { ...body, confirmClearAllergies } : body });
      } catch (error) {
        // Allergies recorded since the form loaded (someone else's save): the server names them; asked once more.
        const named = allergiesRefusal(error);
        if (confirmClearAllergies || !named || !(await confirmAllergiesRemoval(named))) throw error;
        saved = await save.mutateAsync({ id: child?.id ?? null, body: { ...body, confirmClearAllergies: true } });
      }
      const name = saved.fullName.name;
      notify({ type: 'success', message: child ? t('saved', { child: name }) : t('created', { child: name }) });
      form.reset(child ? childToValues(saved) : emptyChildValues({ parentId: parentId ?? null }));
      onSaved?.(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, SERVER_FIELDS, SERVER_FIELD_MAP);
      notify({ type: 'error', message: t('saveFailed'), title: error instanceof Error ? error.message : undefined });
    }
  };

  const submit = form.handleSubmit(onValid, onInvalid);
  const pending = save.isPending || form.formState.isSubmitting;

  // Inputs -----------------------------------------------------------------------------------------------------------
  const institutionOptions = institutions
    .filter((option) => districtId === null || option.districtId === districtId)
    .map((option) => ({ value: option.value, text: option.text }));
  const classroomOptions = classrooms.map((room) => ({ value: room.value, text: room.text }));
  const dietOptions = diets.filter((candidate) => dietServes(candidate, institutionId)).map((candidate) => ({ value: candidate.value, text: candidate.text }));
  const groupOptions = groups.map((group) => ({ value: group.id, text: group.name }));
  const logs = child?.calendarSubjectSettingsLogs;
  const currentInstitution = institutions.find((option) => option.value === institutionId);

  return (
    <FormProvider {...form}>
      <Form noValidate onSubmit={(event) => void submit(event)} aria-label={label ?? t(mode === 'edit' || initialValues ? 'editTitle' : 'createTitle')}>
        <div className="row">
          <TextField<ChildFormValues> name="firstName" label={t('fields.firstName')} required maxLength={100} className="col-md-6 mb-3" />
          <TextField<ChildFormValues> name="lastName" label={t('fields.lastName')} required maxLength={100} className="col-md-6 mb-3" />
        </div>

        {rights.visible.parent && parentId === undefined && (
          <SelectField<ChildFormValues> name="parentId" label={t('fields.parent')} required options={parentsQuery.data ?? []} />
        )}

        {rights.institutionInput === 'select' && (
          <div className="row">
            {districts.length > 0 && (
              <SelectField<ChildFormValues>
                name="selectedDistrictId"
                label={t('fields.district')}
                options={districts}
                emptyText={t('fields.allDistricts')}
                className="col-md-6 mb-3"
              />
            )}
            <SelectField<ChildFormValues>
              name="institutionId"
              label={t('fields.institution')}
              required
              options={institutionOptions}
              className={districts.length > 0 ? 'col-md-6 mb-3' : 'col-12 mb-3'}
            />
          </div>
        )}
        {rights.institutionInput === 'readonly' && (
          <Form.Group className="mb-3" controlId="child-institution-readonly">
            <Form.Label>{t('fields.institution')}</Form.Label>
            <Form.Control readOnly plaintext value={institutionName ?? currentInstitution?.text ?? t('slug.institutionNotFound')} />
          </Form.Group>
        )}
        {rights.institutionInput === 'slug' && (
          <>
            <TextField<ChildFormValues> name="institutionSlug" label={t('fields.institutionSlug')} help={t('slug.help')} required />
            {institutionId !== null && (
              <Alert variant="light" className="py-2">
                {t('slug.found', { institution: institutionName ?? currentInstitution?.text ?? '' })}
              </Alert>
            )}
          </>
        )}

        <div className="row">
          <SelectField<ChildFormValues>
            name="classroomId"
            label={t('fields.classroom')}
            required
            options={classroomOptions}
            disabled={!rights.canChange.classroom || institutionId === null}
            className="col-md-6 mb-3"
          />
          <SelectField<ChildFormValues>
            name="dietId"
            label={t('fields.diet')}
            required
            options={dietOptions}
            disabled={!rights.canChange.diet}
            className="col-md-6 mb-3"
          />
        </div>

        {allergensAllowed && (
          <div className="row">
            <MultiSelectField<ChildFormValues>
              name="allergies"
              label={t('fields.allergies')}
              options={allergens.map((option) => ({ ...option, disabled: !rights.canChange.allergens }))}
              className="col-md-6 mb-3"
            />
            <TextAreaField<ChildFormValues>
              name="allergiesNote"
              label={t('fields.allergiesNote')}
              disabled={!rights.canChange.allergiesNote}
              maxLength={2000}
              className="col-md-6 mb-3"
            />
          </div>
        )}

        {rights.visible.cardNumber && (
          <TextField<ChildFormValues>
            name="cardNumber"
            label={t('fields.cardNumber')}
            help={t('fields.cardNumberHelp')}
            maxLength={CARD_NUMBER_MAX_LENGTH}
            disabled={!rights.canChange.cardNumber}
          />
        )}
        <TextAreaField<ChildFormValues> name="generalNote" label={t('fields.generalNote')} help={t('fields.generalNoteHelp')} maxLength={2000} />

        {rights.visible.discount && <DiscountFields />}
        {rights.visible.priceListsGroup && (
          <SelectField<ChildFormValues> name="priceListsGroupId" label={t('fields.priceListsGroup')} options={groupOptions} />
        )}
        {rights.visible.childGroup && (
          <SelectField<ChildFormValues>
            name="childGroupId"
            label={t('fields.childGroup')}
            options={childGroupsQuery.data ?? []}
            emptyText={t('fields.noChildGroup')}
          />
        )}
        {rights.visible.subscribedPayments && (
          <CheckboxField<ChildFormValues> name="subscribedPayments" label={t('fields.subscribedPayments')} />
        )}
        {rights.visible.orderingPrepaids && <CheckboxField<ChildFormValues> name="orderingPrepaids" label={t('fields.orderingPrepaids')} />}
        {rights.visible.internalNote && (
          <TextAreaField<ChildFormValues> name="internalNote" label={t('fields.internalNote')} help={t('fields.internalNoteHelp')} maxLength={2000} />
        )}

        <AutomarkSettings
          categories={grouped.data?.categories}
          loading={grouped.isFetching}
          ready={groupedParams !== null}
          registration={registration}
          warnAboutFunds={fees.data?.orderChargeTime !== 'in_order_day'}
        />
        <NotificationSettings />
        {rights.showLogs && logs && <SettingsLogs logs={logs} />}

        <div className="d-flex justify-content-end gap-2">
          {onCancel && (
            <Button variant="secondary" onClick={onCancel}>
              {t('common:cancel')}
            </Button>
          )}
          <FormActionButton type="submit" pending={pending}>
            {t('common:save')}
          </FormActionButton>
        </div>
      </Form>
    </FormProvider>
  );
}

function DiscountFields() {
  const { t } = useTranslation('children');
  const hasDiscount = useWatch<ChildFormValues, 'hasDiscount'>({ name: 'hasDiscount' });
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 h6">{t('fields.discount')}</legend>
      <CheckboxField<ChildFormValues> name="hasDiscount" label={t('fields.hasDiscount')} />
      {hasDiscount && (
        <div className="row">
          <NumberField<ChildFormValues> name="discountPercent" label={t('fields.discountPercent')} min={0} max={100} step={0.01} required className="col-md-6 mb-3" />
          <DateField<ChildFormValues> name="expirationDate" label={t('fields.expirationDate')} className="col-md-6 mb-3" />
        </div>
      )}
    </fieldset>
  );
}
