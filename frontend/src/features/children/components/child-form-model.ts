import type { TFunction } from 'i18next';
import { z } from 'zod';
import type { components } from '@/api/schema';
import type { ChildRequest, LoadedChild } from '../api/children';
import type { CalendarDay } from '@/lib/calendar/types';
import type { GroupedCategory, GroupedMealType } from '../api/form-options';

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
