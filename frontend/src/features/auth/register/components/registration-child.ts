import type { ChildFormValues } from '@/features/children';
import type { ChildOptions, RegistrationChild } from '../api/registration';

/** A child of the local list: the form's values (to edit again) and the registerData entry sent with the account. */
export interface ListedChild {
  values: ChildFormValues;
  request: RegistrationChild;
}

/** The child form's values as the spec's registerData child (allergens only where the diet and tenant allow). */
export function toRegistrationChild(values: ChildFormValues, options: ChildOptions): RegistrationChild {
  const diet = options.dietsOptions.find((item) => item.value === values.dietId);
  const dietAllows = diet?.allowChangingAllergens ?? true;
  const calendar = values.calendarSubjectSettings;
  const notifications = values.subjectNotificationsSettings;
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    institutionId: values.institutionId,
    classroomId: values.classroomId ?? 0,
    dietId: values.dietId ?? 0,
    cardNumber: values.cardNumber.trim() || null,
    allergies: dietAllows && options.settings.allowChangingAllergens ? values.allergies : [],
    allergiesNote: dietAllows && options.settings.allowChangingAllergensNote ? values.allergiesNote.trim() : '',
    generalNote: values.generalNote.trim(),
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
      missingOrdersTriggerTime: notifications.missingOrdersTriggerTime,
    },
  };
}
