import { useEffect, useMemo, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Form } from 'react-bootstrap';
import { FormProvider, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '@/components/confirm-context';
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
import { getActiveFutureOrdersCount, useSaveChild, type LoadedChild } from '../api/children';
import {
  formOptionQueries,
  useGroupedItems,
  type ClassroomOption,
  type DietOption,
  type InstitutionOption,
  type RegistrationChildOptions,
} from '../api/form-options';
import { AutomarkSettings, NotificationSettings, SettingsLogs } from './AutomarkSettings';
import {
  CARD_NUMBER_MAX_LENGTH,
  childFormSchema,
  childToValues,
  defaultItemOf,
  emptyChildValues,
  toChildRequest,
  type ChildFormValues,
} from './child-form-model';
import { useChildFormRights, type ChildFormMode } from './use-child-form-rights';

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

function dietServes(diet: DietOption, institutionId: number | null): boolean {
  return institutionId === null || diet.institutionsIds.length === 0 || diet.institutionsIds.includes(institutionId);
}

/**
 * The child form in its three modes (spec §4): registration (values handed to `onRegistrationSave`), create and edit
 * (sent to the server). Implements the cascades (institution → classroom → diet), the price lists group default,
 * meal type categories, the slug lookup, the allergen rules, and the confirmation when moving a child with
 * future orders to another institution.
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
  const classroomId = useWatch({ control, name: 'classroomId' });
  const dietId = useWatch({ control, name: 'dietId' });
  const districtId = useWatch({ control, name: 'selectedDistrictId' });
  const priceListsGroupId = useWatch({ control, name: 'priceListsGroupId' });
  const typedSlug = useWatch({ control, name: 'institutionSlug' });
  const automarkOn = useWatch({ control, name: 'calendarSubjectSettings.automarkPresences' });

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
  const classrooms: ClassroomOption[] = registration
    ? (registrationOptions?.classroomsOptions ?? []).filter((room) => room.institution.id === institutionId)
    : (classroomsQuery.data ?? []);
  const diets: DietOption[] = useMemo(
    () => (registration ? registrationOptions?.dietsOptions : dietsQuery.data) ?? [],
    [registration, registrationOptions, dietsQuery.data],
  );
  const districts: SelectOption[] = (registration ? registrationOptions?.districtsOptions : districtsQuery.data) ?? [];
  const groups = registration
    ? (registrationOptions?.priceListsGroupsOptions ?? []).map((group) => ({ id: group.id, name: group.name, defaultForChildren: group.defaultForChildren }))
    : (groupsQuery.data ?? []);
  const allergens: SelectOption[] = registration
    ? (registrationOptions?.allergensOptions ?? []).map((option) => ({ value: option.value, text: option.text }))
    : (allergensQuery.data?.items ?? []).map((allergen) => ({ value: allergen.id, text: allergenLabel(allergen) }));
  const diet = diets.find((candidate) => candidate.value === dietId);
  const dietAllowsAllergens = diet?.allowChangingAllergens !== false;

  const groupedParams =
    institutionId !== null && dietId !== null && priceListsGroupId !== null ? { institutionId, dietId, priceListsGroupId } : null;
  const grouped = useGroupedItems(groupedParams, registration);

  // Cascades (spec §4) ------------------------------------------------------------------------------------------
  const clearAutoselections = () => {
    setValue('calendarSubjectSettings.autoselectedMealTypes', []);
    setValue('calendarSubjectSettings.autoselectedPriceListsItemsIds', []);
  };
  const defaultGroupFor = (room: ClassroomOption | undefined): number | null => {
    if (room?.hasDefaultPriceListsGroupForMembers && room.relatedPriceListsGroup) return room.relatedPriceListsGroup.id;
    return groups.find((group) => group.defaultForChildren)?.id ?? null;
  };
  const latest = useRef({ classrooms, diets, institutions, defaultGroupFor, clearAutoselections });
  // Declared before the cascades, so they run with this render's options.
  useEffect(() => {
    latest.current = { classrooms, diets, institutions, defaultGroupFor, clearAutoselections };
  });

  // Each reacts to a change of its field, by the user or by another cascade; loading or resetting the form does not
  // count (the last seen value moves with it).
  const seen = useRef({ institutionId: initial.institutionId, classroomId: initial.classroomId, dietId: initial.dietId, districtId: initial.selectedDistrictId });
  useEffect(() => {
    if (seen.current.institutionId === institutionId) return;
    seen.current.institutionId = institutionId;
    if (getValues('classroomId') !== null) setValue('classroomId', null);
    latest.current.clearAutoselections();
  }, [institutionId, getValues, setValue]);
  useEffect(() => {
    if (seen.current.classroomId === classroomId) return;
    seen.current.classroomId = classroomId;
    const room = latest.current.classrooms.find((candidate) => candidate.value === classroomId);
    setValue('priceListsGroupId', latest.current.defaultGroupFor(room));
  }, [classroomId, setValue]);
  useEffect(() => {
    if (seen.current.dietId === dietId) return;
    seen.current.dietId = dietId;
    latest.current.clearAutoselections();
    const chosen = latest.current.diets.find((candidate) => candidate.value === dietId);
    if (chosen?.allowChangingAllergens === false) {
      setValue('allergies', []);
      setValue('allergiesNote', '');
    }
  }, [dietId, setValue]);
  useEffect(() => {
    if (seen.current.districtId === districtId) return;
    seen.current.districtId = districtId;
    const institution = latest.current.institutions.find((candidate) => candidate.value === getValues('institutionId'));
    if (districtId !== null && institution && institution.districtId !== districtId) setValue('institutionId', null);
  }, [districtId, getValues, setValue]);

  // The default diet (spec §4): chosen while no diet is set, and again when a changed institution is not served by the
  // chosen one, so nobody has to pick a diet when the institution's diets include a default.
  useEffect(() => {
    if (diets.length === 0) return;
    const current = diets.find((candidate) => candidate.value === getValues('dietId'));
    if (current && (dietServes(current, institutionId) || institutionId === initial.institutionId)) return;
    if (!current && getValues('dietId') !== null && institutionId === initial.institutionId) return;
    const fallback = diets.find((candidate) => candidate.isDefault && dietServes(candidate, institutionId))?.value ?? null;
    if (fallback !== getValues('dietId')) setValue('dietId', fallback);
  }, [diets, institutionId, initial.institutionId, getValues, setValue]);

  // A new child without a group yet gets the default one as soon as the groups are known.
  useEffect(() => {
    if (mode === 'edit' || getValues('priceListsGroupId') !== null || groups.length === 0) return;
    const room = classrooms.find((candidate) => candidate.value === getValues('classroomId'));
    const fallback = defaultGroupFor(room);
    if (fallback !== null) setValue('priceListsGroupId', fallback);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the groups arrive
  }, [groups.length]);

  // Registration with automarking: meal types blocked on registration are chosen with their default portion.
  useEffect(() => {
    if (!registration || !automarkOn || !grouped.data) return;
    const blocked = grouped.data.categories.flatMap((category) => category.mealTypes).filter((type) => type.blockOnRegistration);
    if (blocked.length === 0) return;
    const types = getValues('calendarSubjectSettings.autoselectedMealTypes');
    const items = getValues('calendarSubjectSettings.autoselectedPriceListsItemsIds');
    const missing = blocked.filter((type) => !types.includes(type.id));
    if (missing.length === 0) return;
    setValue('calendarSubjectSettings.autoselectedMealTypes', [...types, ...missing.map((type) => type.id)]);
    setValue('calendarSubjectSettings.autoselectedPriceListsItemsIds', [
      ...items,
      ...missing.map(defaultItemOf).filter((id): id is number => id !== null),
    ]);
  }, [registration, automarkOn, grouped.data, getValues, setValue]);

  // Institution by slug: typed (1 s debounce) or fixed by the URL -------------------------------------------------
  const slugToResolve = rights.institutionInput === 'readonly' ? (institutionSlug ?? '') : rights.institutionInput === 'slug' ? typedSlug : '';
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
        if (found) {
          setInstitutionName(found.text);
          if (getValues('institutionId') !== found.value) {
            setValue('institutionId', found.value);
            setValue('classroomId', null);
            latest.current.clearAutoselections();
          }
        } else {
          setInstitutionName(null);
          setValue('institutionId', null);
          setValue('classroomId', null);
          latest.current.clearAutoselections();
          notify({ type: 'warning', message: t('slug.notFound') });
        }
      })();
    }, delay);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- re-run for a new slug only
  }, [slugToResolve, rights.institutionInput]);

  // Submit ---------------------------------------------------------------------------------------------------------
  const onInvalid = (errors: FieldErrors<ChildFormValues>) => {
    if (errors.classroomId) notify({ type: 'error', message: t('validation.classroomRequired') });
  };

  const onValid = async (values: ChildFormValues) => {
    if (registration) {
      onRegistrationSave?.(values);
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
    const body = toChildRequest(values, rights.visible, { dietAllowsAllergens });
    try {
      const saved = await save.mutateAsync({ id: child?.id ?? null, body });
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

        {dietAllowsAllergens && (
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
