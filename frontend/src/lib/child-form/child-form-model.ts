import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { components } from '@/api/schema';
import type { ChildRequest, LoadedChild } from '@/lib/children/children';
import type { CalendarDay } from '@/lib/calendar/types';
import type { ClassroomOption, DietOption, GroupedCategory, GroupedMealType, InstitutionOption } from '@/lib/children/form-options';

type Schemas = components['schemas'];

export const WEEKDAYS = ['onMonday', 'onTuesday', 'onWednesday', 'onThursday', 'onFriday', 'onSaturday', 'onSunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export type AutoselectionInterval = 'one_week' | 'one_month';

/** Spec §5: 6 to 10 digits or capital letters (after trimming); empty means no card. */
export const CARD_NUMBER_PATTERN = /^[0-9A-Z]{6,10}$/;
export const CARD_NUMBER_MAX_LENGTH = 10;

/** What the child form's inputs hold (spec §3 child form data, with the automark and notification settings). */
export interface ChildFormValues {
  firstName: string;
  lastName: string;
  cardNumber: string;
  selectedDistrictId: number | null;
  institutionId: number | null;
  /** The slug typed when institution lists are hidden from parents (resolved after 1 s without typing). */
  institutionSlug: string;
  classroomId: number | null;
  dietId: number | null;
  allergies: number[];
  allergiesNote: string;
  generalNote: string;
  hasDiscount: boolean;
  discountPercent: number | null;
  expirationDate: string;
  priceListsGroupId: number | null;
  subscribedPayments: boolean;
  orderingPrepaids: boolean;
  internalNote: string;
  childGroupId: number | null;
  parentId: number | null;
  calendarSubjectSettings: {
    automarkPresences: boolean;
    automarkedWeekdays: Record<Weekday, boolean>;
    automarkStartDate: string;
    automarkEndDate: string;
    autoselectionInterval: AutoselectionInterval;
    autoselectedMealTypes: number[];
    /** The chosen price list item (portion size) of each autoselected meal type. */
    autoselectedPriceListsItemsIds: number[];
  };
  subjectNotificationsSettings: {
    missingOrdersEnabled: boolean;
    missingOrdersDaysBefore: number | null;
    missingOrdersTriggerTime: string;
  };
}

function lastFridayOfJune(year: number): string {
  const day = new Date(Date.UTC(year, 5, 30));
  while (day.getUTCDay() !== 5) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/**
 * The school year the server defaults to (kantyna.people.services.subject_settings): 1 September to the last Friday
 * of June; from July on, the year that starts in September.
 */
export function schoolYear(today: Date = new Date()): { start: string; end: string } {
  const startYear = today.getMonth() >= 6 ? today.getFullYear() : today.getFullYear() - 1;
  return { start: `${startYear}-09-01`, end: lastFridayOfJune(startYear + 1) };
}

export function emptyChildValues(overrides: Partial<ChildFormValues> = {}): ChildFormValues {
  const { start, end } = schoolYear();
  return {
    firstName: '',
    lastName: '',
    cardNumber: '',
    selectedDistrictId: null,
    institutionId: null,
    institutionSlug: '',
    classroomId: null,
    dietId: null,
    allergies: [],
    allergiesNote: '',
    generalNote: '',
    hasDiscount: false,
    discountPercent: null,
    expirationDate: '',
    priceListsGroupId: null,
    subscribedPayments: false,
    orderingPrepaids: false,
    internalNote: '',
    childGroupId: null,
    parentId: null,
    calendarSubjectSettings: {
      automarkPresences: true,
      automarkedWeekdays: { onMonday: true, onTuesday: true, onWednesday: true, onThursday: true, onFriday: true, onSaturday: false, onSunday: false },
      automarkStartDate: start,
      automarkEndDate: end,
      autoselectionInterval: 'one_month',
      autoselectedMealTypes: [],
      autoselectedPriceListsItemsIds: [],
    },
    subjectNotificationsSettings: { missingOrdersEnabled: false, missingOrdersDaysBefore: 1, missingOrdersTriggerTime: '12:00' },
    ...overrides,
  };
}

/** A receiver's automarking and notification settings (what `calendar/subjectsSettings` holds) as form values. */
export type SubjectSettingsValues = Pick<ChildFormValues, 'calendarSubjectSettings' | 'subjectNotificationsSettings'>;

/** The stored settings as form values; the defaults where the receiver has none. */
export function settingsToValues(
  calendar: Schemas['SubjectCalendarSettings'] | null | undefined,
  notifications: Schemas['SubjectMissingOrdersSettings'] | null | undefined,
): SubjectSettingsValues {
  const empty = emptyChildValues();
  return {
    calendarSubjectSettings: calendar
      ? {
          automarkPresences: calendar.automarkPresences ?? true,
          automarkedWeekdays: { ...empty.calendarSubjectSettings.automarkedWeekdays, ...calendar.automarkedWeekdays },
          automarkStartDate: calendar.automarkStartDate ?? '',
          automarkEndDate: calendar.automarkEndDate ?? '',
          autoselectionInterval: calendar.autoselectionInterval ?? 'one_month',
          autoselectedMealTypes: [...(calendar.autoselectedMealTypes ?? [])],
          autoselectedPriceListsItemsIds: [...(calendar.autoselectedPriceListsItemsIds ?? [])],
        }
      : empty.calendarSubjectSettings,
    subjectNotificationsSettings: notifications
      ? {
          missingOrdersEnabled: notifications.missingOrdersEnabled ?? false,
          missingOrdersDaysBefore: notifications.missingOrdersDaysBefore ?? 1,
          missingOrdersTriggerTime: (notifications.missingOrdersTriggerTime ?? '12:00').slice(0, 5),
        }
      : empty.subjectNotificationsSettings,
  };
}

/** The loaded child as form values. */
export function childToValues(child: LoadedChild): ChildFormValues {
  const empty = emptyChildValues();
  return {
    ...empty,
    firstName: child.firstName,
    lastName: child.lastName,
    cardNumber: child.cardNumber ?? '',
    selectedDistrictId: child.institution.districtId,
    institutionId: child.institutionId,
    classroomId: child.classroomId,
    dietId: child.dietId,
    allergies: [...child.allergies],
    allergiesNote: child.allergiesNote ?? '',
    generalNote: child.generalNote ?? '',
    hasDiscount: child.hasDiscount ?? false,
    discountPercent: child.hasDiscount ? Number(child.discountPercent) : null,
    expirationDate: child.expirationDate ?? '',
    priceListsGroupId: child.priceListsGroupId,
    subscribedPayments: child.subscribedPayments ?? false,
    orderingPrepaids: child.orderingPrepaids ?? false,
    internalNote: child.internalNote ?? '',
    childGroupId: child.childGroupId,
    parentId: child.parentId,
    ...settingsToValues(child.calendarSubjectSettings, child.subjectNotificationsSettings),
  };
}

/** Client-side rules mirroring the server's (spec §5 child form). */
export function childFormSchema(t: TFunction) {
  const required = t('common:validation.required');
  return z
    .object({
      firstName: z.string().trim().min(1, required).max(100, t('common:validation.maxLength', { max: 100 })),
      lastName: z.string().trim().min(1, required).max(100, t('common:validation.maxLength', { max: 100 })),
      cardNumber: z
        .string()
        .trim()
        .refine((value) => value === '' || CARD_NUMBER_PATTERN.test(value), t('children:validation.cardNumber')),
      classroomId: z.number().nullable().refine((value) => value !== null, t('children:validation.classroomRequired')),
      dietId: z.number().nullable().refine((value) => value !== null, required),
      discountPercent: z.number().min(0, t('children:validation.discount')).max(100, t('children:validation.discount')).nullable(),
      subjectNotificationsSettings: notificationsSchema(t),
    })
    .passthrough()
    .superRefine((values, ctx) => {
      const all = values as unknown as ChildFormValues;
      if (all.hasDiscount && all.discountPercent === null) {
        ctx.addIssue({ code: 'custom', path: ['discountPercent'], message: required });
      }
      addSettingsIssues(all, ctx, t);
    });
}

/** `HH:MM`, 00:00 to 23:59: when the missing-orders reminder is sent. */
export const TRIGGER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

function notificationsSchema(t: TFunction) {
  return z
    .object({
      missingOrdersEnabled: z.boolean(),
      missingOrdersDaysBefore: z.number().int(t('common:validation.integer')).min(1, t('children:validation.daysBefore')).nullable(),
      missingOrdersTriggerTime: z
        .string()
        .refine((value) => value === '' || TRIGGER_TIME_PATTERN.test(value), t('children:validation.triggerTime')),
    })
    .passthrough();
}

/** The rules of the settings that span fields: required when the reminder is on, the automark dates' order. */
function addSettingsIssues(values: SubjectSettingsValues, ctx: z.RefinementCtx, t: TFunction): void {
  const required = t('common:validation.required');
  const notifications = values.subjectNotificationsSettings;
  if (notifications.missingOrdersEnabled && notifications.missingOrdersDaysBefore === null) {
    ctx.addIssue({ code: 'custom', path: ['subjectNotificationsSettings', 'missingOrdersDaysBefore'], message: required });
  }
  if (notifications.missingOrdersEnabled && notifications.missingOrdersTriggerTime === '') {
    ctx.addIssue({ code: 'custom', path: ['subjectNotificationsSettings', 'missingOrdersTriggerTime'], message: required });
  }
  const { automarkStartDate, automarkEndDate } = values.calendarSubjectSettings;
  if (automarkStartDate && automarkEndDate && automarkEndDate < automarkStartDate) {
    ctx.addIssue({ code: 'custom', path: ['calendarSubjectSettings', 'automarkEndDate'], message: t('children:validation.endDate') });
  }
}

/** The settings-only form (`calendar/subjectsSettings`: a worker's own, or staff on a worker): the child form's rules for them. */
export function subjectSettingsSchema(t: TFunction) {
  return z
    .object({ subjectNotificationsSettings: notificationsSchema(t) })
    .passthrough()
    .superRefine((values, ctx) => addSettingsIssues(values as unknown as SubjectSettingsValues, ctx, t));
}

export type ChildFormMode = 'registration' | 'create' | 'edit';
/** Spec §6: selector (staff), read-only (slug in the URL), manual slug entry (lists hidden from parents), hidden. */
export type InstitutionInput = 'select' | 'readonly' | 'slug' | 'hidden';

/** What decides who sees and changes what in the child form: the user, the tenant's settings, the mode. */
export interface ChildFormRightsInput {
  mode: ChildFormMode;
  /** The signed-in user (none in registration). */
  user: { roles: readonly string[]; permissions: readonly string[]; abilities: readonly string[] } | undefined;
  /** An institution fixed by the URL. */
  institutionSlug?: string;
  parentsSettings: Pick<
    Schemas['ParentsSettings'],
    | 'allowChangingInstitutions'
    | 'hideInstitutionsListsFromParents'
    | 'allowChangingClassrooms'
    | 'allowChangingDiets'
    | 'allowChangingAllergens'
    | 'allowChangingAllergensNote'
    | 'allowChangingCardNumbers'
  > | undefined;
  /** Registration's own settings (`auth/register/childOptions`). */
  registrationSettings: Pick<Schemas['RegistrationSettings'], 'allowChangingAllergens' | 'allowChangingAllergensNote'> | undefined;
  diningCardsEnabled: boolean | undefined;
  presences: Pick<Schemas['PresencesMarkingConfig'], 'allowSubscribedPayments' | 'allowPrepaidOrders'> | undefined;
}

export interface ChildFormAccess {
  isAdmin: boolean;
  /** Admin, or institutions admin with children_edit: changes every field but the admin-only ones. */
  isStaff: boolean;
  visible: ChildFormVisibility;
  institutionInput: InstitutionInput;
  /** Whether the parent-limited fields may change (staff always; parents per the tenant's parentsSettings). */
  canChange: { classroom: boolean; diet: boolean; allergens: boolean; allergiesNote: boolean; cardNumber: boolean };
  /** Settings logs come with the child for admins and institutions admins. */
  showLogs: boolean;
}

/** Who sees and may change what in the child form (spec §6). */
export function childFormAccess(input: ChildFormRightsInput): ChildFormAccess {
  const { mode, user, institutionSlug, parentsSettings: settings, registrationSettings } = input;
  const registration = mode === 'registration';
  const isAdmin = !registration && (user?.roles.includes('ROLE_ADMIN') ?? false);
  const isStaff = !registration && user !== undefined && user.abilities.includes('children.change_sensitive');
  const isInstitutionsAdmin = user?.roles.includes('ROLE_INSTITUTIONS_ADMIN') ?? false;
  const creating = mode !== 'edit';
  const cardsEnabled = registration ? true : (input.diningCardsEnabled ?? false);
  const parentMay = (flag: boolean | undefined) => isStaff || flag === true;

  let institutionInput: InstitutionInput = 'select';
  if (institutionSlug) institutionInput = 'readonly';
  else if (!isStaff && !creating && !settings?.allowChangingInstitutions) institutionInput = 'hidden';
  else if (!isStaff && !registration && settings?.hideInstitutionsListsFromParents) institutionInput = 'slug';

  const canChangeCard =
    cardsEnabled &&
    (creating ||
      isAdmin ||
      (isInstitutionsAdmin && (user?.permissions.includes('children_edit') ?? false)) ||
      (!isStaff && settings?.allowChangingCardNumbers === true));

  return {
    isAdmin,
    isStaff,
    institutionInput,
    canChange: {
      classroom: creating || parentMay(settings?.allowChangingClassrooms),
      diet: creating || parentMay(settings?.allowChangingDiets),
      allergens: registration ? registrationSettings?.allowChangingAllergens !== false : parentMay(settings?.allowChangingAllergens),
      allergiesNote: registration
        ? registrationSettings?.allowChangingAllergensNote !== false
        : parentMay(settings?.allowChangingAllergensNote),
      cardNumber: canChangeCard,
    },
    visible: {
      cardNumber: cardsEnabled,
      discount: isStaff,
      priceListsGroup: isAdmin,
      subscribedPayments: isStaff && input.presences?.allowSubscribedPayments === true,
      orderingPrepaids: isStaff && input.presences?.allowPrepaidOrders === true,
      childGroup: isStaff,
      internalNote: isAdmin,
      parent: isStaff && mode === 'create',
      automark: true,
      notifications: true,
    },
    showLogs: !registration && (isAdmin || isInstitutionsAdmin),
  };
}

/** Which optional parts of the form the user sees (and so sends). */
export interface ChildFormVisibility {
  cardNumber: boolean;
  discount: boolean;
  priceListsGroup: boolean;
  subscribedPayments: boolean;
  orderingPrepaids: boolean;
  childGroup: boolean;
  internalNote: boolean;
  parent: boolean;
  automark: boolean;
  notifications: boolean;
}

/** The request body: only what the user sees (the server keeps what is left out), allergens cleared when the diet forbids them. */
export function toChildRequest(
  values: ChildFormValues,
  visible: ChildFormVisibility,
  options: { dietAllowsAllergens: boolean },
): ChildRequest {
  const body: ChildRequest = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    institutionId: values.institutionId,
    classroomId: values.classroomId ?? 0,
    dietId: values.dietId ?? 0,
    allergies: options.dietAllowsAllergens ? values.allergies : [],
    allergiesNote: options.dietAllowsAllergens ? values.allergiesNote : '',
    generalNote: values.generalNote,
    selectedDistrictId: values.selectedDistrictId,
    priceListsGroupId: values.priceListsGroupId,
  };
  if (visible.cardNumber) body.cardNumber = values.cardNumber.trim() || null;
  if (visible.discount) {
    body.hasDiscount = values.hasDiscount;
    body.discountPercent = values.hasDiscount ? String(values.discountPercent ?? 0) : '0';
    body.expirationDate = values.hasDiscount && values.expirationDate ? values.expirationDate : null;
  }
  if (visible.subscribedPayments) body.subscribedPayments = values.subscribedPayments;
  if (visible.orderingPrepaids) body.orderingPrepaids = values.orderingPrepaids;
  if (visible.childGroup) body.childGroupId = values.childGroupId;
  if (visible.internalNote) body.internalNote = values.internalNote;
  if (values.parentId !== null) body.parentId = values.parentId;
  const settings = toSubjectSettingsRequest(values);
  if (visible.automark) body.calendarSubjectSettings = settings.calendarSubjectSettings;
  if (visible.notifications) body.subjectNotificationsSettings = settings.subjectNotificationsSettings;
  return body;
}

/** Both parts of the settings as the server takes them (the child form's body and `calendar/subjectsSettings`). */
export function toSubjectSettingsRequest(values: SubjectSettingsValues): Required<Schemas['SubjectSettingsRequest']> {
  const calendar = values.calendarSubjectSettings;
  const notifications = values.subjectNotificationsSettings;
  return {
    calendarSubjectSettings: {
      automarkPresences: calendar.automarkPresences,
      automarkedWeekdays: calendar.automarkedWeekdays,
      automarkStartDate: calendar.automarkStartDate || null,
      automarkEndDate: calendar.automarkEndDate || null,
      autoselectionInterval: calendar.autoselectionInterval,
      autoselectedMealTypes: calendar.autoselectedMealTypes,
      autoselectedPriceListsItemsIds: calendar.autoselectedPriceListsItemsIds,
    },
    subjectNotificationsSettings: {
      missingOrdersEnabled: notifications.missingOrdersEnabled,
      missingOrdersDaysBefore: notifications.missingOrdersDaysBefore ?? 1,
      missingOrdersTriggerTime: notifications.missingOrdersTriggerTime || '12:00',
    },
  };
}

export type SettingsLog = Schemas['SettingsLog'];

/** The default portion size's item of a meal type, or the first one. */
export function defaultItemOf(mealType: Schemas['GroupedMealType']): number | null {
  const portion = mealType.portionSizes.find((size) => size.default) ?? mealType.portionSizes[0];
  return portion?.priceListItem.id ?? null;
}

export function childName(child: { firstName: string; lastName: string }): string {
  return `${child.firstName} ${child.lastName}`;
}

/**
 * The meal types the receiver can order, with their portion sizes and price list items, as the calendar offers
 * them this month and the next: the receiver's own price lists group and diet, which is what the server accepts
 * for autoselection (a worker cannot look their group up otherwise).
 */
export function autoselectableMealTypes(days: readonly CalendarDay[], categoryName: string): GroupedCategory[] {
  const mealTypes = new Map<number, GroupedMealType>();
  for (const offer of days.flatMap((day) => day.available)) {
    let mealType = mealTypes.get(offer.mealTypeId);
    if (!mealType) {
      mealType = { id: offer.mealTypeId, name: offer.mealTypeName, description: '', blockOnRegistration: false, portionSizes: [] };
      mealTypes.set(offer.mealTypeId, mealType);
    }
    if (!mealType.portionSizes.some((size) => size.id === offer.portionSizeId)) {
      mealType.portionSizes.push({
        id: offer.portionSizeId,
        name: offer.portionSizeName,
        default: offer.isDefaultPortion,
        priceListItem: { id: offer.priceListItemId, price: null, hidden: false, hiddenFor: [], hiddenWeekdays: [] },
      });
    }
  }
  return mealTypes.size === 0 ? [] : [{ id: null, name: categoryName, mealTypes: [...mealTypes.values()] }];
}

// The rules between fields (spec §4) -------------------------------------------------------------------------------
// Pure: each takes the values and the option lists of the moment and returns the values after the rule (a new object
// where something changed). The form calls them when the user changes a field and when option lists arrive, and
// writes back what changed (`changedCascadeFields`).

/** What the default group needs of a price lists group. */
export interface PriceListsGroupChoice {
  id: number;
  defaultForChildren: boolean;
}

/** The option lists the rules read. */
export interface ChildFormOptions {
  institutions: readonly InstitutionOption[];
  /** The chosen institution's classrooms. */
  classrooms: readonly ClassroomOption[];
  diets: readonly DietOption[];
  groups: readonly PriceListsGroupChoice[];
  /** The institution the form started with: its diet stays even where the institution's diets would not offer it. */
  initialInstitutionId: number | null;
  /** Registration chooses the meal types blocked on registration while automarking is on. */
  registration: boolean;
  /** The meal type categories offered for the chosen institution, diet and group (once loaded). */
  categories?: readonly GroupedCategory[];
}

/** The fields whose change by the user sets others. */
export type CascadeField = 'selectedDistrictId' | 'institutionId' | 'classroomId' | 'dietId' | 'calendarSubjectSettings.automarkPresences';
export const CASCADE_FIELDS: readonly CascadeField[] = [
  'selectedDistrictId',
  'institutionId',
  'classroomId',
  'dietId',
  'calendarSubjectSettings.automarkPresences',
];

export function isCascadeField(name: string | undefined): name is CascadeField {
  return CASCADE_FIELDS.includes(name as CascadeField);
}

/** Allergens and their note may be chosen unless the diet forbids changing them (an unknown diet does not). */
export function dietAllowsAllergens(diet: Pick<DietOption, 'allowChangingAllergens'> | undefined): boolean {
  return diet?.allowChangingAllergens !== false;
}

/** A diet is offered at an institution when it lists no institution or lists that one (or none is chosen yet). */
export function dietServes(diet: DietOption, institutionId: number | null): boolean {
  return institutionId === null || diet.institutionsIds.length === 0 || diet.institutionsIds.includes(institutionId);
}

/**
 * The price lists group a child in the classroom gets. The server decides it (`membersPriceListsGroupId` of the
 * classroom's option: the classroom's group for its members, else the group marked default for children); before a
 * classroom is chosen, the group marked default for children.
 */
export function defaultPriceListsGroupId(classroom: ClassroomOption | undefined, groups: readonly PriceListsGroupChoice[]): number | null {
  if (classroom) return classroom.membersPriceListsGroupId ?? null;
  return groups.find((group) => group.defaultForChildren)?.id ?? null;
}

/**
 * The diet the child should have (spec §4): the chosen one while the institution is served by it (or is still the one
 * the form started with), else the institution's default diet, so nobody has to pick a diet when the institution's
 * diets include a default. Unchanged while the diets are unknown.
 */
export function defaultDietId(values: Pick<ChildFormValues, 'dietId' | 'institutionId'>, options: Pick<ChildFormOptions, 'diets' | 'initialInstitutionId'>): number | null {
  const { diets, initialInstitutionId } = options;
  const { dietId, institutionId } = values;
  if (diets.length === 0) return dietId;
  const current = diets.find((candidate) => candidate.value === dietId);
  const sameInstitution = institutionId === initialInstitutionId;
  if (current && (sameInstitution || dietServes(current, institutionId))) return dietId;
  if (!current && dietId !== null && sameInstitution) return dietId;
  return diets.find((candidate) => candidate.isDefault && dietServes(candidate, institutionId))?.value ?? null;
}

/** No meal type chosen for automarking (they belong to the institution and diet that offered them). */
export function withoutAutoselections(values: ChildFormValues): ChildFormValues {
  return {
    ...values,
    calendarSubjectSettings: { ...values.calendarSubjectSettings, autoselectedMealTypes: [], autoselectedPriceListsItemsIds: [] },
  };
}

/**
 * Registration with automarking on: the meal types blocked on registration are chosen, each with its default
 * portion; the others stay as chosen.
 */
export function withBlockedMealTypes(values: ChildFormValues, options: Pick<ChildFormOptions, 'registration' | 'categories'>): ChildFormValues {
  const settings = values.calendarSubjectSettings;
  if (!options.registration || !settings.automarkPresences || !options.categories) return values;
  const blocked = options.categories.flatMap((category) => category.mealTypes).filter((type) => type.blockOnRegistration);
  const missing = blocked.filter((type) => !settings.autoselectedMealTypes.includes(type.id));
  if (missing.length === 0) return values;
  return {
    ...values,
    calendarSubjectSettings: {
      ...settings,
      autoselectedMealTypes: [...settings.autoselectedMealTypes, ...missing.map((type) => type.id)],
      autoselectedPriceListsItemsIds: [
        ...settings.autoselectedPriceListsItemsIds,
        ...missing.map(defaultItemOf).filter((id): id is number => id !== null),
      ],
    },
  };
}

/**
 * The values after the user changed `field` from `previous` to its value in `values`, with every field that depends on
 * it (spec §4 cascades): district → institution (one of another district is dropped) → classroom (cleared), meal types
 * (cleared) and diet (the institution's default where the chosen one does not serve it) → price lists group (the
 * classroom's default) and, for a diet, meal types (cleared; allergens stay, hidden where the diet forbids them).
 * Choosing the same value again changes nothing.
 */
export function childFieldChanged<F extends CascadeField>(
  field: F,
  values: ChildFormValues,
  previous: unknown,
  options: ChildFormOptions,
): ChildFormValues {
  switch (field) {
    case 'selectedDistrictId': {
      const districtId = values.selectedDistrictId;
      if (districtId === previous) return values;
      const institution = options.institutions.find((candidate) => candidate.value === values.institutionId);
      if (districtId === null || !institution || institution.districtId === districtId) return values;
      return setChildField(values, 'institutionId', null, options);
    }
    case 'institutionId': {
      if (values.institutionId === previous) return values;
      let next = setChildField(withoutAutoselections(values), 'classroomId', null, options);
      next = setChildField(next, 'dietId', defaultDietId(next, options), options);
      return next;
    }
    case 'classroomId': {
      if (values.classroomId === previous) return values;
      const classroom = options.classrooms.find((candidate) => candidate.value === values.classroomId);
      return { ...values, priceListsGroupId: defaultPriceListsGroupId(classroom, options.groups) };
    }
    case 'dietId': {
      // A diet that forbids allergens hides them but keeps them: saving asks before removing them
      // (`allergiesToClear`), and choosing another diet again shows them as they were.
      if (values.dietId === previous) return values;
      return withoutAutoselections(values);
    }
    case 'calendarSubjectSettings.automarkPresences':
      return withBlockedMealTypes(values, options);
  }
  return values;
}

/** `field` set to `value` (by the form itself, not the user), with its cascade as if the user had chosen it. */
export function setChildField<F extends 'selectedDistrictId' | 'institutionId' | 'classroomId' | 'dietId'>(
  values: ChildFormValues,
  field: F,
  value: ChildFormValues[F],
  options: ChildFormOptions,
): ChildFormValues {
  if (values[field] === value) return values;
  return childFieldChanged(field, { ...values, [field]: value }, values[field], options);
}

/**
 * The institution found for a slug (typed, or fixed by the URL), or null when none has it: the institution's
 * choices go with the previous institution; an unknown slug leaves none.
 */
export function institutionResolved(values: ChildFormValues, institutionId: number | null, options: ChildFormOptions): ChildFormValues {
  if (institutionId !== null) return setChildField(values, 'institutionId', institutionId, options);
  return withoutAutoselections(setChildField(setChildField(values, 'institutionId', null, options), 'classroomId', null, options));
}

/** Once the diets are known: the default diet where none serves the institution (with the diet's cascade). */
export function withDefaultDiet(values: ChildFormValues, options: ChildFormOptions): ChildFormValues {
  return setChildField(values, 'dietId', defaultDietId(values, options), options);
}

/** Once the groups are known: a new child without a group gets the default one (an edited child keeps its own). */
export function withDefaultPriceListsGroup(values: ChildFormValues, options: ChildFormOptions, editing: boolean): ChildFormValues {
  if (editing || values.priceListsGroupId !== null || options.groups.length === 0) return values;
  const classroom = options.classrooms.find((candidate) => candidate.value === values.classroomId);
  const groupId = defaultPriceListsGroupId(classroom, options.groups);
  return groupId === null ? values : { ...values, priceListsGroupId: groupId };
}

/**
 * What the option lists settle once they are known (each rule leaves settled values as they are, so it may run
 * whenever a list arrives or changes): the default diet, a new child's default group, the blocked meal types.
 */
export function withOptionDefaults(values: ChildFormValues, options: ChildFormOptions, editing: boolean): ChildFormValues {
  return withBlockedMealTypes(withDefaultPriceListsGroup(withDefaultDiet(values, options), options, editing), options);
}

/** The fields the rules set, as the form's paths. */
const CASCADE_TARGETS = {
  selectedDistrictId: (values: ChildFormValues) => values.selectedDistrictId,
  institutionId: (values: ChildFormValues) => values.institutionId,
  classroomId: (values: ChildFormValues) => values.classroomId,
  dietId: (values: ChildFormValues) => values.dietId,
  priceListsGroupId: (values: ChildFormValues) => values.priceListsGroupId,
  allergies: (values: ChildFormValues) => values.allergies,
  allergiesNote: (values: ChildFormValues) => values.allergiesNote,
  'calendarSubjectSettings.autoselectedMealTypes': (values: ChildFormValues) => values.calendarSubjectSettings.autoselectedMealTypes,
  'calendarSubjectSettings.autoselectedPriceListsItemsIds': (values: ChildFormValues) =>
    values.calendarSubjectSettings.autoselectedPriceListsItemsIds,
} as const;
export type CascadeTarget = keyof typeof CASCADE_TARGETS;

/** What a rule changed, field by field, for the form to set. */
export function changedCascadeFields(before: ChildFormValues, after: ChildFormValues): [CascadeTarget, unknown][] {
  if (before === after) return [];
  return (Object.keys(CASCADE_TARGETS) as CascadeTarget[])
    .filter((path) => CASCADE_TARGETS[path](before) !== CASCADE_TARGETS[path](after))
    .map((path) => [path, CASCADE_TARGETS[path](after)]);
}
